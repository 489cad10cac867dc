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
// - Memory: one batch (250 rows) in memory while writing, one 64 KB read plus one batch while
//   reading back; the renderers still stream and still wait for a slow client (pace.ts), so
//   memory does not grow with the rows nor with the number of slow clients.
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

export interface SpooledReport {
  /** The same report, its rows read back from the spool and its closing already computed. Iterate once. */
  definition: ReportDefinition;
  /** Closes (and so frees) the file. Safe to call more than once, also while rows are being read. */
  dispose(): Promise<void>;
}

/**
 * Reads every row of `definition` (and its closing) into a spool file in `dir`. Runs while the
 * snapshot is open; once it resolves the snapshot is no longer needed. On failure nothing is left.
 */
export async function spoolReport(definition: ReportDefinition, dir = os.tmpdir()): Promise<SpooledReport> {
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
  let size = 0;
  try {
    for await (const batch of definition.rows) {
      if (!batch.length) continue;
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
    definition: { ...definition, rows: readBatches(handle, size, dispose), closing: () => closing },
    dispose,
  };
}

/** The batches back, in order, one 64 KB read at a time; closes the file at the end or when abandoned. */
async function* readBatches(handle: FileHandle, size: number, dispose: () => Promise<void>): AsyncGenerator<Row[]> {
  const buffer = Buffer.allocUnsafe(READ_CHUNK);
  const decoder = new StringDecoder('utf8');
  let position = 0;
  let pending = '';
  try {
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
    await dispose();
  }
}
