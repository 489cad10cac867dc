// "Usuarios" through the API with an external provider: the list with each role and
// where it comes from, roles granted in Almacén (audited, effective from the person's next call
// with the very same token), deactivation, and the last active administrator who stays one —
// also when two administrators demote each other at the same moment.
import type { JWTPayload } from 'jose';
import {
  ACCOUNT_DISABLED_MESSAGE,
  ADMIN_SCOPE_MESSAGE,
  forbiddenMessage,
  LAST_ADMIN_MESSAGE,
  NO_ACCESS_MESSAGE,
  type UserSummary,
} from '@almacen/shared/domain';
import { UNKNOWN_WAREHOUSE_MESSAGE } from '../../../src/access/warehouse-scope';
import { setUserStatus } from '../../../src/cli/user-status';
import { auditRows } from '../../helpers/http';
import { createTestApp, TEST_ROLES_CLAIM, type TestApp } from '../../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERS: 'jefa@example.mx' } });
});
afterAll(() => t.close());

/** A person as their provider's token describes them; `roles` are the provider's (OIDC_ROLES_CLAIM). */
const person = (sub: string, name: string, roles: string[] = [], extra: JWTPayload = {}): JWTPayload => ({
  sub,
  name,
  [TEST_ROLES_CLAIM]: roles,
  ...extra,
});

