// What the request log line says about a request. Fastify's default prints the whole URL, and
// URLs carry credentials: the authorization code on /auth/callback, the ID token in
// id_token_hint on logout, a token someone sends as ?access_token=. Those values are hidden;
// the path and the other parameters stay, so the line still says what was asked.
import type { FastifyRequest } from 'fastify';

export const CENSOR = '[oculto]';

/** Paths pino hides wherever a header object is logged. */
export const REDACTED_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'];

/** Query parameters that are, or lead to, a credential (OAuth 2.0, OpenID Connect, and the obvious). */
const SENSITIVE_PARAMS = new Set([
  'code',
  'state',
  'code_verifier',
  'id_token',
  'id_token_hint',
  'access_token',
  'refresh_token',
  'token',
  'client_secret',
  'client_assertion',
  'assertion',
  'password',
  'session_state',
  'logout_hint',
]);

function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).trim().toLowerCase();
  } catch {
    return raw.trim().toLowerCase();
  }
}

/** `/auth/callback?code=abc&state=x&iss=y` → `/auth/callback?code=[oculto]&state=[oculto]&iss=y`. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return SENSITIVE_PARAMS.has(paramName(name)) ? `${name}=${CENSOR}` : pair;
    });
  return `${url.slice(0, question)}?${query.join('&')}`;
}

/** Fastify's request serializer with the URL's credentials hidden (and no headers at all). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export const LOG_SERIALIZERS = { req: serializeRequest };
