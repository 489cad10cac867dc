// Bearer JWT access tokens, checked the same way for the embedded identity provider and for
// any external OpenID Connect provider (ARCHITECTURE.md, "API conventions" and "Identity provider"): keys from the issuer's JWKS found
// by discovery (a new `kid` makes jose fetch the set again, so key rotation needs no restart),
// issuer, audience, exp/nbf with at most 60 s of clock skew, and only asymmetric algorithms —
// so `alg: none` and an HS256 token "signed" with the public key are refused.
// Tokens are never logged: failures log only the reason code.
//
// A browser sends the same token with every call for minutes, and checking its RSA signature was
// half of the server's CPU time per request (`node --cpu-prof`). So a token that passed
// every check is remembered — by its SHA-256, never in clear — and a later call with it skips only
// the signature arithmetic, and only while nothing it relied on can have changed: jose still picks
// the key for the token from the current key set and it must be the very same key object (a
// refreshed or rotated JWKS makes new ones, so the token is checked in full again), the token must
// not have expired (same 60 s skew as jose), and at most 60 s after the full check. Refusals are
// never remembered; at most 1,000 tokens are. What comes after (the access check) runs every time.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { createRemoteJWKSet, decodeProtectedHeader, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { AppError } from '../http/errors';

export interface AuthUser {
  sub: string;
  name: string;
}

/** What a verified access token says, for the access check (access/guard.ts). */
export interface VerifiedToken {
  /** The bearer token itself, to ask the provider's userinfo endpoint when the token lacks a claim. */
  raw: string;
  payload: JWTPayload;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser;
    token: VerifiedToken;
  }
}

export const ALLOWED_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
export const CLOCK_TOLERANCE_SECONDS = 60;
/** How long a fully checked token is remembered at most, and how many tokens. */
export const REMEMBER_MS = 60_000;
export const REMEMBER_MAX = 1_000;

type KeySet = ReturnType<typeof createRemoteJWKSet>;
type VerificationKey = Awaited<ReturnType<JWTVerifyGetKey>>;

interface Remembered {
  payload: JWTPayload;
  /** The key object jose gave for this token when its signature was checked. */
  key: VerificationKey;
  /** Date.now() after which the token is checked in full again (expiry with skew, or REMEMBER_MS). */
  until: number;
}

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
  let userinfoEndpoint: string | null = null;
  let discovering: Promise<ReturnType<typeof createRemoteJWKSet>> | null = null;

  // Discovery runs on first use (the embedded provider is this same server, up only after
  // listen) and again after a failure.
  async function keySet() {
    if (jwks) return jwks;
    discovering ??= (async () => {
      const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000), headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      const metadata = (await response.json()) as { issuer?: string; jwks_uri?: string; userinfo_endpoint?: string };
      if (metadata.issuer !== issuer) throw new Error('discovery issuer mismatch');
      if (!metadata.jwks_uri) throw new Error('discovery without jwks_uri');
      userinfoEndpoint = typeof metadata.userinfo_endpoint === 'string' ? metadata.userinfo_endpoint : null;
      jwks = createRemoteJWKSet(new URL(metadata.jwks_uri), { cooldownDuration: jwksCooldownMs, timeoutDuration: 10_000 });
      return jwks;
    })().finally(() => {
      discovering = null;
    });
    return discovering;
  }

  const remembered = new Map<string, Remembered>();

  /** The claims of a token checked in full before, if that check still holds (see the top). */
  async function recall(digest: string, token: string, keys: KeySet): Promise<JWTPayload | null> {
    const entry = remembered.get(digest);
    if (!entry) return null;
    if (Date.now() < entry.until) {
      try {
        if ((await keys(decodeProtectedHeader(token))) === entry.key) return entry.payload;
      } catch {
        // No key for it any more (or the JWKS cannot be read): the full check decides.
      }
    }
    remembered.delete(digest);
    return null;
  }

  async function verifyToken(token: string): Promise<VerifiedToken> {
    let keys: KeySet;
    try {
      keys = await keySet();
    } catch {
      throw new AppError('UNAVAILABLE', 'No fue posible verificar la sesión: el proveedor de identidad no responde. Inténtalo de nuevo.');
    }
    const digest = createHash('sha256').update(token).digest('base64url');
    const known = await recall(digest, token, keys);
    if (known) return { raw: token, payload: known };

    let key: VerificationKey | undefined;
    const keyFor: JWTVerifyGetKey = async (header, jws) => (key = await keys(header, jws));
    try {
      const { payload, protectedHeader } = await jwtVerify(token, keyFor, {
        issuer,
        audience,
        algorithms: ALLOWED_ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp', 'sub'],
      });
      if (!acceptableTyp(protectedHeader.typ)) throw unauthorized();
      if (typeof payload.sub !== 'string' || !payload.sub) throw unauthorized();
      // requiredClaims makes exp a number here; jose refuses once exp <= now - skew.
      const until = Math.min(Date.now() + REMEMBER_MS, ((payload.exp as number) + CLOCK_TOLERANCE_SECONDS) * 1000);
      if (key && remembered.size >= REMEMBER_MAX) remembered.delete(remembered.keys().next().value!);
      if (key) remembered.set(digest, { payload, key, until });
      return { raw: token, payload };
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The JWKS endpoint itself failing is an outage, not a bad token.
      if (error instanceof joseErrors.JWKSTimeout || (error instanceof TypeError && /fetch/i.test(error.message))) {
        throw new AppError('UNAVAILABLE', 'No fue posible verificar la sesión: el proveedor de identidad no responde. Inténtalo de nuevo.');
      }
      throw unauthorized();
    }
  }

  async function verify(token: string): Promise<AuthUser> {
    const { payload } = await verifyToken(token);
    return { sub: payload.sub as string, name: displayName(payload) };
  }

  const hook: onRequestHookHandler = async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer +([A-Za-z0-9\-_=.~+/]+)\s*$/i.exec(header) : null;
    if (!match) throw unauthorized();
    try {
      request.token = await verifyToken(match[1]);
      request.user = { sub: request.token.payload.sub as string, name: displayName(request.token.payload) };
    } catch (error) {
      request.log.info({ reason: (error as { code?: string }).code }, 'token rejected');
      throw error;
    }
  };

  /** The provider's userinfo endpoint from discovery (null until discovered, or when it publishes none). */
  const userinfoUrl = () => userinfoEndpoint;

  return { verify, hook, userinfoUrl };
}
