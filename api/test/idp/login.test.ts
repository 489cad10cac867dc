// The embedded provider's sign-in page: Spanish, brand theme, no inline script, the generic
// error for any wrong credential, and repeated failures slowed down (per username at an address,
// per address and per username, stored in PostgreSQL). Simultaneous guesses, other addresses and
// bursts: test/security/login-attacks.test.ts.
import { BAD_CREDENTIALS } from '../../src/idp';
import { addUser, setPassword } from '../../src/idp/users';
import { ADMIN_PASSWORD, startIdpApp, type IdpApp } from './idp-app';
import { OidcTestClient } from './oidc-client';

// Each file starts a server on a fresh database and hashes passwords with scrypt: slow on a busy machine.
jest.setTimeout(60_000);

let t: IdpApp;
beforeAll(async () => {
  t = await startIdpApp();
});
afterAll(async () => {
  await t.close();
});

const client = () => new OidcTestClient({ publicUrl: t.publicUrl });

describe('sign-in page', () => {
  it('is a Spanish form in the brand theme with no inline script or style', async () => {
    const page = await client().openLoginPage();
    expect(page.status).toBe(200);
    expect(page.url).toMatch(new RegExp(`^${t.publicUrl}/oidc/interaction/[\\w-]+$`));
    expect(page.html).toContain('<html lang="es-MX">');
    expect(page.html).toContain('<h1>Iniciar sesión</h1>');
    expect(page.html).toContain('<label for="username">Usuario</label>');
    expect(page.html).toContain('<label for="password">Contraseña</label>');
    expect(page.html).toMatch(/<button type="submit" class="primary">Iniciar sesión<\/button>/);
    expect(page.html).toContain('src="/oidc/assets/logo.svg"');
    // Every script is a file; no style attribute or element.
    expect(page.html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(page.html).not.toMatch(/\sstyle=|<style/);
    const csp = page.response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");

    const css = await fetch(`${t.publicUrl}/oidc/assets/login.css`);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await css.text()).toContain('#bd1a26');
    const logo = await fetch(`${t.publicUrl}/oidc/assets/logo.svg`);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('answers the same generic error for a wrong password and for an unknown user', async () => {
    const c = client();
    const page = await c.openLoginPage();
    const wrong = await c.submitLogin(page.html, 'admin', 'no-es-la-contraseña');
    expect(wrong.response.status).toBe(401);
    expect(wrong.html).toContain(`<div class="error" role="alert">${BAD_CREDENTIALS}</div>`);
    // The username typed stays in the form; the password does not.
    expect(wrong.html).toContain('value="admin"');
    expect(wrong.html).not.toContain('no-es-la-contraseña');

    const unknown = await c.submitLogin(page.html, 'nadie', 'no-es-la-contraseña');
    expect(unknown.response.status).toBe(401);
    expect(unknown.html).toContain(BAD_CREDENTIALS);

    const empty = await c.submitLogin(page.html, 'admin', '');
    expect(empty.response.status).toBe(400);
    expect(empty.html).toContain('Escribe tu usuario y tu contraseña.');
  });

  it('slows a username down at an address after repeated failures, even for the right password, until the wait is over', async () => {
    await t.db.query('DELETE FROM idp_login_failures');
    const c = client();
    const page = await c.openLoginPage();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const failed = await c.submitLogin(page.html, 'Admin', `intento-${attempt}`);
      expect(failed.response.status).toBe(401);
      expect(failed.html).toContain(BAD_CREDENTIALS);
    }
    const blocked = await c.submitLogin(page.html, 'admin', ADMIN_PASSWORD);
    expect(blocked.response.status).toBe(429);
    expect(blocked.html).toMatch(/Demasiados intentos fallidos\. Espera \d+ segundos? e inténtalo de nuevo\./);
    expect(Number(blocked.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.code).toBeUndefined();

    // The counts are in the database (every copy of the API sees them); the refused attempt
    // counted nowhere.
    const { rows } = await t.db.query<{ key: string; failures: number }>('SELECT key, failures FROM idp_login_failures ORDER BY key');
    expect(rows.map((r) => [r.key.replace(/[\d.]+|::1|::ffff:[\d.]+/, '<ip>'), r.failures])).toEqual([
      ['ip:<ip>', 5],
      ['pair:<ip>|admin', 5],
      ['user:admin', 5],
    ]);

    // Once the wait has passed (moved back in time instead of sleeping), the right password works
    // and the username's count is cleared; the address keeps its failures for their hour.
    await t.db.query("UPDATE idp_login_failures SET last_failure_at = last_failure_at - interval '10 minutes'");
    const ok = await c.submitLogin(page.html, 'admin', ADMIN_PASSWORD);
    expect(ok.code).toBeDefined();
    const after = await t.db.query<{ key: string; failures: number }>('SELECT key, failures FROM idp_login_failures ORDER BY key');
    expect(after.rows.map((r) => r.failures)).toEqual([5, 5]);
    expect(after.rows.some((r) => r.key === 'user:admin')).toBe(false);
  });

  it('a new password (users CLI) lifts the slow-down on that account at every address', async () => {
    await t.db.query('DELETE FROM idp_login_failures');
    await addUser(t.db, { username: 'rosa', password: 'contraseña-vieja' });
    const c = client();
    const page = await c.openLoginPage();
    for (let attempt = 1; attempt <= 5; attempt++)
      expect((await c.submitLogin(page.html, 'rosa', `intento-${attempt}`)).response.status).toBe(401);
    expect((await c.submitLogin(page.html, 'rosa', 'contraseña-vieja')).response.status).toBe(429);

    await setPassword(t.db, 'rosa', 'contraseña-nueva');
    const ok = await c.submitLogin(page.html, 'rosa', 'contraseña-nueva');
    expect(ok.code).toBeDefined();
  });

  it('slows down one address trying many usernames', async () => {
    await t.db.query('DELETE FROM idp_login_failures');
    const c = client();
    const page = await c.openLoginPage();
    for (let n = 1; n <= 20; n++) {
      const failed = await c.submitLogin(page.html, `usuario${n}`, 'adivinanza');
      expect(failed.response.status).toBe(401);
    }
    const blocked = await c.submitLogin(page.html, 'otro', 'adivinanza');
    expect(blocked.response.status).toBe(429);
  });

  it('refuses an expired or unknown sign-in with a Spanish page', async () => {
    const response = await fetch(`${t.publicUrl}/oidc/interaction/no-existe`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('El inicio de sesión expiró o ya se usó.');
  });
});
