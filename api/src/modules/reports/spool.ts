// A report's rows copied out of the database into a temporary file, so the connection is given
// back in seconds whatever the client does: clients that stop reading must not hold the pool's
// connections, or a few of them stop the service.
//
// Why a spool of ROWS (and not the finished file, nor rows in memory):
// - Consistency: header, rows and closing totals are all read inside the one snapshot before it
//   is committed; the spool is a frozen copy of that snapshot, so they still agree.
// - The connection: copying rows to disk runs at database speed (about 2 s and 17 MB for
//   100,000 movements), not at rendering speed (20 s for that PDF) nor at the client's
//   (unbounded). Rendering the whole file first would hold the connection for the rendering too,
//   and keeping the rows in memory would make memory grow with them.
// - Memory: the first rows, up to MEMORY_BUDGET, are kept as they are (no JSON, no disk: a
//   report of some thousands of rows never writes to the file), the rest go to the file; then one
//   batch (250 rows) in memory while writing, one 64 KB read plus one batch while reading back.
//   The renderers still stream and still wait for a slow client (pace.ts), so memory does not
//   grow with the rows nor with the number of slow clients beyond that budget per report.
// - The event loop: JSON of a batch and file I/O (libuv's thread pool) are cheap; rendering
//   keeps its 4 ms slices.
// The file is unlinked right after it is created and used through its open handle: nothing is
// left on disk once the handle is closed, even if the process is killed. dispose() closes it;
// reading to the end closes it as well.
import { randomUUID } from 'node:crypto';
import { open, unlink, type FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { Closing, ReportDefinition, Row } from '../../reports/model';

/** Spool files are named `almacen-reporte-<uuid>.ndjson` (one JSON array of rows per line). */
export const SPOOL_PREFIX = 'almacen-reporte-';
const READ_CHUNK = 64 * 1024;
/**
 * Estimated bytes of rows kept in memory per report before the rest goes to the file: with
 * REPORTS_MAX_CONCURRENT reports (limits.ts) at most 32 MiB in all. The stock report of 10,000
 * products fits; a kardex of 100,000 movements keeps its first rows and spools the rest.
 */
export const MEMORY_BUDGET = 4 * 1024 * 1024;

/** A row's size in memory, estimated: UTF-16 strings plus the objects around them. */
function estimatedBytes(batch: Row[]): number {
  let bytes = 0;
  for (const row of batch) {
    bytes += 64;
    for (const cell of row.cells) bytes += 16 + (typeof cell === 'string' ? cell.length * 2 : 0);
  }
  return bytes;
}

export interface SpooledReport {
  /** The same report, its rows read back from the spool and its closing already computed. Iterate once. */
  definition: ReportDefinition;
  /** Closes (and so frees) the file. Safe to call more than once, also while rows are being read. */
  dispose(): Promise<void>;
}

/**
 * Reads every row of `definition` (and its closing) into memory, up to `memoryBudget`, and the
 * rest into a spool file in `dir`. Runs while the snapshot is open; once it resolves the snapshot
 * is no longer needed. On failure nothing is left.
 */
export async function spoolReport(
  definition: ReportDefinition,
  { dir = os.tmpdir(), memoryBudget = MEMORY_BUDGET }: { dir?: string; memoryBudget?: number } = {},
): Promise<SpooledReport> {
  const file = path.join(dir, `${SPOOL_PREFIX}${randomUUID()}.ndjson`);
  const handle = await open(file, 'wx+', 0o600);
  // Unnamed from now on (POSIX keeps the data while the handle is open). Where the system
  // refuses (a file in use on some Windows setups) it is unlinked when closed instead.
  let named = await unlink(file).then(
    () => false,
    () => true,
  );
  let closed: Promise<void> | null = null;
  const dispose = () =>
    (closed ??= (async () => {
      await handle.close().catch(() => undefined);
      if (named) await unlink(file).catch(() => undefined);
      named = false;
    })());

  let closing: Closing;
  const kept: Row[][] = [];
  let keptBytes = 0;
  let size = 0;
  try {
    for await (const batch of definition.rows) {
      if (!batch.length) continue;
      if (size === 0 && keptBytes < memoryBudget) {
        kept.push(batch);
        keptBytes += estimatedBytes(batch);
        continue;
      }
      const line = `${JSON.stringify(batch)}\n`;
      await handle.write(line);
      size += Buffer.byteLength(line);
    }
    closing = definition.closing ? await definition.closing() : {};
  } catch (error) {
    await dispose();
    throw error;
  }

  return {
    definition: { ...definition, rows: readBatches(kept, handle, size, dispose), closing: () => closing },
    dispose,
  };
}

/**
 * The batches back, in order: those kept in memory (each given once, then let go), then the
 * file's, one 64 KB read at a time; closes the file at the end or when abandoned.
 */
async function* readBatches(kept: Row[][], handle: FileHandle, size: number, dispose: () => Promise<void>): AsyncGenerator<Row[]> {
  const buffer = Buffer.allocUnsafe(READ_CHUNK);
  const decoder = new StringDecoder('utf8');
  let position = 0;
  let pending = '';
  try {
    while (kept.length) yield kept.shift()!;
    while (position < size) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(READ_CHUNK, size - position), position);
      if (bytesRead === 0) throw new Error('El archivo temporal del reporte terminó antes de tiempo.');
      position += bytesRead;
      pending += decoder.write(buffer.subarray(0, bytesRead));
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) yield JSON.parse(line) as Row[];
    }
  } finally {
    kept.length = 0;
    await dispose();
  }
}
