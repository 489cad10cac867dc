// A report for the renderers' tests without a database: a landscape "Tarjeta de almacén" of the
// given columns and rows.
import type { Column, ReportDefinition, Row } from '../../src/reports/model';

export function tableDefinition(columns: Column[], rows: AsyncIterable<Row[]>, fields: ReportDefinition['fields'] = []): ReportDefinition {
  return {
    institution: 'Centro de Capacitación para el Trabajo Industrial',
    title: 'Tarjeta de almacén',
    issued: '2026-03-14',
    orientation: 'landscape',
    sheetName: 'Tarjeta',
    fields,
    columns,
    rows,
  };
}
