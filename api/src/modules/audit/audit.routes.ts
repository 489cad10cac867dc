// "Bitácora": the audit log, newest first, filtered and paged on the server by keyset
// (it grows without bound), plus the choices of its filters. Read-only: no route changes the log,
// and the table itself refuses UPDATE, DELETE and TRUNCATE (0001_core.sql).
import type { FastifyPluginAsync } from 'fastify';
import { AUDIT_ACTIONS, type AuditFilterOptions, type AuditLogEntry, type CursorPage } from '@almacen/shared/domain';
import { pageOf, pageOfSchema, pageQueryProperties, parsePageQuery } from '../../http/paging';
import { dataOf, ERROR_RESPONSES, errorSchema, listOf } from '../../http/schemas';
import { queryFields } from '../../http/validate';
import type { ModuleOptions } from '../module';
import { AUDIT_PAGES, auditFiltersQuery, parseAuditFilters } from './audit.filters';
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
            ...pageQueryProperties(AUDIT_PAGES),
          },
        },
        response: { 200: pageOfSchema(auditEntrySchema), ...RESPONSES },
      },
    },
    async (request): Promise<CursorPage<AuditLogEntry>> => {
      const query = queryFields(request);
      const filters = parseAuditFilters(query);
      const page = parsePageQuery(query, AUDIT_PAGES);
      const rows = await auditPage(db, filters, { timeZone: config.timeZone, ...page });
      return pageOf(rows.map(entryOf), page, (entry) => entry.id);
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
