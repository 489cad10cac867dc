// "Bitácora": GET /api/audit, newest first, a paged list (the log grows without bound), and
// POST /api/reports/audit, the XLSX of the same filters.
import { usePagedResource, useResource, type ReportRequest } from '@almacen/shared';
import type { AuditActionName, AuditFilterOptions, AuditLogEntry } from '@almacen/shared/domain';

export const AUDIT_PATH = '/api/audit';
/** Rows asked per page. */
export const AUDIT_PAGE_SIZE = 50;

export interface AuditFilters {
  /** Who did it: their sub (a choice of GET /api/audit/filters). */
  actor: string;
  entity: string;
  action: AuditActionName | '';
  /** YYYY-MM-DD, both ends included, in the institution's time zone. */
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { actor: '', entity: '', action: '', from: '', to: '' };

/** The filters as query parameters: empty ones are left out. */
export function auditQuery(filters: AuditFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
}

const entryId = (entry: AuditLogEntry) => entry.id;

/** The log for these filters, newest first, a page at a time (null filters: nothing yet). */
export const useAuditLog = (filters: AuditFilters | null) =>
  usePagedResource({
    path: filters && AUDIT_PATH,
    query: filters ? auditQuery(filters) : undefined,
    pageSize: AUDIT_PAGE_SIZE,
    idOf: entryId,
  });

/** POST /api/reports/audit takes the same filters, in its query string. */
export const auditReportRequest = (filters: AuditFilters): ReportRequest => ({
  path: '/api/reports/audit',
  fileName: 'Bitácora',
  query: auditQuery(filters),
});

export const AUDIT_FILTERS_PATH = '/api/audit/filters';

/** GET /api/audit/filters: who appears in the log (by sub, with their latest name) and which entities. */
export function useAuditFilterChoices() {
  return useResource<AuditFilterOptions>(AUDIT_FILTERS_PATH);
}
