// The reports' SQL. Every figure a report prints is computed here by PostgreSQL `numeric`
// (exact) and travels as text: amounts are rounded ONCE, half away from zero, to cents
// (`round(x, 2)`), and a total is the sum of the rounded amounts it foots, so each printed
// column adds up to its printed total.
import type { MovementType } from '@almacen/shared/domain';
import { balanceJoin, datedBalances, sqlId } from '../stock/stock-at-date';
import type { Snapshot } from './snapshot';

// ---------------------------------------------------------------- Reporte de existencias

export interface StockRow {
  /** 1 on a partida's subtotal row and on the grand total row. */
  product_total: number;
  /** 1 on the grand total row. */
  category_total: number;
  category_id: number | null;
  category: string | null;
  product_id: number | null;
  name: string | null;
  unit: string | null;
  quantity: string | null;
  average: string | null;
  value: string;
  products: string;
}

/**
 * Every product with its balance (a product that never moved reads 0 / 0), grouped by partida
 * (products without one last), with one subtotal row after each partida and the grand total
 * last, in one ordered stream: the products' rows, one sum per partida and the sum of all, each
 * a sum of the rounded values (the rows the ROLLUP of the products and partidas gives, without
 * hashing every product's row as a group of its own). With `day` (a day before today), the date
 * view at the end of that day (stock-at-date.ts) instead of today's balance row.
 */
export function stockRows(snapshot: Snapshot, warehouseId: number, day: string | null = null): AsyncIterable<StockRow[]> {
  const balance = balanceJoin('p', day ? '$1' : null, warehouseId);
  return snapshot.cursor<StockRow>(
    `WITH r AS (
       SELECT c.id AS category_id, c.description AS category, p.id AS product_id, p.name, u.description AS unit,
              coalesce(b.quantity, 0) AS quantity, coalesce(b.average_cost, 0) AS average, round(coalesce(b.value, 0), 2) AS value
         FROM products p
         LEFT JOIN product_categories c ON c.id = p.category_id
         LEFT JOIN product_units u ON u.id = p.unit_id
         ${balance}
     )
     SELECT 0 AS product_total, 0 AS category_total, category_id, category, product_id, name, unit,
            quantity::text AS quantity, average::text AS average, value::text AS value, '1' AS products
       FROM r
     UNION ALL
     SELECT 1, 0, category_id, category, NULL, NULL, NULL, '0', '0', sum(value)::text, count(*)::text
       FROM r GROUP BY category_id, category
     UNION ALL
     SELECT 1, 1, NULL, NULL, NULL, NULL, NULL, '0', '0', sum(value)::text, count(*)::text FROM r
     ORDER BY category_total, category NULLS LAST, category_id NULLS LAST, product_total, name, product_id`,
    day ? [day] : [],
  );
}

// ---------------------------------------------------------------- Productos bajo mínimo

export interface LowStockRow {
  /** 1 on a partida's subtotal row and on the grand total row. */
  product_total: number;
  /** 1 on the grand total row. */
  category_total: number;
  category: string | null;
  product_id: number | null;
  name: string | null;
  unit: string | null;
  quantity: string | null;
  minimum: string | null;
  maximum: string | null;
  suggested: string | null;
  average: string | null;
  /** round(suggested × average, 2); on a subtotal or total row, the sum of its rounded amounts. */
  amount: string;
  products: string;
}

/**
 * The products at or under their minimum, by partida (products without one last),
 * with today's balance, the levels, the suggested quantity (up to the maximum, or up to the
 * minimum when there is none) at the average cost, a subtotal per partida and the grand total.
 */
export function lowStockRows(snapshot: Snapshot, warehouseId: number): AsyncIterable<LowStockRow[]> {
  return snapshot.cursor<LowStockRow>(
    `WITH low AS (
       SELECT p.id, p.name, p.category_id, p.unit_id, p.minimum_stock, p.maximum_stock,
              coalesce(b.quantity, 0) AS quantity, coalesce(b.average_cost, 0) AS average,
              greatest(coalesce(p.maximum_stock, p.minimum_stock) - coalesce(b.quantity, 0), 0) AS suggested
         FROM products p
         LEFT JOIN product_balances b ON b.warehouse_id = ${sqlId(warehouseId)} AND b.product_id = p.id
        WHERE p.minimum_stock IS NOT NULL AND coalesce(b.quantity, 0) <= p.minimum_stock)
     SELECT GROUPING(l.id)::int AS product_total, GROUPING(c.id)::int AS category_total,
            c.description AS category, l.id AS product_id, l.name, u.description AS unit,
            trim_scale(l.quantity)::text AS quantity, trim_scale(l.minimum_stock)::text AS minimum,
            trim_scale(l.maximum_stock)::text AS maximum, trim_scale(l.suggested)::text AS suggested,
            l.average::text AS average,
            sum(round(l.suggested * l.average, 2))::text AS amount,
            count(l.id)::text AS products
       FROM low l
       LEFT JOIN product_categories c ON c.id = l.category_id
       LEFT JOIN product_units u ON u.id = l.unit_id
      GROUP BY ROLLUP ((c.id, c.description), (l.id, l.name, u.description, l.quantity, l.minimum_stock, l.maximum_stock, l.suggested, l.average))
      ORDER BY GROUPING(c.id), c.description NULLS LAST, c.id NULLS LAST, GROUPING(l.id), l.name, l.id`,
  );
}

