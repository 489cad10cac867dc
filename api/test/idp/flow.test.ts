// The authorization code flow with PKCE over HTTP, as the portal runs it: the JWT access token
// the embedded provider issues is accepted by the API itself (issuer, audience, keys found by
// discovery); refresh tokens rotate; the flow refuses what the portal must never use.
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { addUser } from '../../src/idp/users';
import { ADMIN_PASSWORD, startIdpApp, type IdpApp } from './idp-app';
import { OidcTestClient, type TokenSet } from './oidc-client';

// Each file starts a server on a fresh database and hashes passwords with scrypt: slow on a busy machine.
jest.setTimeout(60_000);

let t: IdpApp;
beforeAll(async () => {
  // Lucía calls the API: she needs a role; ADMIN_USERS names her by username.
  t = await startIdpApp({ env: { ADMIN_USERS: 'admin,lucia' } });
  await addUser(t.db, { username: 'lucia', name: 'Lucía Hernández', email: 'lucia@example.mx', password: 'almacen-2024' });
});
afterAll(async () => {
  await t.close();
});

const client = () => new OidcTestClient({ publicUrl: t.publicUrl });
const callApi = (token: string) => fetch(`${t.publicUrl}/api/catalog/product-units`, { headers: { authorization: `Bearer ${token}` } });

describe('authorization code + PKCE', () => {
  let tokens: TokenSet;

  it('yields a JWT access token for the API audience that the API accepts', async () => {
    tokens = await client().signIn('lucia', 'almacen-2024');
    expect(tokens.token_type).toBe('Bearer');
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({
      iss: `${t.publicUrl}/oidc`,
      aud: 'almacen-api',
      client_id: 'almacen-portal',
      name: 'Lucía Hernández',
      preferred_username: 'lucia',
      email: 'lucia@example.mx',
    });
    // Five minutes: a token taken before signing out stops working soon (it cannot be revoked,
    // the API checks it on its own); the portal renews it with its refresh token before then.
    expect(claims.exp! - claims.iat!).toBe(5 * 60);
    expect(tokens.expires_in).toBe(5 * 60);

    // The ID token tells the shell who signed in.
    expect(decodeJwt(tokens.id_token)).toMatchObject({ aud: 'almacen-portal', name: 'Lucía Hernández', email: 'lucia@example.mx' });

    const response = await callApi(tokens.access_token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: [] });
  });

  it('answers userinfo for the portal access token and refuses other tokens', async () => {
    const me = await fetch(`${t.publicUrl}/oidc/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      sub: decodeJwt(tokens.access_token).sub,
      name: 'Lucía Hernández',
      preferred_username: 'lucia',
      email: 'lucia@example.mx',
      email_verified: false,
    });
    for (const token of [tokens.id_token, `${tokens.access_token}x`, 'nada']) {
      const refused = await fetch(`${t.publicUrl}/oidc/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(refused.status).toBe(401);
    }
    expect((await fetch(`${t.publicUrl}/oidc/me`)).status).toBe(401);
  });

  it('does not let the API accept the ID token or a tampered access token', async () => {
    expect((await callApi(tokens.id_token)).status).toBe(401);
    const [header, payload, signature] = tokens.access_token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...decodeJwt(tokens.access_token), name: 'Otra persona' })).toString('base64url');
    expect((await callApi(`${header}.${forged}.${signature}`)).status).toBe(401);
    expect(payload).not.toBe(forged);
  });

  it('rotates refresh tokens: each use returns a new one and the old one stops working', async () => {
    const c = client();
    const first = await c.signIn('admin', ADMIN_PASSWORD);
    expect(first.refresh_token).toBeDefined();

    const renewed = await c.refresh(first.refresh_token!);
    expect(renewed.status).toBe(200);
    const second = (await renewed.json()) as TokenSet;
    expect(second.refresh_token).toBeDefined();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.access_token)).toMatchObject({ aud: 'almacen-api', preferred_username: 'admin' });
    expect((await callApi(second.access_token)).status).toBe(200);

    const replay = await c.refresh(first.refresh_token!);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a code exchanged with the wrong PKCE verifier, and a code used twice', async () => {
    const c = client();
    const page = await c.openLoginPage();
    const { code } = await c.submitLogin(page.html, 'lucia', 'almacen-2024');
    const wrong = await c.exchangeCode(code!, 'x'.repeat(43));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });

    const c2 = client();
    const page2 = await c2.openLoginPage();
    const second = await c2.submitLogin(page2.html, 'lucia', 'almacen-2024');
    expect((await c2.exchangeCode(second.code!)).status).toBe(200);
    expect((await c2.exchangeCode(second.code!)).status).toBe(400);
  });

  it('requires PKCE and offers only the code flow', async () => {
    const c = client();
    const noPkce = await c.request(c.authorizationUrl({ code_challenge: '', code_challenge_method: '' }));
    const location = new URL(noPkce.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(c.redirectUri);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/requires PKCE/);

    const implicit = await c.request(c.authorizationUrl({ response_type: 'id_token token' }));
    const implicitError = new URL(implicit.headers.get('location')!, t.publicUrl);
    expect(implicitError.searchParams.get('error') ?? new URLSearchParams(implicitError.hash.slice(1)).get('error')).toBe(
      'unsupported_response_type',
    );

    const discovery = (await (await fetch(`${t.publicUrl}/oidc/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery.response_types_supported).toEqual(['code']);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('never redirects to an address that is not registered', async () => {
    const c = client();
    const response = await c.request(c.authorizationUrl({ redirect_uri: 'https://malicioso.example/auth/callback' }));
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('La dirección de regreso de la aplicación no está registrada.');
  });

  it('ends the session: the portal is sent back to "/" and its refresh token dies', async () => {
    const c = client();
    const signedIn = await c.signIn('lucia', 'almacen-2024');
    const postLogout = `${t.publicUrl}/`;
    const logout = await c.request(
      `${c.issuer}/session/end?${new URLSearchParams({ id_token_hint: signedIn.id_token, post_logout_redirect_uri: postLogout, client_id: 'almacen-portal' })}`,
    );
    expect(logout.status).toBe(200);
    const html = await logout.text();
    // The portal already asked: the page submits itself (an external script, no inline one).
    expect(html).toContain('data-auto');
    expect(html).toContain('<script src="/oidc/assets/logout.js" defer></script>');
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"><input type="hidden" name="xsrf" value="([^"]+)"/.exec(html)!;
    const confirmed = await c.postForm(action[1], { xsrf: action[2], logout: 'yes' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(postLogout);

    const refresh = await c.refresh(signedIn.refresh_token!);
    expect(refresh.status).toBe(400);
  });
});
