// GET /api/invoices/{id}/cfdi — the supplier's CFDI kept with the entry (issue #19), the stored
// bytes as they were loaded, saved as "{UUID}.xml".
import { actionErrorText, saveFile, useApi, useNotify } from '@almacen/shared';
import { useCallback, useState } from 'react';

export const CFDI_HISTORY_TEXTS = {
  uuid: (uuid: string) => `UUID del CFDI: ${uuid}`,
  download: 'Descargar XML',
  error: 'descargar el XML del CFDI',
} as const;

export function useDownloadInvoiceCfdi(invoiceId: number, uuid: string | null | undefined) {
  const api = useApi();
  const notify = useNotify();
  const [downloading, setDownloading] = useState(false);
  const download = useCallback(async () => {
    setDownloading(true);
    try {
      const file = await api.download(`/api/invoices/${invoiceId}/cfdi`, { method: 'GET' });
      saveFile(file.blob, file.fileName || `${uuid ?? invoiceId}.xml`);
    } catch (error) {
      notify.error(undefined, actionErrorText(CFDI_HISTORY_TEXTS.error, error));
    } finally {
      setDownloading(false);
    }
  }, [api, notify, invoiceId, uuid]);
  return { download, downloading };
}
