// Keeps a report from hogging the server: rendering runs in slices of a few milliseconds, and
// between two slices every other request gets its turn of the event loop (setImmediate lets
// pending I/O — a /healthz, a stock lookup, the database's answers — run first). When the client
// downloads more slowly than the file is produced, rendering waits while HIGH_WATER bytes of the
// file are waiting for it, so memory stays bounded whatever the row count. (The output must let
// its buffer reach HIGH_WATER: pdfkit's document pushes without limit; the XLSX PassThrough is
// created with highWaterMark HIGH_WATER, so the zip behind it stops, and then so do we.)
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';

/** Milliseconds of rendering between two turns of the event loop. */
export const SLICE_MS = 4;
/** Bytes of finished file waiting for the client before rendering pauses. */
export const HIGH_WATER = 1 << 20;

interface Output {
  readonly readableLength: number;
  readonly destroyed: boolean;
}

/** Rows rendered between two readings of the clock: a row takes microseconds, a slice milliseconds. */
const CLOCK_EVERY = 16;

export class Pacer {
  private sliceStart = performance.now();
  private rows = 0;

  constructor(private readonly output: Output) {}

  /** True when the client went away: stop rendering (and reading the cursor). */
  get stopped(): boolean {
    return this.output.destroyed;
  }

  /**
   * Call after each row: once the current slice has used its time, the pause to await (a turn of
   * the event loop, and the wait for a slow client); otherwise nothing, so a row within its slice
   * costs no promise. The clock is read every CLOCK_EVERY rows.
   */
  step(): Promise<void> | undefined {
    if (++this.rows % CLOCK_EVERY !== 0 || performance.now() - this.sliceStart < SLICE_MS) return undefined;
    return this.pause();
  }

  private async pause(): Promise<void> {
    await nextTurn();
    while (this.output.readableLength >= HIGH_WATER && !this.output.destroyed) await sleep(5);
    this.sliceStart = performance.now();
  }
}
