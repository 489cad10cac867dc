// The detail of an expanded entry: its movements (its cancellation's too), the "Reporte de
// entrada" download, and either "Cancelar entrada" or who cancelled it, when and why.
import { CancellationDetails, DataTable, loadErrorText, useRuntimeConfig, type DataTableColumn } from '@almacen/shared';
import { formatCurrency, formatQuantity, movementTypeLabel, type Invoice, type Movement } from '@almacen/shared/domain';
import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, DismissCircleRegular } from '@fluentui/react-icons';
import { CANCEL_INVOICE_TEXTS } from '../api/cancel-invoice';
import { useDownloadInvoiceReport } from '../api/download-invoice-report';
import { useInvoiceMovements } from '../api/get-invoices';

const columns: DataTableColumn<Movement>[] = [
  { id: 'id', header: 'ID', value: (m) => m.id, width: 90 },
  { id: 'movementType', header: 'Tipo', value: (m) => movementTypeLabel(m.movementType), width: 200 },
  { id: 'price', header: 'Precio registrado', value: (m) => Number(m.price), text: (m) => formatCurrency(m.price) },
  { id: 'quantity', header: 'Cantidad', value: (m) => Number(m.quantity), text: (m) => formatQuantity(m.quantity) },
  { id: 'observations', header: 'Observaciones', value: (m) => m.observations ?? '', width: 320 },
];

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalS },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS },
});

export function InvoiceMovements({ invoice, onCancel }: { invoice: Invoice; onCancel: () => void }) {
  const styles = useStyles();
  const { timeZone } = useRuntimeConfig();
  const invoiceId = invoice.id;
  const { data, error, isLoading, mutate } = useInvoiceMovements(invoiceId);
  // A failure says "…descargar el reporte solicitado." + the server's message (the kit does it).
  const report = useDownloadInvoiceReport(invoiceId);

  return (
    <div className={styles.root}>
      {invoice.cancellation && <CancellationDetails cancellation={invoice.cancellation} timeZone={timeZone} label={CANCEL_INVOICE_TEXTS.details(invoice)} />}
      <div className={styles.actions}>
        {invoice.status !== 'CANCELADA' && (
          <Button icon={<DismissCircleRegular />} onClick={onCancel}>
            {CANCEL_INVOICE_TEXTS.action}
          </Button>
        )}
        <Button
          icon={report.downloading ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
          disabled={report.downloading}
          onClick={() => void report.download()}
        >
          Reporte de entrada
        </Button>
      </div>
      <DataTable<Movement>
        label={`Movimientos de la entrada ${invoiceId}`}
        items={data}
        columns={columns}
        getRowId={(m) => m.id}
        loading={isLoading}
        // "Algo salió mal mientras tratábamos de obtener los movimientos de la entrada solicitada."
        error={error ? { text: loadErrorText('obtener los movimientos de la entrada solicitada'), onRetry: () => void mutate() } : undefined}
        searchPlaceholder="Buscar un movimiento"
        defaultPageSize={5}
      />
    </div>
  );
}
