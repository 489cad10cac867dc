// A transfer's movements (migration 0066): the shipment leaves the origin like an exit, and the
// same value enters the destination on reception, or the origin again on a rejection or a
// withdrawal. The balance rows must be locked (lockBalances) in the warehouse they move.
import type { Trx } from '../../db/pool';
import { BALANCE_CTE, POSTED, toPosted, UPDATE_BALANCE, type PostedMovement } from './ledger.repository';

export interface TransferOutLine {
  productId: number;
  transferId: number;
  transferLineId: number;
  quantity: string;
  /** The transfer's date: the day it leaves. */
  dated: string;
  observations: string | null;
}

/** Leaves the origin like an exit: its share of the balance's value, at the current average. */
export async function appendTransferOut(
  trx: Trx,
  warehouseId: number,
  line: TransferOutLine,
): Promise<PostedMovement & { amount: string }> {
  const { rows } = await trx.query<PostedMovement & { amount: string }>(
    `WITH b AS (
       SELECT quantity, value, average_cost, ledger_share($4::numeric, quantity, value) AS share
         FROM product_balances WHERE warehouse_id = $7 AND product_id = $1
     ), m AS (
       INSERT INTO movements (warehouse_id, product_id, movement_type, transfer_id, transfer_line_id, quantity, unit_cost, amount, dated,
                              observations, balance_quantity, balance_value, balance_average)
       SELECT $7, $1, 'TRANSFER_OUT', $2, $3, $4::numeric, b.average_cost, b.share, $5::date, $6,
              b.quantity - $4::numeric, b.value - b.share, ledger_next_average(b.quantity - $4::numeric, b.value - b.share, b.average_cost)
         FROM b
       RETURNING *
     ), ${BALANCE_CTE}
     SELECT ${POSTED}, m.amount::text AS amount FROM m JOIN balance ON balance.product_id = m.product_id`,
    [line.productId, line.transferId, line.transferLineId, line.quantity, line.dated, line.observations, warehouseId],
  );
  if (rows.length !== 1) throw new Error(`El saldo del producto ${line.productId} no estaba bloqueado antes de enviar el traspaso.`);
  return { ...toPosted(rows[0]), amount: rows[0].amount };
}

export interface TransferInLine {
  productId: number;
  transferId: number;
  transferLineId: number;
  quantity: string;
  /** The price and the value it left the origin with. */
  unitCost: string;
  value: string;
  /** The day it arrives (or returns): the day it is registered. */
  dated: string;
  observations: string | null;
}

/**
 * Enters a warehouse at exactly the value it left with: TRANSFER_IN at the destination on
 * reception, TRANSFER_RETURN at the origin on a rejection or a withdrawal. Q + q, V + value,
 * the average V ÷ Q.
 */
export async function appendTransferIn(
  trx: Trx,
  warehouseId: number,
  type: 'TRANSFER_IN' | 'TRANSFER_RETURN',
  line: TransferInLine,
): Promise<PostedMovement> {
  const { rows } = await trx.query<PostedMovement>(
    `WITH b AS (
       SELECT quantity, value, average_cost FROM product_balances WHERE warehouse_id = $9 AND product_id = $1
     ), m AS (
       INSERT INTO movements (warehouse_id, product_id, movement_type, transfer_id, transfer_line_id, quantity, unit_cost, amount, dated,
                              observations, balance_quantity, balance_value, balance_average)
       SELECT $9, $1, $10, $2, $3, $4::numeric, $5::numeric, $6::numeric, $7::date, $8,
              b.quantity + $4::numeric, b.value + $6::numeric, ledger_next_average(b.quantity + $4::numeric, b.value + $6::numeric, b.average_cost)
         FROM b
       RETURNING *
     ), ${UPDATE_BALANCE}`,
    [
      line.productId,
      line.transferId,
      line.transferLineId,
      line.quantity,
      line.unitCost,
      line.value,
      line.dated,
      line.observations,
      warehouseId,
      type,
    ],
  );
  if (rows.length !== 1) throw new Error(`El saldo del producto ${line.productId} no estaba bloqueado antes de recibir el traspaso.`);
  return toPosted(rows[0]);
}
