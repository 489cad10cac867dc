// GET /api/stock/summary: the home page's figures and chart series in ONE statement
// (one snapshot), folded by PostgreSQL from the balance rows and the ledger:
//
// * inventoryValue: Σ round(value, 2) over the balance rows — the "Total general" of the
//   "Reporte de existencias"; productsWithStock: balances above 0; productsUnderMinimum: products
//   with an "Existencia mínima" and a balance at or under it (the stock page's "Bajo mínimo").
// * Months are the months of the documents' dates (ARCHITECTURE.md, "The stock ledger", like the stock at a
//   date): a late invoice counts in its own month; a cancellation in the month it was registered.
//   A month's entries are its "Entrada" movements minus its "Cancelación de entrada" movements
//   (amounts rounded per movement to cents; count = entry documents minus cancelled ones), the
//   exits likewise with "Salida" / "Cancelación de salida": a document registered and cancelled
//   in the same month nets to nothing, one cancelled later counts down in the month of its
//   cancellation — so Σ entries − Σ exits over all months folds to the inventory value (up to
//   the cents each movement was rounded to).
// * valueByCategory: the 10 partidas with the largest value (products without one as "Sin
//   partida") and the rest as "Otras"; topProducts: the 10 products with the largest value;
//   recentMovements: the last 10 movements of the ledger.
//
// Cost at scale: the figures read every balance row once (like the plain stock list); the series
// and the month's entries/exits read ≤ 48 rows of stock_month_totals, kept by 0055's trigger in
// the transaction that appends the movements; the recent movements are the last 10 ids of
// movements_warehouse_id_idx (warehouse_id, id), as cheap for a quiet plantel as for the busiest.
// Measured by `npm run bench` (bench/stock-summary.ts, bench/warehouses.ts).
import type { Pool } from 'pg';
import { MISSING_LABELS } from '@almacen/shared/domain';
import type { StockSummary } from '@almacen/shared/domain';

export type { StockSummary };

export const NO_CATEGORY_LABEL = MISSING_LABELS.categoryShort;
export const OTHERS_LABEL = 'Otras';

