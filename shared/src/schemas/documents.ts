// Invoice (entrada) and dispatch (salida) payloads. The wizards validate
// step 0 with the header schema and step 1 with the line schema; the API validates the whole.
// "Not later than today" depends on the clock and the time zone, so the schemas are made by
// factories that take a `today()` function (the API passes APP_TIME_ZONE's date).
import { assign, optional, string, type, type Infer } from 'superstruct';
import {
  IEPS_RATE_SCALE,
  MAX_IEPS_RATE,
  MAX_PRICE,
  MAX_PRODUCTS_PER_DOCUMENT,
  MAX_QUANTITY,
  PRICE_SCALE,
  QUANTITY_SCALE,
  INVOICE_TYPES,
  MAX_INT4,
  formatDate,
  isCalendarDate,
  monthEnd,
  toDecimalString,
} from '@almacen/shared/domain';
import { described } from './json-schema';
import {
  decimal,
  decimalBranches,
  documentWarehouse,
  entityId,
  flag,
  freeTextError,
  hasVisibleText,
  lines,
  observations,
  oneOf,
  optionalEntityId,
  pastOrToday,
  requiredText,
} from './primitives';

export const DOCUMENT_MESSAGES = {
  productId: 'El nombre del producto es un campo obligatorio.',
  price: 'El precio del producto debe ser mayor a 0.',
  quantity: 'La cantidad del producto debe ser mayor a 0.',
  exciseTaxRate: 'La tasa del IEPS debe ser un número no negativo.',
  dispatchDate: 'La fecha de salida es un campo obligatorio.',
  areaHead: 'El nombre del responsable del área es un campo obligatorio.',
  petitioner: 'El nombre del solicitante es un campo obligatorio.',
  warehouseKeeper: 'El nombre del almacenista es un campo obligatorio.',
  dispatchProducts: 'La salida debe contener por lo menos un producto.',
  director: 'El nombre del director es un campo obligatorio.',
  enteredBy: 'El nombre del elaborador es un campo obligatorio',
  invoiceDate: 'La fecha de la factura es un campo obligatorio.',
  invoiceNumber: 'El número de factura es un campo obligatorio.',
  invoiceType: 'El tipo de entrada es un campo obligatorio.',
  supplier: 'El nombre del proveedor es un campo obligatorio.',
  invoiceProducts: 'La factura debe contener por lo menos un producto.',
  lineValue: 'El importe del renglón (cantidad por precio) redondeado al centavo es $0.00; el almacén registra valores desde $0.01.',
  cfdi: 'El CFDI adjunto debe traer su UUID y su XML.',
  cfdiIndex: 'El concepto del CFDI de un renglón es su número: 1, 2, 3…',
  lineAmount: 'El importe del renglón debe ser un número decimal no negativo.',
  request: 'La solicitud de material debe ser su identificador (un número entero positivo).',
  requestLine: 'El renglón de la solicitud debe ser su identificador (un número entero positivo).',
} as const;
const M = DOCUMENT_MESSAGES;

const quantity = () => decimal({ message: M.quantity, scale: QUANTITY_SCALE, max: MAX_QUANTITY });
const price = () => decimal({ message: M.price, scale: PRICE_SCALE, max: MAX_PRICE });

export interface SchemaClock {
  /** Today's date (YYYY-MM-DD) in the institution's time zone. */
  today: () => string;
}

export function makeDispatchSchemas({ today }: SchemaClock) {
  const header = type({
    dispatchDate: pastOrToday(M.dispatchDate, today),
    personInChargeOfTheRequestingAreaEmployeeId: entityId(M.areaHead),
    petitionerEmployeeId: entityId(M.petitioner),
    warehouseKeeperEmployeeId: entityId(M.warehouseKeeper),
    // The material request this exit delivers (optional); then each line names its request line.
    requestId: optionalEntityId(M.request),
    warehouseId: documentWarehouse(),
  });
  const line = type({
    key: optional(string()),
    productId: entityId(M.productId),
    requestLineId: optionalEntityId(M.requestLine),
    exitPrice: price(),
    quantity: quantity(),
    observations: observations(),
  });
  const dispatch = assign(header, type({ products: lines(line, M.dispatchProducts, MAX_PRODUCTS_PER_DOCUMENT) }));
  return { header, line, dispatch };
}

