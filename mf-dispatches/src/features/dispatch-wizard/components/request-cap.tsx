// A row filled in from a request starts at its pending quantity; when its product's availability
// is first known, a row still at that quantity is lowered to what is available (a product with
// none keeps it, and the stock rule says so). Once per row: what the clerk types afterwards stays.
import { useEffect, useRef } from 'react';
import { useForm, useFormState } from 'react-final-form';
import type { DispatchFormValues } from '../form/dispatch-form';
import { cappedQuantity } from '../form/from-request';

export function RequestCap() {
  const form = useForm();
  const { values } = useFormState<DispatchFormValues>({ subscription: { values: true } });
  const done = useRef(new Set<string>());
  useEffect(() => {
    values.products?.forEach((row, index) => {
      if (!row?.pending || row.availableQuantity === null || done.current.has(row.key)) return;
      done.current.add(row.key);
      if (row.quantity !== row.pending) return;
      const quantity = cappedQuantity(row.pending, row.availableQuantity);
      if (quantity !== row.quantity) form.change(`products[${index}].quantity`, quantity);
    });
  }, [values.products, form]);
  return null;
}
