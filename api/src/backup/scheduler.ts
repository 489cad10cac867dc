// The daily backup, inside `npm start` (server.ts) and `npm run backup -- --schedule`: at each
// run of schedule.ts it calls runScheduledBackup. The clock is looked at least once a minute, so
// a machine that slept or a clock set by hand makes the run late at most by that, never lost to a
// long timer; a run missed while the process was stopped is not made up.
import type { Config } from '../config';
import { runScheduledBackup, type BackupLog, type ScheduledOutcome } from './history';
import { nextBackupAt } from './schedule';

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
}

export function startBackupSchedule({ url, config, log, now = () => new Date(), tickMs = 60_000, onRun }: ScheduleOptions): BackupSchedule {
  const { time } = config.backup;
  let next = nextBackupAt(now(), time, config.timeZone);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const runOnce = async (slot: Date): Promise<ScheduledOutcome> => {
    if (typeof url === 'string') return runScheduledBackup({ url, config, slot, log });
    let lease: DatabaseLease;
    try {
      lease = await url();
    } catch (error) {
      log.error(`El respaldo programado falló: ${(error as Error).message}`);
      return 'failed';
    }
    try {
      return await runScheduledBackup({ url: lease.url, config, slot, log });
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
    const slot = next;
    running = runOnce(slot).then((outcome) => {
      running = null;
      next = nextBackupAt(new Date(Math.max(now().getTime(), slot.getTime())), time, config.timeZone);
      onRun?.(slot, outcome);
      arm();
    });
  };
  arm();
  return {
    next: () => next,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
