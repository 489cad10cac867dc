// A document wizard starts from what the person chose in their last document of the kind (the
// server keeps it: GET /api/invoices/defaults, /api/dispatches/defaults). Only fields still empty
// and not yet entered are filled — a restored draft, what the person already picked while the
// answer travelled, or a list they are choosing from right now, stays theirs — and each form is
// filled once, so a field the person empties stays empty.
import type { FormApi } from 'final-form';
import { useEffect } from 'react';
import { useForm } from 'react-final-form';

const filled = new WeakSet<FormApi<object>>();
// Keyed by the form's getState: react-final-form hands its render prop a copy of the form object
// (with its own reset), while useForm gives the original; both share the same methods.
const prefilled = new WeakMap<FormApi<object>['getState'], Record<string, unknown>>();

/**
 * What the last choices put in a form: the wizard counts them as its starting point, so a wizard
 * opened and left untouched has nothing unsaved to warn about.
 */
export function prefilledValues(form: FormApi<object>): Record<string, unknown> {
  return prefilled.get(form.getState) ?? {};
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** `choices`: undefined while loading, null when there is no previous document. */
export function useLastChoices(choices: object | null | undefined): void {
  const form = useForm<object>();
  useEffect(() => {
    if (choices === undefined || filled.has(form)) return;
    filled.add(form);
    if (choices === null) return;
    const values = form.getState().values as Record<string, unknown>;
    const fills = Object.entries(choices as Record<string, unknown>).filter(([name, value]) => {
      const field = form.getFieldState(name as never);
      const entered = Boolean(field && (field.active || field.visited || field.modified));
      return isEmpty(values[name]) && !entered && !isEmpty(value);
    });
    prefilled.set(form.getState, Object.fromEntries(fills));
    form.batch(() => {
      for (const [name, value] of fills) form.change(name as never, value as never);
    });
  }, [form, choices]);
}
