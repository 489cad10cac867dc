// Report downloads (product spec §7, §9): POST, retried up to REPORT_DOWNLOAD_RETRIES times while
// the failure may pass, saved under the server's Content-Disposition name or, when the server
// sent none, under the spec's name plus the extension of what arrived.
//
// WORKAROUND: mf-invoices (invoice-history/api/download-invoice-report.ts) and mf-dispatches
// (dispatch-history/api/download-dispatch-report.ts) each carry their own copy of this logic and
// shared/src/platform has no download helper yet. Nothing here is stock-specific: this file is
// written to move as is to shared/src/platform (and the three copies to become one).
import { isApiError, useAction, useApi, type ApiClient } from '@almacen/shared';
import { REPORT_DOWNLOAD_RETRIES } from '@almacen/shared/domain';

/** Pause before retry n (1-based) is n × this: a server that just failed gets a moment. */
export const RETRY_PAUSE_MS = 250;

const EXTENSIONS: Record<string, string> = {
  'application/pdf': '.pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': '.xlsx',
};

export interface ReportRequest {
  /** e.g. '/api/reports/stock' */
  path: string;
  /** The spec's name without extension, used when the server names no file. */
  fileName: string;
}

export interface SavedReport {
  blob: Blob;
  fileName: string;
}

/** A failure that asking again can fix: the network, a timeout, a busy or failing server. */
export function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** Runs `attempt` once and then up to `retries` more times while the failure is transient. */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  retries = REPORT_DOWNLOAD_RETRIES,
  pauseMs = RETRY_PAUSE_MS,
): Promise<T> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (retry >= retries || !isTransient(error)) throw error;
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs * (retry + 1)));
    }
  }
}

/**
 * The server's name when it sent one — api.download() falls back to the last path segment
 * ("stock", "12"), which has no extension — else the spec's name plus the blob's extension.
 */
export function reportFileName(fallback: string, download: SavedReport): string {
  if (/\.[A-Za-z0-9]{2,5}$/.test(download.fileName ?? '')) return download.fileName;
  return fallback + (EXTENSIONS[download.blob.type.split(';')[0].trim()] ?? '.pdf');
}

export async function downloadReport(api: ApiClient, { path, fileName }: ReportRequest): Promise<SavedReport> {
  const download = await withRetries(() => api.download(path, { method: 'POST' }));
  return { blob: download.blob, fileName: reportFileName(fileName, download) };
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

/**
 * One download button's worth of state, on the kit's useAction: an HTTP failure is an action
 * failure (spec §8) — "¡Oh no!" + "…descargar el reporte solicitado." + the server's message.
 */
export function useReportDownload() {
  const api = useApi();
  const action = useAction(
    async (request: ReportRequest) => {
      const report = await downloadReport(api, request);
      saveFile(report.blob, report.fileName);
      return report.fileName;
    },
    { errorText: 'descargar el reporte solicitado.' },
  );
  return { download: action.run, downloading: action.running };
}
