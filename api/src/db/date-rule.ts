// What the log says, once, when migration 0057 moves the ledger to the date rule: the closings
// taken under the registration rule whose figures the date rule changes, and the products whose
// stock by document date goes below zero on some day (a document dated before the entry that
// supplied it, which the registration rule allowed). Said by whoever applied
// the migration: a start (connect.ts) or an upgrade of the embedded PostgreSQL's major.
import { formatCurrency, formatDate, formatQuantity } from '@almacen/shared/domain';
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

/**
 * Each product whose stock by document date (the Σ of its movements dated up to a day) is negative
 * on some day, with the first such day. Today's documents are refused when they would leave a day
 * negative; these were registered before, in registration order, and are not changed: the stock at
 * those dates and the kardex show them as they are.
 */
export async function daysTheDateRuleLeavesNegative(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ name: string; day: string; quantity: string; days: string }>(
    `WITH by_day AS (
       SELECT warehouse_id, product_id, dated,
              sum(sum(movement_sign(movement_type) * quantity)) OVER (PARTITION BY warehouse_id, product_id ORDER BY dated) AS quantity
         FROM movements GROUP BY warehouse_id, product_id, dated
     ), negative AS (
       SELECT DISTINCT ON (warehouse_id, product_id) product_id, dated, quantity,
              count(*) OVER (PARTITION BY warehouse_id, product_id) AS days
         FROM by_day WHERE quantity < 0 ORDER BY warehouse_id, product_id, dated
     )
     SELECT p.name, n.dated::text AS day, trim_scale(n.quantity)::text AS quantity, n.days::text AS days
       FROM negative n JOIN products p ON p.id = n.product_id ORDER BY n.dated, p.name, p.id`,
  );
  return rows.map(
    (r) =>
      `La existencia de «${r.name}» por fecha de documento queda en ${formatQuantity(r.quantity)} el ${formatDate(r.day)}` +
      `${r.days === '1' ? '' : ` (y otros ${Number(r.days) - 1} días)`}: una salida lleva una fecha anterior a la de la entrada que la surtió ` +
      '(se registró con la regla anterior, por orden de registro). Los documentos no se modificaron; «Existencias al …» y el kardex muestran esos días así.',
  );
}

/** The warnings to log after a migration run that applied `applied` (none unless it applied 0057). */
export async function dateRuleWarnings(db: Db, applied: string[]): Promise<string[]> {
  return applied.includes(DATE_RULE_MIGRATION)
    ? [...(await closingsTheDateRuleChanges(db)), ...(await daysTheDateRuleLeavesNegative(db))]
    : [];
}
