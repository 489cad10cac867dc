// The resolved users of recent calls, per process, so that the access check of most calls needs
// no query: without it, reading app_users would be one of the two queries of every stock lookup.
//
// A person's roles and whether their account is active count from their next call (SECURITY.md),
// also when another API process made the change. So an entry is only ever served while this
// process is LISTENing on 'almacen_app_users', which a trigger notifies in the very transaction
// of every change to app_users except the last access (migration 0054):
// - a notification forgets that person (by row id; '*' forgets everyone);
// - a change made by THIS process is forgotten right after its commit too (`forget`), without
//   waiting for the notification to come back: in the process that made the change it counts
//   from the very next call. In the OTHER processes it counts once the notification arrives —
//   PostgreSQL sends it at COMMIT, and it takes milliseconds (more on a saturated machine); a
//   call that reaches another process within that time is still answered with the old roles;
// - while the listening connection is not up — not yet connected, broken, or not answering its
//   health check — nothing is served from memory and nothing is kept: every call reads the
//   table, as before. Losing the connection forgets everything, because notifications sent
//   meanwhile are lost; the connection is opened again with a growing pause (at most 10 s);
// - a read that was under way when anything was forgotten is not kept (the generation counter):
//   it may predate the change;
// - and an entry is read again after MAX_AGE_MS anyway.
// The last access is still written at most once a minute per person, but after the answer (not
// on the call's path), and its failure is only logged.
import pg from 'pg';
import type { Db } from '../db/pool';
import { seeUser, type AppUser, type SeenPerson } from './users';

export const CHANNEL = 'almacen_app_users';
/** An entry is read from the table again after this long, whatever the notifications say. */
export const MAX_AGE_MS = 60_000;
/** At most this many people are kept (the oldest entry goes first). */
export const MAX_ENTRIES = 10_000;
/** The listening connection is asked `SELECT 1` this often; no answer within the same time = down. */
export const HEALTH_CHECK_MS = 5_000;
const RECONNECT_MAX_MS = 10_000;
/** The last access is written at most once a minute per person (as seeUser does). */
const LAST_SEEN_GRANULARITY_MS = 60_000;

interface Entry {
  user: AppUser;
  cachedAt: number;
  touching: boolean;
}

export interface UserCacheOptions {
  db: Db;
  /** Where failures of the listening connection and of the last-access write are reported. */
  warn?: (message: string) => void;
}

const keyOf = (issuer: string, sub: string) => `${issuer}\n${sub}`;
const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((r, i) => r === b[i]);

