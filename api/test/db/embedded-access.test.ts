// As root, the embedded PostgreSQL runs as the `postgres` user, which must be able to reach its
// DATA_DIR: one under a folder only root may enter is refused with a Spanish message saying what
// to do, before anything is written (instead of initdb failing with "permission denied").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedPostgresError, startEmbeddedPostgres } from '../../src/db/embedded';
import { freePort } from '../helpers/free-port';

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

test('a DATA_DIR the postgres user cannot reach is refused clearly when running as root (and simply works otherwise)', async () => {
  const closed = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-closed-')); // mode 0700
  const dataDir = path.join(closed, 'data');
  try {
    const start = startEmbeddedPostgres({ dataDir, port: await freePort() });
    if (asRoot) {
      await expect(start).rejects.toThrow(EmbeddedPostgresError);
      await expect(start).rejects.toThrow(/ese usuario no puede llegar a .*Usa un DATA_DIR en otra ubicación/);
      expect(fs.existsSync(path.join(dataDir, 'pg'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'almacen.lock'))).toBe(false);
    } else {
      const embedded = await start;
      expect(await embedded.stop()).toBe(true);
    }
  } finally {
    fs.rmSync(closed, { recursive: true, force: true });
  }
}, 120_000);
