// The lists of material requests, one per view: folio (which opens the request), date, the people,
// state and how many products; «Por surtir» adds «Surtir», which opens the exit wizard filled in
// from the request. The history filters by state (the API's `status=`).
import { useMemo, useState } from 'react';
import {
  REQUEST_STATUS_LABELS,
  REQUEST_STATUSES,
  tableLoadError,
  useCan,
  usePageTitle,
  useRuntimeConfig,
  type RequestStatus,
  type RequestSummary,
  type RequestView,
  useWarehouseNavigate,
  WarehouseLink,
} from '@almacen/shared';
import { formatDateTime } from '@almacen/shared/domain';
import { Button, makeStyles, Title2, tokens } from '@almacen/shared/fluent';
import { DataTable, SearchableSelect, type DataTableColumn } from '@almacen/shared/kit';
import { useRequests } from '../../../api/requests';
import { RequestStatusBadge } from '../../../components/request-status';
import { fulfilPath, requestPath } from '../../../lib/paths';
import { LIST_TEXTS } from '../../../lib/texts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  filter: { minWidth: '220px' },
});

const C = LIST_TEXTS.columns;
const STATUS_OPTIONS = REQUEST_STATUSES.map((status) => ({ value: status, label: REQUEST_STATUS_LABELS[status] }));

export interface RequestListProps {
  view: RequestView;
  title: string;
}

export function RequestList({ view, title }: RequestListProps) {
  usePageTitle(title);
  const styles = useStyles();
  const navigate = useWarehouseNavigate();
  const [status, setStatus] = useState<RequestStatus | null>(null);
  const requests = useRequests(view, status);
  const canAsk = useCan('requests.ask');
  const { timeZone } = useRuntimeConfig();
  const canDeliver = useCan('dispatches.create');
  const columns = useMemo<DataTableColumn<RequestSummary>[]>(() => {
    const list: DataTableColumn<RequestSummary>[] = [
      {
        id: 'folio',
        header: C.folio,
        value: (request) => request.folio,
        cell: (request) => <WarehouseLink to={requestPath(request.id)}>{request.folio}</WarehouseLink>,
        width: 130,
        minWidth: 110,
      },
      {
        id: 'status',
        header: C.status,
        value: (request) => REQUEST_STATUS_LABELS[request.status],
        cell: (request) => <RequestStatusBadge status={request.status} />,
        width: 170,
        minWidth: 120,
      },
      {
        id: 'createdAt',
        header: C.date,
        value: (request) => request.createdAt,
        text: (request) => formatDateTime(request.createdAt, timeZone),
      },
      ...(view === 'mine' ? [] : [{ id: 'requester', header: C.requester, value: (request: RequestSummary) => request.requester.name }]),
      ...(view === 'to-authorize' ? [] : [{ id: 'head', header: C.head, value: (request: RequestSummary) => request.areaHead.name }]),
      { id: 'lines', header: C.lines, value: (request) => request.lineCount, width: 110, minWidth: 90 },
    ];
    if (view === 'to-fulfil' && canDeliver) {
      list.push({
        id: 'fulfil',
        header: LIST_TEXTS.fulfil,
        cell: (request) => (
          <Button size="small" appearance="primary" onClick={() => navigate(fulfilPath(request.id))}>
            {LIST_TEXTS.fulfil}
          </Button>
        ),
        width: 110,
        minWidth: 96,
      });
    }
    return list;
  }, [view, canDeliver, navigate, timeZone]);

  return (
    <div className={styles.root}>
      <Title2 as="h1">{title}</Title2>
      <DataTable<RequestSummary>
        label={title}
        items={requests.data}
        columns={columns}
        getRowId={(request) => request.id}
        loading={requests.isLoading}
        error={tableLoadError(requests, LIST_TEXTS.loadError)}
        searchPlaceholder={LIST_TEXTS.search}
        emptyMessage={LIST_TEXTS.empty[view]}
        // The API's order: newest first for one's own and the history, oldest first where they wait.
        defaultSort={{ columnId: 'createdAt', direction: view === 'mine' || view === 'all' ? 'descending' : 'ascending' }}
        toolbar={
          <>
            {view === 'all' && (
              <div className={styles.filter}>
                <SearchableSelect<RequestStatus>
                  aria-label={LIST_TEXTS.statusFilter}
                  placeholder={LIST_TEXTS.allStatuses}
                  options={STATUS_OPTIONS}
                  value={status}
                  onChange={setStatus}
                  clearable
                />
              </div>
            )}
            {view === 'mine' && canAsk && (
              <Button appearance="primary" onClick={() => navigate('new', { relative: 'path' })}>
                {LIST_TEXTS.create}
              </Button>
            )}
          </>
        }
      />
    </div>
  );
}
