// How many reports may be under way at once, and how many database connections they may use.
//
// A report is CPU, memory and a spool file for as long as its client downloads it, so the
// number of downloads in progress is capped, per user (the token's `sub`) and in total; a
// request over a cap is refused at once, before it touches the database, with a Spanish message
// and Retry-After (the portal retries such answers on its own). The connections are capped
// separately and much lower: a report holds one only while it copies its snapshot into the
// spool (about 2 s for 100,000 movements), and the rest of the pool is a reserve that
// reports can never take, so the stock, the documents, /healthz and sign-in always find one.
import { AppError } from '../../http/errors';

/**
 * Reports being generated or downloaded at once, in total. Eight keeps the worst case small
 * (each holds up to ~1 MB of finished file waiting for its client plus the renderer's state,
 * and a spool file of ~17 MB for a 100,000-movement kardex) while being far more than a
 * school's warehouse staff start at the same time; the event loop interleaves them, so more
 * would only make each one slower.
 */
export const REPORTS_MAX_CONCURRENT = 8;
/** Per user: a PDF and a spreadsheet of the same report and one more; the fourth waits. */
export const REPORTS_MAX_PER_USER = 3;
/**
 * Seconds to wait before asking again. A 10,000-movement kardex takes about 2 s to produce, the
 * largest report (100,000 movements, PDF) about 20 s (bench/RESULTS.md): after 10 s most of the
 * downloads in the way are over, and a person does not give up waiting.
 */
export const REPORT_RETRY_AFTER_SECONDS = 10;
/**
 * Reports may use at most 3 of every 10 pool connections (never fewer than one); with the
 * default pool of 10, seven are always left for everything else.
 */
export function reportConnections(poolSize: number): number {
  return Math.max(1, Math.floor((poolSize * 3) / 10));
}
/** How long a report waits for one of its connections before answering 503. */
export const REPORT_CONNECTION_WAIT_MS = 10_000;

/** A refusal that asking again later may turn into a file: 429 or 503 with Retry-After. */
export class ReportsBusy extends AppError {
  readonly retryAfter = REPORT_RETRY_AFTER_SECONDS;
}

export const PER_USER_MESSAGE = `Ya tienes ${REPORTS_MAX_PER_USER} reportes generándose o descargándose. Espera a que terminen e inténtalo de nuevo.`;
export const TOTAL_MESSAGE = 'El servidor está generando muchos reportes en este momento. Inténtalo de nuevo en unos segundos.';

/** Counts the reports under way, per user and in total. */
export class ReportSlots {
  private total = 0;
  private readonly perUser = new Map<string, number>();

  constructor(
    readonly maxTotal = REPORTS_MAX_CONCURRENT,
    readonly maxPerUser = REPORTS_MAX_PER_USER,
  ) {}

  /** Takes a slot for `user`, or throws ReportsBusy. The returned release is safe to call twice. */
  take(user: string): () => void {
    const mine = this.perUser.get(user) ?? 0;
    // The user's own cap first: it is the answer that tells them what to do.
    if (mine >= this.maxPerUser) throw new ReportsBusy('RATE_LIMITED', PER_USER_MESSAGE);
    if (this.total >= this.maxTotal) throw new ReportsBusy('UNAVAILABLE', TOTAL_MESSAGE);
    this.total++;
    this.perUser.set(user, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      const left = (this.perUser.get(user) ?? 1) - 1;
      if (left > 0) this.perUser.set(user, left);
      else this.perUser.delete(user);
    };
  }

  get inUse(): number {
    return this.total;
  }
}

/** At most `size` holders at once; the others wait in order, each at most `waitMs`. */
export class Semaphore {
  private active = 0;
  private readonly queue: Array<() => void> = [];

  constructor(
    readonly size: number,
    private readonly waitMs = REPORT_CONNECTION_WAIT_MS,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  get inUse(): number {
    return this.active;
  }

  private acquire(): Promise<void> {
    if (this.active < this.size) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const index = this.queue.indexOf(grant);
        if (index >= 0) this.queue.splice(index, 1);
        reject(new ReportsBusy('UNAVAILABLE', TOTAL_MESSAGE));
      }, this.waitMs);
      this.queue.push(grant);
    });
  }

  private release(): void {
    const next = this.queue.shift();
    // The slot passes straight to the next in line: `active` does not change.
    if (next) next();
    else this.active--;
  }
}
