// Step 3, "Resumen de salida": what will be saved, read-only. It says plainly when a row no longer
// fits the stock (after a 409 the availability is read again and the rows are checked again).
import { useFormState } from 'react-final-form';
import { type Employee, Money, type Product, useEmployees, useProducts } from '@almacen/shared';
import { formatDate, formatQuantity, isCalendarDate, MISSING_LABELS } from '@almacen/shared/domain';
import { employeeName } from '@almacen/shared/domain';
import {
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@almacen/shared/fluent';
import { ScrollArea, SummaryFields } from '@almacen/shared/kit';
import type { DispatchFormValues } from '../form/dispatch-form';
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
  // Fluent's fixed layout splits the width evenly: seven columns on a phone ran over each other.
  // Sized by their content they never do; the table scrolls sideways inside its frame.
  autoLayout: { tableLayout: 'auto' },
});

type RowErrors = Partial<Record<'productId' | 'quantity' | 'exitPrice' | 'observations', string>>;

export function DispatchSummaryStep() {
  const styles = useStyles();
  const { values, errors } = useFormState<DispatchFormValues>({ subscription: { values: true, errors: true } });
  // Plain reads: the steps that offer these lists already report their loading failures once.
  const { data: employees } = useEmployees();
  const { data: products } = useProducts();
  const productById = new Map((products ?? []).map((product) => [product.id, product]));
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
      <ScrollArea label={SUMMARY_TEXTS.table}>
        <Table aria-label={SUMMARY_TEXTS.table} size="small" className={styles.autoLayout}>
          <TableHeader>
            <TableRow>
              {SUMMARY_TEXTS.columns.map((column) => (
                <TableHeaderCell key={column}>{column}</TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {values.products.map((row) => {
              const product: Product | undefined = row.productId != null ? productById.get(row.productId) : undefined;
              return (
                <TableRow key={row.key}>
                  <TableCell>{row.productId ?? ''}</TableCell>
                  <TableCell>{product?.name ?? ''}</TableCell>
                  <TableCell>{product ? (product.unit?.description ?? SUMMARY_TEXTS.noUnit) : ''}</TableCell>
                  <TableCell>{product ? (product.category?.description ?? SUMMARY_TEXTS.noCategory) : ''}</TableCell>
                  <TableCell>{row.quantity ? formatQuantity(row.quantity) : ''}</TableCell>
                  <TableCell>
                    {row.averagePrice || row.exitPrice ? <Money value={row.averagePrice || row.exitPrice} kind="price" /> : ''}
                  </TableCell>
                  <TableCell>{row.observations}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </ScrollArea>
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
