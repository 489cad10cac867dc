import type { FieldMetaState } from 'react-final-form';

/**
 * The message to show under a field. Validation runs on every change; a message appears once the
 * person has typed in the field, left it, or tried to submit — not on a pristine, untouched form.
 */
export function visibleError(meta: FieldMetaState<unknown>): string | undefined {
  const shown = meta.touched || meta.modified || meta.submitFailed;
  if (shown && typeof meta.error === 'string') return meta.error;
  if (typeof meta.submitError === 'string' && !meta.dirtySinceLastSubmit) return meta.submitError;
  return undefined;
}

export const FIELD_SUBSCRIPTION = {
  value: true,
  error: true,
  touched: true,
  modified: true,
  submitFailed: true,
  submitError: true,
  dirtySinceLastSubmit: true,
} as const;

/** Keeps '' as '' (react-final-form's default turns it into undefined). */
export const keepValue = <V>(value: V) => value;
