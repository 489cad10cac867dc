// The daily backup, inside `npm start` (server.ts) and `npm run backup -- --schedule`: at each
// run of schedule.ts it calls runScheduledBackup. The clock is looked at least once a minute, so
// a machine that slept or a clock set by hand makes the run late at most by that, never lost to a
// long timer. A run missed while no copy was running (a desk computer turned off at night) is
// made up a little after the start, unless a backup has worked since: a school whose server is
// off at BACKUP_TIME still gets its daily backup.
import type { Config } from '../config';
import { runScheduledBackup, type BackupLog, type ScheduledOutcome } from './history';
import { nextBackupAt, previousBackupAt } from './schedule';

export interface BackupSchedule {
  /** The next run. */
  next(): Date;
  /** No further runs; resolves when one in progress has ended. */
  stop(): Promise<void>;
}

/** The database as its owner for one run, and what to do after it (stop a PostgreSQL started for it). */
export interface DatabaseLease {
  url: string;
  release(): Promise<void>;
}

export interface ScheduleOptions {
  /** The database as its owner: a URL, or how to get one at each run. */
  url: string | (() => Promise<DatabaseLease>);
  config: Config;
  log: BackupLog;
  now?: () => Date;
  /** Longest wait between two looks at the clock. */
  tickMs?: number;
  /** Told after each run (tests). */
  onRun?: (slot: Date, outcome: ScheduledOutcome) => void;
  /** How long after the start the missed run is made up; null: never (tests of the timer). */
  catchUpAfterMs?: number | null;
}

/** Long enough for the server to be up and answering first, short enough to be the same morning. */
export const CATCH_UP_AFTER_MS = 2 * 60_000;

export function startBackupSchedule({
  url,
  config,
  log,
  now = () => new Date(),
  tickMs = 60_000,
  onRun,
  catchUpAfterMs = CATCH_UP_AFTER_MS,
}: ScheduleOptions): BackupSchedule {
  const { time } = config.backup;
  let next = nextBackupAt(now(), time, config.timeZone);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let catchUpTimer: NodeJS.Timeout | null = null;
  let catchingUp: Promise<void> | null = null;

  const runOnce = async (slot: Date, catchUp = false): Promise<ScheduledOutcome> => {
    if (typeof url === 'string') return runScheduledBackup({ url, config, slot, log, catchUp });
    let lease: DatabaseLease;
    try {
      lease = await url();
    } catch (error) {
      log.error(`El respaldo programado falló: ${(error as Error).message}`);
      return 'failed';
    }
    try {
      return await runScheduledBackup({ url: lease.url, config, slot, log, catchUp });
    } finally {
      await lease.release().catch(() => undefined);
    }
  };
  const arm = () => {
    if (stopped) return;
    timer = setTimeout(tick, Math.max(0, Math.min(tickMs, next.getTime() - now().getTime())));
  };
  const tick = () => {
    timer = null;
    if (now().getTime() < next.getTime()) return arm();
    if (catchingUp) return void catchingUp.then(arm);
    const slot = next;
    running = runOnce(slot).then((outcome) => {
      running = null;
      next = nextBackupAt(new Date(Math.max(now().getTime(), slot.getTime())), time, config.timeZone);
      onRun?.(slot, outcome);
      arm();
    });
  };
  arm();
  // The missed run, once, while the regular timer waits: never two at a time in this process.
  if (catchUpAfterMs !== null) {
    catchUpTimer = setTimeout(() => {
      catchUpTimer = null;
      if (stopped || running) return;
      const missed = previousBackupAt(now(), time, config.timeZone);
      catchingUp = runOnce(missed, true).then((outcome) => {
        catchingUp = null;
        onRun?.(missed, outcome);
      });
    }, catchUpAfterMs);
  }
  return {
    next: () => next,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (catchUpTimer) clearTimeout(catchUpTimer);
      await Promise.all([running, catchingUp]);
    },
  };
}