async function call(claims: JWTPayload, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  return callWith(await t.token(claims), method, url, body);
}
function callWith(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

const ROOT = person('root', 'Raíz Provisional', ['ADMINISTRADOR']);
const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => call(ROOT, method, url, body);

async function idOf(sub: string): Promise<number> {
  const { rows } = await t.db.query<{ id: number }>('SELECT id FROM app_users WHERE sub = $1', [sub]);
  return rows[0].id;
}
/** The roles granted in Almacén, as stored: `ROLE` (every warehouse) or `ROLE@id`. */
async function storedRoles(id: number): Promise<string[]> {
  const { rows } = await t.db.query<{ grant: string }>(
    `SELECT role || coalesce('@' || warehouse_id, '') AS grant FROM app_user_roles WHERE user_id = $1 ORDER BY 1`,
    [id],
  );
  return rows.map((r) => r.grant);
}
async function users(): Promise<UserSummary[]> {
  const response = await admin('GET', '/api/users');
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

describe('the list', () => {
  test('everyone who has called appears with each role once and where it comes from; origin is the provider', async () => {
    await call(person('mario', 'Mario Ruiz', ['CONSULTA'], { email: 'mario@example.mx', preferred_username: 'mruiz' }), 'GET', '/api/me');
    await call(person('jefa', 'Jefa de Almacén', ['ALMACENISTA'], { email: 'JEFA@example.mx' }), 'GET', '/api/me');
    const mario = await idOf('mario');
    expect((await admin('PUT', `/api/users/${mario}/roles`, { roles: ['AUTORIZADOR', 'CONSULTA'] })).statusCode).toBe(200);

    const subs = new Map((await t.db.query<{ id: number; sub: string }>('SELECT id, sub FROM app_users')).rows.map((r) => [r.id, r.sub]));
    const bySub = Object.fromEntries((await users()).map((u) => [subs.get(u.id), u]));
    expect(bySub.mario).toEqual({
      id: mario,
      name: 'Mario Ruiz',
      email: 'mario@example.mx',
      username: 'mruiz',
      // CONSULTA from the provider wins over the same role granted here; AUTORIZADOR is Almacén's.
      roles: [
        { role: 'CONSULTA', warehouseId: null, source: 'proveedor' },
        { role: 'AUTORIZADOR', warehouseId: null, source: 'almacen' },
      ],
      lastSeenAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      origin: 'proveedor',
      active: true,
      employeeId: null,
    });
    // ADMIN_USERS names her by e-mail (case aside): Administrador "configuracion".
    expect(bySub.jefa.roles).toEqual([
      { role: 'ALMACENISTA', warehouseId: null, source: 'proveedor' },
      { role: 'ADMINISTRADOR', warehouseId: null, source: 'configuracion' },
    ]);
    expect(bySub.root.roles).toEqual([{ role: 'ADMINISTRADOR', warehouseId: null, source: 'proveedor' }]);
  });

  test('only an administrator may list users or change roles', async () => {
    const consulta = person('solo-consulta', 'Solo Consulta', ['CONSULTA']);
    expect((await call(consulta, 'GET', '/api/users')).json()).toEqual({ code: 'FORBIDDEN', message: forbiddenMessage('users.manage') });
    const before = await storedRoles(await idOf('solo-consulta'));
    const response = await call(consulta, 'PUT', `/api/users/${await idOf('solo-consulta')}/roles`, { roles: ['ADMINISTRADOR'] });
    expect(response.statusCode).toBe(403);
    expect(await storedRoles(await idOf('solo-consulta'))).toEqual(before);
  });
});

describe('roles granted in Almacén', () => {
  test('a newcomer has no role (403 everywhere but /api/me); a role granted counts from their next call, with the same token', async () => {
    const token = await t.token(person('nueva', 'Nueva Persona'));
    const me = await callWith(token, 'GET', '/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ name: 'Nueva Persona', roles: [], permissions: [] });
    expect((await callWith(token, 'GET', '/api/catalog/products')).json()).toEqual({ code: 'FORBIDDEN', message: NO_ACCESS_MESSAGE });

    const id = await idOf('nueva');
    const granted = await admin('PUT', `/api/users/${id}/roles`, { roles: ['ALMACENISTA'] });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().data.roles).toEqual([{ role: 'ALMACENISTA', warehouseId: null, source: 'almacen' }]);

    // The very same token, not a new sign-in.
    expect((await callWith(token, 'GET', '/api/catalog/products')).statusCode).toBe(200);
    expect((await callWith(token, 'POST', '/api/catalog/product-units', { description: 'Caja' })).statusCode).toBe(201);
    expect((await callWith(token, 'GET', '/api/me')).json().data.roles).toEqual([{ role: 'ALMACENISTA', warehouseId: null }]);

    // And removed: the next call is refused again.
    expect((await admin('PUT', `/api/users/${id}/roles`, { roles: [] })).statusCode).toBe(200);
    expect((await callWith(token, 'GET', '/api/catalog/products')).json().message).toBe(NO_ACCESS_MESSAGE);
  });

  test('each change is audited with who made it, before and after; an unchanged list writes nothing', async () => {
    await call(person('auditada', 'Persona Auditada'), 'GET', '/api/me');
    const id = await idOf('auditada');
    await admin('PUT', `/api/users/${id}/roles`, { roles: ['CONSULTA', 'CONSULTA'] });
    await admin('PUT', `/api/users/${id}/roles`, { roles: ['CONSULTA'] });
    await admin('PUT', `/api/users/${id}/roles`, { roles: ['ALMACENISTA', 'CONSULTA'] });
    const rows = await auditRows(t, 'app_users', id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      actor_sub: 'root',
      actor_name: 'Raíz Provisional',
      action: 'update',
      before: { roles: [], name: 'Persona Auditada' },
      after: { roles: [{ role: 'CONSULTA', warehouseId: null }] },
    });
    // Stored in the order of the roles, whatever order was sent, each with its warehouse (null: all).
    expect(rows[1]).toMatchObject({
      before: { roles: [{ role: 'CONSULTA', warehouseId: null }] },
      after: {
        roles: [
          { role: 'CONSULTA', warehouseId: null },
          { role: 'ALMACENISTA', warehouseId: null },
        ],
      },
    });
  });

  test.each([
    ['an unknown role', { roles: ['SUPERUSUARIO'] }],
    ['a role in lower case', { roles: ['consulta'] }],
    ['roles as text', { roles: 'ADMINISTRADOR' }],
    ['no roles', {}],
    ['a list instead of an object', ['ADMINISTRADOR']],
    ['null inside the list', { roles: [null] }],
    ['a grant without its role', { roles: [{ warehouseId: 1 }] }],
    ['a grant with a field of its own', { roles: [{ role: 'CONSULTA', warehouseId: null, desde: '2026-01-01' }] }],
    ['a warehouse that is not an id', { roles: [{ role: 'CONSULTA', warehouseId: '1' }] }],
  ])('%s is a Spanish 400 that changes nothing', async (_what, body) => {
    const id = await idOf('auditada');
    const before = await storedRoles(id);
    const audit = (await auditRows(t, 'app_users')).length;
    const response = await admin('PUT', `/api/users/${id}/roles`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION',
      message: 'Los permisos deben ser una lista con algunos de: SOLICITANTE, CONSULTA, ALMACENISTA, AUTORIZADOR, ADMINISTRADOR.',
    });
    expect(await storedRoles(id)).toEqual(before);
    expect((await auditRows(t, 'app_users')).length).toBe(audit);
  });

  test('an unknown user is a 404 and a bad id a 400', async () => {
    expect((await admin('PUT', '/api/users/999999/roles', { roles: [] })).json()).toEqual({
      code: 'NOT_FOUND',
      message: 'El usuario solicitado no existe.',
    });
    expect((await admin('PUT', '/api/users/abc/roles', { roles: [] })).statusCode).toBe(400);
    expect((await admin('POST', '/api/users/0/deactivation')).statusCode).toBe(400);
  });
});

