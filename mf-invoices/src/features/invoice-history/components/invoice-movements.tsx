// The detail of an expanded entry: its movements (its cancellation's too), the "Reporte de
// entrada" download, and either "Cancelar entrada" (when the person may cancel) or who cancelled
// it, when and why.
import { DismissCircleRegular, DocumentRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import {
  invoiceReportRequest,
  Money,
  productLabel,
  tableLoadError,
  useInvoiceMovements,
  useProductNames,
  useReportDownload,
  useRuntimeConfig,
} from '@almacen/shared';
import { formatCurrency, formatPrice, formatQuantity, movementTypeLabel, type Invoice, type Movement } from '@almacen/shared/domain';
import { Button, makeStyles, Spinner, tokens } from '@almacen/shared/fluent';
import { Text } from '@almacen/shared/fluent-pages';
import { CancellationDetails, DataTable, type DataTableColumn, ReportButton, withFormat } from '@almacen/shared/kit';
import { CANCEL_INVOICE_TEXTS, CFDI_HISTORY_TEXTS } from '../lib/texts';
import { useDownloadInvoiceCfdi } from '../lib/use-download-cfdi';

const movementColumns = (names: ReadonlyMap<number, string>): DataTableColumn<Movement>[] => [
  { id: 'id', header: 'ID', value: (m) => m.id, width: 90, minWidth: 48 },
  // Sorted by the product's ID; found by its name too (the search looks at what the cell shows).
  {
    id: 'product',
    header: 'Producto',
    value: (m) => m.productId,
    text: (m) => productLabel(m.productId, names.get(m.productId)),
    width: 300,
  },
  { id: 'movementType', header: 'Tipo', value: (m) => movementTypeLabel(m.movementType), width: 200 },
  {
    id: 'price',
    header: 'Precio registrado',
    value: (m) => Number(m.price),
    text: (m) => formatPrice(m.price),
    cell: (m) => <Money value={m.price} kind="price" />,
  },
  { id: 'quantity', header: 'Cantidad', value: (m) => Number(m.quantity), text: (m) => formatQuantity(m.quantity) },
  // What the line is worth in the ledger (a CFDI line: what the CFDI states), not price × quantity shown.
  {
    id: 'amount',
    header: 'Importe',
    value: (m) => Number(m.amount ?? 0),
    text: (m) => (m.amount === undefined ? '' : formatCurrency(m.amount)),
    cell: (m) => (m.amount === undefined ? '' : <Money value={m.amount} />),
  },
  { id: 'observations', header: 'Observaciones', value: (m) => m.observations ?? '', width: 320 },
];

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalS },
  actions: { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', alignItems: 'center', gap: tokens.spacingHorizontalS },
  uuid: { marginRight: 'auto', wordBreak: 'break-all' },
});

/** `onCancel` absent: the person may not cancel entries, and no "Cancelar entrada" is offered. */
export function InvoiceMovements({ invoice, onCancel }: { invoice: Invoice; onCancel?: () => void }) {
  const styles = useStyles();
  const { timeZone } = useRuntimeConfig();
  const invoiceId = invoice.id;
  const movements = useInvoiceMovements(invoiceId);
  const { data, isLoading } = movements;
  const names = useProductNames();
  const columns = useMemo(() => movementColumns(names), [names]);
  // A failure says "…descargar el reporte solicitado." + the server's message (the kit does it).
  const report = useReportDownload();
  const xml = useDownloadInvoiceCfdi(invoiceId, invoice.cfdiUuid);

  return (
    <div className={styles.root}>
      {invoice.cancellation && (
        <CancellationDetails cancellation={invoice.cancellation} timeZone={timeZone} label={CANCEL_INVOICE_TEXTS.details(invoice)} />
      )}
      <div className={styles.actions}>
        {invoice.cfdiUuid && <Text className={styles.uuid}>{CFDI_HISTORY_TEXTS.uuid(invoice.cfdiUuid)}</Text>}
        {invoice.cfdiUuid && (
          <Button
            icon={xml.downloading ? <Spinner size="tiny" /> : <DocumentRegular />}
            disabled={xml.downloading}
            onClick={() => void xml.download()}
          >
            {CFDI_HISTORY_TEXTS.download}
          </Button>
        )}
        {invoice.status !== 'CANCELADA' && onCancel && (
          <Button icon={<DismissCircleRegular />} onClick={onCancel}>
            {CANCEL_INVOICE_TEXTS.action}
          </Button>
        )}
        <ReportButton
          label="Reporte de entrada"
          downloading={report.downloading}
          onDownload={(format) => void report.download(withFormat(invoiceReportRequest(invoiceId), format))}
        />
      </div>
      <DataTable<Movement>
        label={`Movimientos de la entrada ${invoiceId}`}
        items={data}
        columns={columns}
        getRowId={(m) => m.id}
        loading={isLoading}
        // "Algo salió mal mientras tratábamos de obtener los movimientos de la entrada solicitada."
        error={tableLoadError(movements, 'obtener los movimientos de la entrada solicitada')}
        searchPlaceholder="Buscar un movimiento"
        defaultPageSize={5}
      />
    </div>
  );
}
