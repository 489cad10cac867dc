// The backups' record (table backup_runs): what "Administración → Respaldos" and /healthz say of
// them. One rule of when they need attention, for the API and the portal alike: the latest
// attempt failed, or the latest good one is older than BACKUP_MAX_AGE_HOURS (two missed nights).

/** Past this age the last good backup is a warning. */
export const BACKUP_MAX_AGE_HOURS = 48;

/** Who took it: the daily schedule (server or `npm run backup -- --schedule`) or `npm run backup`. */
export const BACKUP_TRIGGERS = ['programado', 'manual'] as const;
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number];

/** One attempt at a backup, as recorded. */
export interface BackupRecord {
  id: number;
  /** ISO instant the backup is of (its snapshot); for a failure, when it was attempted. */
  at: string;
  ok: boolean;
  trigger: BackupTrigger;
  /** Folder it was written to (BACKUP_DIR of the process that took it). */
  directory: string;
  /** The file's name, in `directory`; null when it failed. */
  fileName: string | null;
  /** Bytes of the file; null when it failed. */
  sizeBytes: number | null;
  /** Why it failed (Spanish, as the error said it); null when it worked. */
  error: string | null;
  /** Host name of the machine that took it. */
  host: string;
}

/** GET /api/admin/backups/last */
export interface LastBackups {
  /** The latest attempt, whatever its outcome; null when there was none. */
  latest: BackupRecord | null;
  /** The latest backup that worked (the same as `latest` when that one did). */
  latestOk: BackupRecord | null;
  /** The daily schedule of the server that answered. */
  schedule: { enabled: boolean; time: string; timeZone: string };
}

export type BackupAttention = { kind: 'none' } | { kind: 'failed'; error: string } | { kind: 'stale'; hours: number } | { kind: 'ok' };

/** Whole hours since `at` (never negative). */
export const hoursSince = (at: string, now: Date): number => Math.max(0, Math.floor((now.getTime() - Date.parse(at)) / 3_600_000));

/** What the latest attempts call for: nothing yet, a failure, a backup too old, or nothing to do. */
export function backupAttention(latest: BackupRecord | null, latestOk: BackupRecord | null, now: Date = new Date()): BackupAttention {
  if (!latest) return { kind: 'none' };
  if (!latest.ok) return { kind: 'failed', error: latest.error ?? 'sin detalle' };
  const hours = latestOk ? (now.getTime() - Date.parse(latestOk.at)) / 3_600_000 : Number.POSITIVE_INFINITY;
  if (hours > BACKUP_MAX_AGE_HOURS) return { kind: 'stale', hours: Math.floor(hours) };
  return { kind: 'ok' };
}
