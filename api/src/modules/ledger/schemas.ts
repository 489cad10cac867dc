// JSON Schemas of the ledger's answers (OpenAPI + serialization), and what the documented bodies'
// fields mean: the bodies' shapes come from the shared superstruct schemas that validate them.
import { DOCUMENT_STATUSES, INVOICE_TYPES, isInboundMovement, MOVEMENT_TYPE_LABELS, MOVEMENT_TYPES } from '@almacen/shared/domain';
import { decimalString } from '../../http/schemas';

const id = { type: 'integer', minimum: 1 } as const;
const date = { type: 'string', format: 'date', example: '2026-03-15' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const decimal = { ...decimalString, example: '33.333' } as const;
const nullableText = { type: 'string', nullable: true } as const;

const obj = (required: string[], properties: Record<string, object>, description?: string) =>
  ({ type: 'object', required, properties, ...(description ? { description } : {}) }) as const;

export const movementSchema = obj(['id', 'productId', 'price', 'quantity', 'movementType', 'observations'], {
  id: { type: 'integer', minimum: 1, description: 'Orden de registro en el libro de almacén' },
  productId: id,
  productName: { type: 'string' },
  price: { ...decimal, description: 'Entrada: costo unitario de la factura. Salida: costo promedio al registrarla.' },
  quantity: decimal,
  amount: {
    ...decimal,
    description:
      'Valor del movimiento, fijado al registrarlo: en una entrada cantidad × precio al centavo (o el valor que declara su CFDI); en una salida su parte del valor de la existencia (cantidad × valor ÷ existencia, al centavo)',
  },
  movementType: {
    type: 'string',
    enum: [...MOVEMENT_TYPES],
    description: MOVEMENT_TYPES.map(
      (code) => `${code} «${MOVEMENT_TYPE_LABELS[code]}» (${isInboundMovement(code) ? 'entra' : 'sale'})`,
    ).join(', '),
  },
  observations: { ...nullableText, description: 'En una cancelación, su motivo' },
  documentId: {
    ...id,
    description:
      'Id de la factura (INVOICE, INVOICE_CANCELLATION), de la salida (DISPATCH, DISPATCH_CANCELLATION) o del conteo de inventario (ADJUSTMENT_IN, ADJUSTMENT_OUT)',
  },
  documentDate: date,
  dated: {
    ...date,
    description: 'La fecha en que cuenta: la del documento, la de corte del conteo, o el día en que se registró una cancelación',
  },
  balanceQuantity: { ...decimal, description: 'Existencia después del movimiento (orden de registro)' },
  balanceAverage: { ...decimal, description: 'Costo promedio después del movimiento: valor ÷ existencia (6 decimales)' },
  balanceValue: { ...decimal, description: 'Valor de la existencia después del movimiento: la suma de los valores' },
  recordedAt: dateTime,
});

export const stockSchema = obj(['availableQuantity', 'averagePrice'], {
  availableQuantity: decimal,
  averagePrice: { ...decimal, description: 'Costo promedio (hasta 6 decimales)' },
  value: {
    ...decimal,
    description: 'Valor de la existencia: la suma de los valores de sus movimientos; averagePrice = value ÷ availableQuantity',
  },
  hasMovements: { type: 'boolean' },
});

const cancelledBy = obj(
  ['sub', 'name'],
  { sub: { type: 'string' }, name: { type: 'string' } },
  'Quien canceló (sujeto y nombre del token)',
);

/** What the histories add to each document: its state and, once cancelled, who, when and why. */
const statusProperties = {
  status: { type: 'string', enum: [...DOCUMENT_STATUSES] },
  cancellation: {
    type: 'object',
    nullable: true,
    required: ['reason', 'cancelledAt', 'cancelledBy'],
    properties: { reason: { type: 'string' }, cancelledAt: dateTime, cancelledBy },
    description: 'null mientras el documento no esté cancelado',
  },
} as const;

export const cancellationSchema = obj(
  ['id', 'documentId', 'reason', 'cancelledAt', 'cancelledBy', 'movements'],
  {
    id,
    documentId: { ...id, description: 'La entrada o salida cancelada' },
    reason: { type: 'string' },
    cancelledAt: dateTime,
    cancelledBy,
    movements: { type: 'array', items: movementSchema, description: 'Los movimientos que revierten el documento, en orden de registro' },
  },
  'Documento de cancelación: el original se conserva y sus movimientos se revierten con movimientos nuevos.',
);

const supplierRef = obj(['id', 'name', 'rfc'], { id, name: { type: 'string' }, rfc: { type: 'string' } });

const invoiceProperties = {
  id,
  invoiceNumber: { type: 'string' },
  invoiceType: { type: 'string', enum: [...INVOICE_TYPES] },
  invoiceDate: date,
  supplier: supplierRef,
  createdAt: dateTime,
  cfdiUuid: {
    type: 'string',
    nullable: true,
    description: 'UUID del CFDI del proveedor guardado con la entrada (GET /api/invoices/{id}/cfdi lo descarga)',
  },
} as const;

export const invoiceListItemSchema = obj(
  ['id', 'invoiceNumber', 'invoiceType', 'invoiceDate', 'supplier', 'createdAt', 'cfdiUuid', 'status', 'cancellation'],
  {
    ...invoiceProperties,
    ...statusProperties,
  },
);

export const invoiceSchema = obj(['id', 'invoiceNumber', 'invoiceType', 'invoiceDate', 'supplierId', 'products'], {
  ...invoiceProperties,
  supplierId: id,
  directorEmployeeId: id,
  enteredByEmployeeId: id,
  warehouseKeeperEmployeeId: id,
  createdBy: { type: 'string' },
  createdByName: { type: 'string' },
  total: { ...decimal, description: 'Total de la entrada: la suma de los valores de sus renglones' },
  cfdiTotal: { ...decimal, nullable: true, description: 'Total del CFDI en pesos (Total × TipoCambio), si la entrada tiene CFDI' },
  cfdiWithheld: { ...decimal, nullable: true, description: 'Retenciones que descuenta el Total del CFDI, en pesos' },
  products: {
    type: 'array',
    items: obj(['id', 'productId', 'quantity', 'purchasePrice'], {
      id,
      lineNo: id,
      productId: id,
      productName: { type: 'string' },
      quantity: decimal,
      purchasePrice: { ...decimal, description: 'Precio unitario (3 decimales); en un renglón del CFDI, su valor ÷ la cantidad' },
      amount: { ...decimal, description: 'Valor del renglón: cantidad × precio al centavo, o el que declara el CFDI' },
      observations: nullableText,
      applyExciseTax: { type: 'boolean' },
      applyValueAddedTaxToPurchasePrice: { type: 'boolean' },
      exciseTaxRate: decimal,
      movementId: id,
      cfdiConcept: {
        type: 'integer',
        nullable: true,
        description: 'El concepto del CFDI cuyo valor lleva el renglón; null en un renglón tecleado',
      },
      vatAmount: { ...decimal, nullable: true, description: 'IVA que declara el CFDI para el concepto (pesos)' },
      iepsAmount: { ...decimal, nullable: true, description: 'IEPS que declara el CFDI para el concepto (pesos)' },
    }),
  },
});

const dispatchProperties = {
  id,
  dispatchDate: date,
  createdAt: dateTime,
  requestFolio: { type: 'string', nullable: true, description: 'El folio de la solicitud de material que surte ("SOL-000042"), o null' },
} as const;

export const dispatchListItemSchema = obj(['id', 'dispatchDate', 'createdAt', 'requestFolio', 'status', 'cancellation'], {
  ...dispatchProperties,
  ...statusProperties,
});

export const dispatchSchema = obj(['id', 'dispatchDate', 'products'], {
  ...dispatchProperties,
  requestId: { ...id, nullable: true, description: 'La solicitud de material que surte la salida, o null' },
  personInChargeOfTheRequestingAreaEmployeeId: id,
  petitionerEmployeeId: id,
  warehouseKeeperEmployeeId: id,
  createdBy: { type: 'string' },
  createdByName: { type: 'string' },
  total: decimal,
  products: {
    type: 'array',
    items: obj(['id', 'productId', 'quantity', 'exitPrice'], {
      id,
      lineNo: id,
      productId: id,
      productName: { type: 'string' },
      quantity: decimal,
      exitPrice: { ...decimal, description: 'Costo promedio del servidor al registrar la salida' },
      shownExitPrice: { ...decimal, description: 'Precio que mostró el formulario (informativo)' },
      amount: decimal,
      observations: nullableText,
      movementId: id,
      requestLineId: { ...id, nullable: true, description: 'El renglón de la solicitud de material que surte, o null' },
    }),
  },
});

export const idempotencyHeaders = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      description: 'Opcional. La misma clave (del mismo usuario) responde la primera respuesta y no crea nada nuevo.',
    },
  },
} as const;

