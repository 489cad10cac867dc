// The stock ledger in SQL (ARCHITECTURE.md, "The stock ledger"). Every figure is computed by PostgreSQL `numeric`:
// quantities and prices arrive as decimal TEXT and leave as decimal text, so no binary floating
// point ever touches them. Functions that write take the open transaction first.
import type { MovementType } from '@almacen/shared/domain';
import type { Trx } from '../../db/pool';

/**
 * Locks the balance rows of `productIds` in one warehouse FOR UPDATE in ascending product id, creating the rows
 * of products that never moved. One statement in a fixed order: two documents touching the same
 * products in opposite order queue up instead of deadlocking. `ON CONFLICT DO UPDATE` (a no-op
 * update) is what takes the row lock on rows that already exist; new rows are locked by their
 * insertion, in the same order.
 */
export async function lockBalances(trx: Trx, warehouseId: number, productIds: number[]): Promise<void> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  await trx.query(
    `INSERT INTO product_balances AS b (warehouse_id, product_id)
     SELECT $2, id FROM unnest($1::integer[]) AS t(id) ORDER BY id
     ON CONFLICT (warehouse_id, product_id) DO UPDATE SET updated_at = b.updated_at`,
    [ids, warehouseId],
  );
}

export interface Shortfall {
  productId: number;
  productName: string;
  /** Decimal text without trailing zeros ("3.5"). */
  available: string;
  requested: string;
}

/**
 * Products whose requested total (all the document's lines of that product together) exceeds
 * the locked balance. Call after lockBalances, so nobody can change the answer before commit.
 */
export async function findShortfalls(
  trx: Trx,
  warehouseId: number,
  lines: Array<{ productId: number; quantity: string }>,
): Promise<Shortfall[]> {
  const { rows } = await trx.query<Shortfall>(
    `WITH requested AS (
       SELECT product_id, sum(quantity) AS quantity
         FROM unnest($1::integer[], $2::numeric[]) AS t(product_id, quantity)
        GROUP BY product_id
     )
     SELECT r.product_id AS "productId", p.name AS "productName",
            trim_scale(coalesce(b.quantity, 0))::text AS available, trim_scale(r.quantity)::text AS requested
       FROM requested r
       JOIN products p ON p.id = r.product_id
       LEFT JOIN product_balances b ON b.warehouse_id = $3 AND b.product_id = r.product_id
      WHERE r.quantity > coalesce(b.quantity, 0)
      ORDER BY r.product_id`,
    [lines.map((l) => l.productId), lines.map((l) => l.quantity), warehouseId],
  );
  return rows;
}

export interface DatedShortfall extends Shortfall {
  /** The first date (YYYY-MM-DD) on which the product would fall below zero. */
  date: string;
}

/**
 * For a document dated `dated` (before today), the products whose quantity in the date view —
 * Σ of the movements dated up to a day — would fall below zero on some day from `dated` on once
 * the document's quantities leave on `dated`: the first such day, what the product had then and
 * the document's total. The day's own quantity comes from the monthly sums (stock_product_months)
 * and the movements of its month; each later day adds the product's movements dated on it.
 * Call after lockBalances: the product's movements cannot change meanwhile.
 */
export async function findDatedShortfalls(
  trx: Trx,
  warehouseId: number,
  dated: string,
  lines: Array<{ productId: number; quantity: string }>,
): Promise<DatedShortfall[]> {
  const { rows } = await trx.query<DatedShortfall>(
    `WITH requested AS (
       SELECT product_id, sum(quantity) AS quantity
         FROM unnest($1::integer[], $2::numeric[]) AS t(product_id, quantity)
        GROUP BY product_id
     ), at_date AS (
       SELECT r.product_id,
              coalesce((SELECT sum(s.quantity) FROM stock_product_months s
                         WHERE s.warehouse_id = $4 AND s.product_id = r.product_id AND s.month < date_trunc('month', $3::date)), 0)
            + coalesce((SELECT sum(movement_sign(m.movement_type) * m.quantity) FROM movements m
                         WHERE m.warehouse_id = $4 AND m.product_id = r.product_id
                           AND m.dated >= date_trunc('month', $3::date) AND m.dated <= $3::date), 0) AS quantity
         FROM requested r
     ), later AS (
       SELECT m.product_id, m.dated AS day,
              sum(sum(movement_sign(m.movement_type) * m.quantity)) OVER (PARTITION BY m.product_id ORDER BY m.dated) AS change
         FROM movements m JOIN requested r ON r.product_id = m.product_id
        WHERE m.warehouse_id = $4 AND m.dated > $3::date
        GROUP BY m.product_id, m.dated
     ), days AS (
       SELECT product_id, $3::date AS day, quantity FROM at_date
       UNION ALL
       SELECT l.product_id, l.day, a.quantity + l.change FROM later l JOIN at_date a ON a.product_id = l.product_id
     ), first_short AS (
       SELECT DISTINCT ON (d.product_id) d.product_id, d.day, d.quantity
         FROM days d JOIN requested r ON r.product_id = d.product_id
        WHERE d.quantity < r.quantity
        ORDER BY d.product_id, d.day
     )
     SELECT f.product_id AS "productId", p.name AS "productName", to_char(f.day, 'YYYY-MM-DD') AS date,
            trim_scale(f.quantity)::text AS available, trim_scale(r.quantity)::text AS requested
       FROM first_short f
       JOIN requested r ON r.product_id = f.product_id
       JOIN products p ON p.id = f.product_id
      ORDER BY f.product_id`,
    [lines.map((l) => l.productId), lines.map((l) => l.quantity), dated, warehouseId],
  );
  return rows;
}