export function createUserCache({ db, warn = () => undefined }: UserCacheOptions) {
  const entries = new Map<string, Entry>();
  const keysById = new Map<number, string>();
  let generation = 0;
  let listening = false;
  let closed = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let healthTimer: NodeJS.Timeout | null = null;
  let retryMs = 250;
  /** Notifications received per user id (bounded), for tests: delivery takes milliseconds. */
  const notified = new Map<number, number>();

  function forgetAll(): void {
    generation++;
    entries.clear();
    keysById.clear();
  }

  function forgetId(id: number): void {
    generation++;
    const key = keysById.get(id);
    keysById.delete(id);
    if (key !== undefined) entries.delete(key);
  }

  function keep(user: AppUser): void {
    const key = keyOf(user.issuer, user.sub);
    if (entries.size >= MAX_ENTRIES && !entries.has(key)) {
      const oldest = entries.keys().next().value as string;
      const gone = entries.get(oldest);
      entries.delete(oldest);
      if (gone) keysById.delete(gone.user.id);
    }
    entries.delete(key);
    entries.set(key, { user, cachedAt: Date.now(), touching: false });
    keysById.set(user.id, key);
  }

  function down(reason: string): void {
    const wasUp = listening;
    listening = false;
    forgetAll();
    if (healthTimer) clearInterval(healthTimer);
    healthTimer = null;
    const old = client;
    client = null;
    old?.removeAllListeners();
    old?.on('error', () => undefined);
    old?.end().catch(() => undefined);
    if (wasUp) warn(`Escucha de cambios de usuarios caída (${reason}): cada llamada consulta la tabla hasta reconectar.`);
    if (!closed && !retryTimer && !poolEnded()) {
      retryTimer = setTimeout(() => {
        retryTimer = null;
        void listen();
      }, retryMs);
      retryTimer.unref();
      retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
    }
  }

  /** The pool was ended without closing the app (a failed start, a test torn down): stop for good. */
  const poolEnded = () => db.ending || db.ended;

  async function listen(): Promise<void> {
    if (closed || client || poolEnded()) return;
    const connection = new pg.Client({ ...db.options, application_name: 'almacen-api-listen', keepAlive: true });
    client = connection;
    connection.on('error', (error) => client === connection && down(error.message));
    connection.on('end', () => client === connection && down('conexión cerrada'));
    connection.on('notification', (message) => {
      if (client !== connection || message.channel !== CHANNEL) return;
      const id = Number(message.payload);
      if (Number.isSafeInteger(id)) {
        forgetId(id);
        if (notified.size >= MAX_ENTRIES && !notified.has(id)) notified.clear();
        notified.set(id, (notified.get(id) ?? 0) + 1);
      } else {
        forgetAll();
      }
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      if (client === connection) down((error as Error).message);
      return;
    }
    if (client !== connection || closed) return;
    // Anything kept before this point could have missed a notification.
    forgetAll();
    listening = true;
    retryMs = 250;
    healthTimer = setInterval(() => {
      const timeout = setTimeout(() => client === connection && down('sin respuesta'), HEALTH_CHECK_MS);
      timeout.unref();
      connection.query('SELECT 1').then(
        () => clearTimeout(timeout),
        (error: Error) => {
          clearTimeout(timeout);
          if (client === connection) down(error.message);
        },
      );
    }, HEALTH_CHECK_MS);
    healthTimer.unref();
  }

  /** Writes the last access after the answer; the entry keeps the new time. */
  function touch(entry: Entry): void {
    if (entry.touching) return;
    entry.touching = true;
    db.query<{ lastSeenAt: Date }>('UPDATE app_users SET last_seen_at = now() WHERE id = $1 RETURNING last_seen_at AS "lastSeenAt"', [
      entry.user.id,
    ]).then(
      ({ rows }) => {
        if (rows[0]) entry.user = { ...entry.user, lastSeenAt: rows[0].lastSeenAt };
        entry.touching = false;
      },
      (error: Error) => {
        entry.touching = false;
        warn(`No se pudo anotar el último acceso: ${error.message}`);
      },
    );
  }

  /**
   * The stored user for a caller, as seeUser (created on first sight, brought up to date with
   * what the token says), from memory when nothing can have changed it (see the top).
   */
  async function see(person: SeenPerson): Promise<AppUser> {
    const key = keyOf(person.issuer, person.sub);
    const entry = listening ? entries.get(key) : undefined;
    if (entry) {
      const stored = entry.user;
      if (
        Date.now() - entry.cachedAt < MAX_AGE_MS &&
        stored.name === person.name &&
        stored.email === person.email &&
        stored.username === person.username &&
        (person.providerRoles === undefined || sameRoles(stored.providerRoles, person.providerRoles))
      ) {
        if (Date.now() - stored.lastSeenAt.getTime() >= LAST_SEEN_GRANULARITY_MS) touch(entry);
        // Let every I/O callback already due run first: a notification that reached the socket
        // together with this request is handled before the entry is served.
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (entries.get(key) === entry && listening) return entry.user;
      } else {
        entries.delete(key);
      }
    }
    const started = generation;
    const wasListening = listening;
    const user = await seeUser(db, person);
    // Kept only if nothing was forgotten meanwhile and the listener was up all along.
    if (wasListening && listening && generation === started) keep(user);
    return user;
  }

  /** Forgets everyone now: call right after committing a change to app_users in this process. */
  function forget(): void {
    forgetAll();
  }

  async function close(): Promise<void> {
    closed = true;
    listening = false;
    forgetAll();
    if (retryTimer) clearTimeout(retryTimer);
    if (healthTimer) clearInterval(healthTimer);
    retryTimer = healthTimer = null;
    const old = client;
    client = null;
    if (old) {
      old.removeAllListeners();
      old.on('error', () => undefined);
      await old.end().catch(() => undefined);
    }
  }

  /** Starts listening (the app's onReady): an app whose start failed never opened the connection. */
  function start(): void {
    void listen();
  }

  return {
    see,
    forget,
    start,
    close,
    /** Whether entries may be served (the listening connection is up): for tests and /healthz-like checks. */
    get listening() {
      return listening;
    },
    get size() {
      return entries.size;
    },
    /** How many change notifications about this user id arrived (tests wait on it: delivery takes milliseconds). */
    notifiedAbout(id: number): number {
      return notified.get(id) ?? 0;
    },
  };
}
