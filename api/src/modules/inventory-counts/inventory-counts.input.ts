// What a count session accepts, checked with the shared schemas' Spanish messages before anything
// is written (@almacen/shared/schemas' counts), and put in the form it is saved in.
import { toDecimalString } from '@almacen/shared/domain';
import { countApplicationSchema, countLinesSchema, type CountApplication, type makeCountSchemas } from '@almacen/shared/schemas';
import { isObject, parseBody } from '../../http/validate';

export interface CreateCountInput {
  cutoffDate: string;
  description: string;
  categoryIds: number[];
  /** Absent: the only warehouse the caller may use. */
  warehouseId?: number | null;
}

export interface LineInput {
  productId: number;
  /** null: not counted (yet). */
  countedQuantity: string | null;
  /** undefined: keep what the line has; null: none. */
  unitCost?: string | null;
  observations?: string | null;
}

export type ApplicationInput = CountApplication;

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';
/** A decimal the schema has passed, as text; null when left empty. */
const decimalOf = (value: string | number | null | undefined) => (isEmpty(value) ? null : toDecimalString(value));

export function parseCreate(schema: ReturnType<typeof makeCountSchemas>['create'], body: unknown): CreateCountInput {
  const input = parseBody(schema, isObject(body) ? body : {});
  return {
    cutoffDate: input.cutoffDate,
    description: input.description.trim(),
    categoryIds: [...new Set(input.categoryIds ?? [])].sort((x, y) => x - y),
    warehouseId: input.warehouseId,
  };
}

export function parseLines(body: unknown): LineInput[] {
  const { lines } = parseBody(countLinesSchema, isObject(body) ? body : {});
  return lines.map((raw) => {
    const line: LineInput = {
      productId: raw.productId,
      countedQuantity: decimalOf(raw.countedQuantity),
    };
    if (raw.unitCost !== undefined) line.unitCost = decimalOf(raw.unitCost);
    if (raw.observations !== undefined) line.observations = raw.observations === null ? null : raw.observations.trim() || null;
    return line;
  });
}

export function parseApplication(body: unknown): ApplicationInput {
  return parseBody(countApplicationSchema, isObject(body) ? body : {});
}
