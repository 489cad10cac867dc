// «Conteo físico»: what a count session accepts — its header, its lines (typed or saved from the
// count sheet) and the three people who sign its acta. The API validates with these; a count file's
// rows are checked with the same quantity and cost rules (checkCountedQuantity, checkUnitCost).
import { refine, type, type Infer } from 'superstruct';
import {
  compareDecimal,
  decimalPlaces,
  isCalendarDate,
  MAX_INT4,
  MAX_OBSERVATIONS_LENGTH as MAX_OBSERVATIONS,
  MAX_PRICE,
  MAX_QUANTITY,
  PRICE_SCALE,
  QUANTITY_SCALE,
  toDecimalString,
} from '@almacen/shared/domain';
import { described, describedList } from './json-schema';
import {
  decimalBranches,
  documentWarehouse,
  entityId,
  freeTextError,
  hasVisibleText,
  isId,
  MESSAGES as FIELD_MESSAGES,
} from './primitives';
import { isObject } from './validate';

export const COUNT_MESSAGES = {
  cutoffDate: 'La fecha de corte es obligatoria y debe ser una fecha válida (AAAA-MM-DD).',
  futureCutoff: 'La fecha de corte no puede ser posterior a hoy.',
  description: 'La descripción es obligatoria.',
  descriptionLength: 'La descripción admite a lo más 200 caracteres.',
  categoryIds: 'Las partidas deben ser una lista de identificadores de partida.',
  noLines: 'Envía al menos una línea del conteo.',
  tooManyLines: 'Envía a lo más 100,000 líneas por petición.',
  line: 'Cada línea debe indicar el producto y la cantidad contada.',
  lineProduct: 'Indica el producto de la línea.',
  repeatedProduct: 'El producto aparece más de una vez.',
  quantity: 'La cantidad contada debe ser un número mayor o igual a 0 con a lo más 3 decimales.',
  cost: 'El costo unitario debe ser un número mayor que 0 con a lo más 3 decimales.',
  observations: 'Las observaciones admiten a lo más 500 caracteres.',
  product: 'El producto no forma parte de este conteo.',
  director: 'Selecciona al director del plantel.',
  warehouseKeeper: 'Selecciona al almacenista.',
  witness: 'Selecciona al testigo.',
  signers: 'El director, el almacenista y el testigo deben ser personas distintas.',
} as const;
const M = COUNT_MESSAGES;

const MAX_DESCRIPTION = 200;
const MAX_CATEGORIES = 1000;
export const MAX_COUNT_LINES_PER_REQUEST = 100_000;

/** A value of a line as it is saved, or the message that refuses it. */
export type Checked = { text: string } | { message: string };

/**
 * A counted quantity: ≥ 0 with at most QUANTITY_SCALE decimals, and at most MAX_QUANTITY with
 * the entries' message — checked when the line is saved, so a count never holds a quantity no
 * entry or exit could carry.
 */
export function checkCountedQuantity(value: unknown): Checked {
  const text = toDecimalString(value);
  if (text === null || decimalPlaces(text) > QUANTITY_SCALE) return { message: M.quantity };
  if (compareDecimal(text, MAX_QUANTITY) > 0) return { message: FIELD_MESSAGES.tooLarge(MAX_QUANTITY) };
  return { text };
}

/**
 * A surplus's unit cost: > 0 with at most PRICE_SCALE decimals, and at most MAX_PRICE (an entry's
 * purchase price) with the entries' message: a cost the ledger's movement could not hold is
 * refused when typed, not when the count is applied.
 */
