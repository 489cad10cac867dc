// POST /api/reports/dispatches/{id} — the exit voucher ("Reporte de salida"). Retried up to 3
// times (spec §7, §9) when the failure may pass (network, 5xx); a 4xx will not change by asking
// again. Saved as "Reportes de salida - {id}" plus the extension of what the server sent.
import type { ApiClient, ApiDownload } from '@almacen/shared';
import { isApiError, useApi } from '@almacen/shared';
import { REPORT_DOWNLOAD_RETRIES } from '@almacen/shared/domain';
import { useCallback } from 'react';

export const dispatchReportPath = (dispatchId: number) => `/api/reports/dispatches/${dispatchId}`;
export const dispatchReportName = (dispatchId: number) => `Reportes de salida - ${dispatchId}`;

/** Waits before retry n (1-based): 0.5 s, 1 s, 2 s. */
export const retryDelayMs = (retry: number) => 500 * 2 ** (retry - 1);

const MIME_EXTENSIONS: Record<string, string> = {
  'application/pdf': '.pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': '.xlsx',
};

function isRetryable(error: unknown): boolean {
  return !isApiError(error) || error.status === 0 || error.status >= 500;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The file name to save: the server's when it sent one (Content-Disposition), else the spec's. */
export function reportFileName(dispatchId: number, download: ApiDownload): string {
  const extension = /\.[A-Za-z0-9]{2,5}$/.exec(download.fileName)?.[0];
  if (extension) return download.fileName;
  return dispatchReportName(dispatchId) + (MIME_EXTENSIONS[download.blob.type.split(';')[0]] ?? '.pdf');
}

export async function downloadDispatchReport(api: ApiClient, dispatchId: number): Promise<{ blob: Blob; fileName: string }> {
  for (let retry = 0; ; retry += 1) {
    try {
      const download = await api.download(dispatchReportPath(dispatchId), { method: 'POST' });
      return { blob: download.blob, fileName: reportFileName(dispatchId, download) };
    } catch (error) {
      if (retry >= REPORT_DOWNLOAD_RETRIES || !isRetryable(error)) throw error;
      await wait(retryDelayMs(retry + 1));
    }
  }
}

/** Hands a downloaded file to the browser (a temporary object URL on a clicked link). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export function useDownloadDispatchReport() {
  const api = useApi();
  return useCallback(async (dispatchId: number) => {
    const { blob, fileName } = await downloadDispatchReport(api, dispatchId);
    saveFile(blob, fileName);
    return fileName;
  }, [api]);
}
