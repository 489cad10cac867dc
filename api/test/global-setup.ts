// One PostgreSQL for the whole API test run: the server in DATABASE_URL when set (CI, the
// machine's PostgreSQL), otherwise ONE embedded PostgreSQL on a free port under a temp dir.
// Each test file then creates its own database on it (helpers/test-app.ts), so files run in
// parallel jest workers without seeing each other's rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded';
import { ADMIN_URL_ENV } from './helpers/admin-url';
import { freePort } from './helpers/free-port';

declare global {
  var __ALMACEN_TEST_PG__: { embedded: EmbeddedPostgres; dir: string } | undefined;
}

export default async function globalSetup(): Promise<void> {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-test-pg-'));
    const embedded = await startEmbeddedPostgres({ dataDir: dir, port: await freePort(), database: 'postgres' });
    globalThis.__ALMACEN_TEST_PG__ = { embedded, dir };
    adminUrl = embedded.adminUrl;
  }
  process.env[ADMIN_URL_ENV] = adminUrl;
}
