// What the first screen needs from the network and can get without the app's code: the runtime
// configuration (in the page the API sends, else /config.json), the code exchange on
// /auth/callback and GET /api/me. index.ts starts it before its async boundary, so it goes out
// while the browser is still downloading React, Fluent UI and the rest; bootstrap.tsx takes the
// results. Nothing here uses a shared module: it runs before the share scope exists.
import {
  CALLBACK_PATH,
  createOidcSession,
  effectiveApiBaseUrl,
  inlineRuntimeConfig,
  loadRuntimeConfig,
  type OidcSession,
  type RuntimeConfig,
} from '@almacen/shared/session';

export interface Startup {
  config: RuntimeConfig;
  /** The sign-in; on /auth/callback its completeSignIn is the exchange already under way. */
  session: OidcSession;
  /** fetch for the API client: the first GET /api/me with the same token gets the answer asked early. */
  fetch: typeof fetch;
}

let started: Promise<Startup> | undefined;

/** Starts once; later calls get the same promise. */
export function startup(): Promise<Startup> {
  started ??= begin();
  return started;
}

async function begin(): Promise<Startup> {
  const config = inlineRuntimeConfig() ?? (await loadRuntimeConfig());
  const session = createOidcSession(config.oidc);
  let early: OidcSession = session;
  let token: Promise<string | null>;
  if (window.location.pathname === CALLBACK_PATH) {
    // The code can be exchanged once: the callback page gets this exchange, not a second one.
    const exchange = session.completeSignIn();
    early = { ...session, completeSignIn: () => exchange };
    token = exchange.then(
      () => session.getAccessToken(),
      () => null,
    );
  } else {
    token = session.getAccessToken().catch(() => null);
  }
  return { config, session: early, fetch: handOver(`${effectiveApiBaseUrl(config.apiBaseUrl)}/api/me`, token) };
}

interface EarlyAnswer {
  token: string;
  response: Promise<Response>;
}

const requestUrl = (input: RequestInfo | URL) => new URL(input instanceof Request ? input.url : String(input), window.location.href).href;

/**
 * Asks `url` with the session's token as soon as there is one, and gives that answer to the first
 * request for it with the same token; every other request, and that one when the token changed,
 * goes to the network as usual. The answer is given once (a body is read once).
 */
function handOver(url: string, token: Promise<string | null>): typeof fetch {
  const target = new URL(url, window.location.href).href;
  let pending: Promise<EarlyAnswer | null> | null = token.then((value) =>
    value ? { token: value, response: fetch(target, { headers: { Accept: 'application/json', Authorization: `Bearer ${value}` } }) } : null,
  );
  return async (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (pending && method === 'GET' && requestUrl(input) === target) {
      const answer = await pending;
      pending = null;
      if (answer && new Headers(init?.headers).get('authorization') === `Bearer ${answer.token}`) return answer.response;
    }
    return fetch(input, init);
  };
}
