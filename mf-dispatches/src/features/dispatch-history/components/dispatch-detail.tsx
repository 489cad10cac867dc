// The expanded exit: its movements (each expanding into its product) and "Reporte de salida".
import {
  DataTable,
  ERROR_TITLE,
  actionErrorText,
  isApiError,
  loadErrorText,
  useNotify,
  withoutPeriod,
  type DataTableColumn,
} from '@almacen/shared';
import { formatCurrency, formatQuantity, type Dispatch, type Movement } from '@almacen/shared/domain';
import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useDispatchMovements } from '../api/get-dispatch-movements';
import { useDownloadDispatchReport } from '../api/download-dispatch-report';
import { MovementProduct } from './movement-product';

export const DETAIL_TEXTS = {
  table: (id: number) => `Movimientos de la salida ${id}`,
  report: 'Reporte de salida',
  search: 'Buscar un movimiento',
  empty: 'La salida no tiene movimientos.',
  loadError: loadErrorText(withoutPeriod('obtener los movimientos de la salida solicitada.')),
  downloadError: withoutPeriod('descargar el reporte solicitado.'),
} as const;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingVerticalS },
});

export function DispatchDetail({ dispatch }: { dispatch: Dispatch }) {
  const styles = useStyles();
  const notify = useNotify();
  const download = useDownloadDispatchReport();
  const [downloading, setDownloading] = useState(false);
  const { data, error, isLoading, mutate } = useDispatchMovements(dispatch.id);
  const columns = useMemo<DataTableColumn<Movement>[]>(
    () => [
      { id: 'id', header: 'ID', value: (movement) => movement.id, width: 100 },
      {
        id: 'price',
        header: 'Precio de salida',
        value: (movement) => movement.price,
        cell: (movement) => formatCurrency(movement.price),
      },
      {
        id: 'quantity',
        header: 'Cantidad',
        value: (movement) => movement.quantity,
        cell: (movement) => formatQuantity(movement.quantity),
      },
      { id: 'observations', header: 'Observaciones', value: (movement) => movement.observations ?? '' },
    ],
    [],
  );

  const onDownload = async () => {
    setDownloading(true);
    try {
      await download(dispatch.id);
    } catch (failure) {
      // Only HTTP failures are the server's to explain; anything else is a bug of ours.
      if (isApiError(failure)) notify.error(ERROR_TITLE, actionErrorText(DETAIL_TEXTS.downloadError, failure));
      else console.error(failure);
    } finally {
      setDownloading(false);
    }
  };

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
            icon={downloading ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
            disabled={downloading}
            onClick={() => void onDownload()}
          >
            {DETAIL_TEXTS.report}
          </Button>
        }
        renderDetail={(movement) => <MovementProduct productId={movement.productId} />}
      />
    </div>
  );
}
