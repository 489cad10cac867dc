// The detail of an expanded entry: its movements and the "Reporte de entrada" download.
import { DataTable, loadErrorText, type DataTableColumn } from '@almacen/shared';
import { formatCurrency, formatQuantity, type Movement } from '@almacen/shared/domain';
import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useDownloadInvoiceReport } from '../api/download-invoice-report';
import { useInvoiceMovements } from '../api/get-invoices';

const columns: DataTableColumn<Movement>[] = [
  { id: 'id', header: 'ID', value: (m) => m.id, width: 90 },
  { id: 'price', header: 'Precio registrado', value: (m) => Number(m.price), text: (m) => formatCurrency(m.price) },
  { id: 'quantity', header: 'Cantidad', value: (m) => Number(m.quantity), text: (m) => formatQuantity(m.quantity) },
  { id: 'observations', header: 'Observaciones', value: (m) => m.observations ?? '', width: 320 },
];

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalS },
  actions: { display: 'flex', justifyContent: 'flex-end' },
});

export function InvoiceMovements({ invoiceId }: { invoiceId: number }) {
  const styles = useStyles();
  const { data, error, isLoading, mutate } = useInvoiceMovements(invoiceId);
  // A failure says "…descargar el reporte solicitado." + the server's message (the kit does it).
  const report = useDownloadInvoiceReport(invoiceId);

  return (
    <div className={styles.root}>
      <div className={styles.actions}>
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
