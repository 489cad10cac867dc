// GET /metrics (README, «Métricas»): outside /api and without the bearer-token check of the API,
// read by Prometheus from an address of METRICS_ALLOW or with METRICS_TOKEN (access.ts); anyone
// else gets 403 in the API's error format. installMetrics goes on the root application before any
// route, so its timing hook sees every request (the API, the identity provider, static files);
// metricsRoutes after the OpenAPI plugin, which describes only the routes registered after it.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/pool';
import { sheetPool } from '../files/sheet-pool';
import { AppError, errorBody } from '../http/errors';
import { cfdiPool } from '../modules/cfdi/cfdi-pool';
import { metricsAccess } from './access';
import type { Metrics } from './registry';

export { createMetrics, type Metrics } from './registry';

export const METRICS_FORBIDDEN = 'Las métricas solo se entregan a las direcciones de METRICS_ALLOW o con el token de METRICS_TOKEN.';

export interface MetricsOptions {
  config: Config;
  db: Db;
  metrics: Metrics;
}

export function installMetrics(app: FastifyInstance, { db, metrics }: Omit<MetricsOptions, 'config'>): void {
  // Every request, when its answer is written or its client goes away. The idp's replies are
  // hijacked and skip onResponse, so the raw response's events are what marks the end.
  app.addHook('onRequest', (request, reply, done) => {
    const started = performance.now();
    let recorded = false;
    const record = (status: string) => {
      if (recorded) return;
      recorded = true;
      metrics.observeRequest({
        method: request.method,
        route: request.routeOptions.url,
        status,
        seconds: (performance.now() - started) / 1000,
      });
    };
    reply.raw.once('finish', () => record(String(reply.raw.statusCode)));
    reply.raw.once('close', () => record('aborted'));
    done();
  });

  // The pg pool, read at scrape time.
  metrics.registerGauge({
    name: 'db_pool_in_use',
    help: 'Conexiones a PostgreSQL del pool prestadas en este momento.',
    collect: () => db.totalCount - db.idleCount,
  });
  metrics.registerGauge({ name: 'db_pool_idle', help: 'Conexiones a PostgreSQL del pool abiertas y libres.', collect: () => db.idleCount });
  metrics.registerGauge({
    name: 'db_pool_waiting',
    help: 'Peticiones esperando una conexión a PostgreSQL del pool.',
    collect: () => db.waitingCount,
  });
  metrics.registerGauge({
    name: 'db_pool_max',
    help: 'Conexiones que el pool puede abrir (DB_POOL_SIZE).',
    collect: () => db.options.max ?? 10,
  });

  // The worker-thread queues (workers/task-pool.ts): one per process, shared by every app.
  const queues = [
    ['cfdi', cfdiPool],
    ['sheet', sheetPool],
  ] as const;
  metrics.registerGauge({
    name: 'worker_tasks',
    help: 'Archivos en los workers: cfdi = CFDI, sheet = hojas que se importan; running = leyéndose, waiting = en la cola.',
    labelNames: ['queue', 'state'],
    collect: () =>
      queues.flatMap(([queue, pool]) => [
        { labels: { queue, state: 'running' }, value: pool.running },
        { labels: { queue, state: 'waiting' }, value: pool.waiting },
      ]),
  });
}

export const metricsRoutes: FastifyPluginAsync<Omit<MetricsOptions, 'db'>> = async (app, { config, metrics }) => {
  const allowed = metricsAccess(config.metricsAllow, config.metricsToken);
  app.get(
    '/metrics',
    {
      schema: {
        summary: 'Métricas en el formato de texto de Prometheus',
        description:
          'Para las direcciones de METRICS_ALLOW (por omisión, la misma máquina) o con `Authorization: Bearer` y el token de METRICS_TOKEN; las demás reciben 403.',
        tags: ['operación'],
        security: [],
        response: {
          200: {
            description: 'Las series, en el formato de texto de Prometheus 0.0.4.',
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
          403: {
            type: 'object',
            required: ['message', 'code'],
            properties: { message: { type: 'string' }, code: { type: 'string' } },
          },
        },
      },
      onRequest: async (request, reply) => {
        if (allowed(request)) return;
        return reply
          .status(403)
          .header('cache-control', 'no-store')
          .send(errorBody(new AppError('FORBIDDEN', METRICS_FORBIDDEN)));
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type(metrics.contentType)
        .send(await metrics.scrape()),
  );
};
