// The stock ledger in SQL (ARCHITECTURE §5). Every figure is computed by PostgreSQL `numeric`:
// quantities and prices arrive as decimal TEXT and leave as decimal text, so no binary floating
// point ever touches them. Functions that write take the open transaction first.
import type { MovementType } from '@almacen/shared/domain';
import type { Trx } from '../../db/pool';

type Queryable = Pick<Trx, 'query'>;

/**
 * Locks the balance rows of `productIds` FOR UPDATE in ascending product id, creating the rows
 * of products that never moved. One statement in a fixed order: two documents touching the same
 * products in opposite order queue up instead of deadlocking. `ON CONFLICT DO UPDATE` (a no-op
 * update) is what takes the row lock on rows that already exist; new rows are locked by their
 * insertion, in the same order.
 */
export async function lockBalances(trx: Trx, productIds: number[]): Promise<void> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  await trx.query(
    `INSERT INTO product_balances AS b (product_id)
     SELECT id FROM unnest($1::integer[]) AS t(id) ORDER BY id
     ON CONFLICT (product_id) DO UPDATE SET updated_at = b.updated_at`,
    [ids],
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
export async function findShortfalls(trx: Trx, lines: Array<{ productId: number; quantity: string }>): Promise<Shortfall[]> {
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
       LEFT JOIN product_balances b ON b.product_id = r.product_id
      WHERE r.quantity > coalesce(b.quantity, 0)
      ORDER BY r.product_id`,
    [lines.map((l) => l.productId), lines.map((l) => l.quantity)],
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

const POSTED = `m.id::text AS id, m.product_id AS "productId", m.movement_type AS "movementType",
  m.quantity::text AS quantity, m.unit_cost::text AS "unitCost",
  m.balance_quantity::text AS "balanceQuantity", m.balance_average::text AS "balanceAverage"`;

const toPosted = (row: PostedMovement & { id: number | string }): PostedMovement => ({ ...row, id: Number(row.id) });

export interface EntryLine {
  productId: number;
  invoiceId: number;
  invoiceLineId: number;
  quantity: string;
  /** Final unit cost (after the form's VAT/IEPS adjustments). */
  unitCost: string;
  observations: string | null;
  applyValueAddedTax: boolean;
  applyExciseTax: boolean;
  exciseTaxRate: string;
}

/**
 * Appends an entry and moves the balance: avg = (Q·avg + q·c)/(Q + q) rounded half up to 6
 * decimals (ledger_moving_average, 0002_ledger.sql), Q = Q + q. The balance row must be locked.
 */
export async function appendEntry(trx: Trx, line: EntryLine): Promise<PostedMovement> {
  const { rows } = await trx.query<PostedMovement>(
    `WITH before AS (
       SELECT quantity, average_cost FROM product_balances WHERE product_id = $1
     ), m AS (
       INSERT INTO movements (product_id, movement_type, invoice_id, invoice_line_id, quantity, unit_cost, observations,
                              apply_value_added_tax, apply_excise_tax, excise_tax_rate, balance_quantity, balance_average)
       SELECT $1, 'INVOICE', $2, $3, $4::numeric, $5::numeric, $6, $7, $8, $9::numeric,
              b.quantity + $4::numeric, ledger_moving_average(b.quantity, b.average_cost, $4::numeric, $5::numeric)
         FROM before b
       RETURNING *
     ), balance AS (
       UPDATE product_balances p
          SET quantity = m.balance_quantity, average_cost = m.balance_average, last_movement_id = m.id, updated_at = now()
         FROM m WHERE p.product_id = m.product_id
       RETURNING p.product_id
     )
     SELECT ${POSTED} FROM m JOIN balance ON balance.product_id = m.product_id`,
    [
      line.productId,
      line.invoiceId,
      line.invoiceLineId,
      line.quantity,
      line.unitCost,
      line.observations,
      line.applyValueAddedTax,
      line.applyExciseTax,
      line.exciseTaxRate,
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
  observations: string | null;
}

/**
 * Appends an exit at the CURRENT average (the server's price, not the form's) and moves the
 * balance: Q = Q − q, average unchanged. The caller checked the whole document with
 * findShortfalls under the same locks; CHECK (balance_quantity >= 0) backs that up.
 */
export async function appendExit(trx: Trx, line: ExitLine): Promise<PostedMovement> {
  const { rows } = await trx.query<PostedMovement>(
    `WITH before AS (
       SELECT quantity, average_cost FROM product_balances WHERE product_id = $1
     ), m AS (
       INSERT INTO movements (product_id, movement_type, dispatch_id, dispatch_line_id, quantity, unit_cost, observations,
                              balance_quantity, balance_average)
       SELECT $1, 'DISPATCH', $2, $3, $4::numeric, b.average_cost, $5, b.quantity - $4::numeric, b.average_cost
         FROM before b
       RETURNING *
     ), balance AS (
       UPDATE product_balances p
          SET quantity = m.balance_quantity, last_movement_id = m.id, updated_at = now()
         FROM m WHERE p.product_id = m.product_id
       RETURNING p.product_id
     )
     SELECT ${POSTED} FROM m JOIN balance ON balance.product_id = m.product_id`,
    [line.productId, line.dispatchId, line.dispatchLineId, line.quantity, line.observations],
  );
  if (rows.length !== 1) throw new Error(`El saldo del producto ${line.productId} no estaba bloqueado antes de registrar la salida.`);
  return toPosted(rows[0]);
}

// ---- reads -------------------------------------------------------------------------------

export interface StockRow {
  availableQuantity: string;
  averagePrice: string;
  value: string;
  hasMovements: boolean;
}

/** The balance of one product in O(1) (its balance row), or null when the product does not exist. */
export async function readStock(db: Queryable, productId: number): Promise<StockRow | null> {
  const { rows } = await db.query<StockRow>(
    `SELECT trim_scale(coalesce(b.quantity, 0))::text AS "availableQuantity",
            trim_scale(coalesce(b.average_cost, 0))::text AS "averagePrice",
            trim_scale(coalesce(b.value, 0))::text AS value,
            b.last_movement_id IS NOT NULL AS "hasMovements"
       FROM products p LEFT JOIN product_balances b ON b.product_id = p.id
      WHERE p.id = $1`,
    [productId],
  );
  return rows[0] ?? null;
}

/** A movement as the API shows it (product spec §3 plus what a kardex needs). Decimals as text. */
export interface MovementView {
  id: number;
  productId: number;
  productName: string;
  price: string;
  quantity: string;
  amount: string;
  movementType: MovementType;
  observations: string | null;
  documentId: number;
  documentDate: string;
  balanceQuantity: string;
  balanceAverage: string;
  balanceValue: string;
  recordedAt: Date;
}

const SELECT_MOVEMENT = `
  SELECT m.id::text AS id, m.product_id AS "productId", p.name AS "productName",
         trim_scale(m.unit_cost)::text AS price, trim_scale(m.quantity)::text AS quantity,
         trim_scale(m.amount)::text AS amount, m.movement_type AS "movementType", m.observations,
         coalesce(m.invoice_id, m.dispatch_id) AS "documentId",
         coalesce(i.invoice_date, d.dispatch_date) AS "documentDate",
         trim_scale(m.balance_quantity)::text AS "balanceQuantity",
         trim_scale(m.balance_average)::text AS "balanceAverage",
         trim_scale(m.balance_value)::text AS "balanceValue",
         m.recorded_at AS "recordedAt"
    FROM movements m
    JOIN products p ON p.id = m.product_id
    LEFT JOIN invoices i ON i.id = m.invoice_id
    LEFT JOIN dispatches d ON d.id = m.dispatch_id`;

const toView = (row: MovementView & { id: number | string }): MovementView => ({ ...row, id: Number(row.id) });

/** Movements in ledger (registration) order. */
export async function movementsOfProduct(db: Queryable, productId: number): Promise<MovementView[]> {
  const { rows } = await db.query<MovementView>(`${SELECT_MOVEMENT} WHERE m.product_id = $1 ORDER BY m.id`, [productId]);
  return rows.map(toView);
}

export async function movementsOfInvoice(db: Queryable, invoiceId: number): Promise<MovementView[]> {
  const { rows } = await db.query<MovementView>(`${SELECT_MOVEMENT} WHERE m.invoice_id = $1 ORDER BY m.id`, [invoiceId]);
  return rows.map(toView);
}

export async function movementsOfDispatch(db: Queryable, dispatchId: number): Promise<MovementView[]> {
  const { rows } = await db.query<MovementView>(`${SELECT_MOVEMENT} WHERE m.dispatch_id = $1 ORDER BY m.id`, [dispatchId]);
  return rows.map(toView);
}
