// A report reads the ledger through ONE read-only REPEATABLE READ transaction: its header, its
// rows and its totals all come from the same snapshot, so a document registered while a long
// kardex is being written can never make the totals disagree with the rows.
//
// Rows come through a server-side cursor (DECLARE … / FETCH n): PostgreSQL keeps the result,
// Node holds one batch at a time, so memory does not grow with the number of rows.
import type { Db, Trx } from '../../db/pool';

export const BATCH_SIZE = 250;

export interface Snapshot {
  /** A small query (header, totals) inside the snapshot. */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** The rows of `sql` in batches of `batchSize`, read through a cursor. Iterate once. */
  cursor<T>(sql: string, params?: unknown[], batchSize?: number): AsyncIterable<T[]>;
  /** Ends the transaction and gives the connection back. Safe to call more than once. */
  close(): Promise<void>;
}

export async function openSnapshot(db: Db): Promise<Snapshot> {
  const client: Trx = await db.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  } catch (error) {
    client.release(true);
    throw error;
  }
  let closed = false;
  let broken = false;
  let cursors = 0;

  return {
    async query<T>(sql: string, params: unknown[] = []) {
      try {
        return (await client.query(sql, params)).rows as T[];
      } catch (error) {
        broken = true;
        throw error;
      }
    },

    cursor<T>(sql: string, params: unknown[] = [], batchSize = BATCH_SIZE): AsyncIterable<T[]> {
      const name = `report_cursor_${++cursors}`;
      return {
        async *[Symbol.asyncIterator]() {
          let open = false;
          try {
            await client.query(`DECLARE ${name} NO SCROLL CURSOR FOR ${sql}`, params);
            open = true;
            for (;;) {
              const { rows } = await client.query(`FETCH FORWARD ${batchSize} FROM ${name}`);
              if (rows.length) yield rows as T[];
              if (rows.length < batchSize) break;
            }
          } catch (error) {
            broken = true;
            throw error;
          } finally {
            // Also reached when the consumer stops early (the client went away).
            if (open && !broken && !closed) await client.query(`CLOSE ${name}`).catch(() => (broken = true));
          }
        },
      };
    },

    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.query(broken ? 'ROLLBACK' : 'COMMIT');
        client.release();
      } catch {
        client.release(true);
      }
    },
  };
}
