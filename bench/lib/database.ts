// Where a proof script's data lives: a fresh throwaway database on the PostgreSQL server of
// DATABASE_URL when it is set (dropped afterwards), otherwise an embedded PostgreSQL of our own
// on a free loopback port (never 5432) under a temporary folder (removed afterwards).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../api/src/db/embedded';
import { freePort } from '../../api/test/helpers/free-port';
import { onInterrupt } from './cleanup';

export interface ScratchDatabase {
  /** Connection string of the fresh database. */
  url: string;
  /** "servidor PostgreSQL" or "PostgreSQL embebido". */
  kind: string;
  drop(): Promise<void>;
}

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A fresh database on the server of `adminUrl`. */
export async function createDatabase(adminUrl: string, prefix: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
  return { url: withDatabase(adminUrl, name), name, drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export async function scratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const server = process.env.DATABASE_URL;
  if (server) {
    const db = await createDatabase(server, prefix);
    const forget = onInterrupt(db.drop);
    return { url: db.url, kind: 'servidor PostgreSQL (DATABASE_URL)', drop: () => (forget(), db.drop()) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-pg-`));
  const embedded = await startEmbeddedPostgres({ dataDir: dir, port: await freePort(), database: prefix });
  const forget = onInterrupt(async () => {
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    url: embedded.url,
    kind: 'PostgreSQL embebido',
    async drop() {
      forget();
      await embedded.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
