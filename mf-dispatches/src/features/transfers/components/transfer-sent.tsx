// After «Enviar traspaso»: the transfer's number, where it goes, its voucher («Descargar vale»,
// PDF or XLSX) and the way to the next one or to the history.
import { moneyText, useReportDownload, useWarehouseNavigate } from '@almacen/shared';
import { Button, makeStyles, MessageBar, MessageBarBody, MessageBarTitle, Title2, tokens } from '@almacen/shared/fluent';
import { ReportButton, SummaryFields, withFormat } from '@almacen/shared/kit';
import { transferVoucherRequest, type Transfer } from '../../../api/transfers';
import { FIELD_LABELS, SENT_TEXTS, SUMMARY_TEXTS, WIZARD_TEXTS } from '../lib/texts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export function TransferSent({ transfer, onAnother }: { transfer: Transfer; onAnother: () => void }) {
  const styles = useStyles();
  const navigate = useWarehouseNavigate();
  const report = useReportDownload();
  return (
    <div className={styles.root}>
      <Title2 as="h1">{WIZARD_TEXTS.title}</Title2>
      <MessageBar intent="success" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{SENT_TEXTS.title(transfer.id)}</MessageBarTitle>
          {SENT_TEXTS.body(transfer.originWarehouseName, transfer.destinationWarehouseName)}
        </MessageBarBody>
      </MessageBar>
      <SummaryFields
        items={[
          { label: SENT_TEXTS.number, value: String(transfer.id) },
          { label: FIELD_LABELS.destination, value: transfer.destinationWarehouseName },
          { label: SUMMARY_TEXTS.total, value: moneyText(transfer.total, 'amount') },
        ]}
      />
      <div className={styles.actions}>
        <ReportButton
          label={SENT_TEXTS.voucher}
          appearance="primary"
          downloading={report.downloading}
          onDownload={(format) => void report.download(withFormat(transferVoucherRequest(transfer.id), format))}
        />
        <Button onClick={onAnother}>{SENT_TEXTS.another}</Button>
        <Button onClick={() => navigate('../history', { relative: 'path' })}>{SENT_TEXTS.history}</Button>
      </div>
    </div>
  );
}
