// The expanded exit: its movements (each expanding into its product; its cancellation's too),
// "Reporte de salida", and either "Cancelar salida" (when the person may cancel) or who cancelled
// it, when and why.
import { DismissCircleRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import {
  dispatchReportRequest,
  Money,
  productLabel,
  tableLoadError,
  useDispatchMovements,
  useProductNames,
  useReportDownload,
  useRuntimeConfig,
} from '@almacen/shared';
import { formatPrice, formatQuantity, movementTypeLabel, type Dispatch, type Movement } from '@almacen/shared/domain';
import { Button, makeStyles, tokens } from '@almacen/shared/fluent';
import { CancellationDetails, DataTable, type DataTableColumn, ReportButton, withFormat } from '@almacen/shared/kit';
import { CANCEL_DISPATCH_TEXTS } from '../lib/texts';
import { MovementProduct } from './movement-product';

export const DETAIL_TEXTS = {
  table: (id: number) => `Movimientos de la salida ${id}`,
  report: 'Reporte de salida',
  search: 'Buscar un movimiento',
  empty: 'La salida no tiene movimientos.',
  loadError: 'obtener los movimientos de la salida solicitada.',
} as const;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingVerticalS },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/** `onCancel` absent: the person may not cancel exits, and no "Cancelar salida" is offered. */
export function DispatchDetail({ dispatch, onCancel }: { dispatch: Dispatch; onCancel?: () => void }) {
  const styles = useStyles();
  const { timeZone } = useRuntimeConfig();
  // A failure says "…descargar el reporte solicitado." + the server's message (the kit does it).
  const report = useReportDownload();
  const movements = useDispatchMovements(dispatch.id);
  const { data, isLoading } = movements;
  const names = useProductNames();
  const columns = useMemo<DataTableColumn<Movement>[]>(
    () => [
      { id: 'id', header: 'ID', value: (movement) => movement.id, width: 100, minWidth: 48 },
      // Sorted by the product's ID; found by its name too (the search looks at what the cell shows).
      {
        id: 'product',
        header: 'Producto',
        value: (movement) => movement.productId,
        text: (movement) => productLabel(movement.productId, names.get(movement.productId)),
        width: 280,
      },
      { id: 'movementType', header: 'Tipo', value: (movement) => movementTypeLabel(movement.movementType), width: 200 },
      {
        id: 'price',
        header: 'Precio de salida',
        value: (movement) => movement.price,
        text: (movement) => formatPrice(movement.price),
        cell: (movement) => <Money value={movement.price} kind="price" />,
      },
      {
        id: 'quantity',
        header: 'Cantidad',
        value: (movement) => movement.quantity,
        text: (movement) => formatQuantity(movement.quantity),
      },
      { id: 'observations', header: 'Observaciones', value: (movement) => movement.observations ?? '' },
    ],
    [names],
  );

  return (
    <div className={styles.root}>
      {dispatch.cancellation && (
        <CancellationDetails cancellation={dispatch.cancellation} timeZone={timeZone} label={CANCEL_DISPATCH_TEXTS.details(dispatch)} />
      )}
      <DataTable<Movement>
        label={DETAIL_TEXTS.table(dispatch.id)}
        items={data}
        columns={columns}
        getRowId={(movement) => movement.id}
        loading={isLoading}
        error={tableLoadError(movements, DETAIL_TEXTS.loadError)}
        searchPlaceholder={DETAIL_TEXTS.search}
        emptyMessage={DETAIL_TEXTS.empty}
        defaultPageSize={5}
        toolbar={
          <div className={styles.toolbar}>
            <ReportButton
              label={DETAIL_TEXTS.report}
              downloading={report.downloading}
              onDownload={(format) => void report.download(withFormat(dispatchReportRequest(dispatch.id), format))}
            />
            {dispatch.status !== 'CANCELADA' && onCancel && (
              <Button icon={<DismissCircleRegular />} onClick={onCancel}>
                {CANCEL_DISPATCH_TEXTS.action}
              </Button>
            )}
          </div>
        }
        renderDetail={(movement) => <MovementProduct productId={movement.productId} />}
      />
    </div>
  );
}
