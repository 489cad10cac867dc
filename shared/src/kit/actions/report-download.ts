// Report downloads, the one rule for every remote: POST the report path,
// ask again up to REPORT_DOWNLOAD_RETRIES times while the failure may pass (the network, 408,
// 429, 5xx) waiting 0.5 s, 1 s, 2 s in between, and save the file under the server's
// Content-Disposition name or, when it sent none, under the spec's name plus the extension of
// what arrived. A failure that stays is an action failure: "¡Oh no!" + "…descargar el reporte
// solicitado." + the server's message, through useAction.
import { useCallback } from 'react';
import { REPORT_DOWNLOAD_RETRIES } from '../../domain/constants';
import type { ApiClient, ApiDownload, ApiRequestOptions } from '../../platform/api-client';
import { isApiError } from '../../platform/api-error';
import { useApi } from '../../platform/hooks';
import { useWarehouseId, warehousePath } from '../../platform/warehouse';
import { useAction } from './use-action';

export interface ReportRequest {
  /** e.g. '/api/reports/invoices/12' */
  path: string;
  /** The spec's name without extension ("Reportes de entrada - 12"), used when the server names no file. */
  fileName: string;
  /** What the report is of, when the server needs it (the filters of "Bitácora"), as query parameters. */
  query?: ApiRequestOptions['query'];
  /** What the report is of, when it is a list (the products of «Imprimir etiquetas»), as a JSON body. */
  body?: unknown;
  /** A report of the current warehouse (stock, low stock, a product's card): asked with its `warehouseId` when there are several. */
  ofWarehouse?: true;
}

export interface SavedReport {
  blob: Blob;
  fileName: string;
}

/** Waits `ms` milliseconds; tests pass one that does not. */
export type Sleep = (ms: number) => Promise<void>;

export interface RetryOptions {
  /** Further attempts after the first one. */
  retries?: number;
  sleep?: Sleep;
}

export const REPORT_DOWNLOAD_ERROR_TEXT = 'descargar el reporte solicitado.';

/** The pause before retry n (1-based): 500 ms, 1 s, 2 s — a server that just failed gets room. */
export const reportRetryDelayMs = (retry: number): number => 500 * 2 ** (retry - 1);

const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A failure that asking again can fix: the network (the client's status 0), a timeout (408),
 * throttling (429), a failing server (5xx). A 4xx will not change by asking again, and anything
 * that is not an ApiError (an abort, a bug of ours) is not the server's to fix.
 */
export function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** Runs `attempt` once and then up to `retries` more times while the failure is transient. */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  { retries = REPORT_DOWNLOAD_RETRIES, sleep: wait = sleep }: RetryOptions = {},
): Promise<T> {
  for (let retry = 1; ; retry += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (retry > retries || !isTransient(error)) throw error;
      await wait(reportRetryDelayMs(retry));
    }
  }
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': '.pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': '.xlsx',
};

const EXTENSION = /\.[A-Za-z0-9]{2,5}$/;

/** ".xlsx" for a spreadsheet; reports are PDF unless asked otherwise, so ".pdf" for anything else. */
function extensionOf(blob: Blob): string {
  return EXTENSIONS[blob.type.split(';')[0].trim().toLowerCase()] ?? '.pdf';
}

/**
 * The name to save under. api.download() reads Content-Disposition (filename* first) and, when
 * the server sent none, falls back to the last segment of the path ("stock", "12"): that
 * fallback is not a name, so the spec's name is used instead. Either way the file keeps an
 * extension, taken from the Content-Type when the name has none.
 */
export function reportFileName(request: ReportRequest, download: ApiDownload): string {
  const fromServer = download.fileName?.trim();
  const pathFallback = request.path.split('?')[0].split('/').filter(Boolean).pop();
  const name = fromServer && fromServer !== pathFallback ? fromServer : request.fileName;
  return EXTENSION.test(name) ? name : name + extensionOf(download.blob);
}

export async function downloadReport(api: ApiClient, request: ReportRequest, options?: RetryOptions): Promise<SavedReport> {
  const download = await withRetries(
    () =>
      api.download(request.path, {
        method: 'POST',
        ...(request.query === undefined ? {} : { query: request.query }),
        ...(request.body === undefined ? {} : { body: request.body }),
      }),
    options,
  );
  return { blob: download.blob, fileName: reportFileName(request, download) };
}

/** Hands a file to the browser's downloads (an object URL clicked through a hidden link). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export interface ReportDownload {
  /** Resolves to the saved file's name, or undefined when the download failed (already notified). */
  download: (request: ReportRequest) => Promise<string | undefined>;
  downloading: boolean;
}

/** One download button's worth of state: retries, saving, and the "¡Oh no!" failure toast. */
export function useReportDownload(options?: RetryOptions): ReportDownload {
  const api = useApi();
  const warehouseId = useWarehouseId();
  const retries = options?.retries;
  const wait = options?.sleep;
  const perform = useCallback(
    async ({ ofWarehouse, ...request }: ReportRequest) => {
      const asked = ofWarehouse ? { ...request, path: warehousePath(request.path, warehouseId) } : request;
      const report = await downloadReport(api, asked, { retries, sleep: wait });
      saveFile(report.blob, report.fileName);
      return report.fileName;
    },
    [api, retries, wait, warehouseId],
  );
  const action = useAction(perform, { errorText: REPORT_DOWNLOAD_ERROR_TEXT });
  return { download: action.run, downloading: action.running };
}
