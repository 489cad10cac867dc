// OpenID Connect sign-in with oidc-client-ts: authorization code + PKCE (S256), against whatever
// issuer /config.json names, found by discovery only — no provider-specific code. Used by the shell
// (and by a remote's standalone bootstrap, which plays the shell's part during development).
import { UserManager, type User } from 'oidc-client-ts';
import type { CurrentUser } from '../platform-context';
import type { OidcRuntimeConfig } from '../runtime-config';

/** Redirect URIs are fixed, exact paths: providers compare them character by character. */
export const CALLBACK_PATH = '/auth/callback';

export interface OidcSession {
  /** The signed-in user with a usable token (renewed first if it had expired), or null. */
  getUser(): Promise<CurrentUser | null>;
  getAccessToken(): Promise<string | null>;
  /** One renewal (refresh token); the new access token, or null when the session is over. */
  renewAccessToken(): Promise<string | null>;
  /** Leaves for the provider's login; `returnTo` is where the callback sends the user back. */
  signIn(returnTo?: string): Promise<void>;
  /** Finishes the code exchange on /auth/callback; resolves to the path to return to. */
  completeSignIn(url?: string): Promise<string>;
  /** Ends the provider session and comes back to "/". */
  signOut(): Promise<void>;
  /** On "/" after the provider's sign-out: forgets the sign-out request it answered (its `state`). */
  completeSignOut(url?: string): Promise<void>;
  /** Called whenever the user changes (signed in, renewed, signed out). */
  subscribe(listener: (user: CurrentUser | null) => void): () => void;
}

export function toCurrentUser(user: User): CurrentUser {
  const profile = user.profile;
  const fullName = [profile.given_name, profile.family_name].filter(Boolean).join(' ');
  return {
    name: profile.name || fullName || profile.preferred_username || profile.email || profile.sub,
    email: profile.email ?? '',
    ...(profile.picture ? { picture: profile.picture } : {}),
  };
}

/** Claims about the token, not the person: userinfo must not replace the ID token's. */
const PROTOCOL_CLAIMS = ['iss', 'aud', 'exp', 'nbf', 'iat', 'auth_time', 'nonce', 'acr', 'amr', 'azp', 'at_hash', 'c_hash', 'sid', 'jti'];

function withoutProtocolClaims(claims: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(claims).filter(([name]) => !PROTOCOL_CLAIMS.includes(name)));
}

function randomNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Only same-site paths are accepted as a return address (no open redirect through `state`). */
function safeReturnTo(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/dashboard';
}

export function createOidcSession(config: OidcRuntimeConfig, origin = window.location.origin): OidcSession {
  const manager = new UserManager({
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: config.scope,
    extraQueryParams: config.extraQueryParams,
    // Renews shortly before expiry with the refresh token (scope offline_access).
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: 60,
    // The discovery document the server put in the configuration, when it has one: no request.
    ...(config.metadata ? { metadata: config.metadata } : {}),
    // Userinfo is asked after the sign-in and each renewal (below), not before them.
    loadUserInfo: false,
    monitorSession: false,
  });

  // Name, e-mail and picture may come only from the userinfo endpoint, depending on the provider.
  // The sign-in and the renewals do not wait for it: the access token is usable at once, so the
  // API is called while userinfo is on its way; its claims then join the profile and the listeners
  // hear of the user again. A failure keeps the ID token's claims, as a provider without the
  // endpoint does.
  let profiledToken: string | undefined;
  const addUserInfo = async (user: User) => {
    if (profiledToken === user.access_token) return;
    profiledToken = user.access_token;
    try {
      const endpoint = await manager.metadataService.getUserInfoEndpoint();
      const response = await fetch(endpoint, { headers: { Accept: 'application/json', Authorization: `Bearer ${user.access_token}` } });
      if (!response.ok) return;
      const claims = (await response.json()) as Record<string, unknown>;
      const current = await manager.getUser();
      // Signed out or renewed meanwhile, or someone else's claims: left as they are.
      if (!current || current.access_token !== user.access_token || claims.sub !== current.profile.sub) return;
      current.profile = { ...current.profile, ...withoutProtocolClaims(claims) } as typeof current.profile;
      await manager.storeUser(current);
      await manager.events.load(current);
    } catch {
      // No endpoint, or it failed: the ID token's claims stay.
    }
  };
  manager.events.addUserLoaded((user) => void addUserInfo(user));

  // One renewal at a time: a refresh token is used once, and a second use of it is a replay the
  // provider answers by ending the session (the shell asks for a token early, and again on render).
  let renewing: Promise<User | null> | null = null;
  const renew = (): Promise<User | null> => {
    renewing ??= manager
      .signinSilent({ nonce: randomNonce() })
      .catch(() => null)
      .finally(() => {
        renewing = null;
      });
    return renewing;
  };

  const usable = async (): Promise<User | null> => {
    const user = await manager.getUser();
    if (!user) return null;
    if (!user.expired) return user;
    return user.refresh_token ? renew() : null;
  };

  return {
    async getUser() {
      const user = await usable();
      return user ? toCurrentUser(user) : null;
    },
    async getAccessToken() {
      return (await usable())?.access_token ?? null;
    },
    async renewAccessToken() {
      const user = await manager.getUser();
      if (!user?.refresh_token) return null;
      return (await renew())?.access_token ?? null;
    },
    async signIn(returnTo) {
      // A nonce is sent in the code flow too: some providers require one.
      await manager.signinRedirect({ nonce: randomNonce(), state: { returnTo: safeReturnTo(returnTo) } });
    },
    async completeSignIn(url) {
      const user = await manager.signinRedirectCallback(url);
      return safeReturnTo((user.state as { returnTo?: unknown } | undefined)?.returnTo);
    },
    async signOut() {
      try {
        // With `state` and the return address in the request (RP-Initiated Logout), providers
        // that send the person back only when the request carries a state do so too.
        await manager.signoutRedirect({ state: { returnTo: '/' }, post_logout_redirect_uri: `${origin}/` });
      } catch {
        // A provider without an end-session endpoint: forget the session locally at least.
        await manager.removeUser();
        window.location.assign('/');
      }
    },
    async completeSignOut(url) {
      await manager.signoutRedirectCallback(url).catch(() => undefined);
    },
    subscribe(listener) {
      const loaded = (user: User) => listener(toCurrentUser(user));
      const unloaded = () => listener(null);
      manager.events.addUserLoaded(loaded);
      manager.events.addUserUnloaded(unloaded);
      manager.events.addUserSignedOut(unloaded);
      return () => {
        manager.events.removeUserLoaded(loaded);
        manager.events.removeUserUnloaded(unloaded);
        manager.events.removeUserSignedOut(unloaded);
      };
    },
  };
}
