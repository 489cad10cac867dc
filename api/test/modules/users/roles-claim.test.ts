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
      OIDC_ROLE_MAP: 'Almacen-Jefes=AUTORIZADOR&Almacen-Admins=ADMINISTRADOR&Almacen-Admins=CONSULTA',
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
  return response.json().data as { roles: string[]; email: string | null };
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
  expect((await me(claims)).roles).toEqual(['AUTORIZADOR']);
  expect(t.issuer.userinfoRequests()).toBe(asked);
  const admin = { sub: 'admin-prov', name: 'Admin', email: 'admin@example.mx', realm_access: { roles: ['Almacen-Admins'] } };
  const list = await t.app.inject({
    method: 'GET',
    url: '/api/users',
    headers: { authorization: `Bearer ${await t.token({ almacen_roles: undefined, ...admin })}` },
  });
  expect(list.json().data.find((u: { name: string }) => u.name === 'Jefe').roles).toEqual([{ role: 'AUTORIZADOR', source: 'proveedor' }]);
  // The provider takes the group away: gone at the next call.
  expect((await products({ ...claims, realm_access: { roles: [] } })).json().message).toBe(NO_ACCESS_MESSAGE);
});

test('groups only in userinfo: the API asks it once per token and uses its groups (and e-mail)', async () => {
  t.issuer.setUserinfo('solo-userinfo', { email: 'ui@example.mx', realm_access: { roles: ['Almacen-Jefes'] } });
  const token = await t.token({ almacen_roles: undefined, sub: 'solo-userinfo', name: 'Solo Userinfo' });
  const asked = t.issuer.userinfoRequests();
  for (let i = 0; i < 3; i++) {
    const response = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(response.json().data).toMatchObject({ roles: ['AUTORIZADOR'], email: 'ui@example.mx' });
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
