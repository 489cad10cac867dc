// The month closing's lock on the ledger (0019_period_closings.sql). Every document
// transaction (entry, exit, cancellation) takes PERIOD_LOCK shared and then reads the closed
// date; a closing or a reopening takes it exclusive. Shared holders never wait for each other,
// so documents do not queue behind one another; a closing waits until the documents already
// under way commit, and a document that starts while a closing runs waits for it and then sees
// it (READ COMMITTED: the statement after the lock reads a fresh snapshot). No document dated
// in a closed month can slip in between.
// The refusal's sentence is shared: the wizards show the same one under a date in a closed month.
import { periodClosedMessage } from '@almacen/shared/domain';
import type { Trx } from '../../db/pool';
import { AppError } from '../../http/errors';

/** Arbitrary constant: "cierre" in ASCII, shared by every copy of the API. */
export const PERIOD_LOCK = '99105101114114101';

/** The last closed date (YYYY-MM-DD) of the standing closings, or null. */
export async function closedUntil(db: Pick<Trx, 'query'>): Promise<string | null> {
  const { rows } = await db.query<{ until: string | null }>(
    `SELECT to_char(max(until), 'YYYY-MM-DD') AS until FROM period_closings WHERE reopened_at IS NULL`,
  );
  return rows[0]?.until ?? null;
}

/**
 * Inside a document's transaction: takes the closing lock shared and refuses with 409 a
 * document dated on or before the last closed date. `field` names the date in the answer.
 */
export async function assertPeriodOpen(trx: Trx, documentDate: string, field: string): Promise<void> {
  await trx.query('SELECT pg_advisory_xact_lock_shared($1)', [PERIOD_LOCK]);
  const until = await closedUntil(trx);
  if (until !== null && documentDate <= until) {
    const message = periodClosedMessage(until);
    throw new AppError('PERIOD_CLOSED', message, { [field]: message });
  }
}
