// Step 3, "Resumen de salida": what will be saved, read-only. It says plainly when a row no longer
// fits the stock (after a 409 the availability is read again and the rows are checked again).
import { useMemo } from 'react';
import { useFormState } from 'react-final-form';
import { type Employee, Money, type Product, useEmployees, useProducts } from '@almacen/shared';
import { formatDate, formatQuantity, isCalendarDate, MISSING_LABELS } from '@almacen/shared/domain';
import { employeeName } from '@almacen/shared/domain';
import { makeStyles, MessageBar, MessageBarBody, MessageBarTitle, tokens } from '@almacen/shared/fluent';
import { DataTable, type DataTableColumn, SummaryFields } from '@almacen/shared/kit';
import type { DispatchFormValues, DispatchRow } from '../form/dispatch-form';
import { HEADER_LABELS } from './dispatch-header-step';

export const SUMMARY_TEXTS = {
  table: 'Productos de la salida',
  columns: ['ID', 'Nombre', 'Unidad', 'Partida', 'Cantidad', 'Precio de salida', 'Observaciones'],
  noUnit: MISSING_LABELS.unit,
  noCategory: MISSING_LABELS.category,
  problemsTitle: 'Revisa la lista de productos',
} as const;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

/** The summary's columns, in SUMMARY_TEXTS.columns' order; the product's data read from the catalogue. */
function summaryColumns(productById: ReadonlyMap<number, Product>): DataTableColumn<DispatchRow>[] {
  const product = (row: DispatchRow) => (row.productId != null ? productById.get(row.productId) : undefined);
  const [id, name, unit, category, quantity, price, observations] = SUMMARY_TEXTS.columns;
  return [
    { id: 'id', header: id, value: (row) => row.productId ?? '', width: 64, minWidth: 48 },
    { id: 'name', header: name, value: (row) => product(row)?.name ?? '', width: 240 },
    {
      id: 'unit',
      header: unit,
      value: (row) => {
        const found = product(row);
        return found ? (found.unit?.description ?? SUMMARY_TEXTS.noUnit) : '';
      },
      width: 120,
    },
    {
      id: 'category',
      header: category,
      value: (row) => {
        const found = product(row);
        return found ? (found.category?.description ?? SUMMARY_TEXTS.noCategory) : '';
      },
      width: 200,
    },
    { id: 'quantity', header: quantity, value: (row) => (row.quantity ? formatQuantity(row.quantity) : ''), width: 96, minWidth: 72 },
    {
      id: 'price',
      header: price,
      value: (row) => row.averagePrice || row.exitPrice,
      cell: (row) => (row.averagePrice || row.exitPrice ? <Money value={row.averagePrice || row.exitPrice} kind="price" /> : ''),
      width: 120,
    },
    { id: 'observations', header: observations, value: (row) => row.observations, width: 200 },
  ];
}

type RowErrors = Partial<Record<'productId' | 'quantity' | 'exitPrice' | 'observations', string>>;

export function DispatchSummaryStep() {
  const styles = useStyles();
  const { values, errors } = useFormState<DispatchFormValues>({ subscription: { values: true, errors: true } });
  // Plain reads: the steps that offer these lists already report their loading failures once.
  const { data: employees } = useEmployees();
  const { data: products } = useProducts();
  const productById = useMemo(() => new Map((products ?? []).map((product) => [product.id, product])), [products]);
  const columns = useMemo(() => summaryColumns(productById), [productById]);
  const person = (id: number | null) => {
    const employee = employees?.find((candidate: Employee) => candidate.id === id);
    return employee ? employeeName(employee) : id == null ? '' : `#${id}`;
  };
  const rowErrors = (errors as { products?: Array<RowErrors | undefined> } | undefined)?.products ?? [];
  const problems = values.products.flatMap((row, index) => {
    const found = rowErrors[index];
    if (!found) return [];
    const name = (row.productId != null && productById.get(row.productId)?.name) || `Producto ${index + 1}`;
    return Object.entries(found)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([field, message]) => ({ key: `${index}.${field}`, text: `${name}: ${message}` }));
  });

  return (
    <div className={styles.root}>
      {problems.length > 0 && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{SUMMARY_TEXTS.problemsTitle}</MessageBarTitle>
            <ul>
              {problems.map((problem) => (
                <li key={problem.key}>{problem.text}</li>
              ))}
            </ul>
          </MessageBarBody>
        </MessageBar>
      )}
      <SummaryFields
        items={[{ label: HEADER_LABELS.dispatchDate, value: isCalendarDate(values.dispatchDate) ? formatDate(values.dispatchDate) : '' }]}
      />
      <DataTable<DispatchRow>
        label={SUMMARY_TEXTS.table}
        items={values.products}
        columns={columns}
        getRowId={(row) => row.key}
        defaultDensity="md"
        plain
      />
      <SummaryFields
        items={[
          { label: HEADER_LABELS.areaHead, value: person(values.personInChargeOfTheRequestingAreaEmployeeId) },
          { label: HEADER_LABELS.petitioner, value: person(values.petitionerEmployeeId) },
          { label: HEADER_LABELS.warehouseKeeper, value: person(values.warehouseKeeperEmployeeId) },
        ]}
      />
    </div>
  );
}
