// One line of a count session: the counted quantity, cost and observations typed in place and
// saved as the person leaves each field (Enter in «Cantidad contada» saves too). A scan of the
// line's product (count-scan.tsx) brings the line into view and marks it, then either adds one to
// the counted quantity and saves it — the focus stays in «Código de barras», where the scanner
// types the next code — or puts the focus in «Cantidad contada» with its text selected, for the
// person who counts the units and types the total.
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Money, useSaveLines } from '@almacen/shared';
import { addDecimal, type CountLine, type CountLineChange as LineChange, formatQuantity, MISSING_LABELS } from '@almacen/shared/domain';
import { makeStyles, TableCell, TableRow, tokens } from '@almacen/shared/fluent';
import { Field, Input } from '@almacen/shared/fluent-pages';
import type { LineScan } from './count-scan';

const useStyles = makeStyles({
  // The product's name gets room first: it is what the counter reads.
  name: { minWidth: '12em' },
  figure: { whiteSpace: 'nowrap' },
  number: { width: '6em' },
  // Fills its column; a native input would otherwise ask for 20 characters and widen the sheet.
  text: { minWidth: '8em', width: '100%', '& input': { minWidth: 0 } },
  scanned: { backgroundColor: tokens.colorBrandBackground2, outline: `2px solid ${tokens.colorBrandStroke1}`, outlineOffset: '-2px' },
});

const QUANTITY_RE = /^\d{1,12}(\.\d{1,3})?$/;
const COST_RE = /^\d{1,15}(\.\d{1,3})?$/;
const QUANTITY_MESSAGE = 'Escribe una cantidad mayor o igual a 0 con a lo más 3 decimales.';
const COST_MESSAGE = 'Escribe un costo mayor que 0 con a lo más 3 decimales.';

/**
 * The text of one field of a line. It follows the saved line when that changes elsewhere (an
 * uploaded sheet, another field's save) — otherwise it would keep showing what was there before,
 * and leaving a stale empty field would erase the uploaded count — except while the person is in
 * the field: the answer to the save of what they typed before must not replace what they are
 * typing now (leaving the field saves it).
 */
function useSavedField(saved: string | null) {
  const [value, set] = useState(saved ?? '');
  const editing = useRef(false);
  useEffect(() => {
    if (!editing.current) set(saved ?? '');
  }, [saved]);
  return { value, set, onFocus: () => (editing.current = true), onBlur: () => (editing.current = false) };
}

interface LineRowProps {
  countId: number;
  line: CountLine;
  editable: boolean;
  /** The last scan, when it was this line's product. */
  scan?: LineScan;
  /** The `seq` of the last read a line did (the page's, shared by every line). */
  handledRead: RefObject<number>;
}

export function LineRow({ countId, line, editable, scan, handledRead }: LineRowProps) {
  const styles = useStyles();
  const save = useSaveLines(countId);
  const countedField = useSavedField(line.countedQuantity);
  const costField = useSavedField(line.unitCost);
  const observationsField = useSavedField(line.observations);
  const [counted, cost, observations] = [countedField.value, costField.value, observationsField.value];
  const countedError = counted.trim() !== '' && !QUANTITY_RE.test(counted.trim()) ? QUANTITY_MESSAGE : undefined;
  const costError = cost.trim() !== '' && (!COST_RE.test(cost.trim()) || !/[1-9]/.test(cost)) ? COST_MESSAGE : undefined;

  const commit = (change: Partial<LineChange>) => {
    if (countedError || costError) return;
    const next: LineChange = { productId: line.productId, countedQuantity: counted.trim() === '' ? null : counted.trim(), ...change };
    const same =
      next.countedQuantity === line.countedQuantity &&
      (next.unitCost === undefined || next.unitCost === line.unitCost) &&
      (next.observations === undefined || next.observations === line.observations);
    if (!same) void save.run([next]);
  };
  const label = (what: string) => `${what} de ${line.productName}`;

  const rowRef = useRef<HTMLTableRowElement>(null);
  const countedInput = useRef<HTMLInputElement>(null);
  // What the scan's effect reads: the field as it is now, even between renders.
  const latest = useRef({ counted, countedError, save, set: countedField.set });
  latest.current = { counted, countedError, save, set: countedField.set };
  useEffect(() => {
    if (!scan || handledRead.current >= scan.seq) return;
    handledRead.current = scan.seq;
    // The quantity itself, not only the row: on a phone the sheet scrolls sideways to reach it.
    (countedInput.current ?? rowRef.current)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    if (scan.mode === 'total') {
      countedInput.current?.focus();
      countedInput.current?.select();
      return;
    }
    const now = latest.current;
    // A quantity typed wrong does not take the unit: the saved count does.
    const base = now.countedError || now.counted.trim() === '' ? (line.countedQuantity ?? '0') : now.counted.trim();
    const next = addDecimal(base, '1');
    now.set(next);
    void now.save.run([{ productId: line.productId, countedQuantity: next }]);
  }, [scan, handledRead, line.productId, line.countedQuantity]);

  return (
    <TableRow ref={rowRef} className={scan ? styles.scanned : undefined} aria-current={scan ? 'true' : undefined}>
      <TableCell>{line.productId}</TableCell>
      <TableCell className={styles.name}>{line.productName}</TableCell>
      <TableCell>{line.unit ?? MISSING_LABELS.unitShort}</TableCell>
      <TableCell>{line.category ?? MISSING_LABELS.categoryShort}</TableCell>
      <TableCell className={styles.figure}>{formatQuantity(line.bookQuantity)}</TableCell>
      <TableCell>
        {editable ? (
          <Field validationMessage={countedError} validationState={countedError ? 'error' : 'none'}>
            <Input
              ref={countedInput}
              className={styles.number}
              inputMode="decimal"
              aria-label={label('Cantidad contada')}
              value={counted}
              onChange={(_e, d) => countedField.set(d.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') commit({});
              }}
              onFocus={countedField.onFocus}
              onBlur={() => {
                countedField.onBlur();
                commit({});
              }}
            />
          </Field>
        ) : line.countedQuantity === null ? (
          'Sin contar'
        ) : (
          formatQuantity(line.countedQuantity)
        )}
      </TableCell>
      <TableCell className={styles.figure}>
        {line.difference === null ? (
          '—'
        ) : (
          <>
            {formatQuantity(line.difference)} (<Money value={line.differenceValue ?? '0'} />)
          </>
        )}
      </TableCell>
      <TableCell>
        {editable ? (
          <Field validationMessage={costError} validationState={costError ? 'error' : 'none'}>
            <Input
              className={styles.number}
              inputMode="decimal"
              aria-label={label('Costo unitario')}
              value={cost}
              onChange={(_e, d) => costField.set(d.value)}
              onFocus={costField.onFocus}
              onBlur={() => {
                costField.onBlur();
                commit({ unitCost: cost.trim() === '' ? null : cost.trim() });
              }}
            />
          </Field>
        ) : line.unitCost === null ? (
          '—'
        ) : (
          <Money value={line.unitCost} kind="price" />
        )}
      </TableCell>
      <TableCell>
        {editable ? (
          <Input
            className={styles.text}
            aria-label={label('Observaciones')}
            value={observations}
            maxLength={500}
            onChange={(_e, d) => observationsField.set(d.value)}
            onFocus={observationsField.onFocus}
            onBlur={() => {
              observationsField.onBlur();
              commit({ observations: observations.trim() === '' ? null : observations.trim() });
            }}
          />
        ) : (
          (line.observations ?? '')
        )}
      </TableCell>
    </TableRow>
  );
}
