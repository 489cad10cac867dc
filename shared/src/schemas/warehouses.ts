// «Almacenes» and «Traspasos»: a warehouse's record, the warehouse a document belongs to, and a
// transfer's shipment, reception, rejection and withdrawal. The API and the forms validate alike.
import { assign, optional, string, type, type Infer } from 'superstruct';
import { MAX_PRODUCTS_PER_DOCUMENT, MAX_QUANTITY, QUANTITY_SCALE } from '@almacen/shared/domain';
import { reasonText, type SchemaClock } from './documents';
import { described } from './json-schema';
import { decimal, entityId, flag, freeTextError, lines, observations, optionalEntityId, pastOrToday, requiredText } from './primitives';

export const WAREHOUSE_MESSAGES = {
  code: 'La clave del almacén es un campo obligatorio: letras mayúsculas, números o guiones, hasta 20 (p. ej. P012).',
  name: 'El nombre del almacén es un campo obligatorio.',
  address: 'La dirección admite hasta 500 caracteres.',
  responsible: 'Indica un empleado válido como responsable.',
  origin: 'El almacén de origen es un campo obligatorio.',
  destination: 'El almacén de destino es un campo obligatorio.',
  sameWarehouse: 'El almacén de destino debe ser distinto del de origen.',
  date: 'La fecha del traspaso es un campo obligatorio y no puede ser posterior a hoy.',
  sender: 'Quién envía es un campo obligatorio.',
  receiver: 'Quién recibe es un campo obligatorio.',
  carrier: 'Quién transporta admite hasta 200 caracteres.',
  products: 'Agrega al menos un producto al traspaso.',
  productId: 'Selecciona un producto.',
  quantity: 'La cantidad debe ser mayor que cero, con hasta 3 decimales.',
} as const;
const M = WAREHOUSE_MESSAGES;

export const WAREHOUSE_CODE_RE = /^[A-Z0-9][A-Z0-9-]{0,19}$/;

const warehouseCode = () =>
  described<string>(
    'warehouseCode',
    { type: 'string', pattern: WAREHOUSE_CODE_RE.source },
    (value) => (typeof value === 'string' && WAREHOUSE_CODE_RE.test(value.trim().toUpperCase())) || M.code,
  );

/** Free text that may be empty (null, absent or blank), up to `max` characters. */
const optionalText = (max: number, message: string) =>
  described<string | null | undefined>('optionalText', { type: 'string', maxLength: max, nullable: true }, (value) => {
    if (value === null || value === undefined) return true;
    if (typeof value !== 'string' || value.trim().length > max) return message;
    return freeTextError(value) ?? true;
  });

/** A warehouse as an administrator keeps it (the code is stored in capitals, the texts trimmed). */
export const warehouseSchema = type({
  code: warehouseCode(),
  name: requiredText(M.name, 200),
  address: optionalText(500, M.address),
  responsibleEmployeeId: optionalEntityId(M.responsible),
  active: optional(flag()),
});
export type WarehouseInput = Infer<typeof warehouseSchema>;

export function makeTransferSchemas({ today }: SchemaClock) {
  const header = type({
    originWarehouseId: entityId(M.origin),
    destinationWarehouseId: entityId(M.destination),
    date: pastOrToday(M.date, today),
    senderEmployeeId: entityId(M.sender),
    carrier: optionalText(200, M.carrier),
  });
  const line = type({
    key: optional(string()),
    productId: entityId(M.productId),
    quantity: decimal({ message: M.quantity, scale: QUANTITY_SCALE, max: MAX_QUANTITY }),
    observations: observations(),
  });
  const transfer = assign(header, type({ lines: lines(line, M.products, MAX_PRODUCTS_PER_DOCUMENT) }));
  return { header, line, transfer };
}
export type CreateTransfer = Infer<ReturnType<typeof makeTransferSchemas>['transfer']>;

export const TRANSFER_REASON_MESSAGES = {
  required: 'El motivo es un campo obligatorio.',
  length: 'El motivo debe tener entre 5 y 500 caracteres.',
} as const;

export const transferReceptionSchema = type({ receiverEmployeeId: entityId(M.receiver) });
export const transferReasonSchema = type({ reason: reasonText('transferReason', TRANSFER_REASON_MESSAGES) });