/** The CFDI an entry comes from, as read (`null` or absent: typed by hand). */
const cfdiAttachment = () =>
  described<{ uuid: string; xml: string } | null | undefined>(
    'cfdiAttachment',
    {
      type: 'object',
      required: ['uuid', 'xml'],
      description: 'Opcional: el CFDI 4.0 del proveedor',
      properties: {
        uuid: { type: 'string', minLength: 1, description: 'UUID del timbre; debe ser el del XML' },
        xml: {
          type: 'string',
          minLength: 1,
          description: 'El XML del CFDI tal como se leyó (máximo 2 MB); se guarda con la entrada y se recuerdan sus productos',
        },
      },
    },
    (value) => {
      if (value === undefined || value === null) return true;
      const { uuid, xml } = (typeof value === 'object' ? value : {}) as { uuid?: unknown; xml?: unknown };
      return (typeof uuid === 'string' && uuid.trim() !== '' && typeof xml === 'string' && xml.trim() !== '') || M.cfdi;
    },
  );

/** A line's concept in the attached CFDI, numbered from 1. */
const cfdiIndex = () =>
  described<number | null | undefined>(
    'cfdiIndex',
    { type: 'integer', minimum: 1, maximum: MAX_INT4 },
    (value) =>
      value === undefined ||
      value === null ||
      (Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= MAX_INT4) ||
      M.cfdiIndex,
  );

/** What a line from a CFDI concept is worth, as the CFDI says (the API reads it again from the XML). */
const lineAmount = () =>
  described<string | number | null | undefined>(
    'lineAmount',
    { oneOf: decimalBranches() },
    (value) => value === undefined || value === null || toDecimalString(value) !== null || M.lineAmount,
  );

export function makeInvoiceSchemas({ today }: SchemaClock) {
  const header = type({
    supplierId: entityId(M.supplier),
    invoiceNumber: requiredText(M.invoiceNumber, 50),
    invoiceDate: pastOrToday(M.invoiceDate, today),
    invoiceType: oneOf(INVOICE_TYPES, M.invoiceType),
    directorEmployeeId: entityId(M.director),
    enteredByEmployeeId: entityId(M.enteredBy),
    warehouseKeeperEmployeeId: entityId(M.warehouseKeeper),
    warehouseId: documentWarehouse(),
  });
  const line = type({
    key: optional(string()),
    productId: entityId(M.productId),
    purchasePrice: price(),
    quantity: quantity(),
    observations: observations(),
    applyExciseTax: flag(),
    applyValueAddedTaxToPurchasePrice: flag(),
    exciseTaxRate: decimal({ message: M.exciseTaxRate, scale: IEPS_RATE_SCALE, max: MAX_IEPS_RATE, positive: false }),
    cfdiIndex: cfdiIndex(),
    amount: lineAmount(),
  });
  const invoice = assign(header, type({ cfdi: cfdiAttachment(), products: lines(line, M.invoiceProducts, MAX_PRODUCTS_PER_DOCUMENT) }));
  return { header, line, invoice };
}

type DispatchSchemas = ReturnType<typeof makeDispatchSchemas>;
type InvoiceSchemas = ReturnType<typeof makeInvoiceSchemas>;
export type DispatchHeader = Infer<DispatchSchemas['header']>;
export type DispatchLine = Infer<DispatchSchemas['line']>;
export type CreateDispatch = Infer<DispatchSchemas['dispatch']>;
export type InvoiceHeader = Infer<InvoiceSchemas['header']>;
export type InvoiceLine = Infer<InvoiceSchemas['line']>;
export type CreateInvoice = Infer<InvoiceSchemas['invoice']>;

