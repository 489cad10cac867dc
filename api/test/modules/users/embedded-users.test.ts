// "Usuarios" with the EMBEDDED provider, over real HTTP and the real sign-in flow:
// a new account with a one-time password that signs in with the roles it was given, a password
// reset that ends the old password and the account's sessions, and deactivation that refuses
// the person's next API call, their refresh token and their sign-in.
import { decodeJwt } from 'jose';
import { ACCOUNT_DISABLED_MESSAGE, type NewUserResult } from '@almacen/shared/domain';
import { ACCOUNT_DISABLED_LOGIN, BAD_CREDENTIALS } from '../../../src/idp';
import { ADMIN_PASSWORD, startIdpApp, type IdpApp } from '../../idp/idp-app';
import { OidcTestClient, type TokenSet } from '../../idp/oidc-client';

// Each sign-in hashes a password with scrypt: slow on a busy machine.
jest.setTimeout(120_000);

let t: IdpApp;
let adminToken: string;
beforeAll(async () => {
  t = await startIdpApp();
  adminToken = (await client().signIn('admin', ADMIN_PASSWORD)).access_token;
});
afterAll(() => t.close());

const client = () => new OidcTestClient({ publicUrl: t.publicUrl });
async function api(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${t.publicUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data?: unknown; message?: string; code?: string } };
}
const admin = (method: string, path: string, body?: unknown) => api(adminToken, method, path, body);

/** Signs in and returns the error page's text when refused. */
async function signInRefused(username: string, password: string): Promise<{ status: number; html: string }> {
  const c = client();
  const page = await c.openLoginPage();
  const { response, html, code } = await c.submitLogin(page.html, username, password);
  expect(code).toBeUndefined();
  return { status: response.status, html: html ?? '' };
}

let lucia: NewUserResult;
let luciaTokens: TokenSet;

test("the embedded provider's admin administers by default (ADMIN_USERS=admin) and the accounts are Almacén's", async () => {
  const me = await admin('GET', '/api/me');
  expect(me.body.data).toMatchObject({ roles: [{ role: 'ADMINISTRADOR', warehouseId: null }] });
  const list = await admin('GET', '/api/users');
  expect(list.body.data).toEqual([
    expect.objectContaining({
      name: 'Administrador',
      username: 'admin',
      origin: 'almacen',
      roles: [{ role: 'ADMINISTRADOR', warehouseId: null, source: 'configuracion' }],
    }),
  ]);
});

test('a new account comes with a one-time password; it signs in with the roles given, and the log never holds the password', async () => {
  const created = await admin('POST', '/api/users', {
    username: ' Lucia ',
    name: 'Lucía Hernández',
    email: 'lucia@example.mx',
    roles: ['ALMACENISTA'],
  });
  expect(created.status).toBe(201);
  lucia = created.body.data as NewUserResult;
  expect(lucia.password).toMatch(/^[A-Za-z0-9]{20}$/);
  expect(lucia.user).toMatchObject({
    name: 'Lucía Hernández',
    email: 'lucia@example.mx',
    username: 'lucia',
    origin: 'almacen',
    active: true,
    roles: [{ role: 'ALMACENISTA', warehouseId: null, source: 'almacen' }],
  });

  luciaTokens = await client().signIn('lucia', lucia.password);
  const { rows } = await t.db.query('SELECT id, issuer, sub FROM app_users WHERE username = $1', ['lucia']);
  // The same row the API finds for her token: issuer + the provider's account id as sub.
  expect(rows).toEqual([{ id: lucia.user.id, issuer: `${t.publicUrl}/oidc`, sub: decodeJwt(luciaTokens.access_token).sub }]);
  expect((await api(luciaTokens.access_token, 'GET', '/api/me')).body.data).toMatchObject({
    id: lucia.user.id,
    roles: [{ role: 'ALMACENISTA', warehouseId: null }],
  });
  expect((await api(luciaTokens.access_token, 'GET', '/api/users')).status).toBe(403);

  const audit = await t.db.query("SELECT actor_name, action, after::text AS after FROM audit_log WHERE entity = 'app_users'");
  expect(audit.rows).toEqual([
    {
      actor_name: 'Administrador',
      action: 'create',
      after: expect.stringContaining('"roles": [{"role": "ALMACENISTA", "warehouseId": null}]'),
    },
  ]);
  expect(JSON.stringify(audit.rows)).not.toContain(lucia.password);
});

