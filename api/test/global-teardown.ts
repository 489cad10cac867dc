// Stops the embedded PostgreSQL of global-setup.ts (nothing to do with DATABASE_URL).
import fs from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const started = globalThis.__ALMACEN_TEST_PG__;
  if (!started) return;
  await started.embedded.stop();
  fs.rmSync(started.dir, { recursive: true, force: true });
  globalThis.__ALMACEN_TEST_PG__ = undefined;
}