export function checkUnitCost(value: unknown): Checked {
  const text = toDecimalString(value);
  if (text === null || decimalPlaces(text) > PRICE_SCALE || compareDecimal(text, '0') <= 0) return { message: M.cost };
  if (compareDecimal(text, MAX_PRICE) > 0) return { message: FIELD_MESSAGES.tooLarge(MAX_PRICE) };
  return { text };
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';
const messageOf = (checked: Checked) => ('message' in checked ? checked.message : true);

const cutoffDate = (today: () => string) =>
  described<string>('cutoffDate', { type: 'string', format: 'date', example: '2026-03-31', description: 'No posterior a hoy' }, (value) => {
    if (!isCalendarDate(value)) return M.cutoffDate;
    return value <= today() || M.futureCutoff;
  });

const description = () =>
  described<string>('countDescription', { type: 'string', minLength: 1, maxLength: MAX_DESCRIPTION }, (value) => {
    const text = typeof value === 'string' ? value.trim() : '';
    if (!hasVisibleText(text)) return M.description;
    if (text.length > MAX_DESCRIPTION) return M.descriptionLength;
    return freeTextError(text) ?? true;
  });

const categoryIds = () =>
  described<number[] | null | undefined>(
    'categoryIds',
    {
      type: 'array',
      maxItems: MAX_CATEGORIES,
      items: { type: 'integer', minimum: 1, maximum: MAX_INT4 },
      description: 'Partidas del alcance; vacío u omitido = todos los productos',
    },
    (value) =>
      value === undefined ||
      value === null ||
      (Array.isArray(value) && value.length <= MAX_CATEGORIES && value.every(isId)) ||
      M.categoryIds,
  );

export function makeCountSchemas({ today }: { today: () => string }) {
  return {
    create: type({
      cutoffDate: cutoffDate(today),
      description: description(),
      categoryIds: categoryIds(),
      warehouseId: documentWarehouse(),
    }),
  };
}

const countedQuantity = () =>
  described<string | number | null>(
    'countedQuantity',
    {
      oneOf: decimalBranches(),
      description: `≥ 0, a lo más ${QUANTITY_SCALE} decimales, hasta ${MAX_QUANTITY} (como una entrada); null o "" = sin contar`,
    },
    (value) => isEmpty(value) || messageOf(checkCountedQuantity(value)),
  );

const unitCost = () =>
  described<string | number | null | undefined>(
    'unitCost',
    {
      oneOf: decimalBranches(),
      description: `> 0, a lo más ${PRICE_SCALE} decimales, hasta ${MAX_PRICE} (como el precio de una entrada); null o "" lo quita, omitido no cambia`,
    },
    (value) => isEmpty(value) || messageOf(checkUnitCost(value)),
  );

/** A line's observations, judged trimmed: at most MAX_OBSERVATIONS characters; null clears them. */
const lineObservations = () =>
  described<string | null | undefined>('countObservations', { type: 'string', maxLength: MAX_OBSERVATIONS }, (value) => {
    if (value === undefined || value === null) return true;
    const text = typeof value === 'string' ? value.trim() : null;
    if (text === null || text.length > MAX_OBSERVATIONS) return M.observations;
    return freeTextError(text) ?? true;
  });

const line = type({
  productId: entityId(M.lineProduct),
  countedQuantity: countedQuantity(),
  unitCost: unitCost(),
  observations: lineObservations(),
});

/** Anything but an object where a line goes. */
const notALine = described<unknown>('notALine', {}, () => M.line);

/** The lines saved at once: 1 to MAX_COUNT_LINES_PER_REQUEST, each product once. */
const countLines = describedList<Infer<typeof line>[], typeof line>(
  {
    type: 'countLines',
    // A list over the limit is refused as a list, without reading its lines.
    *entries(value) {
      if (Array.isArray(value) && value.length <= MAX_COUNT_LINES_PER_REQUEST)
        for (const [i, v] of value.entries()) yield [i, v, isObject(v) ? line : notALine];
    },
    validator: (value) =>
      !Array.isArray(value) || value.length === 0 ? M.noLines : value.length <= MAX_COUNT_LINES_PER_REQUEST || M.tooManyLines,
    *refiner(value, context) {
      const seen = new Set<number>();
      for (const [i, { productId }] of value.entries()) {
        if (seen.has(productId)) yield { path: [...context.path, i, 'productId'], message: M.repeatedProduct };
        seen.add(productId);
      }
    },
  },
  line,
  { minItems: 1, maxItems: MAX_COUNT_LINES_PER_REQUEST },
);

export const countLinesSchema = type({ lines: countLines });

export const COUNT_SIGNER_FIELDS = ['directorEmployeeId', 'warehouseKeeperEmployeeId', 'witnessEmployeeId'] as const;

/**
 * The acta is signed by three people: one employee in two roles would witness their own count.
 * (Entries and exits have no such rule: there one person may hold two of the roles.)
 */
export const countApplicationSchema = refine(
  type({
    directorEmployeeId: entityId(M.director),
    warehouseKeeperEmployeeId: entityId(M.warehouseKeeper),
    witnessEmployeeId: entityId(M.witness),
  }),
  'distinctSigners',
  function* (value, context) {
    const signers = COUNT_SIGNER_FIELDS.map((field) => value[field]);
    for (const [i, field] of COUNT_SIGNER_FIELDS.entries()) {
      if (signers.indexOf(signers[i]) !== signers.lastIndexOf(signers[i])) yield { path: [...context.path, field], message: M.signers };
    }
  },
);

export type CreateCount = Infer<ReturnType<typeof makeCountSchemas>['create']>;
export type CountLines = Infer<typeof countLinesSchema>;
export type CountApplication = Infer<typeof countApplicationSchema>;
