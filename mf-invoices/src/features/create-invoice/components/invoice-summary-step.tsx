// Step 3 "Resumen de factura": everything the invoice will record, read-only, with the final
// unit cost of each product ("Precio de adquisición"), each line's amount — what the ledger will
// value it at: the CFDI's value for a line left as the CFDI filled it — and the totals as the
// voucher prints them; with a CFDI, its own total beside the entry's and the difference.
import { useMemo } from 'react';
import { useFormState } from 'react-final-form';
import { moneyText, type MoneyKind, type Product } from '@almacen/shared';
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
import { makeStyles, tokens } from '@almacen/shared/fluent';
import { DataTable, type DataTableColumn, SummaryFields } from '@almacen/shared/kit';
import { useEmployeeOptions, useProductOptions, useSupplierOptions } from '../lib/catalog-options';
import { CFDI_TEXTS } from '../lib/cfdi';
import {
  carriesCfdiValue,
  effectiveExciseRate,
  invoiceTotals,
  lineValueOf,
  purchasePriceOf,
  type InvoiceFormValues,
  type InvoiceRowValues,
} from '../lib/invoice-values';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
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

/** The summary's eleven columns; the short figures get narrow columns, so the names have room. */
function summaryColumns(products: readonly Product[] | undefined, note: string): DataTableColumn<InvoiceRowValues>[] {
  const product = (row: InvoiceRowValues) => products?.find((p) => p.id === row.productId);
  return [
    { id: 'id', header: 'ID', value: (row) => row.productId ?? '', width: 48, minWidth: 40 },
    { id: 'name', header: 'Nombre', value: (row) => product(row)?.name ?? '', width: 240 },
    { id: 'unit', header: 'Unidad', value: (row) => product(row)?.unit?.description ?? MISSING_LABELS.unit, width: 96, minWidth: 72 },
    {
      id: 'category',
      header: 'Partida',
      value: (row) => product(row)?.category?.description ?? MISSING_LABELS.category,
      width: 180,
      minWidth: 80,
    },
    { id: 'quantity', header: 'Cantidad', value: (row) => (row.quantity ? formatQuantity(row.quantity) : ''), width: 72, minWidth: 64 },
    {
      id: 'basePrice',
      header: 'Precio del artículo',
      value: (row) => (row.basePrice ? money(row.basePrice, 'price') : ''),
      width: 88,
      minWidth: 72,
    },
    { id: 'vat', header: 'IVA', value: (row) => (row.applyValueAddedTaxToPurchasePrice ? '16 %' : 'No'), width: 40, minWidth: 40 },
    { id: 'ieps', header: 'IEPS', value: (row) => (row.applyExciseTax ? `${effectiveExciseRate(row)} %` : 'No'), width: 48, minWidth: 44 },
    {
      id: 'purchasePrice',
      header: 'Precio de adquisición',
      value: (row) => money(purchasePriceOf(row), 'price'),
      width: 96,
      minWidth: 80,
    },
    {
      id: 'amount',
      header: 'Importe',
      value: (row) => {
        const value = lineValueOf(row);
        return value === null ? '' : money(value);
      },
      cell: (row) => {
        const value = lineValueOf(row);
        return (
          <>
            {value === null ? '' : money(value)}
            {row.cfdi?.value && !carriesCfdiValue(row) && <div className={note}>{CFDI_TEXTS.typed}</div>}
          </>
        );
      },
      width: 96,
      minWidth: 80,
    },
    { id: 'observations', header: 'Observaciones', value: (row) => row.observations, width: 160, minWidth: 112 },
  ];
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
  const columns = useMemo(() => summaryColumns(products, styles.note), [products, styles.note]);
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
      <DataTable<InvoiceRowValues>
        label="Productos de la factura"
        items={values.products ?? []}
        columns={columns}
        getRowId={(row) => row.key}
        defaultDensity="md"
        plain
      />
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
