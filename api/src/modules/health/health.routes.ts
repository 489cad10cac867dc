// GET /healthz (no token): 200 while PostgreSQL answers, 503 otherwise — what a load balancer
// or an orchestrator probes before sending traffic.
import type { FastifyPluginAsync } from 'fastify';
import { ERROR_CODES } from '@almacen/shared/domain';
import { isDatabaseUp } from '../../db/pool';
import type { ModuleOptions } from '../module';

const healthRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { db }) => {
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Estado del servicio y de su base de datos',
        tags: ['operación'],
        security: [],
        response: {
          200: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } },
          503: {
            type: 'object',
            required: ['message', 'code'],
            properties: { message: { type: 'string' }, code: { type: 'string' } },
          },
        },
      },
    },
    async (_request, reply) => {
      if (await isDatabaseUp(db)) return { status: 'ok' as const };
      return reply.status(503).send({ message: 'La base de datos no responde.', code: 'UNAVAILABLE' satisfies keyof typeof ERROR_CODES });
    },
  );
};

export default healthRoutes;
