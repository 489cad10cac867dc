// The embedded OpenID Connect provider, mounted at /oidc when OIDC_ISSUER is unset
// (ARCHITECTURE.md, "Identity provider"). oidc-provider is a Koa application: every /oidc request except the sign-in
// pages and their assets is handed to it untouched — the reply is hijacked in onRequest, before
// Fastify reads the body, because the provider parses its own form and JSON bodies.
// The sign-in page (the provider's "interaction") is ours: Spanish, brand colours, no inline
// script, failed attempts slowed down (throttle.ts), password hashing bounded so a burst of
// sign-ins cannot stall the rest of the server (passwords.ts), and no consent screen for the portal.
// "Cambiar contraseña" (/oidc/account/password, the portal's «Cuenta» links it) is ours too: the
// current password and the new one twice, throttled and bounded like the sign-in, audited; a
// change ends the account's sessions, as an administrator's reset does.
import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { isDeactivated } from '../access/users';
import { withTransaction } from '../db/pool';
import { recordAudit } from '../modules/audit/audit.repository';
import type { ModuleOptions } from '../modules/module';
import { endEmbeddedSessions } from '../modules/users/users.repository';
import { sweepExpired } from './adapter';
import { BUSY, decoyHash, MIN_PASSWORD_LENGTH, passwordChecks, verifyPassword } from './passwords';
import { createProvider, redirectUris, resourceIndicatorFor } from './provider';
import { loadSigningKeys } from './secrets';
import { recordSuccess, releaseAttempt, reserveAttempt } from './throttle';
import type { InteractionDetails, OidcProvider } from './types';
import { adminBanner, ensureAdmin, findUserById, findUserByUsername, normalizeUsername, setPassword } from './users';
import { errorPage, LOGO_SVG, LOGOUT_SCRIPT, loginPage, passwordChangedPage, passwordPage, STYLESHEET } from './views';

export const BAD_CREDENTIALS = 'Usuario o contraseña incorrectos.';
/** A deactivated account's right password: said plainly (the person knows their password is right). */
export const ACCOUNT_DISABLED_LOGIN = 'Tu cuenta está desactivada. Pide a un administrador de Almacén que la reactive.';
export const tooManyAttempts = (seconds: number) =>
  `Demasiados intentos fallidos. Espera ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'} e inténtalo de nuevo.`;
export const TOO_BUSY = 'Hay muchos inicios de sesión en este momento. Espera unos segundos e inténtalo de nuevo.';
/** The provider's own page where a person changes their password (mounted under /oidc). */
export const PASSWORD_PATH = '/account/password';
export const PASSWORD_MESSAGES = {
  missing: 'Escribe tu usuario, tu contraseña actual y la nueva dos veces.',
  mismatch: 'La nueva contraseña y su confirmación no coinciden.',
  short: `La nueva contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`,
  same: 'La nueva contraseña debe ser distinta de la actual.',
} as const;
/** Retry-After for a sign-in shed because too many passwords were being checked. */
const BUSY_RETRY_SECONDS = 5;

/** Pages of the provider: own files only; no framing. */
const PAGE_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'";
const SWEEP_EVERY_MS = 10 * 60 * 1000;
const HSTS = 'max-age=31536000; includeSubDomains';

type CheckedPassword =
  | { outcome: 'ok'; user: NonNullable<Awaited<ReturnType<typeof findUserByUsername>>> }
  | { outcome: 'throttled'; waitSeconds: number }
  | { outcome: 'busy' }
  | { outcome: 'wrong' };

/**
 * One password check as sign-in makes it, for the sign-in form and the password page alike: the
 * attempt is counted before it is checked (so simultaneous guesses cannot all get under the
 * limit), a username guessed from many addresses waits its turn, and an unknown user costs the
 * same hash as a wrong password, so timing tells nothing.
 */
