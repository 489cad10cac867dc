// A report reads the ledger through ONE read-only REPEATABLE READ transaction: its header, its
// rows and its totals all come from the same snapshot, so a document registered while a long
// kardex is being written can never make the totals disagree with the rows.
//
// Rows come through a server-side cursor (DECLARE … / FETCH n): PostgreSQL keeps the result,
// Node holds one batch at a time, so memory does not grow with the number of rows.
//
// The transaction lasts only while the rows are copied into the report's spool (spool.ts), never
// while a client downloads: withSnapshot() closes it on every path, whatever `work` does.
import type { Db, Queryable, Trx } from '../../db/pool';

/** What pg_stat_activity shows for a connection while it holds a report's snapshot. */
export const REPORT_APPLICATION_NAME = 'almacen-api (reporte)';

export const BATCH_SIZE = 250;

export interface Snapshot {
  /** A small query (header, totals) inside the snapshot. */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** The rows of `sql` in batches of `batchSize`, read through a cursor. Iterate once. */
  cursor<T>(sql: string, params?: unknown[], batchSize?: number): AsyncIterable<T[]>;
  /** Ends the transaction and gives the connection back. Safe to call more than once. */
  close(): Promise<void>;
}

/** The snapshot as the modules' reads take a connection (`query` answering `{ rows }`). */
export const asQueryable = (snapshot: Snapshot): Queryable => ({
  query: (async (sql: string, params?: unknown[]) => ({ rows: await snapshot.query(sql, params) })) as unknown as Queryable['query'],
});

export async function openSnapshot(db: Db): Promise<Snapshot> {
  const client: Trx = await db.connect();
  try {
    // One round trip; SET LOCAL ends with the transaction, so the pooled connection is named as before.
    await client.query(`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SET LOCAL application_name = '${REPORT_APPLICATION_NAME}'`);
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

/** Runs `work` inside a snapshot and closes it (COMMIT, or ROLLBACK after a failed query) however `work` ends. */
export async function withSnapshot<T>(db: Db, work: (snapshot: Snapshot) => Promise<T> | T): Promise<T> {
  const snapshot = await openSnapshot(db);
  try {
    return await work(snapshot);
  } finally {
    await snapshot.close();
  }
}