describe('deactivation', () => {
  test("takes effect at the person's very next call with the token they already hold; reactivation too; both audited", async () => {
    const token = await t.token(person('temporal', 'Persona Temporal', ['CONSULTA']));
    expect((await callWith(token, 'GET', '/api/catalog/products')).statusCode).toBe(200);
    const id = await idOf('temporal');

    const off = await admin('POST', `/api/users/${id}/deactivation`);
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ id, active: false });
    for (const url of ['/api/catalog/products', '/api/me']) {
      const refused = await callWith(token, 'GET', url);
      expect([refused.statusCode, refused.json()]).toEqual([403, { code: 'FORBIDDEN', message: ACCOUNT_DISABLED_MESSAGE }]);
    }
    // A new token changes nothing: the account is what is off.
    expect((await call(person('temporal', 'Persona Temporal', ['CONSULTA']), 'GET', '/api/me')).json().message).toBe(
      ACCOUNT_DISABLED_MESSAGE,
    );
    // Deactivating twice is harmless and writes nothing more.
    expect((await admin('POST', `/api/users/${id}/deactivation`)).statusCode).toBe(200);

    const on = await admin('DELETE', `/api/users/${id}/deactivation`);
    expect(on.json().data).toMatchObject({ id, active: true });
    expect((await callWith(token, 'GET', '/api/catalog/products')).statusCode).toBe(200);

    const rows = await auditRows(t, 'app_users', id);
    expect(rows.map((r) => [r.action, r.before.active, r.after.active])).toEqual([
      ['update', true, false],
      ['update', false, true],
    ]);
  });

  test('accounts live in the external provider: no new accounts or passwords here (409, Spanish)', async () => {
    const created = await admin('POST', '/api/users', { username: 'lucia', name: 'Lucía' });
    expect(created.statusCode).toBe(409);
    expect(created.json()).toMatchObject({
      code: 'EXTERNAL_PROVIDER',
      message: expect.stringMatching(/proveedor de identidad de la institución/),
    });
    const reset = await admin('POST', `/api/users/${await idOf('mario')}/password-reset`);
    expect(reset.statusCode).toBe(409);
    expect(await t.db.query('SELECT 1 FROM idp_users')).toMatchObject({ rowCount: 0 });
  });
});