export interface PostedMovement {
  id: number;
  productId: number;
  movementType: MovementType;
  quantity: string;
  unitCost: string;
  balanceQuantity: string;
  balanceAverage: string;
}

export const POSTED = `m.id::text AS id, m.product_id AS "productId", m.movement_type AS "movementType",
  m.quantity::text AS quantity, m.unit_cost::text AS "unitCost",
  m.balance_quantity::text AS "balanceQuantity", m.balance_average::text AS "balanceAverage"`;

export const toPosted = (row: PostedMovement & { id: number | string }): PostedMovement => ({ ...row, id: Number(row.id) });

/** The last CTE of every append: the balance row takes the movement's balance after it. */
export const BALANCE_CTE = `balance AS (
       UPDATE product_balances p
          SET quantity = m.balance_quantity, value = m.balance_value, average_cost = m.balance_average,
              last_movement_id = m.id, updated_at = now()
         FROM m WHERE p.warehouse_id = m.warehouse_id AND p.product_id = m.product_id
       RETURNING p.product_id
     )`;

/** BALANCE_CTE, then the posted movement. */
export const UPDATE_BALANCE = `${BALANCE_CTE}
     SELECT ${POSTED} FROM m JOIN balance ON balance.product_id = m.product_id`;

export interface EntryLine {
  productId: number;
  invoiceId: number;
  invoiceLineId: number;
  quantity: string;
  /** The unit price shown for the line: the form's final price, or value ÷ quantity for a CFDI's line. */
  unitCost: string;
  /** The line's value in pesos, to the cent: what the balance gains. */
  value: string;
  /** The date it counts on (the invoice's). */
  dated: string;
  observations: string | null;
  applyValueAddedTax: boolean;
  applyExciseTax: boolean;
  exciseTaxRate: string;
}

/**
 * Appends an entry and moves the balance: Q = Q + q, V = V + value, average = V / Q half up to
 * 6 decimals (ledger_average, 0057). The balance row must be locked.
 */
export async function appendEntry(trx: Trx, warehouseId: number, line: EntryLine): Promise<PostedMovement> {
  const { rows } = await trx.query<PostedMovement>(
    `WITH before AS (
       SELECT quantity, value, average_cost FROM product_balances WHERE warehouse_id = $12 AND product_id = $1
     ), m AS (
       INSERT INTO movements (warehouse_id, product_id, movement_type, invoice_id, invoice_line_id, quantity, unit_cost, amount, dated, observations,
                              apply_value_added_tax, apply_excise_tax, excise_tax_rate, balance_quantity, balance_value, balance_average)
       SELECT $12, $1, 'INVOICE', $2, $3, $4::numeric, $5::numeric, $6::numeric, $7::date, $8, $9, $10, $11::numeric,
              b.quantity + $4::numeric, b.value + $6::numeric, ledger_next_average(b.quantity + $4::numeric, b.value + $6::numeric, b.average_cost)
         FROM before b
       RETURNING *
     ), ${UPDATE_BALANCE}`,
    [
      line.productId,
      line.invoiceId,
      line.invoiceLineId,
      line.quantity,
      line.unitCost,
      line.value,
      line.dated,
      line.observations,
      line.applyValueAddedTax,
      line.applyExciseTax,
      line.exciseTaxRate,
      warehouseId,
    ],
  );
  if (rows.length !== 1) throw new Error(`El saldo del producto ${line.productId} no estaba bloqueado antes de registrar la entrada.`);
  return toPosted(rows[0]);
}

