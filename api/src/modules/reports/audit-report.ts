// "Bitácora" as a workbook: the rows of the log that match the viewer's filters,
// newest first, read from the report's snapshot through a cursor like every report. Its words are
// the screen's (shared/src/domain-pages/audit-labels.ts, audit-values.ts): the same entity, field and action names, the
// values written as the screen writes them, one line per field in "Cambios" (a cell holds at most
// 32,767 characters; longer ones are cut and say so).
import { formatDate, formatDateTime } from '@almacen/shared/domain';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_NO_FIELDS,
  auditActionLabel,
  auditChangeText,
  auditChanges,
  auditEntityLabel,
} from '@almacen/shared/domain-pages';
import type { Column, ReportDefinition, Row } from '../../reports/model';
import { AUDIT_COLUMNS, auditWhere, type AuditFilters, type AuditRow } from '../audit/audit.repository';
import type { ReportContext } from './reports.service';
import type { Snapshot } from './snapshot';

const COLUMNS: Column[] = [
  { header: 'No.', kind: 'text', weight: 30, xlsxWidth: 10 },
  { header: 'Fecha y hora', kind: 'text', weight: 60, xlsxWidth: 18 },
  { header: 'Persona', kind: 'text', weight: 80, xlsxWidth: 28 },
  { header: 'Acción', kind: 'text', weight: 40, xlsxWidth: 13 },
  { header: 'Entidad', kind: 'text', weight: 60, xlsxWidth: 20 },
  { header: 'ID', kind: 'text', weight: 30, xlsxWidth: 10 },
  { header: 'Cambios', kind: 'text', weight: 300, xlsxWidth: 100 },
];

const CELL_MAX = 32_000;
const TRUNCATED = ' …(recortado)';

function changesText(row: AuditRow, timeZone: string): string {
  const changes = auditChanges(row, timeZone);
  const text = changes.length ? changes.map(auditChangeText).join('\n') : AUDIT_NO_FIELDS;
  return text.length > CELL_MAX ? text.slice(0, CELL_MAX - TRUNCATED.length) + TRUNCATED : text;
}

const describe = (filters: AuditFilters, actorName: string | null): ReportDefinition['fields'] => [
  { label: 'Persona', value: filters.actor === undefined ? 'Todas' : actorName ? `${actorName} (${filters.actor})` : filters.actor },
  { label: 'Entidad', value: filters.entity === undefined ? 'Todas' : auditEntityLabel(filters.entity) },
  { label: 'Acción', value: filters.action ? AUDIT_ACTION_LABELS[filters.action] : 'Todas' },
  { label: 'Desde', value: filters.from === undefined ? 'El inicio' : formatDate(filters.from) },
  { label: 'Hasta', value: filters.to === undefined ? 'Hoy' : formatDate(filters.to) },
];

export async function auditReport(snapshot: Snapshot, context: ReportContext, filters: AuditFilters): Promise<ReportDefinition> {
  const timeZone = context.timeZone ?? 'America/Mexico_City';
  const actor =
    filters.actor === undefined
      ? []
      : await snapshot.query<{ name: string }>('SELECT actor_name AS name FROM audit_log WHERE actor_sub = $1 ORDER BY id DESC LIMIT 1', [
          filters.actor,
        ]);
  const params: unknown[] = [];
  const where = auditWhere(filters, timeZone, params);
  async function* rows(): AsyncIterable<Row[]> {
    // audit_log.id, the number: a bare "id" names AUDIT_COLUMNS' text column ("99" > "279").
    for await (const batch of snapshot.cursor<AuditRow>(
      `SELECT ${AUDIT_COLUMNS} FROM audit_log ${where} ORDER BY audit_log.id DESC`,
      params,
    )) {
      yield batch.map((r) => ({
        cells: [
          r.id,
          formatDateTime(r.at, timeZone),
          `${r.actorName} (${r.actorSub})`,
          auditActionLabel(r.action),
          auditEntityLabel(r.entity),
          r.entityId,
          changesText(r, timeZone),
        ],
      }));
    }
  }
  return {
    institution: context.institution,
    issued: context.issued,
    title: 'Bitácora de cambios',
    orientation: 'landscape',
    sheetName: 'Bitácora',
    fields: describe(filters, actor[0]?.name ?? null),
    columns: COLUMNS,
    emptyText: 'No hay cambios registrados con estos filtros.',
    rows: rows(),
  };
}
