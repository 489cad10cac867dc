// Builds the HTTP application without listening (tests call app.inject()): plugins, then the
// health probe, the identity provider and static files, then every module under /api behind
// the bearer-token check. server.ts is the only place that listens.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { createGuard } from './access/guard';
import type { Config } from './config';
import type { Db } from './db/pool';
import { AppError, clientErrorHandler, errorBody, frameworkErrorHandler, registerErrorHandlers } from './http/errors';
import { securityHeaders } from './http/headers';
import { BODY_LIMIT, registerJsonParser } from './http/json';
import { CENSOR, LOG_SERIALIZERS, REDACTED_PATHS } from './http/log';
import { describeRoute } from './http/openapi';
import { overloadHook } from './http/overload';
import { registerCanonicalIds } from './http/validate';
import idp from './idp';
import { startMailSender, type MailSender } from './mail/sender';
import { createMetrics, installMetrics, metricsRoutes } from './metrics';
import healthRoutes from './modules/health/health.routes';
import type { ApiModule, ModuleOptions } from './modules/module';
import { createAuthenticator } from './plugins/auth';
import staticFiles from './plugins/static';

export const NOT_A_PREFLIGHT =
  'Una petición OPTIONS debe ser la verificación previa de CORS de un navegador, con los encabezados Origin y Access-Control-Request-Method.';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** A pino logger to use instead of the one built from config.logLevel. */
  logger?: FastifyBaseLogger;
  /** Minimum time between JWKS downloads for an unknown key id (default 30 s). */
  jwksCooldownMs?: number;
}

export const API_VERSION = '1.0.0';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route under /api (`POST /api/invoices`), each with its rule in access/route-permissions.ts. */
    apiRoutes: readonly string[];
    /** The access check's user cache (access/user-cache.ts): whether it serves from memory, how many it keeps. */
    userCache: { readonly listening: boolean; readonly size: number; notifiedAbout(id: number): number };
  }
}

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;

/** Every folder of modules/ with an index file is an API module (see modules/module.ts). */
function discoverModules(dir = path.join(__dirname, 'modules')): Array<{ name: string; plugin: ApiModule }> {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .filter((name) => ['index.ts', 'index.js'].some((file) => existsSync(path.join(dir, name, file))))
    .map((name) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const loaded = require(path.join(dir, name)) as { default?: ApiModule };
      if (typeof loaded.default !== 'function') throw new Error(`modules/${name}/index.ts debe exportar por defecto un plugin de Fastify.`);
      return { name, plugin: loaded.default };
    });
}

