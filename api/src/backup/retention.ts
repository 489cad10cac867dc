// Which backups stay in BACKUP_DIR after a new one: the newest of each of the last
// BACKUP_KEEP_DAILY days that have one, and the newest of each of the last BACKUP_KEEP_MONTHLY
// months that have one (days and months of APP_TIME_ZONE, the school's calendar). Only files named
// as `npm run backup` names them are ever considered; anything else in the folder is left alone.
import fs from 'node:fs';
import path from 'node:path';
import { timeOfBackupName } from './format';

export interface RetentionRules {
  keepDaily: number;
  keepMonthly: number;
  timeZone: string;
}

/** The names to remove, of those given (other files are ignored). */
export function expiredBackups(names: string[], { keepDaily, keepMonthly, timeZone }: RetentionRules): string[] {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const backups = names
    .map((name) => ({ name, at: timeOfBackupName(name), n: Number(/-(\d+)\.respaldo\.gz$/.exec(name)?.[1] ?? 1) }))
    .filter((b): b is { name: string; at: Date; n: number } => b.at !== null)
    // Newest first; within one second the higher suffix is the newer.
    .sort((a, b) => b.at.getTime() - a.at.getTime() || b.n - a.n);
  const keep = new Set<string>();
  const pick = (period: (at: Date) => string, count: number) => {
    const seen = new Set<string>();
    for (const b of backups) {
      const key = period(b.at);
      if (seen.has(key)) continue;
      if (seen.size === count) break;
      seen.add(key);
      keep.add(b.name);
    }
  };
  pick((at) => day.format(at), keepDaily);
  pick((at) => day.format(at).slice(0, 7), keepMonthly);
  return backups.filter((b) => !keep.has(b.name)).map((b) => b.name);
}

/** Removes the expired backups of `dir`; returns their names. */
export function applyRetention(dir: string, rules: RetentionRules): string[] {
  const expired = expiredBackups(fs.readdirSync(dir), rules);
  for (const name of expired) fs.rmSync(path.join(dir, name), { force: true });
  return expired;
}