test.each([
  [{ username: 'lucia', name: 'Otra Lucía' }, 409, 'El usuario "lucia" ya existe.'],
  [
    { username: 'con espacio', name: 'Alguien' },
    400,
    'El usuario debe tener de 1 a 64 caracteres: letras minúsculas, números, ".", "_", "-" o "@".',
  ],
  [{ username: 'pepe', name: '   ' }, 400, 'Escribe el nombre de la persona.'],
  [{ username: 'pepe', name: 'Pepe', email: 'sin-arroba' }, 400, 'El correo no es válido (por ejemplo, persona@escuela.edu.mx).'],
  [{ username: 'pepe', name: 'Pepe \u202eoilgaT' }, 400, 'El texto contiene caracteres de control invisibles no permitidos.'],
  [
    { username: 'pepe', name: 'Pepe', roles: ['JEFE'] },
    400,
    'Los permisos deben ser una lista con algunos de: SOLICITANTE, CONSULTA, ALMACENISTA, AUTORIZADOR, ADMINISTRADOR.',
  ],
  [{ name: 'Pepe' }, 400, 'Escribe el usuario.'],
])('a refused new account %j: %i with its Spanish message, and no account nor row is created', async (body, status, message) => {
  const before = await t.db.query(
    'SELECT (SELECT count(*) FROM idp_users) AS idp, (SELECT count(*) FROM app_users) AS app, (SELECT count(*) FROM audit_log) AS audit',
  );
  const response = await admin('POST', '/api/users', body);
  expect([response.status, response.body.message]).toEqual([status, message]);
  expect(
    (
      await t.db.query(
        'SELECT (SELECT count(*) FROM idp_users) AS idp, (SELECT count(*) FROM app_users) AS app, (SELECT count(*) FROM audit_log) AS audit',
      )
    ).rows,
  ).toEqual(before.rows);
});

test('a password reset gives a new one-time password: the old one stops working, and so do the sessions and refresh tokens', async () => {
  const reset = await admin('POST', `/api/users/${lucia.user.id}/password-reset`);
  expect(reset.status).toBe(200);
  const { password } = reset.body.data as { password: string };
  expect(password).not.toBe(lucia.password);

  const refreshed = await client().refresh(luciaTokens.refresh_token!);
  expect(refreshed.status).toBe(400);
  expect(await refreshed.json()).toMatchObject({ error: 'invalid_grant' });
  const old = await signInRefused('lucia', lucia.password);
  expect([old.status, old.html]).toEqual([401, expect.stringContaining(BAD_CREDENTIALS)]);

  luciaTokens = await client().signIn('lucia', password);
  expect((await api(luciaTokens.access_token, 'GET', '/api/me')).status).toBe(200);
  const audit = await t.db.query("SELECT after FROM audit_log WHERE entity = 'app_users' AND entity_id = $1 ORDER BY id DESC LIMIT 1", [
    String(lucia.user.id),
  ]);
  expect(audit.rows).toEqual([{ after: { passwordReset: true } }]);
  lucia = { ...lucia, password };
});

