// The filters of "Bitácora" as a query string (GET /api/audit, POST /api/reports/audit): each
// one optional (an empty value counts as absent), each refused with its own Spanish 400.
import { AUDIT_ACTIONS, isCalendarDate, type AuditActionName } from '@almacen/shared/domain';
import { AppError } from '../../http/errors';
import type { PageRules } from '../../http/paging';
import type { AuditFilters } from './audit.repository';

export const AUDIT_PAGES: PageRules = { rows: 'registros', defaultLimit: 50, maxLimit: 200 };

export const AUDIT_MESSAGES = {
  actor: 'La persona del filtro no es válida.',
  entity: 'La entidad del filtro no es válida.',
  action: `La acción debe ser una de: ${AUDIT_ACTIONS.join(', ')}.`,
  from: 'La fecha inicial debe ser una fecha válida con la forma AAAA-MM-DD.',
  to: 'La fecha final debe ser una fecha válida con la forma AAAA-MM-DD.',
  range: 'La fecha inicial no puede ser posterior a la fecha final.',
} as const;

/** Query parameters as Fastify declares them: every one a text, so nothing is coerced before these checks. */
export const auditFiltersQuery = {
  type: 'object',
  properties: {
    actor: { type: 'string', description: 'sub de quien hizo el cambio' },
    entity: { type: 'string', description: "Entidad: 'products', 'app_users', …" },
    action: { type: 'string', description: AUDIT_ACTIONS.join(' | ') },
    from: { type: 'string', description: 'Desde este día (AAAA-MM-DD, en APP_TIME_ZONE)' },
    to: { type: 'string', description: 'Hasta este día inclusive (AAAA-MM-DD, en APP_TIME_ZONE)' },
  },
} as const;

const bad = (field: keyof typeof AUDIT_MESSAGES, key: string = field) =>
  new AppError('VALIDATION', AUDIT_MESSAGES[field], { [key]: AUDIT_MESSAGES[field] });

/** A text parameter, or undefined when absent or empty; anything but one text is a 400. */
function text(query: Record<string, unknown>, name: keyof typeof AUDIT_MESSAGES, max: number): string | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  // No control characters (NUL would reach PostgreSQL as an invalid text).
  // eslint-disable-next-line no-control-regex
  if (typeof value !== 'string' || value.length > max || /[\u0000-\u001f]/.test(value)) throw bad(name);
  return value;
}

export function parseAuditFilters(query: unknown): AuditFilters {
  const q = (query && typeof query === 'object' ? query : {}) as Record<string, unknown>;
  const filters: AuditFilters = {};
  const actor = text(q, 'actor', 255);
  if (actor !== undefined) filters.actor = actor;
  const entity = text(q, 'entity', 100);
  if (entity !== undefined) filters.entity = entity;
  const action = text(q, 'action', 20);
  if (action !== undefined) {
    if (!(AUDIT_ACTIONS as readonly string[]).includes(action)) throw bad('action');
    filters.action = action as AuditActionName;
  }
  const from = text(q, 'from', 10);
  if (from !== undefined) {
    if (!isCalendarDate(from)) throw bad('from');
    filters.from = from;
  }
  const to = text(q, 'to', 10);
  if (to !== undefined) {
    if (!isCalendarDate(to)) throw bad('to');
    filters.to = to;
  }
  if (filters.from && filters.to && filters.from > filters.to) throw bad('range', 'from');
  return filters;
}
