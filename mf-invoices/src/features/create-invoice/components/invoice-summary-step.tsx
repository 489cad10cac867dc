// Step 3 "Resumen de factura": everything the invoice will record, read-only, with the final
// unit cost of each product ("Precio de adquisición") — what the ledger will value the entry at.
import { useFormState } from 'react-final-form';
import { formatCurrency, formatDate, formatQuantity, invoiceTypeLabel, isCalendarDate, MISSING_LABELS } from '@almacen/shared/domain';
import { makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@almacen/shared/fluent';
import { SummaryFields } from '@almacen/shared/kit';
import { employeeName, useEmployeeOptions, useProductOptions, useSupplierOptions } from '../lib/catalog-options';
import { effectiveExciseRate, purchasePriceOf, type InvoiceFormValues } from '../lib/invoice-values';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  tableWrap: { overflowX: 'auto' },
  // Fluent's fixed layout splits the width evenly: ten columns on a phone became 30 px each and
  // the words ran over each other. Sized by their content, they never do; the table scrolls
  // sideways inside its frame when it is wider than the screen.
  table: { tableLayout: 'auto' },
});

const money = (value: string) => {
  try {
    return formatCurrency(value);
  } catch {
    return value;
  }
};

export function InvoiceSummaryStep() {
  const styles = useStyles();
  const { values } = useFormState<InvoiceFormValues>({ subscription: { values: true } });
  const { suppliers } = useSupplierOptions();
  const { employees } = useEmployeeOptions();
  const { products } = useProductOptions();
  const supplier = suppliers?.find((s) => s.id === values.supplierId);
  const person = (id: number | null) => {
    const employee = employees?.find((e) => e.id === id);
    return employee ? employeeName(employee) : '';
  };
  return (
    <div className={styles.root}>
      <SummaryFields
        items={[
          { label: 'Tienda de procedencia', value: supplier?.name ?? '' },
          { label: 'Número de factura', value: values.invoiceNumber?.trim() ?? '' },
          { label: 'Fecha', value: isCalendarDate(values.invoiceDate) ? formatDate(values.invoiceDate) : '' },
          { label: 'Tipo de entrada', value: values.invoiceType ? invoiceTypeLabel(values.invoiceType) : '' },
        ]}
      />
      <div className={styles.tableWrap}>
        <Table aria-label="Productos de la factura" size="small" className={styles.table}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>ID</TableHeaderCell>
              <TableHeaderCell>Nombre</TableHeaderCell>
              <TableHeaderCell>Unidad</TableHeaderCell>
              <TableHeaderCell>Partida</TableHeaderCell>
              <TableHeaderCell>Cantidad</TableHeaderCell>
              <TableHeaderCell>Precio del artículo</TableHeaderCell>
              <TableHeaderCell>IVA</TableHeaderCell>
              <TableHeaderCell>IEPS</TableHeaderCell>
              <TableHeaderCell>Precio de adquisición</TableHeaderCell>
              <TableHeaderCell>Observaciones</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {(values.products ?? []).map((row) => {
              const product = products?.find((p) => p.id === row.productId);
              return (
                <TableRow key={row.key}>
                  <TableCell>{row.productId ?? ''}</TableCell>
                  <TableCell>{product?.name ?? ''}</TableCell>
                  <TableCell>{product?.unit?.description ?? MISSING_LABELS.unit}</TableCell>
                  <TableCell>{product?.category?.description ?? MISSING_LABELS.category}</TableCell>
                  <TableCell>{row.quantity ? formatQuantity(row.quantity) : ''}</TableCell>
                  <TableCell>{row.basePrice ? money(row.basePrice) : ''}</TableCell>
                  <TableCell>{row.applyValueAddedTaxToPurchasePrice ? '16 %' : 'No'}</TableCell>
                  <TableCell>{row.applyExciseTax ? `${effectiveExciseRate(row)} %` : 'No'}</TableCell>
                  <TableCell>{money(purchasePriceOf(row))}</TableCell>
                  <TableCell>{row.observations}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
      <SummaryFields
        items={[
          { label: 'Director del plantel', value: person(values.directorEmployeeId) },
          { label: 'Elaborador', value: person(values.enteredByEmployeeId) },
          { label: 'Almacenista', value: person(values.warehouseKeeperEmployeeId) },
        ]}
      />
    </div>
  );
}
