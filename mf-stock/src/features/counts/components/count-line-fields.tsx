// The fields of one line of the count sheet (count-sheet.tsx), each a react-final-form field of
// the sheet's form: the counted quantity, the unit cost and the observations, typed in place and
// saved as the person leaves each one (Enter in «Cantidad contada» saves too). A scan of the
// line's product (count-scan.tsx) brings its quantity into view, then either adds one to it and
// saves it — the focus stays in «Código de barras», where the scanner types the next code — or
// puts the focus in it with its text selected, for the person who counts the units and types the
// total.
import { type RefObject, useEffect, useRef } from 'react';
import { useField, useForm } from 'react-final-form';
import {
  addDecimal,
  type CountLine,
  type CountLineChange,
  MAX_OBSERVATIONS_LENGTH,
  PRICE_SCALE,
  QUANTITY_SCALE,
} from '@almacen/shared/domain';
import { makeStyles } from '@almacen/shared/fluent';
import { Field, Input } from '@almacen/shared/fluent-pages';
import { DecimalInput, normalizeDecimalInput, visibleError } from '@almacen/shared/kit';
import type { LineScan } from './count-scan';

/** A line's values in the sheet's form: the texts typed ('' = sin contar / sin costo / sin observaciones). */
export interface LineValues {
  productId: number;
  countedQuantity: string;
  unitCost: string;
  observations: string;
}

export interface SheetValues {
  lines: LineValues[];
}

const useStyles = makeStyles({
  // Each field fills its column (a native input would ask for 20 characters and widen the sheet).
  input: { width: '100%', minWidth: 0, boxSizing: 'border-box', '& input': { minWidth: 0, width: '100%' } },
});

const FIELD_SUBSCRIPTION = { value: true, error: true, touched: true, modified: true, submitFailed: true } as const;
const keepText = (value: string) => value;

/** Sends a line's change unless one of its figures is refused or nothing differs from what is saved. */
export type CommitLine = (index: number, line: CountLine, change: Partial<CountLineChange>) => void;

interface LineFieldProps {
  index: number;
  line: CountLine;
  commit: CommitLine;
}

const label = (what: string, line: CountLine) => `${what} de ${line.productName}`;

export function CountedField({
  index,
  line,
  commit,
  scan,
  handledRead,
  save,
}: LineFieldProps & {
  /** The last scan, when it was this line's product. */
  scan?: LineScan;
  /** The `seq` of the last read a line did (the page's, shared by every line). */
  handledRead: RefObject<number>;
  save: (change: CountLineChange) => void;
}) {
  const styles = useStyles();
  const form = useForm();
  const name = `lines.${index}.countedQuantity`;
  const { input, meta } = useField<string>(name, { subscription: FIELD_SUBSCRIPTION, parse: keepText });
  const message = visibleError(meta);
  const ref = useRef<HTMLInputElement>(null);
  const value = input.value ?? '';
  const leave = () => {
    const tidy = normalizeDecimalInput(value);
    if (tidy !== value) input.onChange(tidy);
    commit(index, line, {});
  };

  useEffect(() => {
    if (!scan || handledRead.current >= scan.seq) return;
    handledRead.current = scan.seq;
    // The quantity itself, not only the row: on a phone the sheet scrolls sideways to reach it.
    ref.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    if (scan.mode === 'total') {
      ref.current?.focus();
      ref.current?.select();
      return;
    }
    const state = form.getState();
    const typed = (state.values as SheetValues).lines[index]?.countedQuantity.trim() ?? '';
    // A quantity typed wrong does not take the unit: the saved count does.
    const refused = Boolean(lineErrors(state.errors, index)?.countedQuantity);
    const next = addDecimal(refused || typed === '' ? (line.countedQuantity ?? '0') : typed, '1');
    form.change(name, next);
    save({ productId: line.productId, countedQuantity: next });
  }, [scan, handledRead, form, name, index, save, line.productId, line.countedQuantity]);

  return (
    <Field validationMessage={message} validationState={message ? 'error' : 'none'}>
      <DecimalInput
        ref={ref}
        className={styles.input}
        name={input.name}
        aria-label={label('Cantidad contada', line)}
        value={value}
        scale={QUANTITY_SCALE}
        onValueChange={(next) => input.onChange(next)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') leave();
        }}
        onFocus={() => input.onFocus()}
        onBlur={() => {
          input.onBlur();
          leave();
        }}
      />
    </Field>
  );
}

export function CostField({ index, line, commit }: LineFieldProps) {
  const styles = useStyles();
  const { input, meta } = useField<string>(`lines.${index}.unitCost`, { subscription: FIELD_SUBSCRIPTION, parse: keepText });
  const message = visibleError(meta);
  const value = input.value ?? '';
  return (
    <Field validationMessage={message} validationState={message ? 'error' : 'none'}>
      <DecimalInput
        className={styles.input}
        name={input.name}
        aria-label={label('Costo unitario', line)}
        value={value}
        scale={PRICE_SCALE}
        onValueChange={(next) => input.onChange(next)}
        onFocus={() => input.onFocus()}
        onBlur={() => {
          const tidy = normalizeDecimalInput(value);
          if (tidy !== value) input.onChange(tidy);
          input.onBlur();
          commit(index, line, { unitCost: tidy === '' ? null : tidy });
        }}
      />
    </Field>
  );
}

export function ObservationsField({ index, line, commit }: LineFieldProps) {
  const styles = useStyles();
  const { input, meta } = useField<string>(`lines.${index}.observations`, { subscription: FIELD_SUBSCRIPTION, parse: keepText });
  const message = visibleError(meta);
  const value = input.value ?? '';
  return (
    <Field validationMessage={message} validationState={message ? 'error' : 'none'}>
      <Input
        className={styles.input}
        name={input.name}
        aria-label={label('Observaciones', line)}
        value={value}
        maxLength={MAX_OBSERVATIONS_LENGTH}
        onChange={(_event, data) => input.onChange(data.value)}
        onFocus={() => input.onFocus()}
        onBlur={() => {
          input.onBlur();
          const text = value.trim();
          commit(index, line, { observations: text === '' ? null : text });
        }}
      />
    </Field>
  );
}

/** The messages of one line in the form's errors (none while the sheet as a whole is refused). */
export function lineErrors(
  errors: Record<string, unknown> | undefined,
  index: number,
): Partial<Record<keyof LineValues, string>> | undefined {
  const lines = errors?.lines;
  return Array.isArray(lines) ? (lines[index] as Partial<Record<keyof LineValues, string>> | undefined) : undefined;
}
