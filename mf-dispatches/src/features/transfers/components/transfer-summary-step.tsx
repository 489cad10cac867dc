// Step 3, «Resumen del traspaso»: what will be sent, read-only, with each line's cost at the
// origin's average and the total. It says plainly when a row no longer fits the origin's stock
// (after a 409 the availability is read again and the rows are checked again).
import { useMemo } from 'react';
import { useFormState } from 'react-final-form';
import { type Employee, Money, moneyText, type Product, useCurrentWarehouse, useEmployees, useProducts } from '@almacen/shared';
import {
  addDecimal,
  employeeName,
  formatDate,
  formatQuantity,
  isCalendarDate,
  MISSING_LABELS,
  multiplyDecimal,
  toDecimalString,
} from '@almacen/shared/domain';
import { makeStyles, MessageBar, MessageBarBody, MessageBarTitle, tokens } from '@almacen/shared/fluent';
import { Text } from '@almacen/shared/fluent-pages';
import { DataTable, type DataTableColumn, SummaryFields } from '@almacen/shared/kit';
import { useDestinations } from '../../../api/transfers';
import type { TransferFormValues, TransferRow } from '../form/transfer-form';
import { FIELD_LABELS, SUMMARY_TEXTS } from '../lib/texts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

/** quantity × the origin's average, in cents; null while either is unknown. */
export function lineAmount(row: Pick<TransferRow, 'quantity' | 'averagePrice'>): string | null {
  const quantity = toDecimalString(row.quantity);
  return quantity !== null && row.averagePrice ? multiplyDecimal(quantity, row.averagePrice, 2) : null;
}

function summaryColumns(productById: ReadonlyMap<number, Product>): DataTableColumn<TransferRow>[] {
  const product = (row: TransferRow) => (row.productId != null ? productById.get(row.productId) : undefined);
  const [id, name, unit, quantity, cost, amount, observations] = SUMMARY_TEXTS.columns;
  return [
    { id: 'id', header: id, value: (row) => row.productId ?? '', width: 64, minWidth: 48 },
    { id: 'name', header: name, value: (row) => product(row)?.name ?? '', width: 240 },
    {
      id: 'unit',
      header: unit,
      value: (row) => {
        const found = product(row);
        return found ? (found.unit?.description ?? MISSING_LABELS.unit) : '';
      },
      width: 120,
    },
    { id: 'quantity', header: quantity, value: (row) => (row.quantity ? formatQuantity(row.quantity) : ''), width: 96, minWidth: 72 },
    {
      id: 'cost',
      header: cost,
      value: (row) => row.averagePrice ?? '',
      cell: (row) => (row.averagePrice ? <Money value={row.averagePrice} kind="price" /> : ''),
      width: 120,
    },
    {
      id: 'amount',
      header: amount,
      value: (row) => lineAmount(row) ?? '',
      cell: (row) => {
        const value = lineAmount(row);
        return value ? <Money value={value} /> : '';
      },
      width: 120,
    },
    { id: 'observations', header: observations, value: (row) => row.observations, width: 200 },
  ];
}

type RowErrors = Partial<Record<'productId' | 'quantity' | 'observations', string>>;

export function TransferSummaryStep() {
  const styles = useStyles();
  const { values, errors } = useFormState<TransferFormValues>({ subscription: { values: true, errors: true } });
  const { warehouses } = useCurrentWarehouse();
  // Plain reads: the steps that offer these lists already report their loading failures once.
  // The destination is named from every active warehouse (the person may belong to the origin only).
  const { data: destinations } = useDestinations();
  const { data: employees } = useEmployees();
  const { data: products } = useProducts();
  const productById = useMemo(() => new Map((products ?? []).map((product) => [product.id, product])), [products]);
  const columns = useMemo(() => summaryColumns(productById), [productById]);
  const warehouse = (id: number | null) => {
    const found = warehouses.find((w) => w.id === id) ?? destinations?.find((w) => w.id === id);
    return found ? `${found.code} · ${found.name}` : '';
  };
  const person = (id: number | null) => {
    const employee = employees?.find((candidate: Employee) => candidate.id === id);
    return employee ? employeeName(employee) : id == null ? '' : `#${id}`;
  };
  const amounts = values.lines.map(lineAmount);
  const total = amounts.every((amount) => amount !== null) && amounts.length > 0 ? addDecimal(...(amounts as string[])) : null;
  const rowErrors = (errors as { lines?: Array<RowErrors | undefined> } | undefined)?.lines ?? [];
  const problems = values.lines.flatMap((row, index) => {
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
        items={[
          { label: FIELD_LABELS.origin, value: warehouse(values.originWarehouseId) },
          { label: FIELD_LABELS.destination, value: warehouse(values.destinationWarehouseId) },
          { label: FIELD_LABELS.date, value: isCalendarDate(values.date) ? formatDate(values.date) : '' },
        ]}
      />
      <DataTable<TransferRow>
        label={SUMMARY_TEXTS.table}
        items={values.lines}
        columns={columns}
        getRowId={(row) => row.key}
        defaultDensity="md"
        plain
      />
      <SummaryFields
        items={[
          { label: SUMMARY_TEXTS.total, value: total === null ? '' : moneyText(total, 'amount') },
          { label: FIELD_LABELS.sender, value: person(values.senderEmployeeId) },
          { label: FIELD_LABELS.carrier, value: values.carrier.trim() },
        ]}
      />
      <Text size={200}>{SUMMARY_TEXTS.estimate}</Text>
    </div>
  );
}