export interface ExitLine {
  productId: number;
  dispatchId: number;
  dispatchLineId: number;
  quantity: string;
  /** The date it counts on (the dispatch's). */
  dated: string;
  observations: string | null;
}

/**
 * Appends an exit at the CURRENT balance (the server's price, not the form's): its value is its
 * share of the balance's value (ledger_share: q × V / Q to the cent, all of V when it takes all of
 * Q), its price the average of that moment; Q = Q − q, V = V − value. The caller checked the whole
 * document with findShortfalls under the same locks; CHECK (balance_quantity >= 0) backs that up.
 */
export async function appendExit(trx: Trx, warehouseId: number, line: ExitLine): Promise<PostedMovement> {
  const { rows } = await trx.query<PostedMovement>(
    `WITH b AS (
       SELECT quantity, value, average_cost, ledger_share($4::numeric, quantity, value) AS share
         FROM product_balances WHERE warehouse_id = $7 AND product_id = $1
     ), m AS (
       INSERT INTO movements (warehouse_id, product_id, movement_type, dispatch_id, dispatch_line_id, quantity, unit_cost, amount, dated, observations,
                              balance_quantity, balance_value, balance_average)
       SELECT $7, $1, 'DISPATCH', $2, $3, $4::numeric, b.average_cost, b.share, $5::date, $6,
              b.quantity - $4::numeric, b.value - b.share, ledger_next_average(b.quantity - $4::numeric, b.value - b.share, b.average_cost)
         FROM b
       RETURNING *
     ), ${UPDATE_BALANCE}`,
    [line.productId, line.dispatchId, line.dispatchLineId, line.quantity, line.dated, line.observations, warehouseId],
  );
  if (rows.length !== 1) throw new Error(`El saldo del producto ${line.productId} no estaba bloqueado antes de registrar la salida.`);
  return toPosted(rows[0]);
}

// ---- cancellations -------------------------------------------------------------

export type DocumentKind = 'INVOICE' | 'DISPATCH';

/**
 * Records that a document is cancelled, or answers null when it already was. ON CONFLICT on the
 * (document_kind, document_id) key: a concurrent cancellation of the same document waits here
 * for the first one's transaction and, if that commits, inserts nothing.
 */
export async function insertCancellation(
  trx: Trx,
  actor: { sub: string; name: string },
  kind: DocumentKind,
  documentId: number,
  reason: string,
): Promise<{ id: number; cancelledAt: Date } | null> {
  const { rows } = await trx.query<{ id: number; cancelledAt: Date }>(
    `INSERT INTO document_cancellations (document_kind, invoice_id, dispatch_id, reason, cancelled_by, cancelled_by_name)
     VALUES ($1, CASE WHEN $1 = 'INVOICE' THEN $2::integer END, CASE WHEN $1 = 'DISPATCH' THEN $2::integer END, $3, $4, $5)
     ON CONFLICT (document_kind, document_id) DO NOTHING
     RETURNING id, cancelled_at AS "cancelledAt"`,
    [kind, documentId, reason, actor.sub, actor.name],
  );
  return rows[0] ?? null;
}

export interface OriginalMovement {
  id: number;
  productId: number;
  quantity: string;
}

