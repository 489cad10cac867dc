// What the ledger shows: a product's balance, the movements of a product or of one document, and
// the columns a history adds for a document's cancellation. Decimals leave as text, trimmed of
// trailing zeros (trim_scale); nothing here writes.
import type { MovementType } from '@almacen/shared/domain';
import type { Queryable } from '../../db/pool';
import type { PageRequest } from '../../http/paging';

export interface StockRow {
  availableQuantity: string;
  averagePrice: string;
  value: string;
  hasMovements: boolean;
}

/** A product's balance in warehouse $1 as the API shows it (StockRow), from `products p` joined to its balance row. */
const STOCK_SELECT = `trim_scale(coalesce(b.quantity, 0))::text AS "availableQuantity",
            trim_scale(coalesce(b.average_cost, 0))::text AS "averagePrice",
            trim_scale(coalesce(b.value, 0))::text AS value,
            b.last_movement_id IS NOT NULL AS "hasMovements"
       FROM products p LEFT JOIN product_balances b ON b.warehouse_id = $1 AND b.product_id = p.id`;

/** The balance of one product in a warehouse in O(1) (its balance row), or null when the product does not exist. */
export async function readStock(db: Queryable, warehouseId: number, productId: number): Promise<StockRow | null> {
  const { rows } = await db.query<StockRow>(`SELECT ${STOCK_SELECT} WHERE p.id = $2`, [warehouseId, productId]);
  return rows[0] ?? null;
}

/** The balances of `productIds` in one statement: product id → its row; an unknown id has none. */
export async function readStocks(db: Queryable, warehouseId: number, productIds: number[]): Promise<Map<number, StockRow>> {
  const { rows } = await db.query<StockRow & { productId: number }>(
    `SELECT p.id AS "productId", ${STOCK_SELECT} WHERE p.id = ANY($2::integer[])`,
    [warehouseId, productIds],
  );
  return new Map(rows.map(({ productId, ...stock }) => [productId, stock]));
}

/** A movement as the API shows it. Decimals as text. */
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
  /** The date the movement counts on: the document's, the count's cut-off, a cancellation's registration day. */
  dated: string;
  balanceQuantity: string;
  balanceAverage: string;
  balanceValue: string;
  recordedAt: Date;
}

const SELECT_MOVEMENT = `
  SELECT m.id::text AS id, m.product_id AS "productId", p.name AS "productName",
         trim_scale(m.unit_cost)::text AS price, trim_scale(m.quantity)::text AS quantity,
         trim_scale(m.amount)::text AS amount, m.movement_type AS "movementType", m.observations,
         coalesce(m.invoice_id, m.dispatch_id, m.inventory_count_id, m.transfer_id) AS "documentId",
         coalesce(i.invoice_date, d.dispatch_date, ic.cutoff_date, x.transfer_date) AS "documentDate", to_char(m.dated, 'YYYY-MM-DD') AS dated,
         trim_scale(m.balance_quantity)::text AS "balanceQuantity",
         trim_scale(m.balance_average)::text AS "balanceAverage",
         trim_scale(m.balance_value)::text AS "balanceValue",
         m.recorded_at AS "recordedAt"
    FROM movements m
    JOIN products p ON p.id = m.product_id
    LEFT JOIN invoices i ON i.id = m.invoice_id
    LEFT JOIN dispatches d ON d.id = m.dispatch_id
    LEFT JOIN inventory_counts ic ON ic.id = m.inventory_count_id
    LEFT JOIN transfers x ON x.id = m.transfer_id`;

const toView = (row: MovementView & { id: number | string }): MovementView => ({ ...row, id: Number(row.id) });

type MovementOwner = 'invoice_id' | 'dispatch_id' | 'cancellation_id' | 'inventory_count_id';

/** The movements whose `column` is `id` (a product, or the document that posted them), in ledger order. */
async function movementsWhere(db: Queryable, column: MovementOwner, id: number): Promise<MovementView[]> {
  const { rows } = await db.query<MovementView>(`${SELECT_MOVEMENT} WHERE m.${column} = $1 ORDER BY m.id`, [id]);
  return rows.map(toView);
}

/** A product's movements in a warehouse, in ledger (registration) order. */
export async function movementsOfProduct(db: Queryable, warehouseId: number, productId: number): Promise<MovementView[]> {
  const { rows } = await db.query<MovementView>(`${SELECT_MOVEMENT} WHERE m.warehouse_id = $1 AND m.product_id = $2 ORDER BY m.id`, [
    warehouseId,
    productId,
  ]);
  return rows.map(toView);
}

/**
 * One page of a product's movements, newest first: `limit + 1` rows with an id below the cursor
 * (null: from the newest), the extra one telling pageOf that more follow. A backward scan of
 * movements_product_id_idx (warehouse_id, product_id, id), so a page costs the same with 100
 * movements as with 100,000.
 */
export async function movementPageOfProduct(
  db: Queryable,
  warehouseId: number,
  productId: number,
  { limit, cursor }: PageRequest,
): Promise<MovementView[]> {
  const { rows } = await db.query<MovementView>(
    `${SELECT_MOVEMENT} WHERE m.warehouse_id = $1 AND m.product_id = $2 AND ($3::bigint IS NULL OR m.id < $3::bigint)
      ORDER BY m.id DESC LIMIT $4`,
    [warehouseId, productId, cursor, limit + 1],
  );
  return rows.map(toView);
}

export const movementsOfInvoice = (db: Queryable, invoiceId: number) => movementsWhere(db, 'invoice_id', invoiceId);

export const movementsOfDispatch = (db: Queryable, dispatchId: number) => movementsWhere(db, 'dispatch_id', dispatchId);

export const movementsOfCancellation = (db: Queryable, cancellationId: number) => movementsWhere(db, 'cancellation_id', cancellationId);

/** The columns a history list adds for a document's cancellation (alias `c`). */
export const CANCELLATION_COLUMNS = `c.reason AS "cancellationReason", c.cancelled_at AS "cancelledAt",
  c.cancelled_by AS "cancelledBySub", c.cancelled_by_name AS "cancelledByName"`;

export interface CancellationColumns {
  cancellationReason: string | null;
  cancelledAt: Date | null;
  cancelledBySub: string | null;
  cancelledByName: string | null;
}

export interface CancellationView {
  reason: string;
  cancelledAt: Date;
  cancelledBy: { sub: string; name: string };
}

/** Folds the flat columns into { status, cancellation } as the histories answer them. */
export function withStatus<T extends CancellationColumns>({
  cancellationReason,
  cancelledAt,
  cancelledBySub,
  cancelledByName,
  ...rest
}: T) {
  const cancellation: CancellationView | null =
    cancellationReason === null || cancelledAt === null
      ? null
      : { reason: cancellationReason, cancelledAt, cancelledBy: { sub: cancelledBySub ?? '', name: cancelledByName ?? '' } };
  return { ...rest, status: cancellation ? ('CANCELADA' as const) : ('REGISTRADA' as const), cancellation };
}

export const movementsOfInventoryCount = (db: Queryable, countId: number) => movementsWhere(db, 'inventory_count_id', countId);
