// What the exit history says about cancellations.
import type { Dispatch } from '@almacen/shared/domain';

export const CANCEL_DISPATCH_TEXTS = {
  action: 'Cancelar salida',
  title: (dispatch: Pick<Dispatch, 'id'>) => `Cancelar salida ${dispatch.id}`,
  explanation: 'Se registrarán movimientos que revierten esta salida; el documento original se conserva.',
  success: (dispatch: Pick<Dispatch, 'id'>) => `Salida ${dispatch.id} cancelada correctamente.`,
  details: (dispatch: Pick<Dispatch, 'id'>) => `Cancelación de la salida ${dispatch.id}`,
} as const;
