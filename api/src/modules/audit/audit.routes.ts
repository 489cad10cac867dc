// "Bitácora": the audit log, newest first, filtered and paged on the server by keyset
// (it grows without bound), plus the choices of its filters. Read-only: no route changes the log,
// and the table itself refuses UPDATE, DELETE and TRUNCATE (0001_core.sql).
import type { FastifyPluginAsync } from 'fastify';
import { AUDIT_ACTIONS, type AuditFilterOptions, type AuditLogEntry, type AuditPage } from '@almacen/shared/domain';
import { dataOf, ERROR_RESPONSES, errorSchema, listOf } from '../../http/schemas';
import type { ModuleOptions } from '../module';
import { auditFiltersQuery, parseAuditFilters, parsePaging } from './audit.filters';
import { auditFilterOptions, auditPage, type AuditRow } from './audit.repository';

const tags = ['bitácora'];
const RESPONSES = { ...ERROR_RESPONSES, 403: errorSchema };

export const auditEntrySchema = {
  type: 'object',
  required: ['id', 'at', 'actorSub', 'actorName', 'action', 'entity', 'entityId', 'before', 'after'],
  properties: {
    id: { type: 'string', description: 'Identificador (entero de 64 bits como texto)' },
    at: { type: 'string', format: 'date-time' },
    actorSub: { type: 'string' },
    actorName: { type: 'string' },
    action: { type: 'string', enum: [...AUDIT_ACTIONS] },
    entity: { type: 'string' },
    entityId: { type: 'string' },
    before: { description: 'El registro antes del cambio (JSON) o null' },
    after: { description: 'El registro después del cambio (JSON) o null' },
  },
} as const;

export const entryOf = (row: AuditRow): AuditLogEntry => ({ ...row, at: new Date(row.at).toISOString() });

const auditRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { db, config }) => {
  app.get(
    '/audit',
    {
      schema: {
        tags,
        summary: 'Bitácora: cambios del más reciente al más antiguo, con filtros y paginación por cursor',
        querystring: {
          ...auditFiltersQuery,
          properties: {
            ...auditFiltersQuery.properties,
            cursor: { type: 'string', description: 'nextCursor de la página anterior' },
            limit: { type: 'string', description: 'Filas por página, de 1 a 200 (50 por omisión)' },
          },
        },
        response: {
          200: dataOf({
            type: 'object',
            required: ['data', 'nextCursor'],
            properties: { data: listOf(auditEntrySchema), nextCursor: { type: 'string', nullable: true } },
          }),
          ...RESPONSES,
        },
      },
    },
    async (request): Promise<{ data: AuditPage }> => {
      const filters = parseAuditFilters(request.query);
      const { cursor, limit } = parsePaging(request.query);
      const { rows, more } = await auditPage(db, filters, { timeZone: config.timeZone, cursor, limit });
      return { data: { data: rows.map(entryOf), nextCursor: more ? rows[rows.length - 1].id : null } };
    },
  );

  app.get(
    '/audit/filters',
    {
      schema: {
        tags,
        summary: 'Opciones de los filtros de la bitácora: las personas y las entidades que aparecen en ella',
        response: {
          200: dataOf({
            type: 'object',
            required: ['actors', 'entities'],
            properties: {
              actors: listOf({
                type: 'object',
                required: ['sub', 'name'],
                properties: { sub: { type: 'string' }, name: { type: 'string' } },
              }),
              entities: listOf({ type: 'string' }),
            },
          }),
          ...RESPONSES,
        },
      },
    },
    async (): Promise<{ data: AuditFilterOptions }> => ({ data: await auditFilterOptions(db) }),
  );
};

export default auditRoutes;
