// Per-step validation for the wizards. The superstruct schemas of `@almacen/shared/domain` answer
// dotted keys ("products.0.quantity"); final-form wants nested errors. A wizard validates only
// the step on screen, so fields of later steps cannot block the way forward.
import { setIn } from 'final-form';
import type { Struct } from 'superstruct';
import { periodClosedMessage } from '@almacen/shared/domain';
import { validateWith, type FieldErrors } from '@almacen/shared/schemas';

// A superstruct Struct is invariant in its value type (it both reads and refines values), so a
// validator that accepts any schema has to say `any` once.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyStruct = Struct<any, any>;

/** A step's validator: the values of the whole form in, dotted field errors out (empty = passes). */
export type StepValidator<V> = (values: V) => FieldErrors;

/** "products.0.quantity" → { products: [{ quantity }] }, the shape final-form reads errors in. */
export function toFormErrors(errors: FieldErrors): Record<string, unknown> {
  let nested: object = {};
  for (const [key, message] of Object.entries(errors)) {
    nested = setIn(nested, key, message);
  }
  return nested as Record<string, unknown>;
}

/** Validates the whole values object (its known fields) with a schema, e.g. an invoice header. */
export function schemaStep<V>(schema: AnyStruct): StepValidator<V> {
  return (values) => {
    const result = validateWith(schema, values ?? {});
    return result.ok ? {} : result.errors;
  };
}

export interface RowsStepOptions<R> {
  /**
   * Turns a row of the form into what the schema checks (e.g. derives the final price) — and
   * `fieldOf` maps a schema field back to the input that should show its message.
   */
  toLine?: (row: R) => unknown;
  fieldOf?: (schemaField: string) => string;
}

/** Validates every row of the array field `name` with a line schema: "products.1.quantity". */
export function rowsStep<V, R = unknown>(
  name: string,
  lineSchema: AnyStruct,
  { toLine = (row) => row, fieldOf = (field) => field }: RowsStepOptions<R> = {},
): StepValidator<V> {
  return (values) => {
    const rows = ((values as Record<string, unknown> | undefined)?.[name] ?? []) as R[];
    const errors: FieldErrors = {};
    rows.forEach((row, index) => {
      const result = validateWith(lineSchema, toLine(row ?? ({} as R)));
      if (result.ok) return;
      for (const [field, message] of Object.entries(result.errors)) {
        const key = `${name}.${index}.${fieldOf(field)}`;
        if (!(key in errors)) errors[key] = message;
      }
    });
    return errors;
  };
}

/** Runs several validators; the first message per field wins. */
export function combineSteps<V>(...validators: StepValidator<V>[]): StepValidator<V> {
  return (values) => {
    const errors: FieldErrors = {};
    for (const validator of validators) {
      for (const [key, message] of Object.entries(validator(values))) {
        if (!(key in errors)) errors[key] = message;
      }
    }
    return errors;
  };
}

/**
 * A document date on or before the last closed date (useClosedUntil) fails with the API's 409
 * sentence; no closing (null) or an empty date passes (the schema speaks for those).
 */
export function closedPeriodStep<V>(field: string, closedUntil: string | null): StepValidator<V> {
  return (values) => {
    const value = (values as Record<string, unknown> | undefined)?.[field];
    if (closedUntil === null || typeof value !== 'string' || value === '' || value > closedUntil) return {};
    return { [field]: periodClosedMessage(closedUntil) };
  };
}
