// POST /api/reports/stock — "Reporte de existencias": saved as "Reporte de almacén - {date}"
// plus its extension. The server names the file with its own date; the fallback uses today's
// date in the portal's time zone, which is the date the server uses (YYYY-MM-DD). At a past
// cut-off date ("Existencias al", issue #18) it asks `?date=` and the file is "Reporte de
// existencias al {date} - {today}".
import { useReportDownload, useRuntimeConfig, type ReportRequest } from '@almacen/shared';
import { todayIn } from '@almacen/shared/domain';
import { useCallback } from 'react';

export const stockReportRequest = (today: string, date: string = today): ReportRequest =>
  date === today
    ? { path: '/api/reports/stock', fileName: `Reporte de almacén - ${today}` }
    : { path: `/api/reports/stock?date=${date}`, fileName: `Reporte de existencias al ${date} - ${today}` };

export function useDownloadStockReport() {
  const { timeZone } = useRuntimeConfig();
  const { download, downloading } = useReportDownload();
  const run = useCallback((date?: string) => download(stockReportRequest(todayIn(timeZone), date)), [download, timeZone]);
  return { download: run, downloading };
}

/** POST /api/reports/low-stock (issue #20) — "Productos bajo mínimo - {date}" plus its extension. */
export const lowStockReportRequest = (today: string): ReportRequest => ({ path: '/api/reports/low-stock', fileName: `Productos bajo mínimo - ${today}` });

export function useDownloadLowStockReport() {
  const { timeZone } = useRuntimeConfig();
  const { download, downloading } = useReportDownload();
  const run = useCallback(() => download(lowStockReportRequest(todayIn(timeZone))), [download, timeZone]);
  return { download: run, downloading };
}
