// Access control as an attacker meets it, over REAL HTTP (a listening server and
// fetch): a person with no role gets 403 on every route but /api/me; roles written into a token
// that is unsigned, signed with a foreign key, or "signed" with the public key are never honoured
// (the token is refused before anyone is created or changed); a deactivated account is refused at
// its next call; and the last administrator cannot be removed.
import { SignJWT } from 'jose';
import { ACCOUNT_DISABLED_MESSAGE, LAST_ADMIN_MESSAGE, NO_ACCESS_MESSAGE } from '@almacen/shared/domain';
import { TEST_AUDIENCE } from '../helpers/issuer';
import { createTestApp, TEST_ROLES_CLAIM, type TestApp } from '../helpers/test-app';

jest.setTimeout(60_000);

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(() => t.close());

const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, '1');
const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function send(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
    },
    body: method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(body ?? {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as { message?: string; data?: unknown }) : {} };
}

const userRow = async (sub: string) =>
  (
    await t.db.query(
      `SELECT coalesce((SELECT array_agg(r.role ORDER BY r.role) FROM app_user_roles r WHERE r.user_id = u.id), '{}') AS roles, provider_roles, active
         FROM app_users u WHERE sub = $1`,
      [sub],
    )
  ).rows;

test('a person with no role: 403 with the no-access message on every route but /api/me, which says who they are', async () => {
  const token = await t.token({ sub: 'sin-rol', name: 'Sin Rol', email: 'sin.rol@example.mx', [TEST_ROLES_CLAIM]: [] });
  const answers: string[] = [];
  for (const route of t.app.apiRoutes) {
    const [method, pattern] = route.split(' ');
    const { status, body } = await send(token, method, concrete(pattern));
    answers.push(`${route} → ${status} ${status === 403 ? body.message : ''}`.trim());
  }
  expect(answers).toEqual(
    t.app.apiRoutes.map((route) => (route === 'GET /api/me' ? `${route} → 200` : `${route} → 403 ${NO_ACCESS_MESSAGE}`)),
  );
  const me = await send(token, 'GET', '/api/me');
  expect(me.body.data).toMatchObject({ name: 'Sin Rol', email: 'sin.rol@example.mx', roles: [], permissions: [] });
  // Nothing was written on their behalf.
  expect((await t.db.query("SELECT count(*)::int AS n FROM audit_log WHERE actor_sub = 'sin-rol'")).rows).toEqual([{ n: 0 }]);
});

describe('roles in a forged token are never honoured', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const claims = (sub: string) => ({
    iss: t.issuer.url,
    aud: TEST_AUDIENCE,
    sub,
    name: 'Intruso',
    [TEST_ROLES_CLAIM]: ['ADMINISTRADOR'],
    exp: now() + 300,
    iat: now(),
  });

  test.each([
    ['unsigned (alg "none")', async (sub: string) => `${b64url({ alg: 'none', typ: 'at+jwt' })}.${b64url(claims(sub))}.`],
    [
      'signed with a key the issuer does not publish',
      async (sub: string) =>
        t.token({ sub, name: 'Intruso', [TEST_ROLES_CLAIM]: ['ADMINISTRADOR'] }, { key: await t.issuer.unpublishedKey() }),
    ],
    [
      '"signed" with HS256 and the public key (key confusion)',
      async (sub: string) =>
        new SignJWT(claims(sub))
          .setProtectedHeader({ alg: 'HS256', kid: t.issuer.currentKid(), typ: 'at+jwt' })
          .sign(new TextEncoder().encode(await t.issuer.publicKeyPem())),
    ],
    [
      'a real token with its roles claim rewritten (signature kept)',
      async (sub: string) => {
        const [header, , signature] = (await t.issuer.token({ sub, [TEST_ROLES_CLAIM]: [] })).split('.');
        return `${header}.${b64url(claims(sub))}.${signature}`;
      },
    ],
  ])('%s: 401 everywhere, and no user is created or granted anything', async (_what, forge) => {
    const sub = `intruso-${Math.random().toString(36).slice(2)}`;
    const token = await forge(sub);
    for (const [method, path] of [
      ['GET', '/api/users'],
      ['PUT', '/api/users/1/roles'],
      ['GET', '/api/audit'],
      ['GET', '/api/me'],
      ['POST', '/api/catalog/product-units'],
    ]) {
      expect([method, path, (await send(token, method, path, { roles: ['ADMINISTRADOR'], description: 'X' })).status]).toEqual([
        method,
        path,
        401,
      ]);
    }
    expect(await userRow(sub)).toEqual([]);
  });

  test('a genuine token of someone with no role cannot grant itself one', async () => {
    const token = await t.token({ sub: 'trepador', name: 'Trepador', [TEST_ROLES_CLAIM]: [] });
    await send(token, 'GET', '/api/me');
    const { rows } = await t.db.query<{ id: number }>("SELECT id FROM app_users WHERE sub = 'trepador'");
    const response = await send(token, 'PUT', `/api/users/${rows[0].id}/roles`, { roles: ['ADMINISTRADOR'] });
    expect([response.status, response.body.message]).toEqual([403, NO_ACCESS_MESSAGE]);
    expect(await userRow('trepador')).toEqual([{ roles: [], provider_roles: [], active: true }]);
  });
});

test('deactivation takes effect at the next call of a token already held; the last administrator stays', async () => {
  const admin = await t.token({ sub: 'unica-admin', name: 'Única Admin', [TEST_ROLES_CLAIM]: [] });
  const root = await t.token({ sub: 'root', name: 'Raíz' });
  await send(admin, 'GET', '/api/me');
  const { rows } = await t.db.query<{ id: number }>("SELECT id FROM app_users WHERE sub = 'unica-admin'");
  const id = rows[0].id;
  expect((await send(root, 'PUT', `/api/users/${id}/roles`, { roles: ['ADMINISTRADOR'] })).status).toBe(200);

  const victim = await t.token({ sub: 'empleado', name: 'Empleado', [TEST_ROLES_CLAIM]: ['ALMACENISTA'] });
  expect((await send(victim, 'GET', '/api/catalog/products')).status).toBe(200);
  const victimId = (await t.db.query<{ id: number }>("SELECT id FROM app_users WHERE sub = 'empleado'")).rows[0].id;
  expect((await send(admin, 'POST', `/api/users/${victimId}/deactivation`)).status).toBe(200);
  expect(await send(victim, 'POST', '/api/catalog/product-units', { description: 'Intento' })).toEqual({
    status: 403,
    body: { code: 'FORBIDDEN', message: ACCOUNT_DISABLED_MESSAGE },
  });

  // root's provider stops granting it Administrador: "unica-admin" is the last one.
  await send(await t.token({ sub: 'root', name: 'Raíz', [TEST_ROLES_CLAIM]: [] }), 'GET', '/api/me');
  for (const [method, path, body] of [
    ['PUT', `/api/users/${id}/roles`, { roles: [] }],
    ['POST', `/api/users/${id}/deactivation`, undefined],
  ] as const) {
    expect(await send(admin, method, path, body)).toEqual({ status: 409, body: { code: 'LAST_ADMIN', message: LAST_ADMIN_MESSAGE } });
  }
  expect(await userRow('unica-admin')).toEqual([{ roles: ['ADMINISTRADOR'], provider_roles: [], active: true }]);
});
