// Configuration of the embedded OpenID Connect provider (oidc-provider 9, a certified
// implementation). One first-party public client — the portal's shell — using the authorization
// code flow with PKCE (S256) only; refresh tokens rotate on every use; access tokens are JWTs
// for OIDC_AUDIENCE (RFC 8707 resource indicators), so the API checks them exactly as it would
// check an external provider's. Sessions, codes and tokens live in PostgreSQL (adapter.ts).
import { isDeactivated } from '../access/users';
import type { Config } from '../config';
import type { Db } from '../db/pool';
import { createAdapterClass } from './adapter';
import { loadCookieKeys, loadSigningKeys } from './secrets';
import type { OidcClient, OidcContext, OidcProvider, OidcToken, ProviderModule } from './types';
import { findUserById, type IdpUser } from './users';
import { errorPage, errorText, loggedOutPage, logoutPage } from './views';

// oidc-provider is ES-module only while the API runs as CommonJS: load it with import().
// The specifier goes through a variable so TypeScript does not look for its (absent) types.
const OIDC_PROVIDER_MODULE = 'oidc-provider';
export const loadProviderModule = () => import(OIDC_PROVIDER_MODULE) as Promise<ProviderModule>;

/**
 * Lifetimes in seconds. A working day for the session. Access tokens are short because nothing
 * can revoke them — the API checks them on its own — so one taken before signing out works at
 * most 5 minutes more; the portal renews its own a minute before expiry with the refresh token,
 * which signing out does end.
 */
export const TTL = {
  AccessToken: 5 * 60,
  AuthorizationCode: 60,
  IdToken: 60 * 60,
  Interaction: 60 * 60,
  Session: 12 * 60 * 60,
  Grant: 12 * 60 * 60,
  RefreshToken: 12 * 60 * 60,
};

/** The RFC 8707 resource indicator naming the API (it must be an absolute URI). */
export function resourceIndicatorFor(audience: string): string {
  try {
    new URL(audience);
    return audience;
  } catch {
    return `urn:almacen:${audience}`;
  }
}

/** The portal's own callback, plus the dev servers' only when OIDC_DEV_ORIGINS names them (`npm run dev`). */
export function redirectUris(config: Config) {
  const shells = [...new Set([config.publicUrl, ...config.oidcDevOrigins])];
  return {
    redirect: shells.map((origin) => `${origin}/auth/callback`),
    postLogout: shells.map((origin) => `${origin}/`),
    origins: new Set([...shells.map((s) => new URL(s).origin), ...config.corsOrigins.map((o) => new URL(o).origin)]),
  };
}

function userClaims(user: IdpUser) {
  return {
    sub: String(user.id),
    name: user.name,
    preferred_username: user.username,
    ...(user.email ? { email: user.email, email_verified: false } : {}),
    ...(user.picture ? { picture: user.picture } : {}),
  };
}

export async function createProvider(config: Config, db: Db): Promise<OidcProvider> {
  const { default: Provider, errors } = await loadProviderModule();
  const InvalidGrant = errors.InvalidGrant as unknown as new (detail: string) => Error;
  const [jwks, cookieKeys] = await Promise.all([loadSigningKeys(db, config), loadCookieKeys(db, config)]);
  const uris = redirectUris(config);
  const resource = resourceIndicatorFor(config.oidcAudience);
  const portalUrl = `${config.publicUrl}/`;
  const isPortal = (client?: OidcClient) => client?.clientId === config.oidcClientId;

  const provider = new Provider(config.oidcIssuer, {
    adapter: createAdapterClass(db, { alreadyUsed: (model) => new InvalidGrant(`${model} already used`) }),
    jwks,
    cookies: { keys: cookieKeys },
    clients: [
      {
        client_id: config.oidcClientId,
        client_name: 'Almacén',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: uris.redirect,
        post_logout_redirect_uris: uris.postLogout,
      },
    ],
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'picture'],
      email: ['email', 'email_verified'],
    },
    // Name and e-mail go into the ID token itself: the access token is for the API, not for
    // the userinfo endpoint, so the shell reads the person from the ID token.
    conformIdTokenClaims: false,
    ttl: { ...TTL },
    rotateRefreshToken: true,
    // The portal gets a refresh token (bound to the provider session, so signing out ends it)
    // without having to ask for prompt=consent, which offline_access would otherwise require.
    issueRefreshToken: async (_ctx: OidcContext, client: OidcClient) => client.grantTypeAllowed('refresh_token'),
    // An account deactivated in "Usuarios" is no account for the provider: its session no longer
    // signs it in and its refresh tokens are refused (invalid_grant), whatever is still stored.
    async findAccount(_ctx: OidcContext, id: string) {
      const user = await findUserById(db, id);
      if (!user || (await isDeactivated(db, config.oidcIssuer, String(user.id)))) return undefined;
      return { accountId: String(user.id), claims: async () => userClaims(user) };
    },
    // Access tokens carry who acts, so the API can record it without calling back here.
    async extraTokenClaims(_ctx: OidcContext, token: OidcToken) {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const user = await findUserById(db, token.accountId);
      if (!user) return undefined;
      const { sub: _sub, email_verified: _verified, ...claims } = userClaims(user);
      return claims;
    },
    // The portal is first-party: no consent screen. Its grant covers the scopes it asks for
    // and the API as a resource.
    async loadExistingGrant(ctx: OidcContext) {
      const { client, session, result, provider: self } = ctx.oidc;
      const grantId = result?.consent?.grantId ?? (client ? session?.grantIdFor(client.clientId) : undefined);
      const existing = grantId ? await self.Grant.find(grantId) : undefined;
      if (!client || !session?.accountId || !isPortal(client)) return existing;
      const grant = existing ?? new self.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid offline_access profile email');
      grant.addResourceScope(resource, 'almacen');
      await grant.save();
      return grant;
    },
    interactions: { url: async (_ctx: OidcContext, interaction: { uid: string }) => `/oidc/interaction/${interaction.uid}` },
    clientBasedCORS: (_ctx: OidcContext, origin: string) => uris.origins.has(origin),
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // The portal's own "Cerrar sesión" is the confirmation: its request (which carries the ID
        // token) signs out at once; any other asks first.
        async logoutSource(ctx: OidcContext, form: string) {
          ctx.type = 'html';
          ctx.body = logoutPage(form, { automatic: isPortal(ctx.oidc.client) && Boolean(ctx.oidc.entities.IdTokenHint) });
        },
        async postLogoutSuccessSource(ctx: OidcContext) {
          ctx.type = 'html';
          ctx.body = loggedOutPage(portalUrl);
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => resource,
        useGrantedResource: async () => true,
        async getResourceServerInfo(_ctx: OidcContext, indicator: string) {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: 'almacen',
            audience: config.oidcAudience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: TTL.AccessToken,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    async renderError(ctx: OidcContext, out: { error?: string }) {
      ctx.type = 'html';
      ctx.body = errorPage(errorText(out.error), portalUrl);
    },
  });
  // Behind a reverse proxy or not, the provider is told the public origin by the plugin
  // (index.ts), so the URLs it writes always match the issuer.
  provider.proxy = true;
  return provider;
}
