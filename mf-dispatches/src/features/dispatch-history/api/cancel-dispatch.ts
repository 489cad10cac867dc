// POST /api/dispatches/{id}/cancellation (issue #16). Success: a green notice and every list that
// shows the exit, the stock or movements refreshes; failure: "¡Oh no!" + "Algo salió mal mientras
// tratábamos de cancelar la salida solicitada." + the server's message (useAction).
import { newIdempotencyKey, useAction, useApi } from '@almacen/shared';
import type { Dispatch } from '@almacen/shared/domain';

export const CANCEL_DISPATCH_TEXTS = {
  action: 'Cancelar salida',
  title: (dispatch: Pick<Dispatch, 'id'>) => `Cancelar salida ${dispatch.id}`,
  explanation: 'Se registrarán movimientos que revierten esta salida; el documento original se conserva.',
  success: (dispatch: Pick<Dispatch, 'id'>) => `Salida ${dispatch.id} cancelada correctamente.`,
  error: 'cancelar la salida solicitada.',
  details: (dispatch: Pick<Dispatch, 'id'>) => `Cancelación de la salida ${dispatch.id}`,
} as const;

/** Every SWR key a cancellation changes: the histories, the stock and the movements (kardex). */
export const CANCELLATION_INVALIDATES = ['/api/dispatches', '/api/invoices', '/api/stock', '/api/movements'];

export function useCancelDispatch(dispatch: Pick<Dispatch, 'id'> | null) {
  const api = useApi();
  return useAction(
    // One key per confirmation: a retried or doubled request cancels once and gets the same answer.
    (id: number, reason: string) =>
      api(`/api/dispatches/${id}/cancellation`, { method: 'POST', body: { reason }, headers: { 'idempotency-key': newIdempotencyKey() } }),
    {
      errorText: CANCEL_DISPATCH_TEXTS.error,
      successText: dispatch ? CANCEL_DISPATCH_TEXTS.success(dispatch) : undefined,
      invalidate: CANCELLATION_INVALIDATES,
    },
  );
}
