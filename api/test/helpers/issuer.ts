// A local OpenID Connect issuer for tests: real RS256 keys (jose), discovery and JWKS served
// over HTTP on an ephemeral loopback port, exactly what the API fetches from a real provider.
// `token()` signs a valid access token; the other helpers sign the ones the API must refuse.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createLocalJWKSet,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type JWK,
  type JWTPayload,
  type CryptoKey,
} from 'jose';

export const TEST_AUDIENCE = 'almacen-api';

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  jwk: JWK;
}

export interface TokenOptions {
  /** Seconds from now; negative = already expired; null = no `exp` claim. Default 300. */
  expiresIn?: number | null;
  /** Seconds from now for `nbf`. */
  notBefore?: number;
  issuer?: string;
  audience?: string;
  typ?: string;
  /** Sign with a key that the JWKS does not publish. */
  key?: SigningKey;
}

export interface TestIssuer {
  url: string;
  /** Valid access token for `sub` (default "user-1") named "Ana Pérez" unless claims say otherwise. */
  token(claims?: JWTPayload, options?: TokenOptions): Promise<string>;
  /** A fresh key pair that is NOT published. */
  unpublishedKey(): Promise<SigningKey>;
  /** Publishes a new signing key (and by default drops the old one), like a provider rotating keys. */
  rotate(options?: { keepOld?: boolean }): Promise<void>;
  /** PEM of the current public key (for the HS256 key-confusion attack). */
  publicKeyPem(): Promise<string>;
  currentKid(): string;
  /** How many times the JWKS was downloaded. */
  jwksRequests(): number;
  /**
   * What the userinfo endpoint (published in discovery) answers for a valid access token of
   * `sub`: these claims plus `sub` itself (or `sub` overridden, to test a provider answering about
   * someone else). A sub with nothing set gets just `{ sub }`. Tokens it did not sign get 401.
   */
  setUserinfo(sub: string, claims: Record<string, unknown>): void;
  /** How many times userinfo was asked. */
  userinfoRequests(): number;
  close(): Promise<void>;
}

let counter = 0;
async function newKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = `test-key-${++counter}-${Date.now().toString(36)}`;
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey, publicKey, jwk };
}

export interface TestIssuerOptions {
  /** Publish a userinfo_endpoint in discovery (off by default: most providers' tokens carry what the API needs). */
  userinfo?: boolean;
}

export async function startTestIssuer({ userinfo: publishUserinfo = false }: TestIssuerOptions = {}): Promise<TestIssuer> {
  let current = await newKey();
  let published: SigningKey[] = [current];
  let jwksRequests = 0;
  let userinfoRequests = 0;
  const userinfo = new Map<string, Record<string, unknown>>();
  let url = '';

  async function answerUserinfo(authorization: string | undefined): Promise<{ status: number; body: unknown }> {
    const match = /^Bearer (\S+)$/.exec(authorization ?? '');
    if (!match) return { status: 401, body: { error: 'invalid_token' } };
    try {
      const { payload } = await jwtVerify(match[1], createLocalJWKSet({ keys: published.map((k) => k.jwk) }), {
        issuer: url,
        audience: TEST_AUDIENCE,
      });
      return { status: 200, body: { sub: payload.sub, ...userinfo.get(String(payload.sub)) } };
    } catch {
      return { status: 401, body: { error: 'invalid_token' } };
    }
  }

  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/.well-known/openid-configuration')
      return send(200, { issuer: url, jwks_uri: `${url}/jwks`, ...(publishUserinfo ? { userinfo_endpoint: `${url}/userinfo` } : {}) });
    if (req.url === '/userinfo' && publishUserinfo) {
      userinfoRequests++;
      void answerUserinfo(req.headers.authorization).then(({ status, body }) => send(status, body));
      return;
    }
    if (req.url === '/jwks') {
      jwksRequests++;
      return send(200, { keys: published.map((k) => k.jwk) });
    }
    return send(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    async token(claims = {}, options = {}) {
      const key = options.key ?? current;
      const now = Math.floor(Date.now() / 1000);
      const jwt = new SignJWT({ name: 'Ana Pérez', ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: options.typ ?? 'at+jwt' })
        .setIssuer(options.issuer ?? url)
        .setAudience(options.audience ?? TEST_AUDIENCE)
        .setSubject(typeof claims.sub === 'string' ? claims.sub : 'user-1')
        .setIssuedAt(now);
      if (options.expiresIn !== null) jwt.setExpirationTime(now + (options.expiresIn ?? 300));
      if (options.notBefore !== undefined) jwt.setNotBefore(now + options.notBefore);
      return jwt.sign(key.privateKey);
    },
    unpublishedKey: newKey,
    async rotate({ keepOld = false } = {}) {
      current = await newKey();
      published = keepOld ? [current, ...published] : [current];
    },
    publicKeyPem: () => exportSPKI(current.publicKey),
    currentKid: () => current.kid,
    jwksRequests: () => jwksRequests,
    setUserinfo: (sub, claims) => void userinfo.set(sub, claims),
    userinfoRequests: () => userinfoRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
