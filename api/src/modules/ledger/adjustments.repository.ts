// Count adjustments in the ledger (ARCHITECTURE.md, "The stock ledger"): a surplus enters, a
// shortage leaves, each moving its warehouse's balance like any other movement.
import type { Trx } from '../../db/pool';
import { toPosted, UPDATE_BALANCE, type PostedMovement } from './ledger.repository';

export interface AdjustmentLine {
  productId: number;
  inventoryCountId: number;
  /** 'IN': a surplus enters; 'OUT': a shortage leaves. Quantity > 0. */
  direction: 'IN' | 'OUT';
  quantity: string;
  /** Surplus only: the line's unit cost; null enters at the current average. */
  unitCost: string | null;
  /** The date it counts on (the count's cut-off date). */
  dated: string;
  observations: string | null;
}

/**
 * Appends one count adjustment and moves the balance. ADJUSTMENT_OUT leaves like an exit (its
 * share of the balance's value, at the average's price); ADJUSTMENT_IN enters at the given cost
 * (q × cost to the cent) or, without one, at the current average (q × V / Q to the cent; on an
 * empty balance q × the average it kept). The
 * caller locked the balance and checked the shortage and the cost.
 */
export async function appendAdjustment(trx: Trx, warehouseId: number, line: AdjustmentLine): Promise<PostedMovement> {
  const { rows } = await trx.query<PostedMovement>(
    `WITH b AS (
       SELECT quantity, value, average_cost,
              CASE WHEN $3 = 'OUT' THEN ledger_share($4::numeric, quantity, value)
                   WHEN $5::numeric IS NULL AND quantity > 0 THEN ledger_value_at($4::numeric, quantity, value)
                   WHEN $5::numeric IS NULL THEN round($4::numeric * average_cost, 2)
                   ELSE round($4::numeric * $5::numeric, 2) END AS moved
         FROM product_balances WHERE warehouse_id = $8 AND product_id = $1
     ), after AS (
       SELECT CASE WHEN $3 = 'IN' THEN b.quantity + $4::numeric ELSE b.quantity - $4::numeric END AS quantity,
              CASE WHEN $3 = 'IN' THEN b.value + b.moved ELSE b.value - b.moved END AS value
         FROM b
     ), m AS (
       INSERT INTO movements (warehouse_id, product_id, movement_type, inventory_count_id, quantity, unit_cost, amount, dated, observations,
                              balance_quantity, balance_value, balance_average)
       SELECT $8, $1, CASE WHEN $3 = 'IN' THEN 'ADJUSTMENT_IN' ELSE 'ADJUSTMENT_OUT' END, $2, $4::numeric,
              CASE WHEN $3 = 'IN' THEN coalesce($5::numeric, b.average_cost) ELSE b.average_cost END, b.moved, $7::date, $6,
              after.quantity, after.value, ledger_next_average(after.quantity, after.value, b.average_cost)
         FROM b CROSS JOIN after
       RETURNING *
     ), ${UPDATE_BALANCE}`,
    [line.productId, line.inventoryCountId, line.direction, line.quantity, line.unitCost, line.observations, line.dated, warehouseId],
  );
  if (rows.length !== 1) throw new Error(`El saldo del producto ${line.productId} no estaba bloqueado antes de registrar el ajuste.`);
  return toPosted(rows[0]);
}
