// "Bitácora" (issue #15, Administración): who did what, when, to which record, and what changed.
// Read-only. Filters go to the server (the log grows without bound), which answers a page at a
// time, newest first; "Cargar más" asks for older rows, "Exportar XLSX" for every filtered row.
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { spanishCollator, tableLoadError, usePageTitle, useReportDownload, useRuntimeConfig } from '@almacen/shared';
import { AUDIT_ACTIONS, formatDateTime, type AuditActionName, type AuditLogEntry } from '@almacen/shared/domain';
import { Button, Subtitle2, Title2, makeStyles, tokens } from '@almacen/shared/fluent';
import { Field, Input, Select } from '@almacen/shared/fluent-pages';
import { DataTable, type DataTableColumn } from '@almacen/shared/kit';
import { AUDIT_PAGE_SIZE, NO_FILTERS, auditReportRequest, useAuditFilterChoices, useAuditLog, type AuditFilters } from './audit-api';
import { AUDIT_ACTION_LABELS, actionLabel, changeLines, entityLabel } from './audit-diff';

const TITLE = 'Bitácora';

/** "roles: [] → [\"CONSULTA\"]", or the first field and how many more: "name: Caja (+3 más)". */
export function changesSummary(lines: string[]): string {
  if (lines.length === 0) return 'Sin cambios registrados';
  return lines.length === 1 ? lines[0] : `${lines[0]} (+${lines.length - 1} más)`;
}
export const DATE_RANGE_MESSAGE = 'La fecha "Hasta" no puede ser anterior a la fecha "Desde".';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  filters: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, justifyContent: 'space-between', alignItems: 'center' },
  changes: { margin: 0, paddingLeft: tokens.spacingHorizontalL, overflowWrap: 'anywhere' },
  summary: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' },
  detail: { display: 'grid', gap: tokens.spacingVerticalXS, padding: `${tokens.spacingVerticalS} 0` },
});

export function AuditPage() {
  usePageTitle(TITLE);
  const styles = useStyles();
  const config = useRuntimeConfig();
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const badRange = filters.from !== '' && filters.to !== '' && filters.to < filters.from;
  const applied = badRange ? null : filters;
  // The people and entities that appear in the log: what the filters can choose from.
  const { data: choices } = useAuditFilterChoices();
  const entities = useMemo(
    () => [...(choices?.entities ?? [])].sort((a, b) => spanishCollator.compare(entityLabel(a), entityLabel(b))),
    [choices],
  );
  const log = useAuditLog(applied);
  const report = useReportDownload();
  const set = (field: keyof AuditFilters) => (value: string) => setFilters((current) => ({ ...current, [field]: value }));

  const columns = useMemo<DataTableColumn<AuditLogEntry>[]>(
    () => [
      { id: 'at', header: 'Fecha y hora', value: (e) => e.at, text: (e) => formatDateTime(e.at, config.timeZone), width: 130 },
      { id: 'actor', header: 'Persona', value: (e) => e.actorName, width: 140 },
      { id: 'action', header: 'Acción', value: (e) => actionLabel(e.action), width: 90 },
      { id: 'entity', header: 'Entidad', value: (e) => entityLabel(e.entity), width: 120 },
      { id: 'entityId', header: 'ID', value: (e) => e.entityId, width: 60 },
      {
        id: 'changes',
        header: 'Cambios',
        value: (e) => changeLines(e).join('; '),
        // One line per row, so rows keep their height; the row's detail lists every field.
        cell: (e) => <span className={styles.summary}>{changesSummary(changeLines(e))}</span>,
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
          <Select value={filters.actor} onChange={(_, data) => set('actor')(data.value)}>
            <option value="">Todas</option>
            {(choices?.actors ?? []).map((actor) => (
              <option key={actor.sub} value={actor.sub}>
                {actor.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Entidad">
          <Select value={filters.entity} onChange={(_, data) => set('entity')(data.value)}>
            <option value="">Todas</option>
            {entities.map((entity) => (
              <option key={entity} value={entity}>
                {entityLabel(entity)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Acción">
          <Select value={filters.action} onChange={(_, data) => set('action')(data.value as AuditActionName | '')}>
            <option value="">Todas</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Desde">
          <Input type="date" value={filters.from} onChange={(_, data) => set('from')(data.value)} />
        </Field>
        <Field label="Hasta" validationMessage={badRange ? DATE_RANGE_MESSAGE : undefined} validationState={badRange ? 'error' : 'none'}>
          <Input type="date" value={filters.to} min={filters.from || undefined} onChange={(_, data) => set('to')(data.value)} />
        </Field>
      </div>
      <DataTable<AuditLogEntry>
        label={TITLE}
        items={badRange ? [] : log.entries}
        columns={columns}
        getRowId={(e) => e.id}
        loading={log.loading}
        error={tableLoadError({ error: log.error, mutate: log.retry }, 'obtener la bitácora')}
        searchPlaceholder="Buscar en las filas cargadas"
        emptyMessage="No hay registros en la bitácora con estos filtros."
        defaultPageSize={AUDIT_PAGE_SIZE}
        renderDetail={(e) => (
          <div className={styles.detail}>
            <Subtitle2 as="h2">
              {actionLabel(e.action)} · {entityLabel(e.entity)} {e.entityId}
            </Subtitle2>
            <ul className={styles.changes} aria-label="Cambios">
              {changeLines(e).map((line, index) => (
                <li key={index}>{line}</li>
              ))}
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
          <Button onClick={log.loadMore} disabled={log.loadingMore}>
            {log.loadingMore ? 'Cargando…' : 'Cargar más'}
          </Button>
        </div>
      )}
    </section>
  );
}
