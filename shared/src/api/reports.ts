// The reports a person downloads (POST /api/reports/…, PDF or XLSX): what each asks the API and the
// name its file is saved under when the server sends none. Retries, naming and the failure toast
// are the kit's (useReportDownload). A warehouse's reports say so (`ofWarehouse`): the download adds
// the current `warehouseId` when there are several.
import { useCallback } from 'react';
import { todayIn } from '../domain';
import type { LabelsRequest } from '../domain-pages';
import { useReportDownload, type ReportRequest } from '../kit/actions/report-download';
import { useRuntimeConfig } from '../platform/hooks';

/** "Reporte de entrada": "Reportes de entrada - {id}". */
export const invoiceReportRequest = (invoiceId: number): ReportRequest => ({
  path: `/api/reports/invoices/${invoiceId}`,
  fileName: `Reportes de entrada - ${invoiceId}`,
});

/** "Reporte de salida" (the exit voucher): "Reportes de salida - {id}". */
export const dispatchReportRequest = (dispatchId: number): ReportRequest => ({
  path: `/api/reports/dispatches/${dispatchId}`,
  fileName: `Reportes de salida - ${dispatchId}`,
});

export interface CardRange {
  from: string;
  to: string;
}

/**
 * "Tarjeta de almacén": "Tarjetas de almacén - {id}". With a range of registration dates it
 * asks `?from=&to=`: "Saldo inicial", the movements, "Saldo final".
 */
export const productCardRequest = (productId: number, range?: CardRange): ReportRequest => {
  const query = range ? new URLSearchParams(Object.entries(range).filter(([, v]) => v)).toString() : '';
  return {
    path: `/api/reports/products/${productId}${query ? `?${query}` : ''}`,
    fileName: `Tarjetas de almacén - ${productId}`,
    ofWarehouse: true,
  };
};

/**
 * "Reporte de existencias": "Reporte de almacén - {today}" (the server's date: today in the portal's
 * time zone); at a past cut-off date `?date=` and "Reporte de existencias al {date} - {today}".
 */
export const stockReportRequest = (today: string, date: string = today): ReportRequest =>
  date === today
    ? { path: '/api/reports/stock', fileName: `Reporte de almacén - ${today}`, ofWarehouse: true }
    : { path: `/api/reports/stock?date=${date}`, fileName: `Reporte de existencias al ${date} - ${today}`, ofWarehouse: true };

/** "Productos bajo mínimo - {today}". */
export const lowStockReportRequest = (today: string): ReportRequest => ({
  path: '/api/reports/low-stock',
  fileName: `Productos bajo mínimo - ${today}`,
  ofWarehouse: true,
});

/** A month closing's "Reporte de existencias al …": the figures the closing stored. */
export const closingReportRequest = (today: string, until: string): ReportRequest => ({
  path: `/api/reports/stock?date=${until}`,
  fileName: `Reporte de existencias al ${until} - ${today}`,
  ofWarehouse: true,
});

/** A count's acta ("Acta de inventario físico - {id}"). */
export const countActaRequest = (countId: number, format: 'pdf' | 'xlsx'): ReportRequest => ({
  path: `/api/reports/inventory-counts/${countId}`,
  query: { format },
  fileName: `Acta de inventario físico - ${countId}`,
});

/** A count's sheet ("Hoja de conteo - {id}"); `blind` leaves the book quantities out. */
export const countSheetRequest = (countId: number, format: 'pdf' | 'xlsx', blind: boolean): ReportRequest => ({
  path: `/api/reports/inventory-counts/${countId}/sheet`,
  query: { format, ...(blind ? { book: 'false' } : {}) },
  fileName: `Hoja de conteo - ${countId}`,
});

/** «Imprimir etiquetas»: the products' labels, «Etiquetas - {today}». */
export const labelsRequest = (today: string, labels: LabelsRequest): ReportRequest => ({
  path: '/api/reports/labels',
  body: labels,
  fileName: `Etiquetas - ${today}`,
});

/**
 * A download hook for one kind of report: `request` builds what to ask from today's date in the
 * portal's time zone and the arguments the button passes.
 */
export function useReport<A extends unknown[]>(request: (today: string, ...args: A) => ReportRequest) {
  const { timeZone } = useRuntimeConfig();
  const { download, downloading } = useReportDownload();
  const run = useCallback((...args: A) => download(request(todayIn(timeZone), ...args)), [download, request, timeZone]);
  return { download: run, downloading };
}
