// What a count session accepts, checked with Spanish messages before anything is
// written: the session's header, its lines (typed or from a file) and the three signers.
import {
  compareDecimal,
  decimalPlaces,
  isCalendarDate,
  MAX_INT4,
  MAX_PRICE,
  MAX_QUANTITY,
  PRICE_SCALE,
  QUANTITY_SCALE,
  toDecimalString,
} from '@almacen/shared/domain';
import { MESSAGES as FIELD_MESSAGES, freeTextError } from '@almacen/shared/schemas';
import { AppError } from '../../http/errors';
import { isObject } from '../../http/validate';

export interface CreateCountInput {
  cutoffDate: string;
  description: string;
  categoryIds: number[];
}

export interface LineInput {
  productId: number;
  /** null: not counted (yet). */
  countedQuantity: string | null;
  /** undefined: keep what the line has; null: none. */
  unitCost?: string | null;
  observations?: string | null;
}

export interface ApplicationInput {
  directorEmployeeId: number;
  warehouseKeeperEmployeeId: number;
  witnessEmployeeId: number;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_INT4;

function fail(errors: Record<string, string>): never {
  const first = Object.values(errors)[0];
  throw new AppError('VALIDATION', first, errors);
}

export function parseCreate(body: unknown, today: string): CreateCountInput {
  const b = isObject(body) ? body : {};
  const errors: Record<string, string> = {};
  const cutoffDate = b.cutoffDate;
  if (!isCalendarDate(cutoffDate)) errors.cutoffDate = 'La fecha de corte es obligatoria y debe ser una fecha válida (AAAA-MM-DD).';
  else if (cutoffDate > today) errors.cutoffDate = 'La fecha de corte no puede ser posterior a hoy.';
  const description = typeof b.description === 'string' ? b.description.trim() : '';
  const descriptionError =
    description === ''
      ? 'La descripción es obligatoria.'
      : description.length > 200
        ? 'La descripción admite a lo más 200 caracteres.'
        : freeTextError(description);
  if (descriptionError) errors.description = descriptionError;
  let categoryIds: number[] = [];
  if (b.categoryIds !== undefined && b.categoryIds !== null) {
    if (!Array.isArray(b.categoryIds) || !b.categoryIds.every(isId) || b.categoryIds.length > 1000) {
      errors.categoryIds = 'Las partidas deben ser una lista de identificadores de partida.';
    } else categoryIds = [...new Set(b.categoryIds as number[])].sort((x, y) => x - y);
  }
  if (Object.keys(errors).length > 0) fail(errors);
  return { cutoffDate: cutoffDate as string, description, categoryIds };
}

export const MESSAGES = {
  quantity: 'La cantidad contada debe ser un número mayor o igual a 0 con a lo más 3 decimales.',
  cost: 'El costo unitario debe ser un número mayor que 0 con a lo más 3 decimales.',
  observations: 'Las observaciones admiten a lo más 500 caracteres.',
  product: 'El producto no forma parte de este conteo.',
  signers: 'El director, el almacenista y el testigo deben ser personas distintas.',
} as const;

/** A value of a line as it is saved, or the message that refuses it. */
type Checked = { text: string } | { message: string };

/**
 * A counted quantity: ≥ 0 with at most QUANTITY_SCALE decimals, and at most MAX_QUANTITY with
 * the entries' message — checked when the line is saved, so a count never holds a quantity no
 * entry or exit could carry.
 */
export function checkQuantity(value: unknown): Checked {
  const text = toDecimalString(value);
  if (text === null || decimalPlaces(text) > QUANTITY_SCALE) return { message: MESSAGES.quantity };
  if (compareDecimal(text, MAX_QUANTITY) > 0) return { message: FIELD_MESSAGES.tooLarge(MAX_QUANTITY) };
  return { text };
}

/**
 * A surplus's unit cost: > 0 with at most PRICE_SCALE decimals, and at most MAX_PRICE (an entry's
 * purchase price) with the entries' message: a cost the ledger's movement could not hold is
 * refused when typed, not when the count is applied.
 */
export function checkCost(value: unknown): Checked {
  const text = toDecimalString(value);
  if (text === null || decimalPlaces(text) > PRICE_SCALE || compareDecimal(text, '0') <= 0) return { message: MESSAGES.cost };
  if (compareDecimal(text, MAX_PRICE) > 0) return { message: FIELD_MESSAGES.tooLarge(MAX_PRICE) };
  return { text };
}

export function parseLines(body: unknown): LineInput[] {
  const b = isObject(body) ? body : {};
  if (!Array.isArray(b.lines) || b.lines.length === 0) fail({ lines: 'Envía al menos una línea del conteo.' });
  if (b.lines.length > 100_000) fail({ lines: 'Envía a lo más 100,000 líneas por petición.' });
  const errors: Record<string, string> = {};
  const seen = new Set<number>();
  const lines: LineInput[] = [];
  (b.lines as unknown[]).forEach((raw, i) => {
    const at = `lines.${i}`;
    if (!isObject(raw)) {
      errors[at] = 'Cada línea debe indicar el producto y la cantidad contada.';
      return;
    }
    if (!isId(raw.productId)) {
      errors[`${at}.productId`] = 'Indica el producto de la línea.';
      return;
    }
    if (seen.has(raw.productId)) errors[`${at}.productId`] = 'El producto aparece más de una vez.';
    seen.add(raw.productId);
    const line: LineInput = { productId: raw.productId, countedQuantity: null };
    if (raw.countedQuantity !== null && raw.countedQuantity !== undefined && raw.countedQuantity !== '') {
      const q = checkQuantity(raw.countedQuantity);
      if ('message' in q) errors[`${at}.countedQuantity`] = q.message;
      else line.countedQuantity = q.text;
    }
    if (raw.unitCost !== undefined) {
      if (raw.unitCost === null || raw.unitCost === '') line.unitCost = null;
      else {
        const c = checkCost(raw.unitCost);
        if ('message' in c) errors[`${at}.unitCost`] = c.message;
        else line.unitCost = c.text;
      }
    }
    if (raw.observations !== undefined) {
      if (raw.observations === null) line.observations = null;
      else {
        const text = typeof raw.observations === 'string' ? raw.observations.trim() : null;
        const problem = text === null || text.length > 500 ? MESSAGES.observations : freeTextError(text);
        if (problem) errors[`${at}.observations`] = problem;
        else line.observations = text || null;
      }
    }
    lines.push(line);
  });
  if (Object.keys(errors).length > 0) fail(errors);
  return lines;
}

const SIGNER_FIELDS = ['directorEmployeeId', 'warehouseKeeperEmployeeId', 'witnessEmployeeId'] as const;

export function parseApplication(body: unknown): ApplicationInput {
  const b = isObject(body) ? body : {};
  const errors: Record<string, string> = {};
  if (!isId(b.directorEmployeeId)) errors.directorEmployeeId = 'Selecciona al director del plantel.';
  if (!isId(b.warehouseKeeperEmployeeId)) errors.warehouseKeeperEmployeeId = 'Selecciona al almacenista.';
  if (!isId(b.witnessEmployeeId)) errors.witnessEmployeeId = 'Selecciona al testigo.';
  if (Object.keys(errors).length > 0) fail(errors);
  // The acta is signed by three people: one employee in two roles would witness their own count.
  // (Entries and exits have no such rule: there one person may hold two of the roles.)
  const signers = SIGNER_FIELDS.map((field) => b[field]);
  if (new Set(signers).size < SIGNER_FIELDS.length) {
    fail(
      Object.fromEntries(
        SIGNER_FIELDS.filter((_field, i) => signers.indexOf(signers[i]) !== signers.lastIndexOf(signers[i])).map((field) => [
          field,
          MESSAGES.signers,
        ]),
      ),
    );
  }
  return b as unknown as ApplicationInput;
}