describe('the last active administrator', () => {
  // From here on the administrators are people whose ADMINISTRADOR is granted in Almacén only.
  const BEA = person('bea', 'Bea Admin');
  const CARLOS = person('carlos', 'Carlos Admin');
  let bea: number;
  let carlos: number;
  let root: number;

  beforeAll(async () => {
    await call(BEA, 'GET', '/api/me');
    await call(CARLOS, 'GET', '/api/me');
    bea = await idOf('bea');
    carlos = await idOf('carlos');
    root = await idOf('root');
    expect((await admin('PUT', `/api/users/${bea}/roles`, { roles: ['ADMINISTRADOR'] })).statusCode).toBe(200);
    // The provider stops granting root its role; jefa (ADMIN_USERS) is deactivated — from the
    // command line, the only way for an administrator by configuration: Bea is the only administrator.
    expect((await call(person('root', 'Raíz Provisional', []), 'GET', '/api/me')).json().data.roles).toEqual([]);
    expect((await call(BEA, 'POST', `/api/users/${await idOf('jefa')}/deactivation`)).statusCode).toBe(403);
    expect(await setUserStatus(t.db, t.config, 'jefa@example.mx', false)).toBe('Jefa de Almacén (JEFA@example.mx) desactivado.');
  });

  test('cannot lose ADMINISTRADOR nor be deactivated (409 with the message), and nothing changes', async () => {
    const audit = (await auditRows(t, 'app_users')).length;
    for (const [method, url, body] of [
      ['PUT', `/api/users/${bea}/roles`, { roles: ['CONSULTA'] }],
      ['POST', `/api/users/${bea}/deactivation`, undefined],
    ] as const) {
      const response = await call(BEA, method, url, body);
      expect([response.statusCode, response.json()]).toEqual([409, { code: 'LAST_ADMIN', message: LAST_ADMIN_MESSAGE }]);
    }
    expect(await storedRoles(bea)).toEqual(['ADMINISTRADOR']);
    expect((await t.db.query('SELECT active FROM app_users WHERE id = $1', [bea])).rows).toEqual([{ active: true }]);
    expect((await auditRows(t, 'app_users')).length).toBe(audit);
    // Other roles may still change around ADMINISTRADOR.
    expect((await call(BEA, 'PUT', `/api/users/${bea}/roles`, { roles: ['CONSULTA', 'ADMINISTRADOR'] })).statusCode).toBe(200);
    expect(root).toBeGreaterThan(0);
  });

  test('two administrators demoting each other at the same moment leave exactly one (every time)', async () => {
    let survivor = BEA;
    for (let round = 0; round < 8; round++) {
      // Whoever was left brings the other back: both administrators again.
      for (const id of [bea, carlos]) {
        expect((await call(survivor, 'DELETE', `/api/users/${id}/deactivation`)).statusCode).toBe(200);
        expect((await call(survivor, 'PUT', `/api/users/${id}/roles`, { roles: ['ADMINISTRADOR'] })).statusCode).toBe(200);
      }
      // Bea removes Carlos (his role, or his account on even rounds) while Carlos removes Bea's role.
      const [a, b] = await Promise.all([
        round % 2 ? call(BEA, 'PUT', `/api/users/${carlos}/roles`, { roles: [] }) : call(BEA, 'POST', `/api/users/${carlos}/deactivation`),
        call(CARLOS, 'PUT', `/api/users/${bea}/roles`, { roles: [] }),
      ]);
      // One wins; the other is refused — 409 when it counted the administrators after the first
      // change, 403 when its own call came after losing the role or the account.
      const statuses = [a.statusCode, b.statusCode];
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect([403, 409]).toContain(statuses.find((s) => s !== 200));
      const { rows } = await t.db.query<{ n: string }>(
        "SELECT count(*) AS n FROM app_users u WHERE active AND EXISTS (SELECT 1 FROM app_user_roles r WHERE r.user_id = u.id AND r.role = 'ADMINISTRADOR')",
      );
      expect(Number(rows[0].n)).toBe(1);
      survivor = a.statusCode === 200 ? BEA : CARLOS;
    }
    for (const id of [bea, carlos]) await call(survivor, 'DELETE', `/api/users/${id}/deactivation`);
    await call(survivor, 'PUT', `/api/users/${bea}/roles`, { roles: ['ADMINISTRADOR'] });
  });

  test('an administrator named by ADMIN_USERS counts: once she is active again, Bea may step down', async () => {
    await call(BEA, 'PUT', `/api/users/${carlos}/roles`, { roles: [] });
    await call(BEA, 'PUT', `/api/users/${bea}/roles`, { roles: ['ADMINISTRADOR'] });
    expect((await call(BEA, 'PUT', `/api/users/${bea}/roles`, { roles: [] })).statusCode).toBe(409);
    expect((await call(BEA, 'DELETE', `/api/users/${await idOf('jefa')}/deactivation`)).statusCode).toBe(403);
    expect(await setUserStatus(t.db, t.config, 'jefa@example.mx', true)).toBe('Jefa de Almacén (JEFA@example.mx) reactivado.');
    const stepDown = await call(BEA, 'PUT', `/api/users/${bea}/roles`, { roles: [] });
    expect(stepDown.statusCode).toBe(200);
    // Her next call is refused, and the configured administrator still administers.
    expect((await call(BEA, 'GET', '/api/users')).statusCode).toBe(403);
    expect((await call(person('jefa', 'Jefa de Almacén', [], { email: 'jefa@example.mx' }), 'GET', '/api/users')).statusCode).toBe(200);
  });
});

