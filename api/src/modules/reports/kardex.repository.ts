// The kardex's SQL («Tarjeta de almacén»): a product's header, its movements in a warehouse with
// the date view's running balance, their totals and the balance at a range's edges. Exact
// `numeric` figures as text, amounts rounded once to cents, as every report's SQL.
import type { MovementType } from '@almacen/shared/domain';
import { datedBalances, sqlId } from '../stock/stock-at-date';
import type { Snapshot } from './snapshot';

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
  transfer_id: number | null;
  /** The supplier, the area's head, the count — or, on a transfer line, the other warehouse. */
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
            i.invoice_number, m.dispatch_id, m.inventory_count_id, m.transfer_id,
            CASE WHEN m.invoice_id IS NOT NULL THEN s.name WHEN m.inventory_count_id IS NOT NULL THEN ic.description
                 WHEN m.transfer_id IS NOT NULL THEN ow.name ELSE e.name || ' ' || e.last_name END AS counterpart,
            m.quantity::text, m.unit_cost::text, round(m.amount, 2)::text AS amount,
            m.running_q::text AS balance_quantity, ledger_average(m.running_q, m.running_v)::text AS balance_average,
            round(m.running_v, 2)::text AS balance_value
       FROM rows m
       LEFT JOIN invoices i ON i.id = m.invoice_id
       LEFT JOIN suppliers s ON s.id = i.supplier_id
       LEFT JOIN dispatches d ON d.id = m.dispatch_id
       LEFT JOIN employees e ON e.id = d.person_in_charge_of_the_requesting_area_employee_id
       LEFT JOIN inventory_counts ic ON ic.id = m.inventory_count_id
       LEFT JOIN transfers x ON x.id = m.transfer_id
       LEFT JOIN warehouses ow
              ON ow.id = CASE WHEN m.movement_type = 'TRANSFER_IN' THEN x.origin_warehouse_id ELSE x.destination_warehouse_id END
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