/** What the fields of POST /api/invoices mean, beside the limits their shared schema documents. */
export const INVOICE_NOTES = {
  'products.cfdiIndex': 'Con `cfdi`: el concepto del CFDI de esta línea (se recuerda su producto)',
  'products.amount':
    'Con `cfdi` y `cfdiIndex`: el valor del concepto tal como lo mostró POST /api/cfdi/parse (`value`). El renglón vale lo que declara el CFDI (el servidor lo vuelve a leer del XML; otro importe o una cantidad distinta de la del concepto: 400). Sin él, el renglón vale cantidad × precio al centavo.',
  'products.purchasePrice': 'Costo unitario final (ya con IVA/IEPS si se marcaron)',
  'products.exciseTaxRate': 'Porcentaje',
} as const;

/** What the fields of POST /api/dispatches mean. */
export const DISPATCH_NOTES = {
  'products.exitPrice': 'Lo que mostró el formulario; el servidor registra su costo promedio',
  requestId:
    'La solicitud de material que surte (AUTORIZADA o SURTIDA_PARCIAL; otra: 409). Su solicitante y su responsable del área deben ser los de la salida, y cada producto indica su renglón',
  'products.requestLineId':
    'Con `requestId`: el renglón de la solicitud que entrega (mismo producto, a lo más lo pendiente; más: 409 y no se guarda nada)',
} as const;
