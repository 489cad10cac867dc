// Tests of the stock at a date need movements registered on past days. The API registers
// everything "now", so these helpers move the registration time of the movements a test just
// posted to a chosen local time (APP_TIME_ZONE), keeping the real order: times are given in
// the order the documents were posted, never earlier than the previous ones, as a clock would.
// The ledger refuses UPDATE by trigger, so the owner connection switches ordinary triggers off
// for that one statement's session (session_replication_role = replica): a test-only rewind of
// the clock, not something the API could ever do.
import type { TestApp } from '../helpers/test-app';

export interface Clock {
  /** Registers everything posted since the last call at `local` ("2025-03-31 23:59:59.999"). */
  at(local: string): Promise<void>;
}

export async function lastMovementId(t: TestApp): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM movements');
  return rows[0].id;
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
        // The summary's monthly totals (0055) follow the rewound clock: recomputed from the movements.
        await client.query('SELECT stock_month_totals_rebuild(time_zone) FROM stock_month_totals_zone');
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
