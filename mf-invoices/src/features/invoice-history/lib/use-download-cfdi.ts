// The supplier's CFDI kept with an entry: the stored bytes as they were loaded, saved
// as "{UUID}.xml"; a failure says "…descargar el XML del CFDI" with the server's words, as every
// change sent through useMutation does. Nothing in the portal becomes stale.
import { downloadInvoiceCfdi, saveFile, useMutation } from '@almacen/shared';
import { CFDI_HISTORY_TEXTS } from './texts';

export function useDownloadInvoiceCfdi(invoiceId: number, uuid: string | null | undefined) {
  const action = useMutation(
    async (api) => {
      const file = await downloadInvoiceCfdi(api, invoiceId);
      saveFile(file.blob, file.fileName || `${uuid ?? invoiceId}.xml`);
    },
    { errorText: CFDI_HISTORY_TEXTS.error },
    [],
  );
  return { download: () => action.run(), downloading: action.running };
}
