// «Traspasos por recibir» and «Historial de traspasos»: the current warehouse's transfers through
// the kit's DataTable (the first: those in transit to it; the second: every one it sent or
// received). A row expands into its lines and its voucher; «Recibir» and «Rechazar» need
// invoices.create and only the destination sees them, «Retirar» needs dispatches.create and only
// the origin of a transfer still in transit sees it. Each change is confirmed and refreshes the lists.
import { AddRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { Money, tableLoadError, useCan, usePageTitle, useRuntimeConfig, type WarehouseChoice, useWarehouseNavigate } from '@almacen/shared';
import { formatDate, TRANSFER_STATUS_LABELS } from '@almacen/shared/domain';
import { Button, makeStyles, Title2, tokens } from '@almacen/shared/fluent';
import { DataTable, type DataTableColumn } from '@almacen/shared/kit';
import { useTransferChanges, useTransfers, type Transfer } from '../../../api/transfers';
import { ACTION_TEXTS, LIST_TEXTS } from '../lib/texts';
import { TransferDetail } from './transfer-detail';
import { ReasonDialog, ReceiveDialog } from './transfer-dialogs';
import { WarehouseGate } from './warehouse-gate';

type View = 'incoming' | 'history';
type Change = 'receive' | 'reject' | 'withdraw';

const useStyles = makeStyles({
  // No padding of its own: the shell's is every area's left edge.
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

const C = LIST_TEXTS.columns;

function columnsOf(view: View): DataTableColumn<Transfer>[] {
  const columns: Array<DataTableColumn<Transfer> | false> = [
    { id: 'id', header: C.id, value: (t) => t.id, width: 96, minWidth: 64 },
    view === 'history' && {
      id: 'status',
      header: C.status,
      value: (t) => TRANSFER_STATUS_LABELS[t.status] ?? t.status,
      width: 120,
      minWidth: 88,
    },
    { id: 'origin', header: C.origin, value: (t) => t.originWarehouseName, width: 180, minWidth: 88 },
    view === 'history' && { id: 'destination', header: C.destination, value: (t) => t.destinationWarehouseName, width: 180, minWidth: 88 },
    {
      id: 'date',
      header: C.date,
      value: (t) => t.date,
      text: (t) => formatDate(t.date),
      width: 110,
      minWidth: 84,
      // On a phone the row's detail says it: number, origin and total fit the width.
      hideBelow: 'tablet',
    },
    view === 'incoming' && { id: 'sender', header: C.sender, value: (t) => t.senderName, width: 180, hideBelow: 'tablet' },
    { id: 'total', header: C.total, value: (t) => t.total, cell: (t) => <Money value={t.total} />, width: 120, minWidth: 80 },
  ];
  return columns.filter((column): column is DataTableColumn<Transfer> => column !== false);
}

export const IncomingTransfers = () => <TransferList view="incoming" />;
export const TransferHistory = () => <TransferList view="history" />;

function TransferList({ view }: { view: View }) {
  usePageTitle(view === 'incoming' ? LIST_TEXTS.incomingTitle : LIST_TEXTS.historyTitle);
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <Title2 as="h1">{view === 'incoming' ? LIST_TEXTS.incomingTitle : LIST_TEXTS.historyTitle}</Title2>
      {/* Keyed by the warehouse: a switch never shows one warehouse's rows under another's name. */}
      <WarehouseGate>{(warehouse) => <TransferTable key={warehouse.id} view={view} warehouse={warehouse} />}</WarehouseGate>
    </div>
  );
}

function TransferTable({ view, warehouse }: { view: View; warehouse: WarehouseChoice }) {
  const navigate = useWarehouseNavigate();
  const { timeZone } = useRuntimeConfig();
  const transfers = useTransfers(warehouse.id, view === 'incoming' ? 'ENVIADO' : undefined);
  const items = useMemo(
    () => (view === 'incoming' ? transfers.data?.filter((t) => t.destinationWarehouseId === warehouse.id) : transfers.data),
    [transfers.data, view, warehouse.id],
  );
  const columns = useMemo(() => columnsOf(view), [view]);
  const canReceive = useCan('invoices.create');
  const canSend = useCan('dispatches.create');
  // The transfer being changed stays set after its dialog closes, for the notice's words.
  const [target, setTarget] = useState<{ change: Change; transfer: Transfer } | null>(null);
  const [open, setOpen] = useState(false);
  const id = target?.transfer.id ?? 0;
  const changes = useTransferChanges({
    receive: ACTION_TEXTS.received(id),
    reject: ACTION_TEXTS.rejected(id),
    withdraw: ACTION_TEXTS.withdrawn(id),
  });
  const running = changes.receive.running || changes.reject.running || changes.withdraw.running;
  const ask = (change: Change, transfer: Transfer) => {
    setTarget({ change, transfer });
    setOpen(true);
  };
  const close = () => setOpen(false);

  const actionsOf = (transfer: Transfer) => {
    if (transfer.status !== 'ENVIADO') return null;
    if (view === 'incoming' && canReceive && transfer.destinationWarehouseId === warehouse.id)
      return (
        <>
          <Button appearance="primary" disabled={running} onClick={() => ask('receive', transfer)}>
            {ACTION_TEXTS.receive}
          </Button>
          <Button disabled={running} onClick={() => ask('reject', transfer)}>
            {ACTION_TEXTS.reject}
          </Button>
        </>
      );
    if (view === 'history' && canSend && transfer.originWarehouseId === warehouse.id)
      return (
        <Button disabled={running} onClick={() => ask('withdraw', transfer)}>
          {ACTION_TEXTS.withdraw}
        </Button>
      );
    return null;
  };

  return (
    <>
      <DataTable<Transfer>
        label={view === 'incoming' ? LIST_TEXTS.incomingTable : LIST_TEXTS.historyTable}
        items={items}
        columns={columns}
        getRowId={(transfer) => transfer.id}
        loading={transfers.isLoading}
        saving={running}
        error={tableLoadError(transfers, LIST_TEXTS.loadError)}
        searchPlaceholder={LIST_TEXTS.search}
        emptyMessage={view === 'incoming' ? LIST_TEXTS.incomingEmpty : LIST_TEXTS.historyEmpty}
        defaultSort={{ columnId: 'id', direction: 'descending' }}
        toolbar={
          view === 'history' &&
          canSend && (
            <Button appearance="primary" icon={<AddRegular />} onClick={() => navigate('../new', { relative: 'path' })}>
              {LIST_TEXTS.create}
            </Button>
          )
        }
        renderDetail={(transfer) => <TransferDetail transfer={transfer} timeZone={timeZone} actions={actionsOf(transfer)} />}
      />
      {target?.change === 'receive' && (
        <ReceiveDialog
          transfer={target.transfer}
          open={open}
          onClose={close}
          onReceive={(receiverEmployeeId) => changes.receive.run(target.transfer.id, receiverEmployeeId)}
        />
      )}
      {target && target.change !== 'receive' && (
        <ReasonDialog
          kind={target.change}
          transfer={target.transfer}
          open={open}
          onClose={close}
          onConfirm={(reason) => (target.change === 'reject' ? changes.reject : changes.withdraw).run(target.transfer.id, reason)}
        />
      )}
    </>
  );
}
