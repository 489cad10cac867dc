// What the log says, once, when migration 0057 moves the ledger to the date rule: the closings
// taken under the registration rule whose figures the date rule changes. Said by whoever applied
// the migration: a start (connect.ts) or an upgrade of the embedded PostgreSQL's major.
import { formatCurrency } from '@almacen/shared/domain';
import type { Db } from './pool';

/** The migration that moved the ledger to the date rule and compared the standing closings with it. */
const DATE_RULE_MIGRATION = '0057_document_dates_and_values.sql';

/**
 * The closings whose figures the date rule changes (0057 compares them and keeps the differences;
 * the closings stay as taken).
 */
export async function closingsTheDateRuleChanges(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ until: string; products: string; stored: string; byDate: string }>(
    `SELECT to_char(c.until, 'DD/MM/YYYY') AS until, count(*)::text AS products, trim_scale(c.total_value)::text AS stored,
            (c.total_value + sum(round(d.date_value, 2) - round(d.value, 2)))::text AS "byDate"
       FROM period_closing_differences d JOIN period_closings c ON c.id = d.closing_id
      GROUP BY c.id ORDER BY c.until`,
  );
  return rows.map(
    (r) =>
      `El cierre al ${r.until} se tomó con la regla anterior (existencias por fecha de registro): con la regla de la fecha del documento ` +
      `${r.products === '1' ? 'cambia 1 producto' : `cambian ${r.products} productos`} y su valor sería ${formatCurrency(r.byDate)} en lugar de ${formatCurrency(r.stored)}. ` +
      'El cierre no se modificó; «Cierres de periodo» lo muestra.',
  );
}

/** The warnings to log after a migration run that applied `applied` (none unless it applied 0057). */
export async function dateRuleWarnings(db: Db, applied: string[]): Promise<string[]> {
  return applied.includes(DATE_RULE_MIGRATION) ? closingsTheDateRuleChanges(db) : [];
}
