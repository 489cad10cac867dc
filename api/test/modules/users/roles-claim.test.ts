// OIDC_ROLES_CLAIM + OIDC_ROLE_MAP with the two kinds of provider: one that puts the
// groups in the access token, and one that publishes them only in userinfo (the API asks it when
// the token lacks the claim). Either way the roles show as the provider's, count from the next
// call, and a userinfo answer about someone else is ignored.
import { NO_ACCESS_MESSAGE } from '@almacen/shared/domain';
import { createTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    userinfo: true,
    env: {
      OIDC_ROLES_CLAIM: 'realm_access.roles',
      OIDC_ROLE_MAP:
        'Almacen-Jefes=AUTORIZADOR&Almacen-Admins=ADMINISTRADOR&Almacen-Admins=CONSULTA&Almacen-P012=ALMACENISTA@P012&Almacen-P099=CONSULTA@P099',
    },
  });
});
afterAll(() => t.close());

const me = async (claims: object) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/me',
    headers: { authorization: `Bearer ${await t.token({ almacen_roles: undefined, ...claims })}` },
  });
  return response.json().data as { roles: Array<{ role: string; warehouseId: number | null }>; email: string | null };
};
const products = async (claims: object) =>
  t.app.inject({
    method: 'GET',
    url: '/api/catalog/products',
    headers: { authorization: `Bearer ${await t.token({ almacen_roles: undefined, ...claims })}` },
  });

test('groups in the access token: mapped to roles, shown as the provider’s, and userinfo is not asked', async () => {
  const asked = t.issuer.userinfoRequests();
  const claims = { sub: 'jefe', name: 'Jefe', email: 'jefe@example.mx', realm_access: { roles: ['Almacen-Jefes', 'Otro-Grupo'] } };
  expect((await me(claims)).roles).toEqual([{ role: 'AUTORIZADOR', warehouseId: null }]);
  expect(t.issuer.userinfoRequests()).toBe(asked);
  const admin = { sub: 'admin-prov', name: 'Admin', email: 'admin@example.mx', realm_access: { roles: ['Almacen-Admins'] } };
  const list = await t.app.inject({
    method: 'GET',
    url: '/api/users',
    headers: { authorization: `Bearer ${await t.token({ almacen_roles: undefined, ...admin })}` },
  });
  expect(list.json().data.find((u: { name: string }) => u.name === 'Jefe').roles).toEqual([
    { role: 'AUTORIZADOR', warehouseId: null, source: 'proveedor' },
  ]);
  // The provider takes the group away: gone at the next call.
  expect((await products({ ...claims, realm_access: { roles: [] } })).json().message).toBe(NO_ACCESS_MESSAGE);
});

test('groups only in userinfo: the API asks it once per token and uses its groups (and e-mail)', async () => {
  t.issuer.setUserinfo('solo-userinfo', { email: 'ui@example.mx', realm_access: { roles: ['Almacen-Jefes'] } });
  const token = await t.token({ almacen_roles: undefined, sub: 'solo-userinfo', name: 'Solo Userinfo' });
  const asked = t.issuer.userinfoRequests();
  for (let i = 0; i < 3; i++) {
    const response = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(response.json().data).toMatchObject({ roles: [{ role: 'AUTORIZADOR', warehouseId: null }], email: 'ui@example.mx' });
  }
  expect(t.issuer.userinfoRequests()).toBe(asked + 1);
  // Userinfo stops listing the group: the next token (a new one, as the portal renews them) has no role.
  t.issuer.setUserinfo('solo-userinfo', { email: 'ui@example.mx', realm_access: { roles: [] } });
  expect((await products({ sub: 'solo-userinfo', name: 'Solo Userinfo', jti: 'renovado' })).json().message).toBe(NO_ACCESS_MESSAGE);
});

test('a userinfo answer about another person is ignored: no role from it', async () => {
  t.issuer.setUserinfo('suplantado', { sub: 'otra-persona', realm_access: { roles: ['Almacen-Admins'] } });
  expect((await me({ sub: 'suplantado', name: 'Suplantado', email: 's@example.mx' })).roles).toEqual([]);
  expect((await products({ sub: 'suplantado', name: 'Suplantado', email: 's@example.mx' })).json().message).toBe(NO_ACCESS_MESSAGE);
});

test('ROLE@CODE grants the role in that warehouse only; a code no warehouse has grants nothing', async () => {
  const admin = { sub: 'admin-prov', name: 'Admin', email: 'admin@example.mx', realm_access: { roles: ['Almacen-Admins'] } };
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/warehouses',
    headers: { authorization: `Bearer ${await t.token({ almacen_roles: undefined, ...admin })}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ code: 'P012', name: 'Plantel 12' }),
  });
  const plantel = created.json().data.id as number;
  const clerk = { sub: 'clerk-p012', name: 'Clara', email: 'clara@example.mx', realm_access: { roles: ['Almacen-P012', 'Almacen-P099'] } };
  const data = (await me(clerk)) as unknown as {
    roles: unknown[];
    permissions: string[];
    warehouses: Array<{ id: number; code: string; permissions: string[] }>;
  };
  expect(data.roles).toEqual([{ role: 'ALMACENISTA', warehouseId: plantel }]);
  expect(data.warehouses.map((w) => w.code)).toEqual(['P012']);
  expect(data.warehouses[0].permissions).toContain('dispatches.create');
  // The central warehouse is not hers.
  const central = await t.app.inject({
    method: 'GET',
    url: '/api/stock/summary?warehouseId=1',
    headers: { authorization: `Bearer ${await t.token({ almacen_roles: undefined, ...clerk })}` },
  });
  expect(central.statusCode).toBe(403);
  // Only the unknown code: no role at all.
  expect((await products({ ...clerk, sub: 'only-p099', realm_access: { roles: ['Almacen-P099'] } })).json().message).toBe(
    NO_ACCESS_MESSAGE,
  );
});
