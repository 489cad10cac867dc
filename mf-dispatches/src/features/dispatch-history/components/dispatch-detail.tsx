// The expanded exit: its movements (each expanding into its product) and "Reporte de salida".
import { DataTable, loadErrorText, withoutPeriod, type DataTableColumn } from '@almacen/shared';
import { formatCurrency, formatQuantity, type Dispatch, type Movement } from '@almacen/shared/domain';
import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { useDispatchMovements } from '../api/get-dispatch-movements';
import { useDownloadDispatchReport } from '../api/download-dispatch-report';
import { MovementProduct } from './movement-product';

export const DETAIL_TEXTS = {
  table: (id: number) => `Movimientos de la salida ${id}`,
  report: 'Reporte de salida',
  search: 'Buscar un movimiento',
  empty: 'La salida no tiene movimientos.',
  loadError: loadErrorText(withoutPeriod('obtener los movimientos de la salida solicitada.')),
} as const;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingVerticalS },
});

export function DispatchDetail({ dispatch }: { dispatch: Dispatch }) {
  const styles = useStyles();
  // A failure says "…descargar el reporte solicitado." + the server's message (the kit does it).
  const report = useDownloadDispatchReport(dispatch.id);
  const { data, error, isLoading, mutate } = useDispatchMovements(dispatch.id);
  const columns = useMemo<DataTableColumn<Movement>[]>(
    () => [
      { id: 'id', header: 'ID', value: (movement) => movement.id, width: 100 },
      {
        id: 'price',
        header: 'Precio de salida',
        value: (movement) => movement.price,
        text: (movement) => formatCurrency(movement.price),
      },
      {
        id: 'quantity',
        header: 'Cantidad',
        value: (movement) => movement.quantity,
        text: (movement) => formatQuantity(movement.quantity),
      },
      { id: 'observations', header: 'Observaciones', value: (movement) => movement.observations ?? '' },
    ],
    [],
  );

  return (
    <div className={styles.root}>
      <DataTable<Movement>
        label={DETAIL_TEXTS.table(dispatch.id)}
        items={data}
        columns={columns}
        getRowId={(movement) => movement.id}
        loading={isLoading}
        error={error ? { text: DETAIL_TEXTS.loadError, onRetry: () => void mutate() } : undefined}
        searchPlaceholder={DETAIL_TEXTS.search}
        emptyMessage={DETAIL_TEXTS.empty}
        defaultPageSize={5}
        toolbar={
          <Button
            icon={report.downloading ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
            disabled={report.downloading}
            onClick={() => void report.download()}
          >
            {DETAIL_TEXTS.report}
          </Button>
        }
        renderDetail={(movement) => <MovementProduct productId={movement.productId} />}
      />
    </div>
  );
}
