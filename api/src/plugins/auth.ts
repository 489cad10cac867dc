// Bearer JWT access tokens, checked the same way for the embedded identity provider and for
// any external OpenID Connect provider (ARCHITECTURE §4, §7): keys from the issuer's JWKS found
// by discovery (a new `kid` makes jose fetch the set again, so key rotation needs no restart),
// issuer, audience, exp/nbf with at most 60 s of clock skew, and only asymmetric algorithms —
// so `alg: none` and an HS256 token "signed" with the public key are refused.
// Tokens are never logged: failures log only the reason code.
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { AppError } from '../http/errors';

export interface AuthUser {
  sub: string;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser;
  }
}

export const ALLOWED_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
export const CLOCK_TOLERANCE_SECONDS = 60;

export interface AuthOptions {
  issuer: string;
  audience: string;
  /** Minimum time between two JWKS downloads triggered by an unknown `kid` (jose's default 30 s). */
  jwksCooldownMs?: number;
}

const unauthorized = () => new AppError('UNAUTHORIZED');

/** RFC 9068 access tokens say `at+jwt`; many providers say `JWT` or nothing. */
function acceptableTyp(typ: unknown): boolean {
  if (typ === undefined) return true;
  if (typeof typ !== 'string') return false;
  const t = typ.toLowerCase().replace(/^application\//, '');
  return t === 'at+jwt' || t === 'jwt';
}

export function displayName(payload: JWTPayload): string {
  for (const claim of ['name', 'preferred_username', 'email']) {
    const value = payload[claim];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return String(payload.sub);
}

export function createAuthenticator({ issuer, audience, jwksCooldownMs = 30_000 }: AuthOptions) {
  let jwks: ReturnType<typeof createRemoteJWKSet> | null = null;
  let discovering: Promise<ReturnType<typeof createRemoteJWKSet>> | null = null;

  // Discovery runs on first use (the embedded provider is this same server, up only after
  // listen) and again after a failure.
  async function keySet() {
    if (jwks) return jwks;
    discovering ??= (async () => {
      const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000), headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      const metadata = (await response.json()) as { issuer?: string; jwks_uri?: string };
      if (metadata.issuer !== issuer) throw new Error('discovery issuer mismatch');
      if (!metadata.jwks_uri) throw new Error('discovery without jwks_uri');
      jwks = createRemoteJWKSet(new URL(metadata.jwks_uri), { cooldownDuration: jwksCooldownMs, timeoutDuration: 10_000 });
      return jwks;
    })().finally(() => {
      discovering = null;
    });
    return discovering;
  }

  async function verify(token: string): Promise<AuthUser> {
    let keys: ReturnType<typeof createRemoteJWKSet>;
    try {
      keys = await keySet();
    } catch {
      throw new AppError('UNAVAILABLE', 'No fue posible verificar la sesión: el proveedor de identidad no responde. Inténtalo de nuevo.');
    }
    try {
      const { payload, protectedHeader } = await jwtVerify(token, keys, {
        issuer,
        audience,
        algorithms: ALLOWED_ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp', 'sub'],
      });
      if (!acceptableTyp(protectedHeader.typ)) throw unauthorized();
      if (typeof payload.sub !== 'string' || !payload.sub) throw unauthorized();
      return { sub: payload.sub, name: displayName(payload) };
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The JWKS endpoint itself failing is an outage, not a bad token.
      if (error instanceof joseErrors.JWKSTimeout || (error instanceof TypeError && /fetch/i.test(error.message))) {
        throw new AppError('UNAVAILABLE', 'No fue posible verificar la sesión: el proveedor de identidad no responde. Inténtalo de nuevo.');
      }
      throw unauthorized();
    }
  }

  const hook: onRequestHookHandler = async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer +([A-Za-z0-9\-_=.~+/]+)\s*$/i.exec(header) : null;
    if (!match) throw unauthorized();
    try {
      request.user = await verify(match[1]);
    } catch (error) {
      request.log.info({ reason: (error as { code?: string }).code }, 'token rejected');
      throw error;
    }
  };

  return { verify, hook };
}
