// The embedded provider as installed behind an https PUBLIC_URL: it sends the portal back only to
// the portal's own callback and lets only the portal's origin (and CORS_ORIGINS) read its token
// answers — the dev servers (http://localhost:3000–3004) only when OIDC_DEV_ORIGINS names them,
// as `npm run dev` does — and every answer it gives carries HSTS.
import { startIdpApp, type IdpApp } from './idp-app';
import { OidcTestClient } from './oidc-client';

// Each file starts servers on fresh databases and hashes passwords with scrypt: slow on a busy machine.
jest.setTimeout(60_000);

const PORTAL = 'https://portal.example.mx';
const DEV_SHELL = 'http://localhost:3000';

let prod: IdpApp;
let dev: IdpApp;
beforeAll(async () => {
  prod = await startIdpApp({ env: { PUBLIC_URL: PORTAL } });
  dev = await startIdpApp({ env: { OIDC_DEV_ORIGINS: `${DEV_SHELL}, http://localhost:3004` } });
});
afterAll(async () => {
  await prod?.close();
  await dev?.close();
});

/** An authorization request sent to `t`'s listening port, asking to come back to `redirectUri`. */
function authorize(t: IdpApp, redirectUri: string) {
  const client = new OidcTestClient({ publicUrl: t.publicUrl });
  return client.request(client.authorizationUrl({ redirect_uri: redirectUri }));
}

const tokenFrom = (t: IdpApp, origin: string) =>
  fetch(`${t.publicUrl}/oidc/token`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: 'no-existe',
      redirect_uri: `${origin}/auth/callback`,
      client_id: 'almacen-portal',
      code_verifier: 'x'.repeat(43),
    }),
  });

describe('callbacks and origins', () => {
  it('sends the portal back only to its own callback by default', async () => {
    const portal = await authorize(prod, `${PORTAL}/auth/callback`);
    expect(portal.status).toBe(303);
    expect(portal.headers.get('location')).toMatch(/^\/oidc\/interaction\/[\w-]+$/);

    for (const port of [3000, 3001, 3002, 3003, 3004]) {
      const devCallback = await authorize(prod, `http://localhost:${port}/auth/callback`);
      expect(devCallback.status).toBe(400);
      expect(devCallback.headers.get('location')).toBeNull();
      expect(await devCallback.text()).toContain('La dirección de regreso de la aplicación no está registrada.');
    }
  });

  it('lets only the portal origin read the token and userinfo answers by default', async () => {
    const own = await tokenFrom(prod, PORTAL);
    expect(own.headers.get('access-control-allow-origin')).toBe(PORTAL);
    expect((await own.json()) as object).toMatchObject({ error: 'invalid_grant' });

    const devShell = await tokenFrom(prod, DEV_SHELL);
    expect(devShell.headers.get('access-control-allow-origin')).toBeNull();
    const me = await fetch(`${prod.publicUrl}/oidc/me`, { headers: { origin: DEV_SHELL } });
    expect(me.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('accepts the dev servers named in OIDC_DEV_ORIGINS, and only those', async () => {
    const shell = await authorize(dev, `${DEV_SHELL}/auth/callback`);
    expect(shell.status).toBe(303);
    expect(shell.headers.get('location')).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
    expect((await authorize(dev, 'http://localhost:3004/auth/callback')).status).toBe(303);
    expect((await authorize(dev, 'http://localhost:3001/auth/callback')).status).toBe(400);
    expect((await tokenFrom(dev, DEV_SHELL)).headers.get('access-control-allow-origin')).toBe(DEV_SHELL);
  });
});

describe('HSTS', () => {
  it('is on discovery, the keys, the authorization endpoint, the sign-in page and errors when PUBLIC_URL is https', async () => {
    const hsts = 'max-age=31536000; includeSubDomains';
    const discovery = await fetch(`${prod.publicUrl}/oidc/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    expect(discovery.headers.get('strict-transport-security')).toBe(hsts);
    const { jwks_uri: jwksUri } = (await discovery.json()) as { jwks_uri: string };
    expect(jwksUri).toBe(`${PORTAL}/oidc/jwks`);

    const keys = await fetch(`${prod.publicUrl}/oidc/jwks`);
    expect(keys.status).toBe(200);
    expect(keys.headers.get('strict-transport-security')).toBe(hsts);

    const client = new OidcTestClient({ publicUrl: prod.publicUrl });
    const auth = await client.request(client.authorizationUrl({ redirect_uri: `${PORTAL}/auth/callback` }));
    expect(auth.status).toBe(303);
    expect(auth.headers.get('strict-transport-security')).toBe(hsts);
    const page = await client.request(auth.headers.get('location')!);
    expect(page.status).toBe(200);
    expect(page.headers.get('strict-transport-security')).toBe(hsts);

    const refused = await authorize(prod, 'http://localhost:3000/auth/callback');
    expect(refused.headers.get('strict-transport-security')).toBe(hsts);
    expect((await tokenFrom(prod, PORTAL)).headers.get('strict-transport-security')).toBe(hsts);
  });

  it('is not sent over plain http (it would pin a name that has no certificate)', async () => {
    const discovery = await fetch(`${dev.publicUrl}/oidc/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    expect(discovery.headers.get('strict-transport-security')).toBeNull();
  });
});