// ---- Cancellation of an entry or an exit ------------------------------------------
export const CANCELLATION_REASON_MIN = 5;
export const CANCELLATION_REASON_MAX = 500;
export const CANCELLATION_MESSAGES = {
  reasonRequired: 'El motivo de la cancelación es un campo obligatorio.',
  reasonLength: `El motivo debe tener entre ${CANCELLATION_REASON_MIN} y ${CANCELLATION_REASON_MAX} caracteres.`,
  reasonControl: 'El motivo contiene caracteres de control no permitidos; solo se admiten saltos de línea.',
} as const;

/** Control characters other than a line break (LF, CR): a tab, NUL, a bell… */
const CONTROL_BUT_LINE_BREAK_RE = /(?![\n\r])\p{Cc}/u;

/**
 * A reason a person types in a dialog (one line or several), judged trimmed. Line breaks are
 * part of a reason an auditor reads; any other control character is refused, since it prints as
 * nothing (or breaks the text) in the kardex, the vouchers and the audit trail. Length counts
 * characters as PostgreSQL does (code points, so an emoji is one), which is what the tables'
 * CHECKs count too.
 */
export const reasonText = (name: string, messages: { required: string; length: string }) =>
  described<string>(
    name,
    {
      type: 'string',
      minLength: CANCELLATION_REASON_MIN,
      maxLength: CANCELLATION_REASON_MAX,
      description: 'Se recorta; admite saltos de línea, ningún otro carácter de control',
    },
    (value) => {
      if (typeof value !== 'string' || !hasVisibleText(value)) return messages.required;
      const refused = freeTextError(value);
      if (refused) return refused;
      if (CONTROL_BUT_LINE_BREAK_RE.test(value)) return CANCELLATION_MESSAGES.reasonControl;
      const length = Array.from(value.trim()).length;
      if (length < CANCELLATION_REASON_MIN || length > CANCELLATION_REASON_MAX) return messages.length;
      return true;
    },
  );

export const cancellationReason = () =>
  reasonText('cancellationReason', { required: CANCELLATION_MESSAGES.reasonRequired, length: CANCELLATION_MESSAGES.reasonLength });

export const cancellationSchema = type({ reason: cancellationReason() });
export type CreateCancellation = Infer<typeof cancellationSchema>;

// ---- Reopening a closed month: the same dialog, its own words -----------------------------------
export const REOPENING_MESSAGES = {
  reason: `El motivo de la reapertura es obligatorio y debe tener entre ${CANCELLATION_REASON_MIN} y ${CANCELLATION_REASON_MAX} caracteres.`,
} as const;

export const reopeningSchema = type({
  reason: reasonText('reopeningReason', { required: REOPENING_MESSAGES.reason, length: REOPENING_MESSAGES.reason }),
  warehouseId: documentWarehouse(),
});
export type CreateReopening = Infer<typeof reopeningSchema>;

// ---- Closing a month --------------------------------------------------------------------------
export const CLOSING_MESSAGES = {
  invalidUntil: 'La fecha del cierre no es válida; usa el formato AAAA-MM-DD.',
  notMonthEnd: (until: string) => `La fecha del cierre debe ser el último día de un mes; ${formatDate(until)} no lo es.`,
} as const;

/** The last day of a month (YYYY-MM-DD): what a closing is named by, in its body and its path. */
export const monthEndDate = () =>
  described<string>(
    'monthEndDate',
    { type: 'string', format: 'date', example: '2026-03-31', description: 'Último día de un mes (AAAA-MM-DD)' },
    (value) => {
      if (!isCalendarDate(value)) return CLOSING_MESSAGES.invalidUntil;
      return monthEnd(value) === value || CLOSING_MESSAGES.notMonthEnd(value);
    },
  );

export const closingRequestSchema = type({ until: monthEndDate(), warehouseId: documentWarehouse() });
export type CreateClosing = Infer<typeof closingRequestSchema>;
