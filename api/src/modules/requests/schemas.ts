// JSON Schemas of the requests' answers (OpenAPI + serialization); the bodies' come from the shared
// superstruct schemas (shared/src/schemas/requests.ts).
import { REQUEST_STATUS_LABELS, REQUEST_STATUSES, REQUEST_VIEWS } from '@almacen/shared/domain';
import { decimalString } from '../../http/schemas';

const id = { type: 'integer', minimum: 1 } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const decimal = { ...decimalString, example: '12.5' } as const;
const text = { type: 'string' } as const;

const obj = (required: string[], properties: Record<string, object>, description?: string) =>
  ({ type: 'object', required, properties, ...(description ? { description } : {}) }) as const;

const status = {
  type: 'string',
  enum: [...REQUEST_STATUSES],
  description: REQUEST_STATUSES.map((code) => `${code} «${REQUEST_STATUS_LABELS[code]}»`).join(', '),
} as const;

const person = (description: string) => obj(['employeeId', 'name'], { employeeId: id, name: text }, description);
const actor = (description: string) => obj(['sub', 'name'], { sub: text, name: text }, description);

const summaryProperties = {
  id,
  folio: { type: 'string', example: 'SOL-000042', description: '«SOL-» y el id con al menos seis dígitos; único' },
  status,
  warehouseId: { ...id, nullable: true, description: 'El almacén que surte (id)' },
  requester: person('Quien pide: el empleado vinculado con su usuario'),
  areaHead: person('El responsable del área solicitante, quien autoriza o rechaza'),
  reason: text,
  lineCount: { type: 'integer', minimum: 1 },
  createdAt: dateTime,
  updatedAt: { ...dateTime, description: 'El último cambio de estado' },
} as const;

export const requestSummarySchema = obj(Object.keys(summaryProperties), summaryProperties);

const exitSchema = obj(
  ['dispatchId', 'dispatchDate', 'quantity', 'cancelled'],
  {
    dispatchId: { ...id, description: 'El número de la salida' },
    dispatchDate: { type: 'string', format: 'date', example: '2026-03-15' },
    quantity: decimal,
    cancelled: { type: 'boolean', description: 'Una salida cancelada no entregó nada: su cantidad volvió a pendiente (o a cerrado)' },
  },
  'Una salida que entregó parte del renglón',
);

const lineSchema = obj(
  ['id', 'lineNo', 'productId', 'productName', 'observations', 'requested', 'authorized', 'delivered', 'pending', 'closed', 'exits'],
  {
    id,
    lineNo: id,
    productId: id,
    productName: text,
    observations: { type: 'string', nullable: true },
    requested: { ...decimal, description: 'Lo que se pidió' },
    authorized: { ...decimal, nullable: true, description: 'Lo que autorizó el responsable del área (0: nada); null antes de autorizar' },
    delivered: { ...decimal, description: 'La suma de las salidas no canceladas del renglón' },
    pending: { ...decimal, description: 'autorizado − entregado − cerrado (0 antes de autorizar)' },
    closed: { ...decimal, description: 'Lo que el almacén dijo que ya no entregará al cerrar la solicitud' },
    exits: { type: 'array', items: exitSchema },
  },
  'entregado + pendiente + cerrado = autorizado',
);

const eventSchema = obj(
  ['status', 'at', 'by', 'reason', 'dispatchId'],
  {
    status: { ...status, description: 'El estado al que pasó' },
    at: dateTime,
    by: actor('Quien hizo el cambio (sujeto y nombre del token)'),
    reason: {
      type: 'string',
      nullable: true,
      description: 'El motivo de un rechazo, una cancelación, un cierre o de la cancelación de una salida',
    },
    dispatchId: { ...id, nullable: true, description: 'La salida cuyo registro o cancelación cambió el estado' },
  },
  'Un cambio de estado',
);

export const requestDetailSchema = obj([...Object.keys(summaryProperties), 'createdBy', 'lines', 'history'], {
  ...summaryProperties,
  createdBy: actor('Quien registró la solicitud'),
  lines: { type: 'array', items: lineSchema },
  history: { type: 'array', items: eventSchema, description: 'Cada cambio de estado, del primero al último' },
});

export const requestCountsSchema = obj(
  ['toAuthorize', 'toFulfil', 'mine'],
  {
    toAuthorize: { type: 'integer', minimum: 0, description: 'ENVIADA, donde soy el responsable del área nombrado' },
    toFulfil: { type: 'integer', minimum: 0, description: 'AUTORIZADA o SURTIDA_PARCIAL; 0 para quien no surte' },
    mine: {
      type: 'integer',
      minimum: 0,
      description: 'Mis solicitudes que esperan que confirme su recepción (SURTIDA, o CERRADA con algo entregado)',
    },
  },
  'Para el menú',
);

export const listQuery = {
  type: 'object',
  properties: {
    view: {
      type: 'string',
      description: `${REQUEST_VIEWS.join(' | ')} (mine por omisión): las mías; las que esperan mi autorización; las que hay que surtir (la más antigua primero; quien surte); todas (quien consulta todas)`,
    },
    status: { type: 'string', description: `Solo las de este estado: ${REQUEST_STATUSES.join(', ')}` },
  },
} as const;

export const requestChoicesSchema = obj(['products', 'areaHeads'], {
  products: {
    type: 'array',
    items: obj(['id', 'name', 'unit', 'barcode', 'availableQuantity'], {
      id,
      name: text,
      unit: { type: 'string', nullable: true, description: 'La unidad de medida, o null' },
      barcode: { type: 'string', nullable: true, description: 'El código de barras, o null' },
      availableQuantity: { ...decimalString, description: 'Lo que hay en el almacén ahora' },
    }),
    description: 'Los productos, por nombre, con lo que hay de cada uno (nunca precios)',
  },
  areaHeads: {
    type: 'array',
    items: person('Un empleado vinculado con un usuario activo'),
    description: 'Quién puede ser el responsable del área: empleados con usuario activo, sin uno mismo',
  },
});