export async function buildApp({ config, db, logger, jwksCooldownMs }: BuildAppOptions): Promise<FastifyInstance> {
  const headers = securityHeaders(config);
  const app = Fastify({
    // Tokens and cookies never reach the logs, whatever a serializer prints; credentials in a
    // URL's query are hidden by the request serializer, also on a logger given by the caller.
    ...(logger
      ? { loggerInstance: logger.child({}, { serializers: LOG_SERIALIZERS }) }
      : { logger: { level: config.logLevel, serializers: LOG_SERIALIZERS, redact: { paths: REDACTED_PATHS, censor: CENSOR } } }),
    // Slow and idle clients (README, «Configuración»). Node's requestTimeout and headersTimeout
    // cover RECEIVING a request only — a slow answer or a long report download is not cut by
    // them — and are checked every connectionsCheckingInterval, so that interval is a fraction of
    // the shorter one. No socket-inactivity timeout (connectionTimeout): it would also cut a
    // report still being prepared; a report's stalled reader is cut by REPORT_WRITE_TIMEOUT_MS.
    // No maxRequestsPerSocket: it bounds nothing the timeouts and the cap do not, and Node would
    // answer a raw 503 to a client that keeps sending after it.
    requestTimeout: config.httpRequestTimeoutMs,
    keepAliveTimeout: config.httpKeepAliveTimeoutMs,
    http: {
      requestTimeout: config.httpRequestTimeoutMs,
      headersTimeout: config.httpHeadersTimeoutMs,
      connectionsCheckingInterval: Math.min(5_000, Math.max(50, Math.floor(config.httpHeadersTimeoutMs / 4))),
    },
    clientErrorHandler: clientErrorHandler(headers),
    frameworkErrors: frameworkErrorHandler(headers),
    bodyLimit: BODY_LIMIT,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID_RE.test(given) ? given : randomUUID();
    },
    return503OnClosing: true,
    // One access line per request instead of Fastify's two ("incoming request" + "request
    // completed"): each is a synchronous write on the request's path, and one line says all that
    // the two did.
    logController: new LogController({ disableRequestLogging: true }),
    // request.ip — what the sign-in throttle counts per address and the access log shows — is
    // the socket's unless the socket is a proxy listed in TRUST_PROXY; then X-Forwarded-For's
    // last address that is not such a proxy.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, allErrors: false } },
  });

  // Over the cap Node closes new sockets at once (before they cost a descriptor for long), so
  // the process keeps descriptors for its database; this also refuses /healthz while full.
  app.server.maxConnections = config.httpMaxConnections;

  // The access line: written when the response is done (or the client went away), also for the
  // identity provider's requests, whose replies are hijacked and skip Fastify's onResponse.
  app.addHook('onRequest', (request, reply, done) => {
    const started = performance.now();
    let written = false;
    const log = (message: string) =>
      request.log.info(
        { req: request, res: { statusCode: reply.raw.statusCode }, responseTime: Math.round((performance.now() - started) * 100) / 100 },
        message,
      );
    reply.raw.once('finish', () => {
      written = true;
      log('request completed');
    });
    reply.raw.once('close', () => written || log('request aborted'));
    done();
  });

  // GET /metrics and the timing of every request (metrics/), before any route exists.
  const metrics = createMetrics((message) => app.log.warn(message));
  installMetrics(app, { db, metrics });

  app.decorateRequest('user', null as never);
  app.decorateRequest('token', null as never);
  app.decorateRequest('caller', null as never);
  registerErrorHandlers(app);
  registerJsonParser(app);
  registerCanonicalIds(app);

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    for (const [name, value] of Object.entries(headers)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });

  // An OPTIONS that is no preflight (no Origin or no Access-Control-Request-Method) is answered in
  // the API's words — a Spanish JSON error that no cache keeps — before the CORS plugin's English
  // "Invalid Preflight Request".
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'OPTIONS' || (request.headers.origin && request.headers['access-control-request-method'])) return;
    return reply
      .status(400)
      .header('cache-control', 'no-store')
      .send(errorBody(new AppError('VALIDATION', NOT_A_PREFLIGHT)));
  });
  const allowed = new Set(config.corsOrigins);
  await app.register(cors, {
    // Browsers on unlisted origins get no CORS headers, so they cannot read any answer.
    origin: (origin, callback) => callback(null, origin === undefined || allowed.has(origin.replace(/\/+$/, ''))),
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'],
    exposedHeaders: ['Content-Disposition', 'X-Request-Id'],
    maxAge: 600,
  });
  await app.register(compress, { threshold: 1024 });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Almacén API',
        description:
          'API del portal de inventario y almacén. Todas las respuestas envuelven su contenido en `data`; los errores son `{ message, code, errors? }`.',
        version: API_VERSION,
      },
      // The API answers on the origin the document is read from (its paths start with /api).
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    // Only the API and the operation's probes (/healthz, /metrics) are described; the identity
    // provider and static files have their own standards. Each operation is named there.
    transform: describeRoute,
  });

  const auth = createAuthenticator({ issuer: config.oidcIssuer, audience: config.oidcAudience, jwksCooldownMs });
  // Who is calling, per request (access/guard.ts); its user cache listens for changes on its own
  // connection from the app's start (onReady) until it closes — an app whose start failed never
  // opened it.
  const guard = createGuard({ db, config, userinfoUrl: auth.userinfoUrl, warn: (message) => app.log.warn(message) });
  app.addHook('onReady', async () => guard.users.start());
  app.addHook('onClose', async () => guard.users.close());
  // The queued mail (mail/) goes out from the app's start to its close; without SMTP_URL there is none.
  let mail: MailSender | null = null;
  app.addHook('onReady', async () => {
    mail = startMailSender({ db, config, log: { info: (m) => app.log.info(m), error: (m) => app.log.error(m) } });
  });
  app.addHook('onClose', async () => mail?.stop());
  const options: ModuleOptions = { db, config, usersChanged: guard.users.forget, metrics, mailQueued: () => mail?.wake() };
  await app.register(healthRoutes, options);
  await app.register(metricsRoutes, { config, metrics });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  if (config.oidcEmbedded) await app.register(idp, { ...options, prefix: '/oidc' });
  await app.register(staticFiles, options);

  app.decorate('apiRoutes', guard.routes);
  app.decorate('userCache', guard.users);
  const modules = discoverModules();
  await app.register(
    async (api) => {
      api.addHook('onRequest', overloadHook(db, config.dbQueueLimit));
      api.addHook('onRequest', auth.hook);
      // Then who may call what (access/route-permissions.ts): a route without a rule stops the start.
      guard.protect(api);
      // An authenticated answer is one person's data: no cache keeps it (shared computer,
      // proxy). A route that wants revalidation (the products list's ETag) says so itself, but
      // never on an error.
      api.addHook('onSend', async (_request, reply, payload) => {
        if (reply.statusCode >= 400 || !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        return payload;
      });
      for (const { plugin } of modules) await api.register(plugin, options);
      api.setNotFoundHandler({ preValidation: auth.hook }, async (_request, reply) =>
        reply.status(404).send(errorBody(new AppError('NOT_FOUND', 'La ruta solicitada no existe.'))),
      );
    },
    { prefix: '/api' },
  );

  return app;
}
