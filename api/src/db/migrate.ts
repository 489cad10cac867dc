// Versioned, forward-only migrations: `migrations/NNNN_name.sql`, applied in name order at start.
// Numbers only order the files: each is applied once, in name order.
// An advisory lock makes N copies of the API starting together apply each file exactly once.
// An applied file is frozen: if its text changes afterwards the start stops, because the
// database would no longer match what the file says.
// Then, still under the lock, the API's run-time role gets its privileges on every table
// (roles.ts), so a table a migration adds is granted before any request needs it.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from './pool';
import { grantAppRole } from './roles';

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');
const FILE_RE = /^(\d{4})_[a-z0-9_]+\.sql$/;
/** Arbitrary constant shared by every copy of the API: "almacen" in ASCII. A restore takes it too. */
export const MIGRATIONS_LOCK_KEY = '6108417963846990';
/** The bookkeeping of applied migrations (a restore creates it in an emptied schema). */
export const SCHEMA_MIGRATIONS_DDL = `CREATE TABLE IF NOT EXISTS schema_migrations (
  name text PRIMARY KEY,
  checksum text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

export class MigrationError extends Error {}

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir: string = MIGRATIONS_DIR): MigrationFile[] {
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  const seen = new Map<string, string>();
  return names.map((name) => {
    const match = FILE_RE.exec(name);
    if (!match) throw new MigrationError(`La migración "${name}" no sigue el formato NNNN_nombre.sql.`);
    const other = seen.get(match[1]);
    if (other) throw new MigrationError(`Las migraciones "${other}" y "${name}" comparten el número ${match[1]}.`);
    seen.set(match[1], name);
    const sql = readFileSync(path.join(dir, name), 'utf8');
    return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
  });
}

export interface MigrateOptions {
  dir?: string;
  log?: (message: string) => void;
  /** The role the API runs as (not the owner): granted what it needs after the migrations. */
  appRole?: string | null;
}

/** Applies the pending migrations; returns the names applied by this call. */
export async function migrate(
  db: Db,
  { dir = MIGRATIONS_DIR, log = () => undefined, appRole = null }: MigrateOptions = {},
): Promise<string[]> {
  const files = readMigrations(dir);
  const client = await db.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATIONS_LOCK_KEY]);
    await client.query(SCHEMA_MIGRATIONS_DDL);
    const { rows } = await client.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migrations');
    const done = new Map(rows.map((r) => [r.name, r.checksum]));
    for (const file of files) {
      const previous = done.get(file.name);
      if (previous !== undefined) {
        if (previous !== file.checksum) {
          throw new MigrationError(
            `La migración "${file.name}" ya se aplicó y su contenido cambió después. Las migraciones aplicadas no se editan: crea una nueva.`,
          );
        }
        continue;
      }
      try {
        await client.query('BEGIN');
        await client.query(file.sql);
        await client.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [file.name, file.checksum]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw new MigrationError(`La migración "${file.name}" falló: ${(error as Error).message}`);
      }
      applied.push(file.name);
      log(`Migración aplicada: ${file.name}`);
    }
    if (appRole) {
      try {
        await client.query('BEGIN');
        await grantAppRole(client, appRole);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw new MigrationError(`No se pudieron dar los permisos al rol "${appRole}": ${(error as Error).message}`);
      }
    }
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATIONS_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}