async function checkPassword(
  db: IdpOptions['db'],
  metrics: IdpOptions['metrics'],
  username: string,
  password: string,
  ip: string,
): Promise<CheckedPassword> {
  const reservation = await reserveAttempt(db, username, ip);
  if (!reservation.allowed) {
    metrics?.signInRefused('throttle');
    return { outcome: 'throttled', waitSeconds: reservation.waitSeconds };
  }
  if (reservation.delaySeconds > 0) await new Promise((resolve) => setTimeout(resolve, reservation.delaySeconds * 1000));
  const user = await findUserByUsername(db, username);
  const matches = await passwordChecks.run(async () => verifyPassword(password, user?.passwordHash ?? (await decoyHash())));
  if (matches === BUSY) {
    await releaseAttempt(db, reservation.keys);
    return { outcome: 'busy' };
  }
  if (!user || !matches) return { outcome: 'wrong' };
  await recordSuccess(db, reservation.keys);
  return { outcome: 'ok', user };
}

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

  await app.register(async (pages) => {
    // The pages take their own HTML forms and nothing else: any other body (JSON, text, a form
    // over 8 KB) is answered with a page in Spanish, before any password is looked at.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    const html = (reply: FastifyReply, status: number, body: string) => {
      reply.header('content-security-policy', PAGE_CSP).header('cache-control', 'no-store');
      return reply.status(status).type('text/html; charset=utf-8').send(body);
    };
    pages.setErrorHandler((error: { statusCode?: number }, request, reply) => {
      const status = error.statusCode === 413 ? 413 : error.statusCode === 415 ? 415 : (error.statusCode ?? 500);
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return html(reply, 500, errorPage('No fue posible atender la solicitud. Inténtalo de nuevo en unos minutos.', portalUrl));
      }
      const message =
        status === 413
          ? 'El formulario enviado es demasiado grande. Vuelve a la página e inténtalo de nuevo.'
          : 'Esta página solo recibe su propio formulario. Vuelve a la página e inténtalo de nuevo.';
      return html(reply, status >= 400 && status < 500 ? status : 400, errorPage(message, portalUrl));
    });

    async function details(request: FastifyRequest, reply: FastifyReply): Promise<InteractionDetails | null> {
      try {
        return await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        return null;
      }
    }
    const expired = (reply: FastifyReply) =>
      html(reply, 400, errorPage('El inicio de sesión expiró o ya se usó. Vuelve al portal e inténtalo de nuevo.', portalUrl));

    async function finish(request: FastifyRequest, reply: FastifyReply, result: Record<string, unknown>) {
      reply.hijack();
      securityHeaders(reply);
      await provider.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
    }

    // The portal never sees a consent screen: its grant is made here if the provider asks.
    async function consent(provider: OidcProvider, interaction: InteractionDetails): Promise<string> {
      const clientId = String(interaction.params.client_id);
      const accountId = String(interaction.session?.accountId);
      const grant =
        (interaction.grantId && (await provider.Grant.find(interaction.grantId))) || new provider.Grant({ clientId, accountId });
      grant.addOIDCScope('openid offline_access profile email');
      grant.addResourceScope(resourceIndicatorFor(config.oidcAudience), 'almacen');
      return grant.save();
    }

    pages.get<{ Params: { uid: string } }>('/interaction/:uid', { schema: { hide: true } }, async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction || interaction.uid !== request.params.uid) return expired(reply);
      if (interaction.prompt.name === 'login') {
        return html(
          reply,
          200,
          loginPage({ action: `${mountPath}/interaction/${interaction.uid}/login`, institutionName: config.institutionName }),
        );
      }
      if (interaction.prompt.name === 'consent' && interaction.params.client_id === config.oidcClientId) {
        return finish(request, reply, { consent: { grantId: await consent(provider, interaction) } });
      }
      return html(reply, 403, errorPage('Esta aplicación no puede usar el inicio de sesión del portal.', portalUrl));
    });

    pages.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
      '/interaction/:uid/login',
      { schema: { hide: true } },
      async (request, reply) => {
        const form = request.body && typeof request.body === 'object' ? request.body : {};
        const typed = typeof form.username === 'string' ? form.username.slice(0, 64) : '';
        const username = normalizeUsername(typed);
        const password = typeof form.password === 'string' ? form.password.slice(0, 200) : '';
        const action = `${mountPath}/interaction/${encodeURIComponent(request.params.uid)}/login`;
        const page = (status: number, error: string) =>
          html(reply, status, loginPage({ action, username: typed, error, institutionName: config.institutionName }));
        const busy = () => {
          metrics?.signInRefused('busy');
          reply.header('retry-after', String(BUSY_RETRY_SECONDS));
          return page(429, TOO_BUSY);
        };
        // A burst is shed before any other work (database included) while the queue is full.
        if (passwordChecks.full) return busy();

        const interaction = await details(request, reply);
        if (!interaction || interaction.uid !== request.params.uid) return expired(reply);
        if (interaction.prompt.name !== 'login') return reply.redirect(`${mountPath}/interaction/${interaction.uid}`, 303);
        if (!username || !password) return page(400, 'Escribe tu usuario y tu contraseña.');

        const checked = await checkPassword(db, metrics, username, password, request.ip);
        if (checked.outcome === 'throttled') {
          reply.header('retry-after', String(checked.waitSeconds));
          return page(429, tooManyAttempts(checked.waitSeconds));
        }
        if (checked.outcome === 'busy') return busy();
        if (checked.outcome === 'wrong') {
          request.log.info({ username }, 'Inicio de sesión fallido.');
          return page(401, BAD_CREDENTIALS);
        }
        const { user } = checked;
        // Only after the password matched, so the message tells nothing to someone guessing.
        if (await isDeactivated(db, config.oidcIssuer, String(user.id))) {
          request.log.info({ username }, 'Inicio de sesión de una cuenta desactivada.');
          return page(403, ACCOUNT_DISABLED_LOGIN);
        }
        return finish(request, reply, { login: { accountId: String(user.id) } });
      },
    );

    const field = (form: Record<string, unknown>, name: string, max: number) =>
      typeof form[name] === 'string' ? form[name].slice(0, max) : '';

    pages.get<{ Querystring: { username?: unknown } }>(PASSWORD_PATH, { schema: { hide: true } }, async (request, reply) => {
      const username = typeof request.query.username === 'string' ? request.query.username.slice(0, 64) : '';
      return html(
        reply,
        200,
        passwordPage({ action: `${mountPath}${PASSWORD_PATH}`, username, institutionName: config.institutionName, portalUrl }),
      );
    });

    pages.post<{ Body: Record<string, string> | undefined }>(PASSWORD_PATH, { schema: { hide: true } }, async (request, reply) => {
      const form = request.body && typeof request.body === 'object' ? request.body : {};
      const typed = field(form, 'username', 64);
      const username = normalizeUsername(typed);
      const current = field(form, 'current', 200);
      const password = field(form, 'password', 200);
      const confirmation = field(form, 'confirmation', 200);
      const page = (status: number, error: string) =>
        html(
          reply,
          status,
          passwordPage({
            action: `${mountPath}${PASSWORD_PATH}`,
            username: typed,
            error,
            institutionName: config.institutionName,
            portalUrl,
          }),
        );
      const busy = () => {
        metrics?.signInRefused('busy');
        reply.header('retry-after', String(BUSY_RETRY_SECONDS));
        return page(429, TOO_BUSY);
      };
      if (passwordChecks.full) return busy();
      // What is wrong with the form itself is said before any password is checked, and costs no attempt.
      if (!username || !current || !password || !confirmation) return page(400, PASSWORD_MESSAGES.missing);
      if (password !== confirmation) return page(400, PASSWORD_MESSAGES.mismatch);
      if (password.length < MIN_PASSWORD_LENGTH) return page(400, PASSWORD_MESSAGES.short);
      if (password === current) return page(400, PASSWORD_MESSAGES.same);

      // The current password is a sign-in attempt: counted, slowed down and refused like one.
      const checked = await checkPassword(db, metrics, username, current, request.ip);
      if (checked.outcome === 'throttled') {
        reply.header('retry-after', String(checked.waitSeconds));
        return page(429, tooManyAttempts(checked.waitSeconds));
      }
      if (checked.outcome === 'busy') return busy();
      if (checked.outcome === 'wrong') {
        request.log.info({ username }, 'Cambio de contraseña con credenciales incorrectas.');
        return page(401, BAD_CREDENTIALS);
      }
      const { user } = checked;
      const sub = String(user.id);
      if (await isDeactivated(db, config.oidcIssuer, sub)) return page(403, ACCOUNT_DISABLED_LOGIN);

      const changed = await passwordChecks.run(() =>
        withTransaction(db, async (trx) => {
          await setPassword(trx, user.username, password);
          // Whoever else held the old password is signed out with every session of the account.
          await endEmbeddedSessions(trx, sub);
          const { rows } = await trx.query<{ id: number }>('SELECT id FROM app_users WHERE issuer = $1 AND sub = $2', [
            config.oidcIssuer,
            sub,
          ]);
          await recordAudit(
            trx,
            { sub, name: user.name },
            { action: 'update', entity: 'app_users', entityId: rows[0]?.id ?? `proveedor:${sub}`, after: { passwordChanged: true } },
          );
          return true;
        }),
      );
      if (changed === BUSY) return busy();
      request.log.info({ username }, 'Contraseña cambiada por su dueño.');
      return html(reply, 200, passwordChangedPage(portalUrl));
    });
  });
};

export default idp;
