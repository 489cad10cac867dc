// «Solicitudes de material»: what a new request, its authorization and each state change accept.
// Quantities follow the exits' rules (QUANTITY_SCALE decimals, up to MAX_QUANTITY, decimal text
// or a number read as its decimal text); an authorized quantity may be 0 (that line is not given).
import { type, type Infer } from 'superstruct';
import { MAX_OBSERVATIONS_LENGTH, MAX_PRODUCTS_PER_DOCUMENT, MAX_QUANTITY, QUANTITY_SCALE } from '@almacen/shared/domain';
import { reasonText } from './documents';
import { decimal, documentWarehouse, entityId, lines, observations, requiredText } from './primitives';

export const REQUEST_MESSAGES = {
  areaHead: 'Selecciona al responsable del área solicitante.',
  reason: 'El motivo de la solicitud es un campo obligatorio.',
  lines: 'La solicitud debe contener por lo menos un producto.',
  productId: 'Selecciona el producto.',
  quantity: 'La cantidad solicitada debe ser mayor a 0.',
  authorizationLines: 'Indica la cantidad autorizada de cada renglón de la solicitud.',
  lineId: 'Indica el renglón de la solicitud.',
  authorizedQuantity: 'La cantidad autorizada debe ser un número mayor o igual a 0.',
  rejectionReason: 'El motivo del rechazo es un campo obligatorio.',
  rejectionLength: 'El motivo del rechazo debe tener entre 5 y 500 caracteres.',
  cancellationReason: 'El motivo de la cancelación es un campo obligatorio.',
  cancellationLength: 'El motivo de la cancelación debe tener entre 5 y 500 caracteres.',
  closureReason: 'El motivo del cierre es un campo obligatorio.',
  closureLength: 'El motivo del cierre debe tener entre 5 y 500 caracteres.',
} as const;
const M = REQUEST_MESSAGES;

export const requestLineSchema = type({
  productId: entityId(M.productId),
  quantity: decimal({ message: M.quantity, scale: QUANTITY_SCALE, max: MAX_QUANTITY }),
  observations: observations(),
});

export const createRequestSchema = type({
  // The warehouse that delivers: absent = the only one the requester may ask from.
  warehouseId: documentWarehouse(),
  areaHeadEmployeeId: entityId(M.areaHead),
  reason: requiredText(M.reason, MAX_OBSERVATIONS_LENGTH),
  lines: lines(requestLineSchema, M.lines, MAX_PRODUCTS_PER_DOCUMENT),
});
export type CreateRequest = Infer<typeof createRequestSchema>;

export const authorizationLineSchema = type({
  lineId: entityId(M.lineId),
  quantity: decimal({ message: M.authorizedQuantity, scale: QUANTITY_SCALE, max: MAX_QUANTITY, positive: false }),
});

export const requestAuthorizationSchema = type({
  lines: lines(authorizationLineSchema, M.authorizationLines, MAX_PRODUCTS_PER_DOCUMENT),
});
export type RequestAuthorization = Infer<typeof requestAuthorizationSchema>;

export const requestRejectionSchema = type({
  reason: reasonText('rejectionReason', { required: M.rejectionReason, length: M.rejectionLength }),
});
export const requestCancellationSchema = type({
  reason: reasonText('requestCancellationReason', { required: M.cancellationReason, length: M.cancellationLength }),
});
export const requestClosureSchema = type({
  reason: reasonText('closureReason', { required: M.closureReason, length: M.closureLength }),
});
/** The requester confirms the receipt: nothing to say but that. */
export const requestReceiptSchema = type({});
export type RequestReason = Infer<typeof requestRejectionSchema>;
