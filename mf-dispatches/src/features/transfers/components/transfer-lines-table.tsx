// A sent transfer's lines as they left the origin: quantity, unit cost and amount.
import { useMemo } from 'react';
import { Money } from '@almacen/shared';
import { formatPrice, formatQuantity } from '@almacen/shared/domain';
import { DataTable, type DataTableColumn } from '@almacen/shared/kit';
import type { Transfer, TransferLine } from '../../../api/transfers';
import { DETAIL_TEXTS, SUMMARY_TEXTS } from '../lib/texts';

export function TransferLinesTable({ transfer }: { transfer: Transfer }) {
  const [id, name, , quantity, cost, amount, observations] = SUMMARY_TEXTS.columns;
  const columns = useMemo<DataTableColumn<TransferLine>[]>(
    () => [
      { id: 'productId', header: id, value: (line) => line.productId, width: 64, minWidth: 48, hideBelow: 'tablet' },
      { id: 'productName', header: name, value: (line) => line.productName, width: 240, minWidth: 96 },
      {
        id: 'quantity',
        header: quantity,
        value: (line) => line.quantity,
        text: (line) => formatQuantity(line.quantity),
        width: 96,
        minWidth: 72,
      },
      {
        id: 'unitCost',
        header: cost,
        value: (line) => line.unitCost,
        text: (line) => formatPrice(line.unitCost),
        cell: (line) => <Money value={line.unitCost} kind="price" />,
        width: 120,
        // On a phone the amount says it; the voucher and a wider screen show the cost too.
        hideBelow: 'tablet',
      },
      {
        id: 'amount',
        header: amount,
        value: (line) => line.amount,
        cell: (line) => <Money value={line.amount} />,
        width: 120,
        minWidth: 80,
      },
      { id: 'observations', header: observations, value: (line) => line.observations ?? '', width: 200, hideBelow: 'tablet' },
    ],
    [id, name, quantity, cost, amount, observations],
  );
  return (
    <DataTable<TransferLine>
      label={DETAIL_TEXTS.lines(transfer.id)}
      items={transfer.lines}
      columns={columns}
      getRowId={(line) => line.id}
      defaultDensity="md"
      plain
    />
  );
}
