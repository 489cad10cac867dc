// The embedded provider's "Cambiar contraseña" page: Spanish, the sign-in page's look, every bad
// form refused with its reason and nothing changed, the current password checked and throttled
// like a sign-in, the change audited and the account's sessions ended.
import { auditFieldLabelOf } from '@almacen/shared/domain-pages';
import { BAD_CREDENTIALS, PASSWORD_MESSAGES } from '../../src/idp';
import { addUser, setPassword } from '../../src/idp/users';
import { accountUrlOf } from '../../src/modules/users/me.routes';
import { startIdpApp, type IdpApp } from './idp-app';
import { OidcTestClient } from './oidc-client';

jest.setTimeout(60_000);

let t: IdpApp;
beforeAll(async () => {
  t = await startIdpApp();
  await addUser(t.db, { username: 'lucia', name: 'Lucía Pérez', password: 'vieja-clave-1' });
});
afterAll(async () => {
  await t.close();
});

const url = () => `${t.publicUrl}/oidc/account/password`;
const submit = async (fields: Record<string, string>) => {
  const response = await fetch(url(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, html: await response.text(), response };
};
const form = (overrides: Record<string, string> = {}) => ({
  username: 'lucia',
  current: 'vieja-clave-1',
  password: 'nueva-clave-2',
  confirmation: 'nueva-clave-2',
  ...overrides,
});
const hashOf = async () => (await t.db.query<{ h: string }>("SELECT password_hash AS h FROM idp_users WHERE username = 'lucia'")).rows[0].h;

it('is where «Cuenta» links with the included provider', () => {
  expect(accountUrlOf(t.config)).toBe(url());
  expect(accountUrlOf({ ...t.config, oidcAccountUrl: 'https://idp.escuela.mx/cuenta' })).toBe('https://idp.escuela.mx/cuenta');
  expect(accountUrlOf({ ...t.config, oidcEmbedded: false, oidcAccountUrl: null })).toBeNull();
});

it('is a Spanish form in the sign-in page’s look, with no inline script or style', async () => {
  const response = await fetch(`${url()}?username=lucia`);
  const html = await response.text();
  expect(response.status).toBe(200);
  expect(html).toContain('<html lang="es-MX">');
  expect(html).toContain('<h1>Cambiar contraseña</h1>');
  for (const label of ['Usuario', 'Contraseña actual', 'Nueva contraseña', 'Confirma la nueva contraseña'])
    expect(html).toContain(`>${label}</label>`);
  expect(html).toContain('href="/oidc/assets/login.css"');
  expect(html).toContain('value="lucia"');
  expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>|\sstyle=|<style/);
  expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
});

it('refuses every bad form with its reason, changes nothing and counts no attempt', async () => {
  const before = await hashOf();
  const cases: Array<[Record<string, string>, string]> = [
    [form({ current: '' }), PASSWORD_MESSAGES.missing],
    [form({ confirmation: 'otra-clave-3' }), PASSWORD_MESSAGES.mismatch],
    [form({ password: 'corta', confirmation: 'corta' }), PASSWORD_MESSAGES.short],
    [form({ password: 'vieja-clave-1', confirmation: 'vieja-clave-1' }), PASSWORD_MESSAGES.same],
  ];
  for (const [fields, message] of cases) {
    const answer = await submit(fields);
    expect([answer.status, answer.html.includes(`<div class="error" role="alert">${message}</div>`)]).toEqual([400, true]);
    expect(answer.html).not.toContain(fields.password || 'nunca');
  }
  expect(await hashOf()).toBe(before);
  expect((await t.db.query('SELECT 1 FROM idp_login_failures')).rowCount).toBe(0);
  // Not a form at all: the same page, never a 500.
  const junk = await fetch(url(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"x":1}' });
  expect(junk.status).toBeLessThan(500);
});

it('a wrong current password is a failed sign-in: generic, counted and slowed down', async () => {
  await t.db.query('DELETE FROM idp_login_failures');
  const before = await hashOf();
  for (let attempt = 1; attempt <= 5; attempt++) {
    const wrong = await submit(form({ current: `intento-${attempt}` }));
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain(BAD_CREDENTIALS);
  }
  const blocked = await submit(form());
  expect(blocked.status).toBe(429);
  expect(blocked.html).toMatch(/Demasiados intentos fallidos\. Espera \d+ segundos? e inténtalo de nuevo\./);
  expect(Number(blocked.response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await hashOf()).toBe(before);
  await t.db.query('DELETE FROM idp_login_failures');
});

it('changes the password, ends the account’s sessions and is audited', async () => {
  await setPassword(t.db, 'lucia', 'vieja-clave-1');
  const c = new OidcTestClient({ publicUrl: t.publicUrl });
  const tokens = await c.signIn('lucia', 'vieja-clave-1');
  const changed = await submit(form());
  expect(changed.status).toBe(200);
  expect(changed.html).toContain('<h1>Contraseña cambiada</h1>');
  // The old password no longer signs in; the new one does; the old session's refresh token is gone.
  const other = new OidcTestClient({ publicUrl: t.publicUrl });
  const old = await other.submitLogin((await other.openLoginPage()).html, 'lucia', 'vieja-clave-1');
  expect([old.response.status, old.code]).toEqual([401, undefined]);
  await expect(new OidcTestClient({ publicUrl: t.publicUrl }).signIn('lucia', 'nueva-clave-2')).resolves.toHaveProperty('access_token');
  expect((await c.refresh(tokens.refresh_token!)).status).toBe(400);
  const { rows } = await t.db.query<{ actor_name: string; entity: string; action: string; after: Record<string, unknown> }>(
    "SELECT actor_name, entity, action, after FROM audit_log WHERE after ? 'passwordChanged'",
  );
  expect(rows).toEqual([{ actor_name: 'Lucía Pérez', entity: 'app_users', action: 'update', after: { passwordChanged: true } }]);
  expect(auditFieldLabelOf('app_users', 'passwordChanged')).toBeDefined();
  // The password itself is never written anywhere in the log.
  expect(JSON.stringify(rows)).not.toContain('nueva-clave-2');
});

it('a body that is not the form (JSON, text, too large) gets a Spanish page and changes nothing', async () => {
  const before = await hashOf();
  for (const [type, body] of [
    ['application/json', JSON.stringify(form())],
    ['text/plain', 'username=lucia'],
    ['application/x-www-form-urlencoded', `username=lucia&current=${'x'.repeat(20_000)}`],
  ] as const) {
    const response = await fetch(url(), { method: 'POST', headers: { 'content-type': type }, body });
    const html = await response.text();
    expect(`${type}: ${response.status}`).toMatch(new RegExp(`^${type}: 4\\d\\d$`));
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('<html lang="es-MX">');
    expect(html).toMatch(/Esta página solo recibe su propio formulario|El formulario enviado es demasiado grande/);
    expect(html).not.toMatch(/Unsupported|Media Type|body is|payload|JSON/i);
  }
  expect(await hashOf()).toBe(before);
});
