// The embedded OpenID Connect provider, mounted at /oidc when OIDC_ISSUER is unset
// (ARCHITECTURE.md, "Identity provider"). oidc-provider is a Koa application: every /oidc request except the sign-in
// pages and their assets is handed to it untouched — the reply is hijacked in onRequest, before
// Fastify reads the body, because the provider parses its own form and JSON bodies.
// The sign-in page (the provider's "interaction") and "Cambiar contraseña" (/oidc/account/password,
// the portal's «Cuenta» links it) are ours (pages.ts): Spanish, throttled and bounded, no consent
// screen for the portal; a password change is audited and ends the account's sessions, as an
// administrator's reset does.
import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { isDeactivated } from '../access/users';
import type { ModuleOptions } from '../modules/module';
import { sweepExpired } from './adapter';
import { PAGE_CSP, signInPages } from './pages';
import { createProvider, redirectUris } from './provider';
import { loadSigningKeys } from './secrets';
import { adminBanner, ensureAdmin, findUserById } from './users';
import { LOGO_SVG, LOGOUT_SCRIPT, STYLESHEET } from './views';

export { ACCOUNT_DISABLED_LOGIN, BAD_CREDENTIALS, PASSWORD_MESSAGES } from './pages';

const SWEEP_EVERY_MS = 10 * 60 * 1000;
const HSTS = 'max-age=31536000; includeSubDomains';

export interface IdpOptions extends ModuleOptions {
  /** Where the one-time administrator password is written (stdout by default). */
  print?: (text: string) => void;
}

const idp: FastifyPluginAsync<IdpOptions> = async (app, { db, config, metrics, print = (text) => process.stdout.write(text) }) => {
  const mountPath = app.prefix || '/oidc';
  const provider = await createProvider(config, db);
  const handle = provider.callback();
  const publicUrl = new URL(config.publicUrl);
  const portalUrl = `${config.publicUrl}/`;

  if (config.oidcDevOrigins.length && publicUrl.protocol === 'https:') {
    app.log.warn(
      { origins: config.oidcDevOrigins },
      'OIDC_DEV_ORIGINS: el inicio de sesión acepta servidores de desarrollo; en producción déjelo vacío.',
    );
  }

  const creation = await ensureAdmin(db, config.adminPassword);
  if (creation.created) print(adminBanner(creation, portalUrl));

  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'Error interno del proveedor de identidad.'));
  const sweeper = setInterval(() => {
    sweepExpired(db).catch((error: unknown) => app.log.warn({ err: error }, 'No se pudieron borrar las sesiones vencidas.'));
  }, SWEEP_EVERY_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  // The provider builds every URL it writes from the request's origin; it always gets the public
  // one, so they match the issuer whether a proxy sits in front or not, and a client cannot
  // steer them with forged X-Forwarded-* headers.
  app.addHook('onRequest', async (request) => {
    const headers = request.raw.headers;
    headers['x-forwarded-host'] = publicUrl.host;
    headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
    delete headers['x-forwarded-port'];
  });

  function securityHeaders(reply: FastifyReply) {
    reply.raw.setHeader('content-security-policy', PAGE_CSP);
    reply.raw.setHeader('x-content-type-options', 'nosniff');
    reply.raw.setHeader('x-frame-options', 'DENY');
    reply.raw.setHeader('referrer-policy', 'no-referrer');
    reply.raw.setHeader('x-request-id', String(reply.request.id));
    // Hijacked replies skip the app's onSend hook, which adds HSTS to everything else.
    if (publicUrl.protocol === 'https:') reply.raw.setHeader('strict-transport-security', HSTS);
  }

  // Everything the provider itself answers: discovery, JWKS, /auth, /token, /session/end, …
  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'],
    url: '/*',
    exposeHeadRoute: false,
    schema: { hide: true },
    onRequest: (request, reply, done) => {
      reply.hijack();
      securityHeaders(reply);
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      // Like an Express mount: the provider sees its own paths and finds the prefix in originalUrl.
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(mountPath.length) || '/';
      handle(raw, reply.raw).catch((error: unknown) => {
        app.log.error({ err: error }, 'Error del proveedor de identidad.');
        if (!reply.raw.headersSent) {
          reply.raw.statusCode = 500;
          reply.raw.end();
        }
      });
      done();
    },
    handler: async () => undefined,
  });

  // Userinfo for the portal's access tokens. The provider's own /me accepts only opaque tokens
  // issued without a resource, but the portal's are JWTs for the API (RFC 8707), and a client
  // such as oidc-client-ts with loadUserInfo calls /me with exactly that token. So /me checks it
  // as the API does — our signature, issuer, audience, type, expiry — and returns the person.
  const PRIVATE_PARTS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'k']);
  const { keys } = await loadSigningKeys(db, config);
  const publicKeys = createLocalJWKSet({
    keys: keys.map((key) => Object.fromEntries(Object.entries(key).filter(([name]) => !PRIVATE_PARTS.has(name)))),
  });
  const { origins } = redirectUris(config);
  app.get('/me', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const origin = request.headers.origin;
    if (origin && origins.has(origin)) reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    const invalid = () =>
      reply
        .status(401)
        .header('www-authenticate', 'Bearer error="invalid_token"')
        .send({ error: 'invalid_token', error_description: 'invalid token provided' });
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match) return invalid();
    try {
      const { payload } = await jwtVerify(match[1], publicKeys, {
        issuer: config.oidcIssuer,
        audience: config.oidcAudience,
        typ: 'at+jwt',
        algorithms: ['RS256'],
      });
      const user = payload.sub ? await findUserById(db, payload.sub) : null;
      // A deactivated account is no account here either, as for the provider's findAccount.
      if (!user || (await isDeactivated(db, config.oidcIssuer, String(user.id)))) return invalid();
      return {
        sub: String(user.id),
        name: user.name,
        preferred_username: user.username,
        ...(user.email ? { email: user.email, email_verified: false } : {}),
        ...(user.picture ? { picture: user.picture } : {}),
      };
    } catch {
      return invalid();
    }
  });

  const assets: Record<string, { type: string; body: string }> = {
    'login.css': { type: 'text/css; charset=utf-8', body: STYLESHEET },
    'logo.svg': { type: 'image/svg+xml', body: LOGO_SVG },
    'logout.js': { type: 'text/javascript; charset=utf-8', body: LOGOUT_SCRIPT },
  };
  app.get<{ Params: { file: string } }>('/assets/:file', { schema: { hide: true } }, async (request, reply) => {
    const asset = assets[request.params.file];
    if (!asset) return reply.status(404).type('text/plain; charset=utf-8').send('No encontrado.');
    return reply.header('cache-control', 'public, max-age=3600').type(asset.type).send(asset.body);
  });

  await app.register(signInPages, { db, config, metrics, provider, mountPath, portalUrl, securityHeaders });
};

export default idp;