describe('roles per warehouse', () => {
  let plantel: number;
  beforeAll(async () => {
    const created = await admin('POST', '/api/warehouses', { code: 'P012', name: 'Plantel 12' });
    expect(created.statusCode).toBe(201);
    plantel = created.json().data.id;
  });

  test('a role for one warehouse and one for all, in either form: listed, audited with the warehouse, and in /api/me', async () => {
    const token = await t.token(person('por-almacen', 'Clara por Almacén'));
    await callWith(token, 'GET', '/api/me');
    const id = await idOf('por-almacen');
    const granted = await admin('PUT', `/api/users/${id}/roles`, {
      roles: [{ role: 'ALMACENISTA', warehouseId: plantel }, 'CONSULTA', { role: 'ALMACENISTA', warehouseId: plantel }],
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().data.roles).toEqual([
      { role: 'CONSULTA', warehouseId: null, source: 'almacen' },
      { role: 'ALMACENISTA', warehouseId: plantel, source: 'almacen' },
    ]);
    expect(await storedRoles(id)).toEqual([`ALMACENISTA@${plantel}`, 'CONSULTA']);
    const [change] = (await auditRows(t, 'app_users', id)).slice(-1);
    expect(change).toMatchObject({
      before: { roles: [] },
      after: {
        roles: [
          { role: 'CONSULTA', warehouseId: null },
          { role: 'ALMACENISTA', warehouseId: plantel },
        ],
      },
    });
    // The same grants sent again, in the other form: nothing changes, nothing is written.
    const audited = (await auditRows(t, 'app_users', id)).length;
    const again = await admin('PUT', `/api/users/${id}/roles`, {
      roles: [
        { role: 'CONSULTA', warehouseId: null },
        { role: 'ALMACENISTA', warehouseId: plantel },
      ],
    });
    expect(again.statusCode).toBe(200);
    expect((await auditRows(t, 'app_users', id)).length).toBe(audited);

    const me = (await callWith(token, 'GET', '/api/me')).json().data;
    expect(me.roles).toEqual([
      { role: 'CONSULTA', warehouseId: null },
      { role: 'ALMACENISTA', warehouseId: plantel },
    ]);
    // The union opens the doors; each warehouse says what may be done there.
    expect(me.permissions).toContain('dispatches.create');
    const byId = Object.fromEntries(me.warehouses.map((w: { id: number; permissions: string[] }) => [w.id, w.permissions]));
    expect(byId[1]).toEqual(['consult', 'catalogs.write', 'catalogs.import', 'requests.read', 'requests.all']);
    expect(byId[plantel]).toContain('dispatches.create');
    expect(byId[plantel]).not.toContain('dispatches.cancel');
  });

  test.each([
    ['ADMINISTRADOR for one warehouse', () => ({ roles: [{ role: 'ADMINISTRADOR', warehouseId: plantel }] }), ADMIN_SCOPE_MESSAGE],
    [
      'a warehouse that does not exist',
      () => ({ roles: ['CONSULTA', { role: 'ALMACENISTA', warehouseId: 999999 }] }),
      UNKNOWN_WAREHOUSE_MESSAGE,
    ],
  ])('%s is a 400 on roles that changes nothing', async (_what, body, message) => {
    const id = await idOf('por-almacen');
    const before = await storedRoles(id);
    const audit = (await auditRows(t, 'app_users')).length;
    const response = await admin('PUT', `/api/users/${id}/roles`, body());
    expect([response.statusCode, response.json()]).toEqual([400, { code: 'VALIDATION', message, errors: { roles: message } }]);
    expect(await storedRoles(id)).toEqual(before);
    expect((await auditRows(t, 'app_users')).length).toBe(audit);
  });

  test('ADMINISTRADOR for every warehouse in the object form is the same as the plain role', async () => {
    await call(person('admin-obj', 'Admin Objeto'), 'GET', '/api/me');
    const id = await idOf('admin-obj');
    const response = await admin('PUT', `/api/users/${id}/roles`, { roles: [{ role: 'ADMINISTRADOR', warehouseId: null }] });
    expect(response.json().data.roles).toEqual([{ role: 'ADMINISTRADOR', warehouseId: null, source: 'almacen' }]);
    expect((await call(person('admin-obj', 'Admin Objeto'), 'GET', '/api/users')).statusCode).toBe(200);
    expect((await admin('PUT', `/api/users/${id}/roles`, { roles: [] })).statusCode).toBe(200);
  });
});
