// Tests of dates need movements registered on past days. The API registers everything "now", so
// these helpers move the registration time of the movements a test just posted to a chosen local
// time (APP_TIME_ZONE), keeping the real order: times are given in the order the documents were
// posted, never earlier than the previous ones, as a clock would. A cancellation counts on the day
// it is registered, so its movements' date moves with the clock too, and the sums PostgreSQL keeps
// per month (stock_month_totals, stock_product_months) are recomputed from the movements.
// The ledger refuses UPDATE by trigger, so the owner connection switches ordinary triggers off
// for that one statement's session (session_replication_role = replica): a test-only rewind of
// the clock, not something the API could ever do.
import type { TestApp } from '../../helpers/test-app';

export interface Clock {
  /** Registers everything posted since the last call at `local` ("2025-03-31 23:59:59.999"). */
  at(local: string): Promise<void>;
}

export async function lastMovementId(t: TestApp): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM movements');
  return rows[0].id;
}

/** Recomputes the monthly sums PostgreSQL keeps from the movements (owner, triggers off). */
export async function rebuildMonthSums(client: Pick<TestApp['db'], 'query'>): Promise<void> {
  await client.query('DELETE FROM stock_month_totals');
  await client.query(
    `INSERT INTO stock_month_totals (month, movement_type, documents, amount)
     SELECT date_trunc('month', m.dated)::date, m.movement_type, count(DISTINCT coalesce(m.invoice_id, m.dispatch_id)), sum(round(m.amount, 2))
       FROM movements m WHERE m.movement_type IN ('INVOICE', 'INVOICE_CANCELLATION', 'DISPATCH', 'DISPATCH_CANCELLATION') GROUP BY 1, 2`,
  );
  await client.query('DELETE FROM stock_product_months');
  await client.query(
    `INSERT INTO stock_product_months (product_id, month, quantity, value)
     SELECT product_id, date_trunc('month', dated)::date, sum(movement_sign(movement_type) * quantity), sum(movement_sign(movement_type) * amount)
       FROM movements GROUP BY 1, 2`,
  );
}

export async function registrationClock(t: TestApp): Promise<Clock> {
  let last = await lastMovementId(t);
  return {
    async at(local: string) {
      const client = await t.db.connect();
      try {
        await client.query('BEGIN');
        await client.query('SET LOCAL session_replication_role = replica');
        await client.query('UPDATE movements SET recorded_at = ($1::timestamp AT TIME ZONE $2) WHERE id > $3::bigint', [
          local,
          t.config.timeZone,
          last,
        ]);
        await client.query(
          `UPDATE movements SET dated = (recorded_at AT TIME ZONE $1)::date WHERE id > $2::bigint AND cancellation_id IS NOT NULL`,
          [t.config.timeZone, last],
        );
        await rebuildMonthSums(client);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
      last = await lastMovementId(t);
    },
  };
}
