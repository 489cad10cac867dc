// The report spool files this process still has open. A spool is unlinked as soon as it is
// created (spool.ts), so "gone from the directory" proves nothing by itself: its disk space is
// only given back when the handle is closed. On Linux /proc/self/fd lists every open handle
// and where it points ("/tmp/almacen-reporte-….ndjson (deleted)"); elsewhere the directory
// listing is the best available check.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SPOOL_PREFIX } from '../../../src/modules/reports/spool';

export function openSpoolFiles(): string[] {
  const fds = '/proc/self/fd';
  if (!fs.existsSync(fds)) return fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(SPOOL_PREFIX));
  const open: string[] = [];
  for (const fd of fs.readdirSync(fds)) {
    try {
      const target = fs.readlinkSync(path.join(fds, fd));
      if (path.basename(target).startsWith(SPOOL_PREFIX)) open.push(target);
    } catch {
      // The descriptor closed while the folder was being read.
    }
  }
  return open;
}

/** Waits (up to `ms`) until no spool is open; returns what is still open then. */
export async function spoolsClosed(ms = 10_000): Promise<string[]> {
  const until = Date.now() + ms;
  let open = openSpoolFiles();
  while (open.length && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    open = openSpoolFiles();
  }
  return open;
}
