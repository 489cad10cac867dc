// What the entry history says about cancellations and the supplier's CFDI.
import type { Invoice } from '@almacen/shared/domain';

export const CANCEL_INVOICE_TEXTS = {
  action: 'Cancelar entrada',
  title: (invoice: Pick<Invoice, 'invoiceNumber'>) => `Cancelar entrada ${invoice.invoiceNumber}`,
  explanation: 'Se registrarán movimientos que revierten esta entrada; el documento original se conserva.',
  success: (invoice: Pick<Invoice, 'invoiceNumber'>) => `Entrada ${invoice.invoiceNumber} cancelada correctamente.`,
  details: (invoice: Pick<Invoice, 'invoiceNumber'>) => `Cancelación de la entrada ${invoice.invoiceNumber}`,
} as const;

export const CFDI_HISTORY_TEXTS = {
  uuid: (uuid: string) => `UUID del CFDI: ${uuid}`,
  download: 'Descargar XML',
  error: 'descargar el XML del CFDI',
} as const;