// ---------------------------------------------------------------- Tarjeta de almacén

export interface ProductHeader {
  id: number;
  name: string;
  unit: string | null;
  category: string | null;
  quantity: string;
  average: string;
  value: string;
}

export async function productHeader(snapshot: Snapshot, id: number, warehouseId: number): Promise<ProductHeader | null> {
  const [row] = await snapshot.query<ProductHeader>(
    `SELECT p.id, p.name, u.description AS unit, c.description AS category,
            coalesce(b.quantity, 0)::text AS quantity, coalesce(b.average_cost, 0)::text AS average,
            round(coalesce(b.value, 0), 2)::text AS value
       FROM products p
       LEFT JOIN product_units u ON u.id = p.unit_id
       LEFT JOIN product_categories c ON c.id = p.category_id
       LEFT JOIN product_balances b ON b.warehouse_id = $2 AND b.product_id = p.id
      WHERE p.id = $1`,
    [id, warehouseId],
  );
  return row ?? null;
}

export interface KardexRow {
  id: string;
  movement_type: MovementType;
  date: string;
  invoice_number: string | null;
  dispatch_id: number | null;
  inventory_count_id: number | null;
  counterpart: string | null;
  quantity: string;
  unit_cost: string;
  amount: string;
  balance_quantity: string;
  balance_average: string;
  balance_value: string;
}

/** A kardex range on the movements' dates (either end may be open). */
export interface KardexRange {
  from: string | null;
  to: string | null;
}

/** `WHERE` conditions of a range on movements `m`, with the range's ends at `$first` and `$first + 1`. */
function rangeCondition(first: number): string {
  const [from, to] = [`$${first}::date`, `$${first + 1}::date`];
  return `(${from} IS NULL OR m.dated >= ${from}) AND (${to} IS NULL OR m.dated <= ${to})`;
}
const rangeParams = (range: KardexRange | null) => (range ? [range.from, range.to] : [null, null]);

/**
 * The product's movements within `range`, ordered by date and then registration, with the date
 * view's balance after each: the balance before the range (Σ of the movements dated before it)
 * plus the running Σ of the rows; the average is the running value over the running quantity.
 */
export function kardexRows(
  snapshot: Snapshot,
  productId: number,
  warehouseId: number,
  range: KardexRange | null = null,
): AsyncIterable<KardexRow[]> {
  return snapshot.cursor<KardexRow>(
    `WITH opening AS (
       SELECT coalesce(sum(d.quantity), 0) AS q, coalesce(sum(d.value), 0) AS v FROM (${datedBalances('($2::date - 1)', warehouseId, '$1')}) d
     ), rows AS (
       SELECT m.*, o.q + sum(movement_sign(m.movement_type) * m.quantity) OVER w AS running_q,
              o.v + sum(movement_sign(m.movement_type) * m.amount) OVER w AS running_v
         FROM movements m CROSS JOIN opening o
        WHERE m.warehouse_id = ${sqlId(warehouseId)} AND m.product_id = $1 AND ${rangeCondition(2)}
       WINDOW w AS (ORDER BY m.dated, m.id)
     )
     SELECT m.id::text, m.movement_type, m.dated AS date,
            i.invoice_number, m.dispatch_id, m.inventory_count_id,
            CASE WHEN m.invoice_id IS NOT NULL THEN s.name WHEN m.inventory_count_id IS NOT NULL THEN ic.description ELSE e.name || ' ' || e.last_name END AS counterpart,
            m.quantity::text, m.unit_cost::text, round(m.amount, 2)::text AS amount,
            m.running_q::text AS balance_quantity, ledger_average(m.running_q, m.running_v)::text AS balance_average,
            round(m.running_v, 2)::text AS balance_value
       FROM rows m
       LEFT JOIN invoices i ON i.id = m.invoice_id
       LEFT JOIN suppliers s ON s.id = i.supplier_id
       LEFT JOIN dispatches d ON d.id = m.dispatch_id
       LEFT JOIN employees e ON e.id = d.person_in_charge_of_the_requesting_area_employee_id
       LEFT JOIN inventory_counts ic ON ic.id = m.inventory_count_id
      ORDER BY m.dated, m.id`,
    [productId, ...rangeParams(range)],
  );
}

