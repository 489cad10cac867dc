// Runs a schema and returns the first message per field, keyed by its dotted path
// ("products.0.quantity"). The form kit turns the keys into final-form's nested errors; the API
// answers them as `errors`.
import { Struct, validate } from 'superstruct';
import { ERROR_CODES } from '@almacen/shared/domain';

/** A JSON object (not null, not an array): what a body must be before its fields are read. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export type FieldErrors = Record<string, string>;

export type Validation<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors; message: string };

export function validateWith<T, S>(schema: Struct<T, S>, input: unknown): Validation<T> {
  let outcome: ReturnType<typeof validate<T, S>>;
  try {
    outcome = validate(input, schema);
  } catch {
    // superstruct describes a wrong value with `${value}`, which throws for an object whose
    // "toString"/"valueOf" are not functions (JSON such as [{"toString": false}]): still a bad input.
    return { ok: false, errors: { _: UNREADABLE }, message: UNREADABLE };
  }
  const [error, value] = outcome;
  if (!error) return { ok: true, value: value as T };
  const errors: FieldErrors = {};
  for (const failure of error.failures()) {
    const key = failure.path.join('.') || '_';
    if (!(key in errors)) errors[key] = spanish(failure.message, key);
  }
  // A body that is not an object at all is told as such, not as its first missing field.
  return { ok: false, errors, message: errors._ ?? Object.values(errors)[0] };
}

const UNREADABLE = ERROR_CODES.VALIDATION.message;
const BAD_FIELD = 'El valor de este campo no es válido.';

/**
 * Our structs carry Spanish messages; superstruct's own (type(), string(), …) say
 * "Expected an object, but received: <the input>" — English, and an echo of what was sent.
 */
function spanish(message: string, key: string): string {
  if (!message.startsWith('Expected ')) return message;
  return key === '_' ? UNREADABLE : BAD_FIELD;
}