/** The movements a document posted (not its cancellation's), in ledger order. */
export async function originalMovements(trx: Trx, kind: DocumentKind, documentId: number): Promise<OriginalMovement[]> {
  const column = kind === 'INVOICE' ? 'invoice_id' : 'dispatch_id';
  const { rows } = await trx.query<OriginalMovement & { id: string }>(
    // ORDER BY m.id (the number): a bare "id" names the TEXT output column and would put
    // movement 10 before movement 9.
    `SELECT m.id::text AS id, m.product_id AS "productId", m.quantity::text AS quantity FROM movements m
      WHERE m.${column} = $1 AND m.movement_type = $2 ORDER BY m.id`,
    [documentId, kind],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export interface Reversal {
  /** The movement being reversed. */
  movementId: number;
  cancellationId: number;
  /** The cancellation's reason. */
  observations: string;
  /** The day the cancellation is registered (APP_TIME_ZONE): the date it counts on. */
  dated: string;
}

/**
 * Reverses one entry line. When no movement of the product registered after the entry belongs
 * to another document (later lines of the same invoice, already reversed by this cancellation,
 * do not count), the balance goes back to exactly what the product's previous movement left
 * (0 / 0 if none) and the line leaves at its own value. Otherwise it leaves like an exit, at its
 * share of the current balance (ledger_share). The caller locked the balance, checked the whole
 * document's quantities, and reverses the lines in reverse ledger order.
 */
export async function appendEntryCancellation(trx: Trx, reversal: Reversal): Promise<PostedMovement> {
  const { rows } = await trx.query<PostedMovement>(
    `WITH orig AS (
       SELECT id, warehouse_id, product_id, invoice_id, quantity, unit_cost FROM movements WHERE id = $1 AND movement_type = 'INVOICE'
     ), b AS (
       SELECT p.quantity, p.value, p.average_cost FROM product_balances p
         JOIN orig ON p.warehouse_id = orig.warehouse_id AND p.product_id = orig.product_id
     ), moved AS (
       SELECT EXISTS (
         SELECT 1 FROM movements x JOIN orig ON x.warehouse_id = orig.warehouse_id AND x.product_id = orig.product_id
          WHERE x.id > orig.id AND x.invoice_id IS DISTINCT FROM orig.invoice_id
       ) AS since
     ), prev AS (
       SELECT x.balance_quantity, x.balance_value, x.balance_average FROM movements x
         JOIN orig ON x.warehouse_id = orig.warehouse_id AND x.product_id = orig.product_id
        WHERE x.id < orig.id ORDER BY x.id DESC LIMIT 1
     ), after AS (
       SELECT CASE WHEN moved.since THEN b.quantity - orig.quantity ELSE coalesce(prev.balance_quantity, 0) END AS quantity,
              CASE WHEN moved.since THEN b.value - ledger_share(orig.quantity, b.quantity, b.value) ELSE coalesce(prev.balance_value, 0) END AS value,
              CASE WHEN moved.since THEN b.average_cost ELSE coalesce(prev.balance_average, 0) END AS previous_average,
              CASE WHEN moved.since THEN b.average_cost ELSE orig.unit_cost END AS unit_cost
         FROM orig CROSS JOIN b CROSS JOIN moved LEFT JOIN prev ON true
     ), m AS (
       INSERT INTO movements (warehouse_id, product_id, movement_type, invoice_id, cancellation_id, cancels_movement_id, quantity, unit_cost, amount, dated,
                              observations, balance_quantity, balance_value, balance_average)
       SELECT orig.warehouse_id, orig.product_id, 'INVOICE_CANCELLATION', orig.invoice_id, $2, orig.id, orig.quantity, after.unit_cost, b.value - after.value,
              $4::date, $3, after.quantity, after.value, ledger_next_average(after.quantity, after.value, after.previous_average)
         FROM orig CROSS JOIN b CROSS JOIN after
       RETURNING *
     ), ${UPDATE_BALANCE}`,
    [reversal.movementId, reversal.cancellationId, reversal.observations, reversal.dated],
  );
  if (rows.length !== 1) throw new Error(`El movimiento ${reversal.movementId} no es una entrada o su saldo no estaba bloqueado.`);
  return toPosted(rows[0]);
}

/**
 * Reverses one exit line: its quantity comes back at the value the exit took (and its price),
 * and the average is the new V / Q, as after an entry.
 */
export async function appendExitCancellation(trx: Trx, reversal: Reversal): Promise<PostedMovement> {
  const { rows } = await trx.query<PostedMovement>(
    `WITH orig AS (
       SELECT id, warehouse_id, product_id, dispatch_id, quantity, unit_cost, amount FROM movements WHERE id = $1 AND movement_type = 'DISPATCH'
     ), b AS (
       SELECT p.quantity, p.value, p.average_cost FROM product_balances p
         JOIN orig ON p.warehouse_id = orig.warehouse_id AND p.product_id = orig.product_id
     ), m AS (
       INSERT INTO movements (warehouse_id, product_id, movement_type, dispatch_id, cancellation_id, cancels_movement_id, quantity, unit_cost, amount, dated,
                              observations, balance_quantity, balance_value, balance_average)
       SELECT orig.warehouse_id, orig.product_id, 'DISPATCH_CANCELLATION', orig.dispatch_id, $2, orig.id, orig.quantity, orig.unit_cost, orig.amount, $4::date, $3,
              b.quantity + orig.quantity, b.value + orig.amount, ledger_next_average(b.quantity + orig.quantity, b.value + orig.amount, b.average_cost)
         FROM orig CROSS JOIN b
       RETURNING *
     ), ${UPDATE_BALANCE}`,
    [reversal.movementId, reversal.cancellationId, reversal.observations, reversal.dated],
  );
  if (rows.length !== 1) throw new Error(`El movimiento ${reversal.movementId} no es una salida o su saldo no estaba bloqueado.`);
  return toPosted(rows[0]);
}
