// The reports' SQL. Every figure a report prints is computed here by PostgreSQL `numeric`
// (exact) and travels as text: amounts are rounded ONCE, half away from zero, to cents
// (`round(x, 2)`), and a total is the sum of the rounded amounts it foots, so each printed
// column adds up to its printed total.
import type { MovementType } from '@almacen/shared/domain';
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
 * last: ROLLUP makes PostgreSQL produce them in the same ordered stream.
 */
export function stockRows(snapshot: Snapshot): AsyncIterable<StockRow[]> {
  return snapshot.cursor<StockRow>(
    `SELECT GROUPING(p.id)::int AS product_total, GROUPING(c.id)::int AS category_total,
            c.id AS category_id, c.description AS category,
            p.id AS product_id, p.name, u.description AS unit,
            coalesce(b.quantity, 0)::text AS quantity, coalesce(b.average_cost, 0)::text AS average,
            sum(round(coalesce(b.value, 0), 2))::text AS value,
            count(p.id)::text AS products
       FROM products p
       LEFT JOIN product_categories c ON c.id = p.category_id
       LEFT JOIN product_units u ON u.id = p.unit_id
       LEFT JOIN product_balances b ON b.product_id = p.id
      GROUP BY ROLLUP ((c.id, c.description), (p.id, p.name, u.description, b.quantity, b.average_cost))
      ORDER BY GROUPING(c.id), c.description NULLS LAST, c.id NULLS LAST, GROUPING(p.id), p.name, p.id`,
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

export async function productHeader(snapshot: Snapshot, id: number): Promise<ProductHeader | null> {
  const [row] = await snapshot.query<ProductHeader>(
    `SELECT p.id, p.name, u.description AS unit, c.description AS category,
            coalesce(b.quantity, 0)::text AS quantity, coalesce(b.average_cost, 0)::text AS average,
            round(coalesce(b.value, 0), 2)::text AS value
       FROM products p
       LEFT JOIN product_units u ON u.id = p.unit_id
       LEFT JOIN product_categories c ON c.id = p.category_id
       LEFT JOIN product_balances b ON b.product_id = p.id
      WHERE p.id = $1`,
    [id],
  );
  return row ?? null;
}

export interface KardexRow {
  id: string;
  movement_type: MovementType;
  date: string;
  invoice_number: string | null;
  dispatch_id: number | null;
  counterpart: string | null;
  quantity: string;
  unit_cost: string;
  amount: string;
  balance_quantity: string;
  balance_average: string;
  balance_value: string;
}

/** The product's movements in ledger (registration) order, with the balance after each. */
export function kardexRows(snapshot: Snapshot, productId: number): AsyncIterable<KardexRow[]> {
  return snapshot.cursor<KardexRow>(
    `SELECT m.id::text, m.movement_type, coalesce(i.invoice_date, d.dispatch_date) AS date,
            i.invoice_number, m.dispatch_id,
            CASE WHEN m.invoice_id IS NOT NULL THEN s.name ELSE e.name || ' ' || e.last_name END AS counterpart,
            m.quantity::text, m.unit_cost::text, round(m.amount, 2)::text AS amount,
            m.balance_quantity::text, m.balance_average::text, round(m.balance_value, 2)::text AS balance_value
       FROM movements m
       LEFT JOIN invoices i ON i.id = m.invoice_id
       LEFT JOIN suppliers s ON s.id = i.supplier_id
       LEFT JOIN dispatches d ON d.id = m.dispatch_id
       LEFT JOIN employees e ON e.id = d.person_in_charge_of_the_requesting_area_employee_id
      WHERE m.product_id = $1
      ORDER BY m.id`,
    [productId],
  );
}

export interface KardexTotals {
  in_quantity: string;
  in_amount: string;
  out_quantity: string;
  out_amount: string;
  movements: string;
}

export async function kardexTotals(snapshot: Snapshot, productId: number): Promise<KardexTotals> {
  const [row] = await snapshot.query<KardexTotals>(
    // In: entries and exits given back by their cancellation; out: exits and cancelled entries.
    `SELECT coalesce(sum(quantity) FILTER (WHERE movement_type IN ('INVOICE', 'DISPATCH_CANCELLATION')), 0)::text AS in_quantity,
            coalesce(sum(round(amount, 2)) FILTER (WHERE movement_type IN ('INVOICE', 'DISPATCH_CANCELLATION')), 0)::text AS in_amount,
            coalesce(sum(quantity) FILTER (WHERE movement_type IN ('DISPATCH', 'INVOICE_CANCELLATION')), 0)::text AS out_quantity,
            coalesce(sum(round(amount, 2)) FILTER (WHERE movement_type IN ('DISPATCH', 'INVOICE_CANCELLATION')), 0)::text AS out_amount,
            count(*)::text AS movements
       FROM movements WHERE product_id = $1`,
    [productId],
  );
  return row;
}

// ---------------------------------------------------------------- Reporte de entrada

export interface CancellationStamp {
  reason: string;
  cancelled_at: Date;
}

/** The document's cancellation (issue #16), read in the report's snapshot; null when it stands. */
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
    `SELECT i.id, i.invoice_number, i.invoice_date, i.invoice_type, s.name AS supplier, s.rfc,
            ${fullName('dir')} AS director, ${fullName('ent')} AS entered_by, ${fullName('wk')} AS warehouse_keeper
       FROM invoices i
       JOIN suppliers s ON s.id = i.supplier_id
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
  observations: string | null;
}

export function invoiceLines(snapshot: Snapshot, invoiceId: number): AsyncIterable<InvoiceLineRow[]> {
  return snapshot.cursor<InvoiceLineRow>(
    `SELECT l.line_no, p.name AS product, u.description AS unit, c.description AS category,
            l.quantity::text, l.purchase_price::text AS price, round(l.quantity * l.purchase_price, 2)::text AS amount,
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
}

export async function dispatchHeader(snapshot: Snapshot, id: number): Promise<DispatchHeader | null> {
  const [row] = await snapshot.query<DispatchHeader>(
    `SELECT d.id, d.dispatch_date, ${fullName('area')} AS area_head, ${fullName('pet')} AS petitioner, ${fullName('wk')} AS warehouse_keeper
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
