// "Consultar historial de entradas": every registered entry; expanding
// one shows its movements and its report, and lets it be cancelled. "Crear nueva
// entrada" only with invoices.create, "Cancelar entrada" only with invoices.cancel.
import { AddRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import {
  tableLoadError,
  useCan,
  useCancelInvoice,
  useInvoices,
  useLinkedDocumentId,
  usePageTitle,
  useWarehouseNavigate,
} from '@almacen/shared';
import { formatDate, invoiceTypeLabel, type Invoice } from '@almacen/shared/domain';
import { Button, makeStyles, Title2, tokens } from '@almacen/shared/fluent';
import { CancelDocumentDialog, DataTable, documentStatusColumn, type DataTableColumn } from '@almacen/shared/kit';
import { CANCEL_INVOICE_TEXTS } from '../lib/texts';
import { InvoiceMovements } from './invoice-movements';

const columns: DataTableColumn<Invoice>[] = [
  { id: 'id', header: 'ID', value: (i) => i.id, width: 90, minWidth: 48 },
  documentStatusColumn<Invoice>(),
  { id: 'invoiceNumber', header: 'Número de factura', value: (i) => i.invoiceNumber },
  { id: 'invoiceType', header: 'Tipo de entrada', value: (i) => invoiceTypeLabel(i.invoiceType) },
  // Sorted by the ISO date (time order); shown DD/MM/YYYY, and found by either form.
  { id: 'invoiceDate', header: 'Fecha de factura', value: (i) => i.invoiceDate, text: (i) => formatDate(i.invoiceDate) },
];

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

const TITLE = 'Historial de entradas';

export function InvoiceHistory() {
  usePageTitle(TITLE);
  const styles = useStyles();
  const navigate = useWarehouseNavigate();
  const invoices = useInvoices();
  const { data, isLoading } = invoices;
  // The entry being cancelled stays set after the dialog closes, for the notice's words.
  const [target, setTarget] = useState<Invoice | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const cancel = useCancelInvoice(target ? CANCEL_INVOICE_TEXTS.success(target) : undefined);
  const canCreate = useCan('invoices.create');
  const canCancel = useCan('invoices.cancel');
  const linked = useLinkedDocumentId();
  return (
    <div className={styles.root}>
      <Title2 as="h1">{TITLE}</Title2>
      <DataTable<Invoice>
        label="Entradas"
        items={data}
        columns={columns}
        getRowId={(i) => i.id}
        openRowId={linked}
        loading={isLoading}
        saving={cancel.running}
        // "Algo salió mal mientras tratábamos de obtener las entradas."
        error={tableLoadError(invoices, 'obtener las entradas')}
        searchPlaceholder="Buscar una entrada"
        defaultSort={{ columnId: 'id', direction: 'descending' }}
        toolbar={
          canCreate && (
            <Button appearance="primary" icon={<AddRegular />} onClick={() => navigate('../generate')}>
              Crear nueva entrada
            </Button>
          )
        }
        renderDetail={(invoice) => (
          <InvoiceMovements
            invoice={invoice}
            onCancel={
              canCancel
                ? () => {
                    setTarget(invoice);
                    setDialogOpen(true);
                  }
                : undefined
            }
          />
        )}
      />
      <CancelDocumentDialog
        open={dialogOpen}
        title={target ? CANCEL_INVOICE_TEXTS.title(target) : ''}
        explanation={CANCEL_INVOICE_TEXTS.explanation}
        onClose={() => setDialogOpen(false)}
        onConfirm={(reason) => target && cancel.run(target.id, reason)}
      />
    </div>
  );
}
