// Stops the server started by global-setup.ts (it drains, closes its pool and stops its embedded
// PostgreSQL on SIGTERM) and removes its database or data folder.
import fs from 'node:fs';
import pg from 'pg';

async function exited(child: NonNullable<typeof globalThis.__ALMACEN_E2E__>['child'], timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export default async function globalTeardown(): Promise<void> {
  const server = globalThis.__ALMACEN_E2E__;
  if (!server) return;
  globalThis.__ALMACEN_E2E__ = undefined;
  const { child, dataDir, database, backupDir } = server;
  if (child.pid && child.exitCode === null) {
    process.kill(-child.pid, 'SIGTERM');
    if (!(await exited(child, 30_000))) process.kill(-child.pid, 'SIGKILL');
  }
  if (database) {
    const client = new pg.Client({ connectionString: database.adminUrl });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(backupDir, { recursive: true, force: true });
}
