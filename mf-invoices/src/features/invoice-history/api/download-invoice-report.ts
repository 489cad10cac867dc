// POST /api/reports/invoices/{id} — the entry's report ("Reporte de entrada"): saved under the
// server's name or as "Reportes de entrada - {id}" plus its extension. Retries, naming and the
// failure toast are the shared kit's (useReportDownload).
import { useReportDownload, type ReportRequest } from '@almacen/shared';
import { useCallback } from 'react';

export const invoiceReportRequest = (invoiceId: number): ReportRequest => ({
  path: `/api/reports/invoices/${invoiceId}`,
  fileName: `Reportes de entrada - ${invoiceId}`,
});

export function useDownloadInvoiceReport(invoiceId: number) {
  const { download, downloading } = useReportDownload();
  const run = useCallback(() => download(invoiceReportRequest(invoiceId)), [download, invoiceId]);
  return { download: run, downloading };
}
