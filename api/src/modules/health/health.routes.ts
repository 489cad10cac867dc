// GET /healthz (no token): 200 while PostgreSQL answers, 503 otherwise — what a load balancer
// or an orchestrator probes before sending traffic. The answer also says how the backups stand
// (`backup`), for monitoring; it never changes the status code: a missing or stale backup is no
// reason to stop sending people to a server that works.
import type { FastifyPluginAsync } from 'fastify';
import { ERROR_CODES } from '@almacen/shared/domain';
import { backupAttention } from '@almacen/shared/domain-pages';
import { lastBackups } from '../../backup/history';
import { isDatabaseUp } from '../../db/pool';
import { errorSchema } from '../../http/schemas';
import type { ModuleOptions } from '../module';

const backupSchema = {
  type: 'object',
  required: ['lastAt', 'ageHours', 'ok'],
  description: 'El último respaldo que funcionó y si los respaldos están al día',
  properties: {
    lastAt: { type: 'string', format: 'date-time', nullable: true, description: 'Cuándo se tomó; null si no hay ninguno' },
    ageHours: { type: 'number', nullable: true, description: 'Horas desde entonces, con un decimal; null si no hay ninguno' },
    ok: {
      type: 'boolean',
      description: 'false si no hay ninguno, si el último intento falló o si el último que funcionó tiene más de 48 horas',
    },
  },
} as const;

const healthRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { db }) => {
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Estado del servicio y de su base de datos',
        tags: ['operación'],
        security: [],
        response: {
          200: {
            type: 'object',
            required: ['status', 'backup'],
            properties: { status: { type: 'string', enum: ['ok'] }, backup: backupSchema },
          },
          // Node's clientError, answered in the API's shape for any path (http/errors.ts).
          '4xx': {
            ...errorSchema,
            description: 'Una petición que no llegó a tiempo (408), con encabezados de más de 16 KB (431) o que no es HTTP (400)',
          },
          503: {
            type: 'object',
            required: ['message', 'code'],
            properties: { message: { type: 'string' }, code: { type: 'string' } },
          },
        },
      },
    },
    async (_request, reply) => {
      if (!(await isDatabaseUp(db))) {
        return reply.status(503).send({ message: 'La base de datos no responde.', code: 'UNAVAILABLE' satisfies keyof typeof ERROR_CODES });
      }
      const { latest, latestOk } = await lastBackups(db).catch(() => ({ latest: null, latestOk: null }));
      const now = new Date();
      return {
        status: 'ok' as const,
        backup: {
          lastAt: latestOk?.at ?? null,
          ageHours: latestOk ? Math.max(0, Math.round((now.getTime() - Date.parse(latestOk.at)) / 360_000) / 10) : null,
          ok: backupAttention(latest, latestOk, now).kind === 'ok',
        },
      };
    },
  );
};

export default healthRoutes;
