// Slows down password guessing (ARCHITECTURE §7). Failures are counted per username and per
// client address in PostgreSQL (table idp_login_failures), so every copy of the API enforces the
// same limits. Past a few free failures each new one doubles the wait before the next attempt is
// even checked, up to 15 minutes; counts start over after an hour without failures, and a
// successful sign-in clears the username's count. An address gets more free failures than a
// username because several people may share one (an office behind NAT).
import type { Db } from '../db/pool';

export interface ThrottlePolicy {
  /** Failures allowed before any wait. */
  free: number;
  maxWaitSeconds: number;
}

export const USER_POLICY: ThrottlePolicy = { free: 5, maxWaitSeconds: 900 };
export const ADDRESS_POLICY: ThrottlePolicy = { free: 20, maxWaitSeconds: 900 };
const FORGET_AFTER = '1 hour';

export function waitSeconds(failures: number, policy: ThrottlePolicy): number {
  if (failures < policy.free) return 0;
  return Math.min(2 ** (failures - policy.free), policy.maxWaitSeconds);
}

const keysFor = (username: string, address: string) => [
  { key: `user:${username}`, policy: USER_POLICY },
  { key: `ip:${address}`, policy: ADDRESS_POLICY },
];

/** Seconds the caller must still wait before this attempt may be checked (0 = go ahead). */
export async function remainingWait(db: Db, username: string, address: string): Promise<number> {
  const keys = keysFor(username, address);
  const { rows } = await db.query<{ key: string; failures: number; elapsed: string }>(
    `SELECT key, failures, extract(epoch FROM now() - last_failure_at) AS elapsed
       FROM idp_login_failures
      WHERE key = ANY($1) AND last_failure_at > now() - interval '${FORGET_AFTER}'`,
    [keys.map((k) => k.key)],
  );
  let wait = 0;
  for (const row of rows) {
    const policy = keys.find((k) => k.key === row.key)!.policy;
    wait = Math.max(wait, waitSeconds(row.failures, policy) - Number(row.elapsed));
  }
  return Math.max(0, Math.ceil(wait));
}

export async function recordFailure(db: Db, username: string, address: string): Promise<void> {
  for (const { key } of keysFor(username, address)) {
    await db.query(
      `INSERT INTO idp_login_failures (key, failures, last_failure_at) VALUES ($1, 1, now())
       ON CONFLICT (key) DO UPDATE
         SET failures = CASE WHEN idp_login_failures.last_failure_at < now() - interval '${FORGET_AFTER}' THEN 1
                             ELSE idp_login_failures.failures + 1 END,
             last_failure_at = now()`,
      [key],
    );
  }
}

export async function recordSuccess(db: Db, username: string): Promise<void> {
  await db.query('DELETE FROM idp_login_failures WHERE key = $1', [`user:${username}`]);
}