export interface KardexTotals {
  in_quantity: string;
  in_amount: string;
  out_quantity: string;
  out_amount: string;
  movements: string;
}

export async function kardexTotals(
  snapshot: Snapshot,
  productId: number,
  warehouseId: number,
  range: KardexRange | null = null,
): Promise<KardexTotals> {
  const [row] = await snapshot.query<KardexTotals>(
    // In: entries, exits given back by their cancellation, count surpluses; out: exits, cancelled
    // entries, count shortages.
    `SELECT coalesce(sum(quantity) FILTER (WHERE movement_sign(movement_type) = 1), 0)::text AS in_quantity,
            coalesce(sum(round(amount, 2)) FILTER (WHERE movement_sign(movement_type) = 1), 0)::text AS in_amount,
            coalesce(sum(quantity) FILTER (WHERE movement_sign(movement_type) = -1), 0)::text AS out_quantity,
            coalesce(sum(round(amount, 2)) FILTER (WHERE movement_sign(movement_type) = -1), 0)::text AS out_amount,
            count(*)::text AS movements
       FROM movements m WHERE m.warehouse_id = ${sqlId(warehouseId)} AND m.product_id = $1 AND ${rangeCondition(2)}`,
    [productId, ...rangeParams(range)],
  );
  return row;
}

export interface KardexBalance {
  quantity: string;
  average: string;
  value: string;
}

/**
 * The product's balance in the date view just before `date` starts (`edge` 'start', the "Saldo
 * inicial" of a range from that date) or when it ends ('end', the "Saldo final" of a range to it):
 * the sums of its movements dated before (or up to) that day; 0 / 0 / 0 when there are none.
 */
export async function kardexBalanceAt(
  snapshot: Snapshot,
  productId: number,
  warehouseId: number,
  date: string,
  edge: 'start' | 'end',
): Promise<KardexBalance> {
  const day = edge === 'start' ? '($2::date - 1)' : '$2::date';
  const [row] = await snapshot.query<KardexBalance>(
    `SELECT coalesce(sum(d.quantity), 0)::text AS quantity,
            ledger_average(coalesce(sum(d.quantity), 0), coalesce(sum(d.value), 0))::text AS average,
            round(coalesce(sum(d.value), 0), 2)::text AS value
       FROM (${datedBalances(day, warehouseId, '$1')}) d`,
    [productId, date],
  );
  return row;
}

// ---------------------------------------------------------------- Reporte de entrada

export interface CancellationStamp {
  reason: string;
  cancelled_at: Date;
}

/** The document's cancellation, read in the report's snapshot; null when it stands. */
export async function cancellationOf(snapshot: Snapshot, kind: 'INVOICE' | 'DISPATCH', id: number): Promise<CancellationStamp | null> {
  const [row] = await snapshot.query<CancellationStamp>(
    'SELECT reason, cancelled_at FROM document_cancellations WHERE document_kind = $1 AND document_id = $2',
    [kind, id],
  );
  return row ?? null;
}

export interface InvoiceHeader {
  id: number;
  invoice_number: string;
  /** The UUID of the supplier's CFDI kept with the entry, if any. */
  cfdi_uuid: string | null;
  /** What the CFDI says in pesos (Total × TipoCambio) and its retentions; null without a CFDI or before they were kept. */
  cfdi_total: string | null;
  cfdi_withheld: string | null;
  invoice_date: string;
  invoice_type: string;
  supplier: string;
  rfc: string;
  director: string;
  entered_by: string;
  warehouse_keeper: string;
}

const fullName = (alias: string) => `${alias}.name || ' ' || ${alias}.last_name`;

