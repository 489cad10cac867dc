// superstruct → final-form: the form's `validate` runs the same schema (and Spanish messages) as
// the API on every change and answers final-form's nested error object, first message per field.
import { FORM_ERROR, setIn } from 'final-form';
import type { Struct } from 'superstruct';
import { validateWith, type FieldErrors } from '@almacen/shared/schemas';

export type FormErrors = Record<string, unknown>;

/** Turns `{"products.0.quantity": "…"}` into `{ products: [{ quantity: "…" }] }`. */
export function toFinalFormErrors(errors: FieldErrors): FormErrors {
  let result: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    // "_" is an error of the whole value (no field path): final-form calls it FORM_ERROR.
    result = path === '_' ? { ...result, [FORM_ERROR]: message } : (setIn(result, path, message) as FormErrors);
  }
  return result;
}

/**
 * `validate` for react-final-form's <Form>. `prepare` maps the form's values to what the schema
 * expects (e.g. '' → null for an optional select) when they differ.
 */
export function validateSchema<T, S, V = unknown>(
  schema: Struct<T, S>,
  prepare?: (values: V) => unknown,
): (values: V) => FormErrors | undefined {
  return (values) => {
    const result = validateWith(schema, prepare ? prepare(values) : values);
    return result.ok ? undefined : toFinalFormErrors(result.errors);
  };
}
