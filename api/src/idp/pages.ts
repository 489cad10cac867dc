// The embedded provider's own pages (its "interaction"): the sign-in form and «Cambiar contraseña»
// (/oidc/account/password). Spanish, brand colours, no inline script; each password checked as a
// sign-in attempt — counted, slowed down after failures (throttle.ts), bounded so a burst cannot
// stall the server (passwords.ts); the portal's grant made here, with no consent screen. A password
// change asks the current password and the new one twice, is audited and ends the account's sessions.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isDeactivated } from '../access/users';
import { withTransaction } from '../db/pool';
import { recordAudit } from '../modules/audit/audit.repository';
import type { ModuleOptions } from '../modules/module';
import { endEmbeddedSessions } from '../modules/users/users.repository';
import { BUSY, decoyHash, MIN_PASSWORD_LENGTH, passwordChecks, verifyPassword } from './passwords';
import { resourceIndicatorFor } from './provider';
import { recordSuccess, releaseAttempt, reserveAttempt } from './throttle';
import type { InteractionDetails, OidcProvider } from './types';
import { findUserByUsername, normalizeUsername, setPassword } from './users';
import { errorPage, loginPage, passwordChangedPage, passwordPage } from './views';

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
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'";
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
  db: ModuleOptions['db'],
  metrics: ModuleOptions['metrics'],
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

export interface PagesOptions extends Pick<ModuleOptions, 'db' | 'config' | 'metrics'> {
  provider: OidcProvider;
  /** Where the provider is mounted (/oidc). */
  mountPath: string;
  /** The portal's address, where the error pages lead back. */
  portalUrl: string;
  /** The headers of a page written on a hijacked reply. */
  securityHeaders: (reply: FastifyReply) => void;
}

export const signInPages: FastifyPluginAsync<PagesOptions> = async (
  pages,
  { db, config, metrics, provider, mountPath, portalUrl, securityHeaders },
) => {
  // The pages take their own HTML forms and nothing else: any other body (JSON, text, a form
  // over 8 KB) is answered with a page in Spanish, before any password is looked at.
  pages.removeAllContentTypeParsers();
  pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  type Page = (status: number, error: string) => FastifyReply;
  /** The page of a password check shed because too many are being made: try again in a moment. */
  const busyPage = (reply: FastifyReply, page: Page) => () => {
    metrics?.signInRefused('busy');
    reply.header('retry-after', String(BUSY_RETRY_SECONDS));
    return page(429, TOO_BUSY);
  };
  /** The page of a password check that did not pass: the wait of a throttled name, busy, or wrong. */
  const refused = (
    checked: Exclude<CheckedPassword, { outcome: 'ok' }>,
    reply: FastifyReply,
    page: Page,
    busy: () => FastifyReply,
    onWrong: () => void,
  ) => {
    if (checked.outcome === 'throttled') {
      reply.header('retry-after', String(checked.waitSeconds));
      return page(429, tooManyAttempts(checked.waitSeconds));
    }
    if (checked.outcome === 'busy') return busy();
    onWrong();
    return page(401, BAD_CREDENTIALS);
  };

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
    const grant = (interaction.grantId && (await provider.Grant.find(interaction.grantId))) || new provider.Grant({ clientId, accountId });
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
      const busy = busyPage(reply, page);
      // A burst is shed before any other work (database included) while the queue is full.
      if (passwordChecks.full) return busy();

      const interaction = await details(request, reply);
      if (!interaction || interaction.uid !== request.params.uid) return expired(reply);
      if (interaction.prompt.name !== 'login') return reply.redirect(`${mountPath}/interaction/${interaction.uid}`, 303);
      if (!username || !password) return page(400, 'Escribe tu usuario y tu contraseña.');

      const checked = await checkPassword(db, metrics, username, password, request.ip);
      if (checked.outcome !== 'ok')
        return refused(checked, reply, page, busy, () => request.log.info({ username }, 'Inicio de sesión fallido.'));
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
    const busy = busyPage(reply, page);
    if (passwordChecks.full) return busy();
    // What is wrong with the form itself is said before any password is checked, and costs no attempt.
    if (!username || !current || !password || !confirmation) return page(400, PASSWORD_MESSAGES.missing);
    if (password !== confirmation) return page(400, PASSWORD_MESSAGES.mismatch);
    if (password.length < MIN_PASSWORD_LENGTH) return page(400, PASSWORD_MESSAGES.short);
    if (password === current) return page(400, PASSWORD_MESSAGES.same);

    // The current password is a sign-in attempt: counted, slowed down and refused like one.
    const checked = await checkPassword(db, metrics, username, current, request.ip);
    if (checked.outcome !== 'ok')
      return refused(checked, reply, page, busy, () =>
        request.log.info({ username }, 'Cambio de contraseña con credenciales incorrectas.'),
      );
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
};
