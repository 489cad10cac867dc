// Slows down password guessing (ARCHITECTURE.md, "Identity provider"). Attempts are counted in PostgreSQL (table
// idp_login_failures), so every copy of the API enforces the same limits, and each attempt is
// counted BEFORE its password is checked: reserveAttempt() raises the counts under row locks and
// says whether the check may run, so any number of simultaneous guesses gets at most the free
// ones checked. A check that succeeds, or never runs, gives its reservation back.
//
// Three counts, because each one alone is either too weak or lets anyone lock the owner out:
//  * per username AT an address: 5 free failures, then a wait that starts at 1 minute and doubles
//    up to 15 minutes, during which that address's attempts at that username are refused (429);
//  * per address: 20 free (an office behind one NAT shares it), then the same waits;
//  * per username from anywhere: 10 free, then the username's checks are spaced 5 s apart, and an
//    attempt waits up to 15 s for its turn instead of being refused. Guesses from one address
//    can therefore not lock the owner out from another; guesses spread over many addresses slow
//    every check of that username down to one each 5 s, not to a stop.
// Counts start over after an hour without attempts; a new password clears the username's.
import { isIPv6 } from 'node:net';
import { withTransaction, type Db } from '../db/pool';

export interface LockPolicy {
  /** Failures allowed before any wait. */
  free: number;
  firstWaitSeconds: number;
  maxWaitSeconds: number;
}

export const PAIR_POLICY: LockPolicy = { free: 5, firstWaitSeconds: 60, maxWaitSeconds: 900 };
export const ADDRESS_POLICY: LockPolicy = { free: 20, firstWaitSeconds: 60, maxWaitSeconds: 900 };
export const USER_POLICY = { free: 10, spacingSeconds: 5, maxHoldSeconds: 15 };
const FORGET_AFTER = '1 hour';

/** Seconds an address must wait after `failures` failures before its next attempt is checked. */
export function waitSeconds(failures: number, policy: LockPolicy): number {
  if (failures < policy.free) return 0;
  return Math.min(policy.firstWaitSeconds * 2 ** (failures - policy.free), policy.maxWaitSeconds);
}

/**
 * The address an attempt is counted against. An IPv6 client usually owns a whole /64 and could
 * take a fresh address for every guess, so IPv6 addresses count by their /64.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

export interface AttemptKeys {
  pair: string;
  address: string;
  user: string;
}

export function keysFor(username: string, ip: string): AttemptKeys {
  const address = addressKey(ip);
  // An address never contains '|', so the pair key cannot be read two ways.
  return { pair: `pair:${address}|${username}`, address: `ip:${address}`, user: `user:${username}` };
}

export interface KeyState {
  /** Attempts counted (0 when forgotten or new). */
  failures: number;
  /** Seconds since the last counted attempt. */
  elapsed: number;
  /** Username keys: seconds until its next check may run (negative or null: now). */
  nextCheckIn: number | null;
}

export type Decision =
  | { allowed: false; waitSeconds: number }
  /** `delaySeconds`: wait this long, then check; `nextCheckIn`: the username's next turn after this one, if spaced. */
  | { allowed: true; delaySeconds: number; nextCheckIn: number | null };

/** Whether an attempt may be checked, given the counts as they are under lock. */
export function decide(state: Record<keyof AttemptKeys, KeyState>): Decision {
  const wait = Math.max(
    waitSeconds(state.pair.failures, PAIR_POLICY) - state.pair.elapsed,
    waitSeconds(state.address.failures, ADDRESS_POLICY) - state.address.elapsed,
  );
  if (wait > 0) return { allowed: false, waitSeconds: Math.ceil(wait) };
  if (state.user.failures < USER_POLICY.free) return { allowed: true, delaySeconds: 0, nextCheckIn: null };
  const delay = Math.max(0, state.user.nextCheckIn ?? 0);
  if (delay > USER_POLICY.maxHoldSeconds) return { allowed: false, waitSeconds: Math.ceil(delay - USER_POLICY.maxHoldSeconds) };
  return { allowed: true, delaySeconds: delay, nextCheckIn: delay + USER_POLICY.spacingSeconds };
}

export type Reservation = { allowed: false; waitSeconds: number } | { allowed: true; delaySeconds: number; keys: AttemptKeys };

/** Counts this attempt if it may be checked now or after `delaySeconds`; otherwise says how long to wait. */
export async function reserveAttempt(db: Db, username: string, ip: string): Promise<Reservation> {
  const keys = keysFor(username, ip);
  const names = Object.values(keys).sort();
  return withTransaction(db, async (trx) => {
    // Inserting (or touching) the rows locks them, in one order for everyone (no deadlock), and
    // RETURNING reads their latest values even if they changed after this statement began.
    const { rows } = await trx.query<{ key: string; failures: number; elapsed: number; next_check_in: number | null }>(
      `INSERT INTO idp_login_failures AS f (key, failures, last_failure_at)
       SELECT key, 0, now() FROM unnest($1::text[]) AS key
       ON CONFLICT (key) DO UPDATE SET failures = f.failures
       RETURNING f.key,
                 CASE WHEN f.last_failure_at > now() - interval '${FORGET_AFTER}' THEN f.failures ELSE 0 END AS failures,
                 extract(epoch FROM now() - f.last_failure_at)::float8 AS elapsed,
                 extract(epoch FROM f.next_check_at - now())::float8 AS next_check_in`,
      [names],
    );
    const state = (key: string): KeyState => {
      const row = rows.find((r) => r.key === key)!;
      return { failures: row.failures, elapsed: row.elapsed, nextCheckIn: row.next_check_in };
    };
    const decision = decide({ pair: state(keys.pair), address: state(keys.address), user: state(keys.user) });
    if (!decision.allowed) {
      await trx.query('DELETE FROM idp_login_failures WHERE key = ANY($1) AND failures = 0', [names]);
      return decision;
    }
    await trx.query(
      `UPDATE idp_login_failures
          SET failures = CASE WHEN last_failure_at > now() - interval '${FORGET_AFTER}' THEN failures + 1 ELSE 1 END,
              last_failure_at = now(),
              next_check_at = CASE WHEN key = $2 AND $3::float8 IS NOT NULL THEN now() + make_interval(secs => $3::float8) ELSE next_check_at END
        WHERE key = ANY($1)`,
      [names, keys.user, decision.nextCheckIn],
    );
    return { allowed: true, delaySeconds: decision.delaySeconds, keys };
  });
}

/** Takes the reservation back from the given counts (rows locked in key order, as above). */
async function giveBack(db: Db, keys: string[]): Promise<void> {
  const names = [...keys].sort();
  await withTransaction(db, async (trx) => {
    await trx.query('SELECT 1 FROM idp_login_failures WHERE key = ANY($1) ORDER BY key FOR UPDATE', [names]);
    await trx.query('UPDATE idp_login_failures SET failures = failures - 1 WHERE key = ANY($1) AND failures > 0', [names]);
  });
}

/** The password was never checked (e.g. the server was too busy): the attempt does not count. */
export async function releaseAttempt(db: Db, keys: AttemptKeys): Promise<void> {
  await giveBack(db, [keys.pair, keys.address, keys.user]);
}

/**
 * The right password: this attempt was no failure, and the username's own count (failures from
 * anywhere) starts over. The address's earlier failures at this username still count for their
 * hour, so a success among simultaneous guesses cannot hand out a fresh allowance.
 */
export async function recordSuccess(db: Db, keys: AttemptKeys): Promise<void> {
  await giveBack(db, [keys.pair, keys.address]);
  await db.query('DELETE FROM idp_login_failures WHERE key = $1', [keys.user]);
}