test("deactivation: the person's next API call is refused, their refresh token is refused and they cannot sign in; reactivation lets them back", async () => {
  const c = client();
  const tokens = await c.signIn('lucia', lucia.password);
  expect((await api(tokens.access_token, 'GET', '/api/catalog/products')).status).toBe(200);

  expect((await admin('POST', `/api/users/${lucia.user.id}/deactivation`)).status).toBe(200);
  expect(await api(tokens.access_token, 'GET', '/api/catalog/products')).toEqual({
    status: 403,
    body: { code: 'FORBIDDEN', message: ACCOUNT_DISABLED_MESSAGE },
  });
  const refreshed = await c.refresh(tokens.refresh_token!);
  expect(refreshed.status).toBe(400);
  expect(await refreshed.json()).toMatchObject({ error: 'invalid_grant' });
  // The right password, said plainly that the account is off; a wrong one learns nothing new.
  const refused = await signInRefused('lucia', lucia.password);
  expect([refused.status, refused.html]).toEqual([403, expect.stringContaining(ACCOUNT_DISABLED_LOGIN)]);
  const wrong = await signInRefused('lucia', 'no-es-la-contraseña');
  expect([wrong.status, wrong.html]).toEqual([401, expect.stringContaining(BAD_CREDENTIALS)]);
  // Even a browser that still held a provider session would have to sign in again.
  expect(
    (await t.db.query("SELECT count(*)::int AS n FROM idp_store WHERE payload->>'accountId' = $1", [decodeJwt(tokens.access_token).sub]))
      .rows,
  ).toEqual([{ n: 0 }]);

  expect((await admin('DELETE', `/api/users/${lucia.user.id}/deactivation`)).status).toBe(200);
  const back = await client().signIn('lucia', lucia.password);
  expect((await api(back.access_token, 'GET', '/api/catalog/products')).status).toBe(200);
});

test('the configured administrator is the last one: Administrador stays, and removing a role Almacén did not grant changes nothing', async () => {
  const adminId = ((await admin('GET', '/api/users')).body.data as Array<{ id: number; username: string }>).find(
    (u) => u.username === 'admin',
  )!.id;
  // Her ADMINISTRADOR comes from ADMIN_USERS: the roles granted here are empty and stay so.
  expect((await admin('PUT', `/api/users/${adminId}/roles`, { roles: [] })).status).toBe(200);
  expect((await admin('POST', `/api/users/${adminId}/deactivation`)).body).toMatchObject({ code: 'FORBIDDEN' });
  expect((await admin('GET', '/api/me')).body.data).toMatchObject({ roles: [{ role: 'ADMINISTRADOR', warehouseId: null }] });
});

test('a configured administrator is not taken over through the API: another administrator cannot give them a new password nor deactivate them (403), and nothing changes', async () => {
  const created = await admin('POST', '/api/users', {
    username: 'beto',
    name: 'Beto Ruiz',
    email: 'beto@example.mx',
    roles: ['ADMINISTRADOR'],
  });
  expect(created.status).toBe(201);
  const beto = (await client().signIn('beto', (created.body.data as NewUserResult).password)).access_token;
  const adminId = ((await admin('GET', '/api/users')).body.data as Array<{ id: number; username: string }>).find(
    (u) => u.username === 'admin',
  )!.id;
  const locked = {
    status: 403,
    body: {
      code: 'FORBIDDEN',
      message:
        'Este usuario es administrador por configuración (ADMIN_USERS): su contraseña y su estado solo se cambian desde la línea de comandos (npm run users), o su contraseña por la propia persona en su cuenta.',
    },
  };
  expect(await api(beto, 'POST', `/api/users/${adminId}/password-reset`)).toEqual(locked);
  expect(await api(beto, 'POST', `/api/users/${adminId}/deactivation`)).toEqual(locked);
  // Nothing changed: the configured administrator signs in with the same password and is active.
  await client().signIn('admin', ADMIN_PASSWORD);
  expect((await admin('GET', '/api/users')).body.data).toEqual(
    expect.arrayContaining([expect.objectContaining({ username: 'admin', active: true })]),
  );
  // Another administrator's password is still theirs to reset, and a configured one may reset their own.
  expect((await admin('POST', `/api/users/${(created.body.data as NewUserResult).user.id}/password-reset`)).status).toBe(200);
});

test("a deactivated person's still-valid access token is refused by the provider's userinfo (/oidc/me), as by the API", async () => {
  const created = await admin('POST', '/api/users', {
    username: 'carla',
    name: 'Carla Díaz',
    email: 'carla@example.mx',
    roles: ['CONSULTA'],
  });
  const tokens = await client().signIn('carla', (created.body.data as NewUserResult).password);
  const me = () => fetch(`${t.publicUrl}/oidc/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
  expect((await me()).status).toBe(200);
  expect((await admin('POST', `/api/users/${(created.body.data as NewUserResult).user.id}/deactivation`)).status).toBe(200);
  const refused = await me();
  expect(refused.status).toBe(401);
  expect((await api(tokens.access_token, 'GET', '/api/me')).status).toBe(403);
});
