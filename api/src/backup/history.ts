// The record of backups (table backup_runs, migration 0058): each attempt — by the daily schedule
// or by `npm run backup` — is written, worked or not, by the owner's connection that took it, so
// every copy of the API reads the same «Último respaldo» and /healthz. A scheduled run takes an
// advisory lock and first looks for its slot in the record: with several copies of the API (or a
// separate `npm run backup -- --schedule`) on one database, only one takes each day's backup.
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { BackupRecord, BackupTrigger } from '@almacen/shared/domain-pages';
import type { Config } from '../config';
import { writeBackup, type BackupResult } from './backup';
import { applyRetention } from './retention';

/** A connection to run a query on (a pg client or pool). */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

/** Arbitrary constant shared by every copy of the API, other than the migrations' lock. */
export const BACKUP_LOCK_KEY = '6108417963846991';

export interface BackupAttempt {
  at: Date;
  ok: boolean;
  trigger: BackupTrigger;
  /** The slot of a scheduled run; null for `npm run backup`. */
  scheduledFor: Date | null;
  directory: string;
  fileName: string | null;
  sizeBytes: number | null;
  error: string | null;
}

export async function recordBackup(q: Queryable, attempt: BackupAttempt): Promise<void> {
  await q.query(
    `INSERT INTO backup_runs (at, ok, trigger, scheduled_for, host, directory, file_name, size_bytes, error)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      attempt.at,
      attempt.ok,
      attempt.trigger,
      attempt.scheduledFor,
      os.hostname(),
      attempt.directory,
      attempt.fileName,
      attempt.sizeBytes === null ? null : String(attempt.sizeBytes),
      attempt.error,
    ],
  );
}

interface BackupRow {
  id: string;
  at: Date;
  ok: boolean;
  trigger: BackupTrigger;
  directory: string;
  file_name: string | null;
  size_bytes: string | null;
  error: string | null;
  host: string;
}

const recordOf = (row: BackupRow): BackupRecord => ({
  id: Number(row.id),
  at: row.at.toISOString(),
  ok: row.ok,
  trigger: row.trigger,
  directory: row.directory,
  fileName: row.file_name,
  // A file's size in bytes is far below 2^53: exact as a JSON number.
  sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
  error: row.error,
  host: row.host,
});

const COLUMNS = 'id::text, at, ok, trigger, directory, file_name, size_bytes::text, error, host';

/** The newest `limit` attempts, newest first, worked or not. */
export async function recentBackups(q: Queryable, limit: number): Promise<BackupRecord[]> {
  const { rows } = await q.query<BackupRow>(`SELECT ${COLUMNS} FROM backup_runs ORDER BY at DESC, id DESC LIMIT $1`, [limit]);
  return rows.map(recordOf);
}

/** The latest attempt and the latest that worked (null when there is none). */
export async function lastBackups(q: Queryable): Promise<{ latest: BackupRecord | null; latestOk: BackupRecord | null }> {
  const { rows } = await q.query<BackupRow & { which: string }>(
    `(SELECT 'latest' AS which, ${COLUMNS} FROM backup_runs ORDER BY at DESC, id DESC LIMIT 1)
     UNION ALL
     (SELECT 'latestOk' AS which, ${COLUMNS} FROM backup_runs WHERE ok ORDER BY at DESC, id DESC LIMIT 1)`,
  );
  const find = (which: string) => {
    const row = rows.find((r) => r.which === which);
    return row ? recordOf(row) : null;
  };
  return { latest: find('latest'), latestOk: find('latestOk') };
}

export interface TakenBackup extends BackupResult {
  removed: string[];
  /** Why the attempt could not be recorded (the backup itself worked); null when it was. */
  notRecorded: string | null;
}

/**
 * Writes a backup of `url` (its owner) into BACKUP_DIR, applies the retention and records the
 * attempt through `recorder` (a connection as the owner). A failed backup is recorded, then thrown.
 */
export async function takeBackup({
  url,
  config,
  trigger,
  scheduledFor = null,
  recorder,
}: {
  url: string;
  config: Config;
  trigger: BackupTrigger;
  scheduledFor?: Date | null;
  recorder: Queryable;
}): Promise<TakenBackup> {
  const startedAt = new Date();
  const directory = config.backup.dir;
  let result: BackupResult;
  let removed: string[];
  try {
    result = await writeBackup({ url, dir: directory });
    removed = applyRetention(directory, { ...config.backup, timeZone: config.timeZone });
  } catch (error) {
    const message = (error as Error).message || String(error);
    await recordBackup(recorder, {
      at: startedAt,
      ok: false,
      trigger,
      scheduledFor,
      directory,
      fileName: null,
      sizeBytes: null,
      error: message,
    }).catch(() => undefined);
    throw error;
  }
  let notRecorded: string | null = null;
  try {
    await recordBackup(recorder, {
      at: new Date(result.manifest.createdAt),
      ok: true,
      trigger,
      scheduledFor,
      directory: path.dirname(result.file),
      fileName: path.basename(result.file),
      sizeBytes: result.bytes,
      error: null,
    });
  } catch (error) {
    notRecorded = (error as Error).message;
  }
  return { ...result, removed, notRecorded };
}

export interface BackupLog {
  info(message: string): void;
  error(message: string): void;
}

export type ScheduledOutcome = 'taken' | 'failed' | 'already-taken' | 'busy';

/**
 * The scheduled backup of `slot`: taken only by the copy that holds the lock and finds no record
 * of that slot. Never throws: a failure is logged and recorded.
 */
export async function runScheduledBackup({
  url,
  config,
  slot,
  log,
  catchUp = false,
}: {
  url: string;
  config: Config;
  slot: Date;
  log: BackupLog;
  /** A run missed while no copy was running: a backup that worked since the slot also counts. */
  catchUp?: boolean;
}): Promise<ScheduledOutcome> {
  const client = new pg.Client({ connectionString: url, application_name: 'almacen-respaldo-programado' });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [BACKUP_LOCK_KEY]);
    if (!rows[0].locked) {
      log.info('Respaldo programado: otra copia de Almacén lo está haciendo.');
      return 'busy';
    }
    const { rowCount } = await client.query(
      catchUp
        ? 'SELECT 1 FROM backup_runs WHERE scheduled_for = $1 OR (ok AND at >= $1)'
        : 'SELECT 1 FROM backup_runs WHERE scheduled_for = $1',
      [slot],
    );
    if (rowCount) {
      log.info(
        catchUp
          ? 'Respaldo pendiente: no hace falta, ya hay uno desde la última hora programada.'
          : 'Respaldo programado: otra copia de Almacén ya lo hizo.',
      );
      return 'already-taken';
    }
    try {
      const taken = await takeBackup({ url, config, trigger: 'programado', scheduledFor: slot, recorder: client });
      log.info(`${catchUp ? 'Respaldo pendiente' : 'Respaldo programado'} creado: ${taken.file} (${taken.bytes} bytes).`);
      if (taken.removed.length) log.info(`Retención: se borraron ${taken.removed.join(', ')}.`);
      if (taken.notRecorded) log.error(`El respaldo programado se creó pero no se pudo registrar: ${taken.notRecorded}`);
      return 'taken';
    } catch (error) {
      log.error(`El respaldo programado falló: ${(error as Error).message}`);
      return 'failed';
    }
  } catch (error) {
    // No database to take it from or to record it in: said in the log, tried again the next day.
    log.error(`El respaldo programado falló: ${(error as Error).message}`);
    return 'failed';
  } finally {
    await client.end().catch(() => undefined);
  }
}
