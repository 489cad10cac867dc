// What a count session accepts (issue #17), checked with Spanish messages before anything is
// written: the session's header, its lines (typed or from a file) and the three signers.
import { decimalPlaces, isCalendarDate, toDecimalString } from '@almacen/shared/domain';
import { AppError } from '../../http/errors';

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

const MAX_ID = 2_147_483_647;
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_ID;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

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
  if (description === '') errors.description = 'La descripción es obligatoria.';
  else if (description.length > 200) errors.description = 'La descripción admite a lo más 200 caracteres.';
  let categoryIds: number[] = [];
  if (b.categoryIds !== undefined && b.categoryIds !== null) {
    if (!Array.isArray(b.categoryIds) || !b.categoryIds.every(isId) || b.categoryIds.length > 1000) {
      errors.categoryIds = 'Las partidas deben ser una lista de identificadores de partida.';
    } else categoryIds = [...new Set(b.categoryIds as number[])].sort((x, y) => x - y);
  }
  if (Object.keys(errors).length > 0) fail(errors);
  return { cutoffDate: cutoffDate as string, description, categoryIds };
}

/** A quantity ≥ 0 with at most 3 decimals that fits numeric(15, 3); null when it is not one. */
export function quantityText(value: unknown): string | null {
  const text = toDecimalString(value);
  if (text === null || decimalPlaces(text) > 3) return null;
  if (text.split('.')[0].replace(/^0+(?=\d)/, '').length > 12) return null;
  return text;
}

/** A unit cost > 0 with at most 3 decimals that fits numeric(18, 3); null when it is not one. */
export function costText(value: unknown): string | null {
  const text = toDecimalString(value);
  if (text === null || decimalPlaces(text) > 3 || !/[1-9]/.test(text)) return null;
  if (text.split('.')[0].replace(/^0+(?=\d)/, '').length > 15) return null;
  return text;
}

export const MESSAGES = {
  quantity: 'La cantidad contada debe ser un número mayor o igual a 0 con a lo más 3 decimales.',
  cost: 'El costo unitario debe ser un número mayor que 0 con a lo más 3 decimales.',
  observations: 'Las observaciones admiten a lo más 500 caracteres.',
  product: 'El producto no forma parte de este conteo.',
} as const;

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
      const q = quantityText(raw.countedQuantity);
      if (q === null) errors[`${at}.countedQuantity`] = MESSAGES.quantity;
      else line.countedQuantity = q;
    }
    if (raw.unitCost !== undefined) {
      if (raw.unitCost === null || raw.unitCost === '') line.unitCost = null;
      else {
        const c = costText(raw.unitCost);
        if (c === null) errors[`${at}.unitCost`] = MESSAGES.cost;
        else line.unitCost = c;
      }
    }
    if (raw.observations !== undefined) {
      if (raw.observations === null) line.observations = null;
      else if (typeof raw.observations !== 'string' || raw.observations.trim().length > 500)
        errors[`${at}.observations`] = MESSAGES.observations;
      else line.observations = raw.observations.trim() || null;
    }
    lines.push(line);
  });
  if (Object.keys(errors).length > 0) fail(errors);
  return lines;
}

export function parseApplication(body: unknown): ApplicationInput {
  const b = isObject(body) ? body : {};
  const errors: Record<string, string> = {};
  if (!isId(b.directorEmployeeId)) errors.directorEmployeeId = 'Selecciona al director del plantel.';
  if (!isId(b.warehouseKeeperEmployeeId)) errors.warehouseKeeperEmployeeId = 'Selecciona al almacenista.';
  if (!isId(b.witnessEmployeeId)) errors.witnessEmployeeId = 'Selecciona al testigo.';
  if (Object.keys(errors).length > 0) fail(errors);
  return b as unknown as ApplicationInput;
}
