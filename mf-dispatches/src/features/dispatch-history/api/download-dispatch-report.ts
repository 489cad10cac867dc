// POST /api/reports/dispatches/{id} — the exit voucher ("Reporte de salida"): saved under the
// server's name or as "Reportes de salida - {id}" plus its extension. Retries, naming and the
// failure toast are the shared kit's (useReportDownload).
import { useReportDownload, type ReportRequest } from '@almacen/shared';
import { useCallback } from 'react';

export const dispatchReportRequest = (dispatchId: number): ReportRequest => ({
  path: `/api/reports/dispatches/${dispatchId}`,
  fileName: `Reportes de salida - ${dispatchId}`,
});

export function useDownloadDispatchReport(dispatchId: number) {
  const { download, downloading } = useReportDownload();
  const run = useCallback(() => download(dispatchReportRequest(dispatchId)), [download, dispatchId]);
  return { download: run, downloading };
}
