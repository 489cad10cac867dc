// A document wizard starts from what the person chose in their last document of the kind (the
// server keeps it: GET /api/invoices/defaults, /api/dispatches/defaults). Only fields still empty
// and not yet entered are filled — a restored draft, what the person already picked while the
// answer travelled, or a list they are choosing from right now, stays theirs — and each form is
// filled once, so a field the person empties stays empty.
import type { FormApi } from 'final-form';
import { useEffect } from 'react';
import { useForm } from 'react-final-form';

const filled = new WeakSet<FormApi<object>>();

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** `choices`: undefined while loading, null when there is no previous document. */
export function useLastChoices(choices: object | null | undefined): void {
  const form = useForm<object>();
  useEffect(() => {
    if (choices === undefined || filled.has(form)) return;
    filled.add(form);
    if (choices === null) return;
    const values = form.getState().values as Record<string, unknown>;
    form.batch(() => {
      for (const [name, value] of Object.entries(choices as Record<string, unknown>)) {
        const field = form.getFieldState(name as never);
        const entered = Boolean(field && (field.active || field.visited || field.modified));
        if (isEmpty(values[name]) && !entered && !isEmpty(value)) form.change(name as never, value as never);
      }
    });
  }, [form, choices]);
}
