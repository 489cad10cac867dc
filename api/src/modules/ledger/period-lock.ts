// The month closing's lock on a warehouse's ledger (0019_period_closings.sql; per warehouse since
// 0065: each plantel closes its own month). Every document transaction (entry, exit,
// cancellation, transfer) takes its warehouse's PERIOD_LOCK shared and then reads the closed
// date; a closing or a reopening of that warehouse takes it exclusive. Shared holders never wait for each other,
// so documents do not queue behind one another; a closing waits until the documents already
// under way commit, and a document that starts while a closing runs waits for it and then sees
// it (READ COMMITTED: the statement after the lock reads a fresh snapshot). No document dated
// in a closed month can slip in between.
// The refusal's sentence is shared: the wizards show the same one under a date in a closed month.
import { periodClosedMessage } from '@almacen/shared/domain';
import type { Trx } from '../../db/pool';
import { AppError } from '../../http/errors';

/**
 * Arbitrary constant ("cierre" in ASCII, cut to an int4), shared by every copy of the API: the
 * first key of the two-key advisory lock whose second key is the warehouse.
 */
export const PERIOD_LOCK = 991051011;

/** Takes a warehouse's closing lock for the rest of the transaction: shared by documents, exclusive by a closing. */
export async function lockPeriods(trx: Trx, warehouseId: number, exclusive: boolean): Promise<void> {
  await trx.query(`SELECT ${exclusive ? 'pg_advisory_xact_lock' : 'pg_advisory_xact_lock_shared'}($1::integer, $2::integer)`, [
    PERIOD_LOCK,
    warehouseId,
  ]);
}

/** The last closed date (YYYY-MM-DD) of a warehouse's standing closings, or null. */
export async function closedUntil(db: Pick<Trx, 'query'>, warehouseId: number): Promise<string | null> {
  const { rows } = await db.query<{ until: string | null }>(
    `SELECT to_char(max(until), 'YYYY-MM-DD') AS until FROM period_closings WHERE warehouse_id = $1 AND reopened_at IS NULL`,
    [warehouseId],
  );
  return rows[0]?.until ?? null;
}

/**
 * Inside a document's transaction: refuses with 409 a new document in an inactive warehouse. The
 * row is held FOR KEY SHARE until commit, like every other reference of the document.
 */
export async function assertWarehouseOpen(trx: Trx, warehouseId: number): Promise<void> {
  const { rows } = await trx.query<{ name: string; active: boolean }>('SELECT name, active FROM warehouses WHERE id = $1 FOR KEY SHARE', [
    warehouseId,
  ]);
  if (rows[0] && !rows[0].active) {
    throw new AppError('WAREHOUSE_INACTIVE', `El almacén «${rows[0].name}» está inactivo: no admite documentos nuevos.`);
  }
}

/**
 * Inside a document's transaction: takes the warehouse's closing lock shared and refuses with 409
 * a document dated on or before its last closed date. `field` names the date in the answer.
 */
export async function assertPeriodOpen(trx: Trx, warehouseId: number, documentDate: string, field: string): Promise<void> {
  await lockPeriods(trx, warehouseId, false);
  const until = await closedUntil(trx, warehouseId);
  if (until !== null && documentDate <= until) {
    const message = periodClosedMessage(until);
    throw new AppError('PERIOD_CLOSED', message, { [field]: message });
  }
}
