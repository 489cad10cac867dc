// One request: who asked what and why, each line's figures (requested, authorized, delivered,
// pending, closed) with the exits that delivered it, every state change (who, when, why) and the
// actions this person may take in its state. A refused change (409: someone acted first) is told
// by the toast with the API's words, and the request is read again.
import { useMemo } from 'react';
import {
  LoadProblem,
  tableLoadError,
  useMaterialRequest,
  useMe,
  usePageTitle,
  useRuntimeConfig,
  REQUEST_STATUS_LABELS,
  type RequestEvent,
  type RequestLine,
  WarehouseLink,
} from '@almacen/shared';
import { formatDateTime, formatQuantity } from '@almacen/shared/domain';
import { makeStyles, Spinner, Subtitle1, Title2, tokens } from '@almacen/shared/fluent';
import { Text } from '@almacen/shared/fluent-pages';
import { DataTable, SummaryFields, type DataTableColumn } from '@almacen/shared/kit';
import { useParams } from '@almacen/shared/router';
import { RequestStatusBadge } from '../../../components/request-status';
import { exitPath } from '../../../lib/paths';
import { DETAIL_TEXTS as T, PAGE_TITLES } from '../../../lib/texts';
import { RequestActions } from './request-actions';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  heading: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  exits: { display: 'flex', flexDirection: 'column' },
});

const L = T.lineColumns;

export function RequestDetailPage() {
  const styles = useStyles();
  const id = Number(useParams().id);
  const request = useMaterialRequest(Number.isSafeInteger(id) && id > 0 ? id : null);
  const { timeZone } = useRuntimeConfig();
  const me = useMe().data;
  const data = request.data;
  usePageTitle(data ? `${PAGE_TITLES.detail} ${data.folio}` : PAGE_TITLES.detail);

  const lineColumns = useMemo<DataTableColumn<RequestLine>[]>(
    () => [
      // On a phone the figures a person reads come first: the line number and what was closed give way.
      { id: 'lineNo', header: L.lineNo, value: (line) => line.lineNo, width: 90, minWidth: 72, hideBelow: 'tablet' },
      { id: 'product', header: L.product, value: (line) => line.productName, width: 220 },
      { id: 'requested', header: L.requested, value: (line) => Number(line.requested), text: (line) => formatQuantity(line.requested) },
      {
        id: 'authorized',
        header: L.authorized,
        value: (line) => (line.authorized === null ? null : Number(line.authorized)),
        text: (line) => (line.authorized === null ? T.notAuthorized : formatQuantity(line.authorized)),
      },
      { id: 'delivered', header: L.delivered, value: (line) => Number(line.delivered), text: (line) => formatQuantity(line.delivered) },
      { id: 'pending', header: L.pending, value: (line) => Number(line.pending), text: (line) => formatQuantity(line.pending) },
      {
        id: 'closed',
        header: L.closed,
        value: (line) => Number(line.closed),
        text: (line) => formatQuantity(line.closed),
        hideBelow: 'tablet',
      },
      {
        id: 'exits',
        header: L.exits,
        value: (line) => line.exits.map((exit) => exit.dispatchId).join(' '),
        cell: (line) => (
          <span className={styles.exits}>
            {line.exits.map((exit) => (
              <WarehouseLink key={exit.dispatchId} to={exitPath(exit.dispatchId)}>
                {T.exit(exit.dispatchId, exit.quantity)}
                {exit.cancelled ? ` — ${T.cancelledExit}` : ''}
              </WarehouseLink>
            ))}
          </span>
        ),
        width: 200,
      },
      { id: 'observations', header: L.observations, value: (line) => line.observations ?? '' },
    ],
    [styles.exits],
  );
  const H = T.historyColumns;
  const historyColumns = useMemo<DataTableColumn<RequestEvent & { key: number }>[]>(
    () => [
      { id: 'at', header: H.at, value: (event) => event.at, text: (event) => formatDateTime(event.at, timeZone) },
      { id: 'status', header: H.status, value: (event) => REQUEST_STATUS_LABELS[event.status] },
      { id: 'by', header: H.by, value: (event) => event.by.name },
      {
        id: 'reason',
        header: H.reason,
        value: (event) => event.reason ?? '',
        cell: (event) =>
          event.dispatchId !== null ? (
            <WarehouseLink to={exitPath(event.dispatchId)}>{T.byExit(event.dispatchId)}</WarehouseLink>
          ) : (
            (event.reason ?? '')
          ),
        width: 260,
      },
    ],
    [H, timeZone],
  );

  if (!data) {
    return (
      <div className={styles.root}>
        <Title2 as="h1">{PAGE_TITLES.detail}</Title2>
        <LoadProblem resource={request} what={T.loadError} text={T.unavailable} />
        {!request.error && <Spinner label="Cargando…" />}
      </div>
    );
  }
  return (
    <div className={styles.root}>
      <div className={styles.heading}>
        <Title2 as="h1">{`${PAGE_TITLES.detail} ${data.folio}`}</Title2>
        <RequestStatusBadge status={data.status} />
      </div>
      <RequestActions request={data} employeeId={me?.employeeId ?? null} onRefused={() => void request.mutate()} />
      <SummaryFields
        items={[
          { label: T.requester, value: data.requester.name },
          { label: T.head, value: data.areaHead.name },
          { label: T.createdAt, value: formatDateTime(data.createdAt, timeZone) },
          { label: T.updatedAt, value: formatDateTime(data.updatedAt, timeZone) },
        ]}
      />
      <Text>
        <strong>{T.reason}:</strong> {data.reason}
      </Text>
      <Subtitle1 as="h2">{T.lines}</Subtitle1>
      <DataTable<RequestLine>
        label={T.lines}
        items={data.lines}
        columns={lineColumns}
        getRowId={(line) => line.id}
        error={tableLoadError(request, T.loadError)}
        defaultSort={{ columnId: 'lineNo', direction: 'ascending' }}
      />
      <Subtitle1 as="h2">{T.history}</Subtitle1>
      <DataTable<RequestEvent & { key: number }>
        label={T.history}
        items={data.history.map((event, key) => ({ ...event, key }))}
        columns={historyColumns}
        getRowId={(event) => event.key}
        defaultSort={{ columnId: 'at', direction: 'ascending' }}
      />
    </div>
  );
}
