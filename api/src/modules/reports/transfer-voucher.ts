// «Vale de traspaso»: a transfer as the three people sign it — who sent it from the origin, who
// carried it and who received it at the destination — with each line's quantity, the cost and the
// value it left with, and the total; a rejected or withdrawn transfer carries its reason.
import { DEFAULT_TIME_ZONE, formatDate, formatDateTime, TRANSFER_STATUS_LABELS } from '@almacen/shared/domain';
import type { Column, ReportDefinition, Row } from '../../reports/model';
import { findTransfer } from '../transfers/transfers.repository';
import { base, type ReportContext } from './reports.service';
import { asQueryable, type Snapshot } from './snapshot';

const COLUMNS: Column[] = [
  { header: 'No.', kind: 'text', weight: 22, xlsxWidth: 6 },
  { header: 'Clave', kind: 'text', weight: 30, xlsxWidth: 8 },
  { header: 'Producto', kind: 'text', weight: 150, xlsxWidth: 44 },
  { header: 'Cantidad', kind: 'quantity', weight: 50, xlsxWidth: 12 },
  { header: 'Costo unitario', kind: 'price', weight: 58, xlsxWidth: 16 },
  { header: 'Importe', kind: 'money', weight: 64, xlsxWidth: 18 },
  { header: 'Observaciones', kind: 'text', weight: 100, xlsxWidth: 32 },
];

export async function transferVoucher(snapshot: Snapshot, context: ReportContext, id: number): Promise<ReportDefinition | null> {
  const transfer = await findTransfer(asQueryable(snapshot), id);
  if (!transfer) return null;
  const timeZone = context.timeZone ?? DEFAULT_TIME_ZONE;
  const returned = transfer.status === 'RECHAZADO' || transfer.status === 'RETIRADO';
  const rows: Row[] = transfer.lines.map((line) => ({
    cells: [
      String(line.lineNo),
      String(line.productId),
      line.productName,
      line.quantity,
      line.unitCost,
      line.amount,
      line.observations ?? '',
    ],
  }));
  return {
    ...base(context),
    title: 'Vale de traspaso',
    orientation: 'portrait',
    sheetName: 'Vale de traspaso',
    stamp: returned
      ? {
          title: TRANSFER_STATUS_LABELS[transfer.status].toUpperCase(),
          text: `${TRANSFER_STATUS_LABELS[transfer.status]} el ${transfer.settledAt ? formatDateTime(transfer.settledAt, timeZone) : ''} · Motivo: ${transfer.reason ?? ''}`,
        }
      : undefined,
    fields: [
      { label: 'Traspaso', value: String(transfer.id) },
      { label: 'Estado', value: TRANSFER_STATUS_LABELS[transfer.status] },
      { label: 'Fecha de envío', value: formatDate(transfer.date) },
      { label: 'Almacén de origen', value: transfer.originWarehouseName },
      { label: 'Almacén de destino', value: transfer.destinationWarehouseName },
      { label: 'Transporta', value: transfer.carrier ?? '' },
      ...(transfer.status === 'RECIBIDO' && transfer.settledAt
        ? [{ label: 'Recibido', value: formatDateTime(transfer.settledAt, timeZone) }]
        : []),
    ],
    columns: COLUMNS,
    rows: (async function* () {
      yield [...rows, { cells: ['Total', null, null, null, null, transfer.total, null], emphasis: 'total' as const }];
    })(),
    closing: () => ({
      note: 'Cada renglón salió del almacén de origen a su costo promedio de ese momento y entra al destino (o regresa al origen) exactamente a ese valor.',
      signatures: [
        { role: 'Envía', name: transfer.senderName },
        { role: 'Transporta', name: transfer.carrier ?? '' },
        { role: 'Recibe', name: transfer.receiverName ?? '' },
      ],
    }),
  };
}
