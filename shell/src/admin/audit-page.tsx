// "Bitácora" (Administración): who did what, when, to which record, and what changed.
// Read-only. Filters go to the server (the log grows without bound), which answers a page at a
// time, newest first; "Cargar más" asks for older rows, "Exportar XLSX" for every filtered row.
// Its words — entities, fields, values — are shared/src/domain-pages/audit-labels.ts and audit-values.ts, the XLSX's too.
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import {
  loadErrorText,
  spanishCollator,
  tableLoadError,
  useNotify,
  usePageTitle,
  useReportDownload,
  useRuntimeConfig,
} from '@almacen/shared';
import { AUDIT_ACTIONS, formatDateTime, isCalendarDate, type AuditActionName, type AuditLogEntry } from '@almacen/shared/domain';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_NO_FIELDS,
  auditActionLabel,
  auditChangeText,
  auditChanges,
  auditEntityLabel,
  type AuditChange,
  type AuditTable,
} from '@almacen/shared/domain-pages';
import { Button, Subtitle2, Title2, makeStyles, tokens } from '@almacen/shared/fluent';
import { Field, Select } from '@almacen/shared/fluent-pages';
import { DataTable, DateInput, type DataTableColumn } from '@almacen/shared/kit';
import { AUDIT_PAGE_SIZE, NO_FILTERS, auditReportRequest, useAuditFilterChoices, useAuditLog, type AuditFilters } from './audit-api';

const TITLE = 'Bitácora';

/** The first field on one line, and how many more: "Nombre: Caja (+3 más)"; a table by its size. */
export function changesSummary(changes: AuditChange[]): string {
  if (changes.length === 0) return AUDIT_NO_FIELDS;
  const [first] = changes;
  const table = first.afterTable ?? first.beforeTable;
  const head = table ? `${first.label}: ${table.rows.length} ${table.rows.length === 1 ? 'renglón' : 'renglones'}` : auditChangeText(first);
  return changes.length === 1 ? head : `${head} (+${changes.length - 1} más)`;
}

/** A list of records (a count's lines, an exit's products) as the grid alone, named by its caption. */
function ChangeTable({ table, caption }: { table: AuditTable; caption: string }) {
  const columns = useMemo<DataTableColumn<{ index: number; cells: string[] }>[]>(
    () => table.columns.map((header, column) => ({ id: String(column), header, value: (row) => row.cells[column], minWidth: 60 })),
    [table.columns],
  );
  const rows = useMemo(() => table.rows.map((cells, index) => ({ index, cells })), [table.rows]);
  const styles = useStyles();
  return (
    <div className={styles.changeTable}>
      <span className={styles.caption} aria-hidden="true">
        {caption}
      </span>
      <DataTable plain label={caption} items={rows} columns={columns} getRowId={(row) => row.index} />
    </div>
  );
}

/** One field of a row's detail: "Nombre: Caja → Caja chica", or its table(s) of records. */
function ChangeItem({ change }: { change: AuditChange }) {
  if (!change.beforeTable && !change.afterTable) return <li>{auditChangeText(change)}</li>;
  const both = change.before !== undefined && change.after !== undefined;
  return (
    <li>
      {change.label}
      {change.beforeTable && <ChangeTable table={change.beforeTable} caption={both ? `${change.label}: antes` : change.label} />}
      {both && !change.beforeTable && <div>Antes: {change.before}</div>}
      {change.afterTable && <ChangeTable table={change.afterTable} caption={both ? `${change.label}: después` : change.label} />}
      {both && !change.afterTable && <div>Después: {change.after}</div>}
    </li>
  );
}
export const DATE_RANGE_MESSAGE = 'La fecha "Hasta" no puede ser anterior a la fecha "Desde".';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  filters: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
    '& > *': { minWidth: 0 },
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, justifyContent: 'space-between', alignItems: 'center' },
  changes: { margin: 0, paddingLeft: tokens.spacingHorizontalL, overflowWrap: 'anywhere' },
  summary: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' },
  detail: { display: 'grid', gap: tokens.spacingVerticalXS, padding: `${tokens.spacingVerticalS} 0`, minWidth: 0 },
  // A select takes the width of its longest option unless told otherwise: on a phone the
  // filters' column is narrower than "Conteos de inventario".
  filterControl: { minWidth: 0, maxWidth: '100%' },
  changeTable: { display: 'grid', gap: tokens.spacingVerticalXXS, margin: `${tokens.spacingVerticalXS} 0`, minWidth: 0 },
  caption: { textAlign: 'left', fontWeight: tokens.fontWeightSemibold, padding: `${tokens.spacingVerticalXXS} 0` },
});

const wholeDate = (value: string) => (isCalendarDate(value) ? value : '');

