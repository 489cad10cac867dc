// "Consultar historial de salidas": every exit, newest first; a row
// expands into its movements and its report, and lets the exit be cancelled. "Crear
// nueva salida" only with dispatches.create, "Cancelar salida" only with dispatches.cancel.
import { AddRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import {
  tableLoadError,
  useCan,
  useCancelDispatch,
  useDispatches,
  useLinkedDocumentId,
  usePageTitle,
  useWarehouseNavigate,
} from '@almacen/shared';
import { formatDate, type Dispatch } from '@almacen/shared/domain';
import { Button, makeStyles, Title2, tokens } from '@almacen/shared/fluent';
import { CancelDocumentDialog, DataTable, documentStatusColumn, type DataTableColumn } from '@almacen/shared/kit';
import { CANCEL_DISPATCH_TEXTS } from '../lib/texts';
import { DispatchDetail } from './dispatch-detail';

export const HISTORY_TEXTS = {
  title: 'Historial de salidas',
  table: 'Salidas',
  create: 'Crear nueva salida',
  search: 'Buscar una salida',
  empty: 'Todavía no hay salidas registradas.',
  // Spec §8 endings are quoted verbatim, period included.
  loadError: 'obtener las salidas.',
} as const;

const useStyles = makeStyles({
  // No padding of its own: the shell's is every area's left edge.
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export function DispatchHistory() {
  usePageTitle(HISTORY_TEXTS.title);
  const styles = useStyles();
  const navigate = useWarehouseNavigate();
  const dispatches = useDispatches();
  const { data, isLoading } = dispatches;
  // The exit being cancelled stays set after the dialog closes, for the notice's words.
  const [target, setTarget] = useState<Dispatch | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const cancel = useCancelDispatch(target ? CANCEL_DISPATCH_TEXTS.success(target) : undefined);
  const canCreate = useCan('dispatches.create');
  const canCancel = useCan('dispatches.cancel');
  const linked = useLinkedDocumentId();
  const columns = useMemo<DataTableColumn<Dispatch>[]>(
    () => [
      { id: 'id', header: 'ID', value: (dispatch) => dispatch.id, width: 100, minWidth: 48 },
      documentStatusColumn<Dispatch>(),
      {
        id: 'dispatchDate',
        header: 'Fecha de factura',
        // Sorted by the calendar date; shown as DD/MM/YYYY, and found by either form.
        value: (dispatch) => dispatch.dispatchDate,
        text: (dispatch) => formatDate(dispatch.dispatchDate),
      },
      // The material request an exit delivered; found by its folio in the search.
      { id: 'requestFolio', header: 'Solicitud', value: (dispatch) => dispatch.requestFolio ?? '', width: 140, hideBelow: 'tablet' },
    ],
    [],
  );
  return (
    <div className={styles.root}>
      <Title2 as="h1">{HISTORY_TEXTS.title}</Title2>
      <DataTable<Dispatch>
        label={HISTORY_TEXTS.table}
        items={data}
        columns={columns}
        getRowId={(dispatch) => dispatch.id}
        openRowId={linked}
        loading={isLoading}
        saving={cancel.running}
        error={tableLoadError(dispatches, HISTORY_TEXTS.loadError)}
        searchPlaceholder={HISTORY_TEXTS.search}
        emptyMessage={HISTORY_TEXTS.empty}
        defaultSort={{ columnId: 'id', direction: 'descending' }}
        toolbar={
          canCreate && (
            <Button appearance="primary" icon={<AddRegular />} onClick={() => navigate('../generate', { relative: 'path' })}>
              {HISTORY_TEXTS.create}
            </Button>
          )
        }
        renderDetail={(dispatch) => (
          <DispatchDetail
            dispatch={dispatch}
            onCancel={
              canCancel
                ? () => {
                    setTarget(dispatch);
                    setDialogOpen(true);
                  }
                : undefined
            }
          />
        )}
      />
      <CancelDocumentDialog
        open={dialogOpen}
        title={target ? CANCEL_DISPATCH_TEXTS.title(target) : ''}
        explanation={CANCEL_DISPATCH_TEXTS.explanation}
        onClose={() => setDialogOpen(false)}
        onConfirm={(reason) => target && cancel.run(target.id, reason)}
      />
    </div>
  );
}
