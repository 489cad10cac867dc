// An expanded transfer: its lines, who carried it, how it was settled, «Vale de traspaso», and the
// changes the page offers (`actions`: «Recibir» and «Rechazar», or «Retirar»).
import type { ReactNode } from 'react';
import { useReportDownload } from '@almacen/shared';
import { formatDate, formatDateTime } from '@almacen/shared/domain';
import { makeStyles, tokens } from '@almacen/shared/fluent';
import { ReportButton, SummaryFields, type SummaryItem, withFormat } from '@almacen/shared/kit';
import { transferVoucherRequest, type Transfer } from '../../../api/transfers';
import { DETAIL_TEXTS } from '../lib/texts';
import { TransferLinesTable } from './transfer-lines-table';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingVerticalS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export function TransferDetail({ transfer, timeZone, actions }: { transfer: Transfer; timeZone: string; actions?: ReactNode }) {
  const styles = useStyles();
  const report = useReportDownload();
  const items: SummaryItem[] = [
    { label: DETAIL_TEXTS.date, value: formatDate(transfer.date) },
    ...(transfer.carrier ? [{ label: DETAIL_TEXTS.carrier, value: transfer.carrier }] : []),
    ...(transfer.receiverName ? [{ label: DETAIL_TEXTS.receivedBy, value: transfer.receiverName }] : []),
    ...(transfer.reason ? [{ label: DETAIL_TEXTS.reason, value: transfer.reason }] : []),
    ...(transfer.settledAt
      ? [
          { label: DETAIL_TEXTS.settledBy, value: transfer.settledBy ?? '' },
          { label: DETAIL_TEXTS.settledAt, value: formatDateTime(transfer.settledAt, timeZone) },
        ]
      : []),
  ];
  return (
    <div className={styles.root}>
      <TransferLinesTable transfer={transfer} />
      <SummaryFields items={items} />
      <div className={styles.actions}>
        {actions}
        <ReportButton
          label={DETAIL_TEXTS.voucher}
          name={DETAIL_TEXTS.voucherOf(transfer.id)}
          downloading={report.downloading}
          onDownload={(format) => void report.download(withFormat(transferVoucherRequest(transfer.id), format))}
        />
      </div>
    </div>
  );
}
