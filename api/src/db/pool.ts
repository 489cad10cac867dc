// The database handle and the one way to run a write: inside a transaction.
// Numbers never pass through binary floating point: `numeric` (and bigint) columns arrive as
// strings (pg's default, kept on purpose) and `date` columns as their 'YYYY-MM-DD' text, because
// a JS Date would shift calendar dates across time zones.
import pg from 'pg';

const DATE_OID = 1082;
pg.types.setTypeParser(DATE_OID, (value: string) => value);

export type Db = pg.Pool;
/** A client inside an open transaction; repository functions take it first. */
export type Trx = pg.PoolClient;
/** What a read needs: the pool or an open transaction. */
export type Queryable = Pick<Trx, 'query'>;

export interface PoolOptions {
  max?: number;
  applicationName?: string;
}

export function createPool(connectionString: string, { max = 10, applicationName = 'almacen-api' }: PoolOptions = {}): Db {
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: applicationName,
    // A query never waits forever on a lock: the client gets an answer instead of a hung request.
    statement_timeout: 30_000,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  });
  // An idle client losing its connection (database restart) must not crash the process; the
  // pool drops it and the next query opens a new one.
  pool.on('error', () => undefined);
  return pool;
}

/** PostgreSQL codes after which the whole transaction can safely be run again. */
const RETRYABLE = new Set(['40001' /* serialization_failure */, '40P01' /* deadlock_detected */]);

export interface TransactionOptions {
  /** Total attempts when PostgreSQL aborts the transaction for a deadlock or serialization failure. */
  attempts?: number;
  isolation?: 'READ COMMITTED' | 'REPEATABLE READ' | 'SERIALIZABLE';
}

/**
 * Runs `work` in one transaction: COMMIT when it resolves, ROLLBACK when it throws. A deadlock
 * or serialization failure re-runs `work` from the start (everything it did was rolled back),
 * so such errors never reach the client; `work` must therefore have no effects outside `trx`.
 */
export async function withTransaction<T>(
  db: Db,
  work: (trx: Trx) => Promise<T>,
  { attempts = 3, isolation }: TransactionOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const trx = await db.connect();
    let broken = false;
    try {
      await trx.query(isolation ? `BEGIN ISOLATION LEVEL ${isolation}` : 'BEGIN');
      const result = await work(trx);
      await trx.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await trx.query('ROLLBACK');
      } catch {
        // The connection itself failed: do not hand it back to the pool.
        broken = true;
      }
      const code = (error as { code?: string }).code;
      if (code && RETRYABLE.has(code) && attempt < attempts) continue;
      throw error;
    } finally {
      trx.release(broken ? true : undefined);
    }
  }
}

/** True when PostgreSQL answers a trivial query. */
export async function isDatabaseUp(db: Db): Promise<boolean> {
  try {
    await db.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}