export async function invoiceHeader(snapshot: Snapshot, id: number): Promise<InvoiceHeader | null> {
  const [row] = await snapshot.query<InvoiceHeader>(
    `SELECT i.id, i.invoice_number, cf.uuid AS cfdi_uuid, cf.total::text AS cfdi_total, cf.withheld::text AS cfdi_withheld, i.invoice_date, i.invoice_type, s.name AS supplier, s.rfc,
            ${fullName('dir')} AS director, ${fullName('ent')} AS entered_by, ${fullName('wk')} AS warehouse_keeper
       FROM invoices i
       JOIN suppliers s ON s.id = i.supplier_id
       LEFT JOIN invoice_cfdis cf ON cf.invoice_id = i.id
       JOIN employees dir ON dir.id = i.director_employee_id
       JOIN employees ent ON ent.id = i.entered_by_employee_id
       JOIN employees wk ON wk.id = i.warehouse_keeper_employee_id
      WHERE i.id = $1`,
    [id],
  );
  return row ?? null;
}

export interface InvoiceLineRow {
  line_no: number;
  product: string;
  unit: string | null;
  category: string | null;
  quantity: string;
  price: string;
  amount: string;
  apply_vat: boolean;
  apply_ieps: boolean;
  ieps_rate: string;
  /** The IVA and IEPS the CFDI states for a line that carries its concept's value; null on a typed line. */
  stated_vat: string | null;
  stated_ieps: string | null;
  observations: string | null;
}

export function invoiceLines(snapshot: Snapshot, invoiceId: number): AsyncIterable<InvoiceLineRow[]> {
  return snapshot.cursor<InvoiceLineRow>(
    `SELECT l.line_no, p.name AS product, u.description AS unit, c.description AS category,
            l.quantity::text, l.purchase_price::text AS price, round(coalesce(l.amount, l.quantity * l.purchase_price), 2)::text AS amount,
            l.vat_amount::text AS stated_vat, l.ieps_amount::text AS stated_ieps,
            l.apply_value_added_tax_to_purchase_price AS apply_vat, l.apply_excise_tax AS apply_ieps,
            l.excise_tax_rate::text AS ieps_rate, l.observations
       FROM invoice_lines l
       JOIN products p ON p.id = l.product_id
       LEFT JOIN product_units u ON u.id = p.unit_id
       LEFT JOIN product_categories c ON c.id = p.category_id
      WHERE l.invoice_id = $1
      ORDER BY l.line_no`,
    [invoiceId],
  );
}

// ---------------------------------------------------------------- Reporte de salida

export interface DispatchHeader {
  id: number;
  dispatch_date: string;
  area_head: string;
  petitioner: string;
  warehouse_keeper: string;
  /** The material request it delivers, or null. */
  request_folio: string | null;
}

export async function dispatchHeader(snapshot: Snapshot, id: number): Promise<DispatchHeader | null> {
  const [row] = await snapshot.query<DispatchHeader>(
    `SELECT d.id, d.dispatch_date, ${fullName('area')} AS area_head, ${fullName('pet')} AS petitioner, ${fullName('wk')} AS warehouse_keeper,
            (SELECT r.folio FROM material_requests r WHERE r.id = d.request_id) AS request_folio
       FROM dispatches d
       JOIN employees area ON area.id = d.person_in_charge_of_the_requesting_area_employee_id
       JOIN employees pet ON pet.id = d.petitioner_employee_id
       JOIN employees wk ON wk.id = d.warehouse_keeper_employee_id
      WHERE d.id = $1`,
    [id],
  );
  return row ?? null;
}

export interface DispatchLineRow {
  line_no: number;
  product: string;
  unit: string | null;
  category: string | null;
  quantity: string;
  price: string;
  amount: string;
  observations: string | null;
}

/** The exit price is the ledger's (the average when the exit was registered), not the form's. */
export function dispatchLines(snapshot: Snapshot, dispatchId: number): AsyncIterable<DispatchLineRow[]> {
  return snapshot.cursor<DispatchLineRow>(
    `SELECT l.line_no, p.name AS product, u.description AS unit, c.description AS category,
            m.quantity::text, m.unit_cost::text AS price, round(m.amount, 2)::text AS amount, l.observations
       FROM dispatch_lines l
       JOIN movements m ON m.dispatch_line_id = l.id
       JOIN products p ON p.id = l.product_id
       LEFT JOIN product_units u ON u.id = p.unit_id
       LEFT JOIN product_categories c ON c.id = p.category_id
      WHERE l.dispatch_id = $1
      ORDER BY l.line_no`,
    [dispatchId],
  );
}

export async function dispatchTotal(snapshot: Snapshot, dispatchId: number): Promise<string> {
  const [row] = await snapshot.query<{ total: string }>(
    `SELECT coalesce(sum(round(amount, 2)), 0)::text AS total FROM movements WHERE dispatch_id = $1 AND movement_type = 'DISPATCH'`,
    [dispatchId],
  );
  return row.total;
}
