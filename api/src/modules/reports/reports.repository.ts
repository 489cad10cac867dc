// The reports' SQL. Every figure a report prints is computed here by PostgreSQL `numeric`
// (exact) and travels as text: amounts are rounded ONCE, half away from zero, to cents
// (`round(x, 2)`), and a total is the sum of the rounded amounts it foots, so each printed
// column adds up to its printed total.
import { balanceJoin, sqlId } from '../stock/stock-at-date';
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
 * The products at or under their minimum in the warehouse (its own levels), by partida (products without one last),
 * with today's balance, the levels, the suggested quantity (up to the maximum, or up to the
 * minimum when there is none) at the average cost, a subtotal per partida and the grand total.
 */
export function lowStockRows(snapshot: Snapshot, warehouseId: number): AsyncIterable<LowStockRow[]> {
  return snapshot.cursor<LowStockRow>(
    `WITH low AS (
       SELECT p.id, p.name, p.category_id, p.unit_id, s.minimum_stock, s.maximum_stock,
              coalesce(b.quantity, 0) AS quantity, coalesce(b.average_cost, 0) AS average,
              greatest(coalesce(s.maximum_stock, s.minimum_stock) - coalesce(b.quantity, 0), 0) AS suggested
         FROM stock_levels s
         JOIN products p ON p.id = s.product_id
         LEFT JOIN product_balances b ON b.warehouse_id = s.warehouse_id AND b.product_id = p.id
        WHERE s.warehouse_id = ${sqlId(warehouseId)} AND s.minimum_stock IS NOT NULL AND coalesce(b.quantity, 0) <= s.minimum_stock)
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
