// "Cierres de periodo" (issue #18): GET /api/period-closings (the list), GET
// /api/period-closings/next (the month end to close, the stock value it would store and the
// late registrations the confirmation shows), POST /api/period-closings { until } and POST
// /api/period-closings/{until}/reopening { reason }, each with its own Idempotency-Key.
import { newIdempotencyKey, PERIOD_CLOSINGS_KEY, useAction, useApi, useReportDownload, useRuntimeConfig, type ApiError } from '@almacen/shared';
import { formatDate, todayIn, type NextClosing, type PeriodClosing } from '@almacen/shared/domain';
import { useCallback } from 'react';
import useSWR from 'swr';

// The answers' shapes are typed once, for the API and here (shared/src/domain/wire.ts).
export type { LateDocument, NextClosing, PeriodClosing } from '@almacen/shared/domain';

export const closingKeys = { list: PERIOD_CLOSINGS_KEY, next: '/api/period-closings/next' } as const;

export const CLOSINGS_TEXTS = {
  title: 'Cierres de periodo',
  close: (until: string) => `Cerrar periodo hasta ${formatDate(until)}`,
  closed: (until: string) => `Periodo hasta el ${formatDate(until)} cerrado correctamente.`,
  closeError: 'cerrar el periodo solicitado.',
  reopen: 'Reabrir',
  reopenTitle: (until: string) => `Reabrir el periodo hasta el ${formatDate(until)}`,
  reopenExplanation:
    'Se podrán registrar de nuevo entradas, salidas y cancelaciones con fecha de ese mes. El cierre queda en el historial como reabierto.',
  reopened: (until: string) => `Periodo hasta el ${formatDate(until)} reabierto.`,
  reopenError: 'reabrir el periodo solicitado.',
  reason: 'Motivo de la reapertura',
  report: 'Reporte de existencias',
} as const;

// A closing changes what the wizards accept and what the closings page shows.
const INVALIDATES = ['/api/period-closings'];

export function useClosings() {
  return useSWR<PeriodClosing[], ApiError>(closingKeys.list);
}

export function useNextClosing() {
  return useSWR<NextClosing, ApiError>(closingKeys.next);
}

export function useCloseMonth(until: string | null) {
  const api = useApi();
  return useAction(
    (date: string) => api<PeriodClosing>('/api/period-closings', { method: 'POST', body: { until: date }, headers: { 'idempotency-key': newIdempotencyKey() } }),
    { errorText: CLOSINGS_TEXTS.closeError, successText: until ? CLOSINGS_TEXTS.closed(until) : undefined, invalidate: INVALIDATES },
  );
}

export function useReopenMonth(until: string | null) {
  const api = useApi();
  return useAction(
    (date: string, reason: string) =>
      api<PeriodClosing>(`/api/period-closings/${date}/reopening`, { method: 'POST', body: { reason }, headers: { 'idempotency-key': newIdempotencyKey() } }),
    { errorText: CLOSINGS_TEXTS.reopenError, successText: until ? CLOSINGS_TEXTS.reopened(until) : undefined, invalidate: INVALIDATES },
  );
}

/** "Reporte de existencias al …" of a closing's date: the figures the closing stored. */
export function useDownloadClosingReport() {
  const { timeZone } = useRuntimeConfig();
  const { download, downloading } = useReportDownload();
  const run = useCallback(
    (until: string) => download({ path: `/api/reports/stock?date=${until}`, fileName: `Reporte de existencias al ${until} - ${todayIn(timeZone)}` }),
    [download, timeZone],
  );
  return { download: run, downloading };
}