const SUMMARY_SQL = `
WITH bounds AS (
  SELECT date_trunc('month', now() AT TIME ZONE $1) AS this_month,
         date_trunc('month', now() AT TIME ZONE $1) - interval '11 months' AS first_month
),
balances AS (
  SELECT p.id, p.name, p.category_id, s.minimum_stock,
         coalesce(b.quantity, 0) AS quantity, round(coalesce(b.value, 0), 2) AS value
    FROM products p
    LEFT JOIN product_balances b ON b.warehouse_id = $2 AND b.product_id = p.id
    LEFT JOIN stock_levels s ON s.warehouse_id = $2 AND s.product_id = p.id
),
months AS (
  SELECT generate_series(first_month, this_month, interval '1 month') AS month FROM bounds
),
-- The per-month totals by movement kind (0055, by the month of the movements' dates since 0057):
-- the rows its trigger keeps (≤ 48, primary key).
totals AS (
  SELECT t.month::timestamp AS month, t.movement_type, t.documents, t.amount
    FROM bounds JOIN stock_month_totals t ON t.warehouse_id = $2 AND t.month >= bounds.first_month::date
),
-- A month's entries: its "Entrada" movements minus its "Cancelación de entrada" movements, the
-- documents likewise (registered ones minus cancelled ones); the exits the same way.
monthly AS (
  SELECT mo.month,
         coalesce(sum(t.amount) FILTER (WHERE t.movement_type = 'INVOICE'), 0)
           - coalesce(sum(t.amount) FILTER (WHERE t.movement_type = 'INVOICE_CANCELLATION'), 0) AS entries,
         coalesce(sum(t.amount) FILTER (WHERE t.movement_type = 'DISPATCH'), 0)
           - coalesce(sum(t.amount) FILTER (WHERE t.movement_type = 'DISPATCH_CANCELLATION'), 0) AS exits,
         (coalesce(sum(t.documents) FILTER (WHERE t.movement_type = 'INVOICE'), 0)
           - coalesce(sum(t.documents) FILTER (WHERE t.movement_type = 'INVOICE_CANCELLATION'), 0))::int AS entry_count,
         (coalesce(sum(t.documents) FILTER (WHERE t.movement_type = 'DISPATCH'), 0)
           - coalesce(sum(t.documents) FILTER (WHERE t.movement_type = 'DISPATCH_CANCELLATION'), 0))::int AS exit_count
    FROM months mo
    LEFT JOIN totals t ON t.month = mo.month
   GROUP BY mo.month
),
categories AS (
  SELECT c.id, coalesce(c.description, '${NO_CATEGORY_LABEL}') AS label, sum(bl.value) AS value,
         row_number() OVER (ORDER BY sum(bl.value) DESC, c.description NULLS LAST, c.id) AS rank
    FROM balances bl
    LEFT JOIN product_categories c ON c.id = bl.category_id
   GROUP BY c.id, c.description
  HAVING sum(bl.value) > 0
),
by_category AS (
  SELECT id, label, value, false AS others, rank FROM categories WHERE rank <= 10
  UNION ALL
  SELECT NULL, '${OTHERS_LABEL}', sum(value), true, 11 FROM categories WHERE rank > 10 HAVING count(*) > 0
),
top_products AS (
  SELECT id, name, quantity, value FROM balances WHERE value > 0 ORDER BY value DESC, name, id LIMIT 10
),
recent AS (
  SELECT m.id, m.product_id, p.name, m.movement_type, m.quantity, m.unit_cost, round(m.amount, 2) AS amount,
         m.invoice_id, m.dispatch_id, m.inventory_count_id, m.recorded_at
    FROM movements m JOIN products p ON p.id = m.product_id
   WHERE m.warehouse_id = $2
   ORDER BY m.id DESC LIMIT 10
)
SELECT json_build_object(
  'month', (SELECT to_char(this_month, 'YYYY-MM') FROM bounds),
  'inventoryValue', (SELECT round(coalesce(sum(value), 0), 2)::text FROM balances),
  'productsWithStock', (SELECT count(*) FROM balances WHERE quantity > 0),
  'productsUnderMinimum', (SELECT count(*) FROM balances WHERE minimum_stock IS NOT NULL AND quantity <= minimum_stock),
  'entries', (SELECT json_build_object('count', entry_count, 'amount', round(entries, 2)::text) FROM monthly, bounds WHERE month = this_month),
  'exits', (SELECT json_build_object('count', exit_count, 'amount', round(exits, 2)::text) FROM monthly, bounds WHERE month = this_month),
  'valueByCategory', (SELECT coalesce(json_agg(json_build_object('categoryId', id, 'category', label, 'value', value::text, 'others', others) ORDER BY rank), '[]') FROM by_category),
  'monthly', (SELECT json_agg(json_build_object('month', to_char(month, 'YYYY-MM'), 'entries', round(entries, 2)::text, 'exits', round(exits, 2)::text) ORDER BY month) FROM monthly),
  'topProducts', (SELECT coalesce(json_agg(json_build_object('productId', id, 'name', name, 'quantity', trim_scale(quantity)::text, 'value', value::text) ORDER BY value DESC, name, id), '[]') FROM top_products),
  'recentMovements', (SELECT coalesce(json_agg(json_build_object(
      'id', id, 'productId', product_id, 'productName', name, 'movementType', movement_type,
      'quantity', trim_scale(quantity)::text, 'price', trim_scale(unit_cost)::text, 'amount', amount::text,
      'invoiceId', invoice_id, 'dispatchId', dispatch_id, 'inventoryCountId', inventory_count_id, 'recordedAt', recorded_at) ORDER BY id DESC), '[]') FROM recent)
) AS summary`;

/** The summary of one warehouse. */
export async function stockSummary(db: Pick<Pool, 'query'>, timeZone: string, warehouseId: number): Promise<StockSummary> {
  const { rows } = await db.query<{ summary: StockSummary }>(SUMMARY_SQL, [timeZone, warehouseId]);
  return rows[0].summary;
}

/**
 * What the summary depends on: the ledger's last movement (balances change only with one), the
 * products list's version (names, partidas and reorder levels: 0003's triggers) and the current
 * month. Two index probes; an unchanged key means an unchanged answer.
 */
export async function summaryKey(db: Pick<Pool, 'query'>, timeZone: string): Promise<string> {
  const { rows } = await db.query<{ key: string }>(
    `SELECT coalesce((SELECT max(id) FROM movements), 0) || '-' || v.epoch || '-' || v.version || '-' ||
            to_char(now() AT TIME ZONE $1, 'YYYY-MM') AS key
       FROM catalog_versions v WHERE v.name = 'products'`,
    [timeZone],
  );
  return rows[0].key;
}
