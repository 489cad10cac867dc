// Step 3 "Resumen de factura": everything the invoice will record, read-only, with the final
// unit cost of each product ("Precio de adquisición"), each line's amount — what the ledger will
// value it at: the CFDI's value for a line left as the CFDI filled it — and the totals as the
// voucher prints them; with a CFDI, its own total beside the entry's and the difference.
import { useFormState } from 'react-final-form';
import { moneyText, type MoneyKind } from '@almacen/shared';
import {
  compareDecimal,
  formatDate,
  formatQuantity,
  invoiceTypeLabel,
  isCalendarDate,
  MISSING_LABELS,
  subtractDecimal,
} from '@almacen/shared/domain';
import { employeeName } from '@almacen/shared/domain';
import { makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@almacen/shared/fluent';
import { ScrollArea, SummaryFields } from '@almacen/shared/kit';
import { useEmployeeOptions, useProductOptions, useSupplierOptions } from '../lib/catalog-options';
import { CFDI_TEXTS } from '../lib/cfdi';
import {
  carriesCfdiValue,
  effectiveExciseRate,
  invoiceTotals,
  lineValueOf,
  purchasePriceOf,
  type InvoiceFormValues,
} from '../lib/invoice-values';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  // Fluent's fixed layout splits the width evenly: ten columns on a phone became 30 px each and
  // the words ran over each other. Sized by their content, they never do; the table scrolls
  // sideways inside its frame when it is wider than the screen.
  table: { tableLayout: 'auto' },
  note: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/** The totals as the voucher prints them, and with a CFDI its own total beside the entry's. */
function totalItems(values: InvoiceFormValues): Array<{ label: string; value: string }> {
  const totals = invoiceTotals(values.products ?? []);
  const items = [
    { label: 'Subtotal sin impuestos', value: money(totals.net) },
    { label: 'IEPS', value: money(totals.ieps) },
    { label: 'IVA', value: money(totals.vat) },
    { label: 'Total de la entrada', value: money(totals.total) },
  ];
  const cfdiTotal = values.cfdi?.totalInPesos;
  if (!cfdiTotal) return items;
  items.push({ label: 'Total del CFDI', value: money(cfdiTotal) });
  const difference = subtractDecimal(totals.total, cfdiTotal);
  if (compareDecimal(difference, '0') !== 0) {
    const withheld = values.cfdi?.withheldInPesos ?? '0';
    const reason = compareDecimal(withheld, '0') > 0 ? ` (el CFDI descuenta retenciones por ${money(withheld)}, que no son costo)` : '';
    items.push({ label: 'Diferencia con el CFDI', value: `${money(difference)}${reason}` });
  }
  return items;
}

const money = (value: string, kind: MoneyKind = 'amount') => {
  try {
    return moneyText(value, kind);
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
      <ScrollArea label="Productos de la factura">
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
              <TableHeaderCell>Importe</TableHeaderCell>
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
                  <TableCell>{row.basePrice ? money(row.basePrice, 'price') : ''}</TableCell>
                  <TableCell>{row.applyValueAddedTaxToPurchasePrice ? '16 %' : 'No'}</TableCell>
                  <TableCell>{row.applyExciseTax ? `${effectiveExciseRate(row)} %` : 'No'}</TableCell>
                  <TableCell>{money(purchasePriceOf(row), 'price')}</TableCell>
                  <TableCell>
                    {(() => {
                      const value = lineValueOf(row);
                      return value === null ? '' : money(value);
                    })()}
                    {row.cfdi?.value && !carriesCfdiValue(row) && <div className={styles.note}>{CFDI_TEXTS.typed}</div>}
                  </TableCell>
                  <TableCell>{row.observations}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </ScrollArea>
      <SummaryFields items={totalItems(values)} />
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
