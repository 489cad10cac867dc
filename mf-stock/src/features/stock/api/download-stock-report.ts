// POST /api/reports/stock — "Reporte de existencias": saved as "Reporte de almacén - {date}"
// plus its extension. The server names the file with its own date; the fallback uses today's
// date in the portal's time zone, which is the date the server uses (YYYY-MM-DD).
import { useReportDownload, useRuntimeConfig, type ReportRequest } from '@almacen/shared';
import { todayIn } from '@almacen/shared/domain';
import { useCallback } from 'react';

export const stockReportRequest = (date: string): ReportRequest => ({
  path: '/api/reports/stock',
  fileName: `Reporte de almacén - ${date}`,
});

export function useDownloadStockReport() {
  const { timeZone } = useRuntimeConfig();
  const { download, downloading } = useReportDownload();
  const run = useCallback(() => download(stockReportRequest(todayIn(timeZone))), [download, timeZone]);
  return { download: run, downloading };
}
