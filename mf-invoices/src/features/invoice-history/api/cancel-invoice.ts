// POST /api/invoices/{id}/cancellation (issue #16). Success: a green notice and every list that
// shows the entry, the stock or movements refreshes; failure: "¡Oh no!" + "Algo salió mal mientras
// tratábamos de cancelar la entrada solicitada." + the server's message (useAction).
import { newIdempotencyKey, useAction, useApi } from '@almacen/shared';
import type { Invoice } from '@almacen/shared/domain';

export const CANCEL_INVOICE_TEXTS = {
  action: 'Cancelar entrada',
  title: (invoice: Pick<Invoice, 'invoiceNumber'>) => `Cancelar entrada ${invoice.invoiceNumber}`,
  explanation: 'Se registrarán movimientos que revierten esta entrada; el documento original se conserva.',
  success: (invoice: Pick<Invoice, 'invoiceNumber'>) => `Entrada ${invoice.invoiceNumber} cancelada correctamente.`,
  error: 'cancelar la entrada solicitada.',
  details: (invoice: Pick<Invoice, 'invoiceNumber'>) => `Cancelación de la entrada ${invoice.invoiceNumber}`,
} as const;

/** Every SWR key a cancellation changes: the histories, the stock and the movements (kardex). */
export const CANCELLATION_INVALIDATES = ['/api/invoices', '/api/dispatches', '/api/stock', '/api/movements'];

export function useCancelInvoice(invoice: Pick<Invoice, 'id' | 'invoiceNumber'> | null) {
  const api = useApi();
  return useAction(
    // One key per confirmation: a retried or doubled request cancels once and gets the same answer.
    (id: number, reason: string) =>
      api(`/api/invoices/${id}/cancellation`, { method: 'POST', body: { reason }, headers: { 'idempotency-key': newIdempotencyKey() } }),
    {
      errorText: CANCEL_INVOICE_TEXTS.error,
      successText: invoice ? CANCEL_INVOICE_TEXTS.success(invoice) : undefined,
      invalidate: CANCELLATION_INVALIDATES,
    },
  );
}