export function AuditPage() {
  usePageTitle(TITLE);
  const styles = useStyles();
  const config = useRuntimeConfig();
  // As typed: a date field holds its text until it names a whole date; the log is filtered
  // only by whole dates.
  const [typed, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const filters = useMemo(() => ({ ...typed, from: wholeDate(typed.from), to: wholeDate(typed.to) }), [typed]);
  const badRange = filters.from !== '' && filters.to !== '' && filters.to < filters.from;
  const applied = badRange ? null : filters;
  // The people and entities that appear in the log: what the filters can choose from.
  const { data: choices } = useAuditFilterChoices();
  const entities = useMemo(
    () => [...(choices?.entities ?? [])].sort((a, b) => spanishCollator.compare(auditEntityLabel(a), auditEntityLabel(b))),
    [choices],
  );
  const log = useAuditLog(applied);
  const notify = useNotify();
  const loadMore = () => void log.loadMore().catch(() => notify.error(undefined, loadErrorText('obtener la bitácora')));
  const report = useReportDownload();
  const set = (field: keyof AuditFilters) => (value: string) => setFilters((current) => ({ ...current, [field]: value }));

  const columns = useMemo<DataTableColumn<AuditLogEntry>[]>(
    () => [
      { id: 'at', header: 'Fecha y hora', value: (e) => e.at, text: (e) => formatDateTime(e.at, config.timeZone), width: 130 },
      { id: 'actor', header: 'Persona', value: (e) => e.actorName, width: 140 },
      { id: 'action', header: 'Acción', value: (e) => auditActionLabel(e.action), width: 90 },
      { id: 'entity', header: 'Entidad', value: (e) => auditEntityLabel(e.entity), width: 120 },
      { id: 'entityId', header: 'ID', value: (e) => e.entityId, width: 60 },
      {
        id: 'changes',
        header: 'Cambios',
        value: (e) => auditChanges(e, config.timeZone).map(auditChangeText).join('; '),
        // One line per row, so rows keep their height; the row's detail lists every field.
        cell: (e) => <span className={styles.summary}>{changesSummary(auditChanges(e, config.timeZone))}</span>,
        sortable: false,
        width: 330,
      },
    ],
    [config.timeZone, styles],
  );

  return (
    <section className={styles.page} aria-label={TITLE}>
      <Title2 as="h1">{TITLE}</Title2>
      <div className={styles.filters} role="search" aria-label="Filtros de la bitácora">
        <Field label="Persona">
          <Select className={styles.filterControl} value={filters.actor} onChange={(_, data) => set('actor')(data.value)}>
            <option value="">Todas</option>
            {(choices?.actors ?? []).map((actor) => (
              <option key={actor.sub} value={actor.sub}>
                {actor.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Entidad">
          <Select className={styles.filterControl} value={filters.entity} onChange={(_, data) => set('entity')(data.value)}>
            <option value="">Todas</option>
            {entities.map((entity) => (
              <option key={entity} value={entity}>
                {auditEntityLabel(entity)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Acción">
          <Select
            className={styles.filterControl}
            value={filters.action}
            onChange={(_, data) => set('action')(data.value as AuditActionName | '')}
          >
            <option value="">Todas</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Desde">
          <DateInput className={styles.filterControl} value={typed.from} onChange={set('from')} />
        </Field>
        <Field label="Hasta" validationMessage={badRange ? DATE_RANGE_MESSAGE : undefined} validationState={badRange ? 'error' : 'none'}>
          <DateInput className={styles.filterControl} value={typed.to} min={filters.from || undefined} onChange={set('to')} />
        </Field>
      </div>
      <DataTable<AuditLogEntry>
        label={TITLE}
        items={badRange ? [] : log.data}
        columns={columns}
        getRowId={(e) => e.id}
        loading={log.isLoading}
        error={tableLoadError(log, 'obtener la bitácora')}
        searchPlaceholder="Buscar en las filas cargadas"
        emptyMessage="No hay registros en la bitácora con estos filtros."
        defaultPageSize={AUDIT_PAGE_SIZE}
        renderDetail={(e) => (
          <div className={styles.detail}>
            <Subtitle2 as="h2">
              {auditActionLabel(e.action)} · {auditEntityLabel(e.entity)} {e.entityId}
            </Subtitle2>
            <ul className={styles.changes} aria-label="Cambios">
              {auditChanges(e, config.timeZone).map((change) => (
                <ChangeItem key={change.field} change={change} />
              ))}
              {auditChanges(e, config.timeZone).length === 0 && <li>{AUDIT_NO_FIELDS}</li>}
            </ul>
          </div>
        )}
        toolbar={
          <Button
            icon={<ArrowDownloadRegular />}
            disabled={badRange || report.downloading}
            onClick={() => void report.download(auditReportRequest(filters))}
          >
            Exportar XLSX
          </Button>
        }
      />
      {log.hasMore && !badRange && (
        <div className={styles.actions}>
          <span />
          <Button onClick={loadMore} disabled={log.loadingMore}>
            {log.loadingMore ? 'Cargando…' : 'Cargar más'}
          </Button>
        </div>
      )}
    </section>
  );
}
