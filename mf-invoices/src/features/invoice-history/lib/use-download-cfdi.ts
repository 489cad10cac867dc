// The supplier's CFDI kept with an entry: the stored bytes as they were loaded, saved
// as "{UUID}.xml"; a failure says "…descargar el XML del CFDI" with the server's words.
import { useCallback, useState } from 'react';
import { actionErrorText, downloadInvoiceCfdi, saveFile, useApi, useNotify } from '@almacen/shared';
import { CFDI_HISTORY_TEXTS } from './texts';

export function useDownloadInvoiceCfdi(invoiceId: number, uuid: string | null | undefined) {
  const api = useApi();
  const notify = useNotify();
  const [downloading, setDownloading] = useState(false);
  const download = useCallback(async () => {
    setDownloading(true);
    try {
      const file = await downloadInvoiceCfdi(api, invoiceId);
      saveFile(file.blob, file.fileName || `${uuid ?? invoiceId}.xml`);
    } catch (error) {
      notify.error(undefined, actionErrorText(CFDI_HISTORY_TEXTS.error, error));
    } finally {
      setDownloading(false);
    }
  }, [api, notify, invoiceId, uuid]);
  return { download, downloading };
}
