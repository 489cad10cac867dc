// The new request's form values, the body they become and each step's check: the API's own
// schema (createRequestSchema) judges the body, and each step shows the messages of its fields.
import { MAX_OBSERVATIONS_LENGTH } from '@almacen/shared/domain';
import { createRequestSchema, validateWith, type CreateRequest, type FieldErrors } from '@almacen/shared/schemas';

export interface RequestRow {
  /** Client-side key: the React key of the row. Not sent. */
  key: string;
  productId: number | null;
  quantity: string;
  observations: string;
}

export interface RequestFormValues {
  areaHeadEmployeeId: number | null;
  reason: string;
  lines: RequestRow[];
}

export const REPEATED_PRODUCT = 'El producto aparece más de una vez en la solicitud.';

export const emptyRequest = (): RequestFormValues => ({ areaHeadEmployeeId: null, reason: '', lines: [] });

export const emptyRequestRow = (key: string): RequestRow => ({ key, productId: null, quantity: '', observations: '' });

/** The POST /api/requests body; `useCreateRequest` adds the current warehouse when there are several. */
export function toRequestBody(values: RequestFormValues): CreateRequest {
  return {
    areaHeadEmployeeId: values.areaHeadEmployeeId as number,
    reason: values.reason.trim(),
    lines: values.lines.map((row) => ({
      productId: row.productId as number,
      quantity: row.quantity.trim(),
      observations: row.observations.trim().slice(0, MAX_OBSERVATIONS_LENGTH) || null,
    })),
  };
}

/** The schema's messages, the form's way: every field of the body, by its dotted name. */
function bodyErrors(values: RequestFormValues): FieldErrors {
  const result = validateWith(createRequestSchema, toRequestBody({ ...emptyRequest(), ...values, lines: values?.lines ?? [] }));
  return result.ok ? {} : result.errors;
}

/** Step 1: the head and the reason. */
export function headerErrors(values: RequestFormValues): FieldErrors {
  const errors = bodyErrors(values);
  return Object.fromEntries(Object.entries(errors).filter(([field]) => field === 'areaHeadEmployeeId' || field === 'reason'));
}

/** Step 2: each line's product, quantity and observations; a product once (the API refuses it twice). */
export function linesErrors(values: RequestFormValues): FieldErrors {
  const errors: FieldErrors = Object.fromEntries(Object.entries(bodyErrors(values)).filter(([field]) => field.startsWith('lines.')));
  const seen = new Set<number>();
  (values?.lines ?? []).forEach((row, index) => {
    if (row?.productId == null) return;
    if (seen.has(row.productId) && !errors[`lines.${index}.productId`]) errors[`lines.${index}.productId`] = REPEATED_PRODUCT;
    seen.add(row.productId);
  });
  return errors;
}
