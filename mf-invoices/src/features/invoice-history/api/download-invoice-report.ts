// POST /api/reports/invoices/{id} (spec §7): the entry's report, retried up to
// REPORT_DOWNLOAD_RETRIES times, saved as "Reportes de entrada - {id}" plus its extension.
import { isApiError, type ApiClient, type ApiDownload } from '@almacen/shared';
import { REPORT_DOWNLOAD_RETRIES } from '@almacen/shared/domain';

export const REPORT_FILE_PREFIX = 'Reportes de entrada - ';
/** Pause before retry n (1-based): a server that just failed gets a moment. */
export const RETRY_PAUSE_MS = 300;

const EXTENSIONS: Record<string, string> = {
  'application/pdf': '.pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': '.xlsx',
};

/** A failure that asking again can fix: the network, a timeout, a busy or failing server. */
export function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** Runs `attempt` once and retries it up to `retries` times while the failure is transient. */
export async function withRetries<T>(attempt: () => Promise<T>, retries = REPORT_DOWNLOAD_RETRIES, pauseMs = RETRY_PAUSE_MS): Promise<T> {
  for (let n = 0; ; n += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= retries || !isTransient(error)) throw error;
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs * (n + 1)));
    }
  }
}

/** "Reportes de entrada - 12.pdf": the server's name when it already is one, else ours with its extension. */
export function reportFileName(invoiceId: number, { blob, fileName }: ApiDownload): string {
  if (fileName?.startsWith(REPORT_FILE_PREFIX)) return fileName;
  const fromName = /\.[A-Za-z0-9]{2,5}$/.exec(fileName ?? '')?.[0];
  const extension = fromName ?? EXTENSIONS[blob.type.split(';')[0].trim()] ?? '.pdf';
  return `${REPORT_FILE_PREFIX}${invoiceId}${extension}`;
}

export async function downloadInvoiceReport(api: ApiClient, invoiceId: number): Promise<{ blob: Blob; fileName: string }> {
  const download = await withRetries(() => api.download(`/api/reports/invoices/${invoiceId}`, { method: 'POST' }));
  return { blob: download.blob, fileName: reportFileName(invoiceId, download) };
}

/** Hands a file to the browser's downloads (an object URL clicked through an anchor). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // Revoked on the next tick: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
