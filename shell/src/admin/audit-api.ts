// "Bitácora": GET /api/audit, newest first, paged by the server with a cursor (the log
// grows without bound), and POST /api/reports/audit, the XLSX of the same filters.
import useSWRInfinite from 'swr/infinite';
import { useApi, useResource, type ReportRequest } from '@almacen/shared';
import type { AuditActionName, AuditFilterOptions, AuditPage } from '@almacen/shared/domain';

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

type PageKey = readonly [path: string, query: Record<string, string>, cursor: string | null];

/** The pages loaded so far for these filters; `loadMore` asks for the next (older) one. */
export function useAuditLog(filters: AuditFilters | null) {
  const api = useApi();
  const query = filters && auditQuery(filters);
  const result = useSWRInfinite<AuditPage, unknown, (index: number, previous: AuditPage | null) => PageKey | null>(
    (index, previous) => {
      if (!query) return null;
      if (index === 0) return [AUDIT_PATH, query, null];
      return previous?.nextCursor ? [AUDIT_PATH, query, previous.nextCursor] : null;
    },
    ([path, params, cursor]) => api<AuditPage>(path, { query: { ...params, ...(cursor ? { cursor } : {}), limit: AUDIT_PAGE_SIZE } }),
    { revalidateFirstPage: false, revalidateOnFocus: false },
  );
  const pages = result.data;
  const last = pages?.[pages.length - 1];
  return {
    entries: pages?.flatMap((page) => page.data),
    error: result.error,
    loading: result.isLoading,
    loadingMore: result.isValidating && pages !== undefined && result.size > pages.length,
    hasMore: Boolean(last?.nextCursor),
    loadMore: () => void result.setSize((size) => size + 1),
    retry: () => void result.mutate(),
  };
}

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
