// Every route × every role: generated from the routes the app registers, so a new
// route is covered the moment it exists (and the app refuses to start if it has no rule).
import { ACCESS_ROLES, forbiddenMessage, NO_ACCESS_MESSAGE, ROLE_PERMISSIONS, type AccessRole } from '@almacen/shared/domain';
import { ROUTE_PERMISSIONS, ruleOf } from '../../src/access/route-permissions';
import { createTestApp, TEST_ROLES_CLAIM, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A concrete URL for a route pattern: every parameter 999999 (nothing exists there). */
const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, '999999');

test('every registered route has its rule, and every rule names a registered route', () => {
  expect(t.app.apiRoutes.length).toBeGreaterThan(40);
  for (const route of t.app.apiRoutes) {
    const [method, url] = route.split(' ');
    expect([route, ruleOf(method, url)]).toEqual([route, expect.any(String)]);
  }
  expect([...t.app.apiRoutes].sort()).toEqual(Object.keys(ROUTE_PERMISSIONS).sort());
});

const people: Array<{ who: string; roles: AccessRole[] }> = [
  { who: 'sin rol', roles: [] },
  ...ACCESS_ROLES.map((role) => ({ who: role, roles: [role] })),
];

describe.each(people)('$who', ({ roles }) => {
  test('each route answers 403 exactly when the role lacks its permission, with the permission named', async () => {
    const headers = { authorization: `Bearer ${await t.token({ sub: `user-${roles.join('-') || 'none'}`, [TEST_ROLES_CLAIM]: roles })}` };
    const granted = new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role]));
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const route of t.app.apiRoutes) {
      const [method, pattern] = route.split(' ');
      const rule = ruleOf(method, pattern)!;
      const response = await t.app.inject({
        method: method as 'GET',
        url: concrete(pattern),
        headers: method === 'GET' || method === 'DELETE' ? headers : { ...headers, 'content-type': 'application/json' },
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{}' }),
      });
      const allowed = rule === 'signedIn' || granted.has(rule);
      outcomes.push(`${route} → ${response.statusCode === 403 ? `403 ${response.json().message}` : 'permitido'}`);
      expected.push(`${route} → ${allowed ? 'permitido' : `403 ${roles.length === 0 ? NO_ACCESS_MESSAGE : forbiddenMessage(rule)}`}`);
    }
    expect(outcomes).toEqual(expected);
  });
});

test('what each role may do: each includes the one before, only Administrador administers, and Solicitante stands apart', () => {
  const [solicitante, consulta, almacenista, autorizador, admin] = ACCESS_ROLES.map((role) => new Set(ROLE_PERMISSIONS[role]));
  expect([...solicitante]).toEqual(['requests.read', 'requests.ask']);
  expect([...consulta]).toEqual(['consult', 'requests.read', 'requests.all']);
  for (const p of consulta) expect(almacenista.has(p)).toBe(true);
  for (const p of almacenista) expect(autorizador.has(p)).toBe(true);
  for (const p of autorizador) expect(admin.has(p)).toBe(true);
  for (const p of solicitante) expect(admin.has(p)).toBe(true);
  // Asking for material is the Solicitante's (and the Administrador's, who has everything).
  expect([consulta, almacenista, autorizador].map((role) => role.has('requests.ask'))).toEqual([false, false, false]);
  expect([...almacenista].sort()).toEqual([
    'catalogs.import',
    'catalogs.write',
    'consult',
    'counts.write',
    'dispatches.create',
    'invoices.create',
    'requests.all',
    'requests.fulfil',
    'requests.read',
  ]);
  expect([...autorizador].filter((p) => !almacenista.has(p)).sort()).toEqual([
    'counts.apply',
    'dispatches.cancel',
    'invoices.cancel',
    'periods.close',
  ]);
  expect([...admin].filter((p) => !autorizador.has(p)).sort()).toEqual([
    'audit.read',
    'backups.read',
    'requests.ask',
    'users.manage',
    'warehouses.manage',
  ]);
});
