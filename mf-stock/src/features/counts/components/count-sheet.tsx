// The count sheet: the lines shown (ID, Producto, Unidad, Partida, Existencia en libros, Cantidad
// contada, Diferencia, Costo unitario, Observaciones) as a plain DataTable inside one
// react-final-form form, its values checked on every change by the API's own schema of saved
// lines (countLinesSchema), in its words. A line is saved as the person leaves each of its fields,
// so nothing is lost on a reload. The form follows the saved count when it changes elsewhere (an
// uploaded sheet, another field's save) but keeps what the person typed and has not saved yet:
// the answer to the save of what they typed before must not replace what they are typing now.
import type { FormApi } from 'final-form';
import { type RefObject, useCallback, useMemo } from 'react';
import { Form } from 'react-final-form';
import { Money, useSaveLines } from '@almacen/shared';
import { type CountLine, type CountLineChange, formatQuantity, MISSING_LABELS } from '@almacen/shared/domain';
import { DataTable, type DataTableColumn, validateSchema } from '@almacen/shared/kit';
import { countLinesSchema } from '@almacen/shared/schemas';
import { CostField, CountedField, lineErrors, ObservationsField, type SheetValues } from './count-line-fields';
import type { LineScan } from './count-scan';

/** A line shown, with its place among all the count's lines (its place in the form). */
interface SheetRow {
  line: CountLine;
  index: number;
}

const validate = validateSchema(countLinesSchema, (values: SheetValues) => ({
  lines: values.lines.map((l) => ({ ...l, countedQuantity: l.countedQuantity.trim(), unitCost: l.unitCost.trim() })),
}));

const toValues = (lines: readonly CountLine[]): SheetValues => ({
  lines: lines.map((l) => ({
    productId: l.productId,
    countedQuantity: l.countedQuantity ?? '',
    unitCost: l.unitCost ?? '',
    observations: l.observations ?? '',
  })),
});

const noSubmit = () => undefined;

interface CountSheetProps {
  countId: number;
  lines: readonly CountLine[];
  /** The index of the first line shown, and how many. */
  first: number;
  count: number;
  editable: boolean;
  scan: LineScan | null;
  handledRead: RefObject<number>;
}

export function CountSheet({ countId, lines, first, count, editable, scan, handledRead }: CountSheetProps) {
  const save = useSaveLines(countId);
  const run = save.run;
  const initialValues = useMemo(() => toValues(lines), [lines]);
  const rows = useMemo(() => lines.slice(first, first + count).map((line, i) => ({ line, index: first + i })), [lines, first, count]);
  const send = useCallback((change: CountLineChange) => void run([change]), [run]);
  return (
    <Form<SheetValues>
      onSubmit={noSubmit}
      initialValues={initialValues}
      validate={validate}
      keepDirtyOnReinitialize
      // The table is drawn again only when the count changes, never on a keystroke: each field
      // follows its own value.
      subscription={{}}
    >
      {({ form }) => <SheetTable rows={rows} form={form} editable={editable} scan={scan} handledRead={handledRead} send={send} />}
    </Form>
  );
}

interface SheetTableProps {
  rows: SheetRow[];
  form: FormApi<SheetValues>;
  editable: boolean;
  scan: LineScan | null;
  handledRead: RefObject<number>;
  send: (change: CountLineChange) => void;
}

function SheetTable({ rows, form, editable, scan, handledRead, send }: SheetTableProps) {
  const commit = useCallback(
    (index: number, line: CountLine, change: Partial<CountLineChange>) => {
      const { values, errors } = form.getState();
      const refused = lineErrors(errors, index);
      if (refused?.countedQuantity || refused?.unitCost || refused?.observations) return;
      const counted = values.lines[index]?.countedQuantity.trim() ?? '';
      const next: CountLineChange = { productId: line.productId, countedQuantity: counted === '' ? null : counted, ...change };
      const same =
        next.countedQuantity === line.countedQuantity &&
        (next.unitCost === undefined || next.unitCost === line.unitCost) &&
        (next.observations === undefined || next.observations === line.observations);
      if (!same) send(next);
    },
    [form, send],
  );
  const columns = useMemo<DataTableColumn<SheetRow>[]>(
    () => [
      { id: 'productId', header: 'ID', value: ({ line }) => line.productId, width: 56, minWidth: 40 },
      // The product's name gets room first: it is what the counter reads.
      { id: 'productName', header: 'Producto', value: ({ line }) => line.productName, width: 220, minWidth: 112 },
      { id: 'unit', header: 'Unidad', value: ({ line }) => line.unit ?? MISSING_LABELS.unitShort, width: 88, minWidth: 64 },
      { id: 'category', header: 'Partida', value: ({ line }) => line.category ?? MISSING_LABELS.categoryShort, width: 150, minWidth: 80 },
      { id: 'book', header: 'Existencia en libros', value: ({ line }) => formatQuantity(line.bookQuantity), width: 88, minWidth: 80 },
      {
        id: 'counted',
        header: 'Cantidad contada',
        cell: ({ line, index }) =>
          editable ? (
            <CountedField
              index={index}
              line={line}
              commit={commit}
              scan={scan?.productId === line.productId ? scan : undefined}
              handledRead={handledRead}
              save={send}
            />
          ) : line.countedQuantity === null ? (
            'Sin contar'
          ) : (
            formatQuantity(line.countedQuantity)
          ),
        width: 96,
        minWidth: 88,
      },
      {
        id: 'difference',
        header: 'Diferencia',
        cell: ({ line }) =>
          line.difference === null ? (
            '—'
          ) : (
            <>
              {formatQuantity(line.difference)} (<Money value={line.differenceValue ?? '0'} />)
            </>
          ),
        width: 120,
        minWidth: 88,
      },
      {
        id: 'unitCost',
        header: 'Costo unitario',
        cell: ({ line, index }) =>
          editable ? (
            <CostField index={index} line={line} commit={commit} />
          ) : line.unitCost === null ? (
            '—'
          ) : (
            <Money value={line.unitCost} kind="price" />
          ),
        width: 96,
        minWidth: 88,
      },
      {
        id: 'observations',
        header: 'Observaciones',
        cell: ({ line, index }) => (editable ? <ObservationsField index={index} line={line} commit={commit} /> : (line.observations ?? '')),
        width: 180,
        minWidth: 96,
      },
    ],
    [editable, commit, scan, handledRead, send],
  );
  return (
    <DataTable<SheetRow>
      label="Líneas del conteo"
      items={rows}
      columns={columns}
      getRowId={(row) => row.line.productId}
      defaultDensity="md"
      currentRowId={scan?.productId}
      plain
    />
  );
}
