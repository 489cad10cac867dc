// `npm run backup`: the whole public schema in one file (format.ts), read in ONE transaction
// REPEATABLE READ READ ONLY, so every table is seen at the same instant while the service keeps
// running (nothing is locked against its writes: ACCESS SHARE only keeps a migration from altering
// a table mid-read). Each table is read through a cursor in batches sized to about 1 MB of text and
// streamed through gzip to disk, so memory stays flat however large a table is. The file appears
// under its final name only when complete (written aside, flushed, then linked in place).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import pg from 'pg';
import {
  backupName,
  FORMAT,
  FORMAT_VERSION,
  headerLine,
  productVersion,
  qualified,
  quoted,
  sha256,
  TEXT_SETTINGS,
  trailer,
  type Manifest,
} from './format';
import { readSequences, readTables, type TableInfo } from './schema';

export class BackupError extends Error {}

export interface BackupOptions {
  /** The database as its owner (schema_migrations is the owner's alone). */
  url: string;
  /** Folder the file goes to (made 0700 if missing). */
  dir: string;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
  /** SHA-256 of the whole file before its closing member (what the restore checks first). */
  fileSha256: string;
}

/**
 * Rows per FETCH: as many as fit in about 1 MB by the widest row of the table seen so far (the
 * driver holds a whole FETCH in memory, and its text is held again on its way to gzip, as strings
 * and as bytes), at most 5,000. A table with a bytea column (the CFDIs,
 * up to 2 MB each, twice that as hex) is read at most 4 rows at a time, so a run of large
 * documents after small ones cannot make one FETCH large.
 */
const BATCH_BYTES = 1024 * 1024;
const MAX_BATCH_ROWS = 5_000;
const MAX_WIDE_BATCH_ROWS = 4;

/**
 * Each row as its line of the file, written by PostgreSQL: array_to_json of the values' text is
 * the same bytes as JSON.stringify of those strings (the same escapes, no spaces), and the driver
 * then parses one string per row instead of one per column: with 1,000,000 movements the process
 * spends about half the CPU time.
 */
function selectRows(table: TableInfo): string {
  const values = table.columns.map((c) => `t.${quoted(c.name)}::text`);
  const order = table.primaryKey.length ? table.primaryKey.map((k) => `t.${quoted(k)}`) : values;
  return `SELECT array_to_json(ARRAY[${values.join(', ')}])::text FROM ${qualified(table.name)} AS t ORDER BY ${order.join(', ')}`;
}

export async function writeBackup({ url, dir }: BackupOptions): Promise<BackupResult> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const client = new pg.Client({ connectionString: url, application_name: 'almacen-respaldo' });
  client.on('error', () => undefined);
  await client.connect();
  let staging: string | null = null;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    for (const setting of TEXT_SETTINGS) await client.query(setting);
    // The first statement fixes the snapshot: its time is the backup's.
    const { rows: facts } = await client.query<{ at: Date; postgres: string; migrations: boolean }>(
      `SELECT now() AS at, current_setting('server_version') AS postgres, to_regclass('public.schema_migrations') IS NOT NULL AS migrations`,
    );
    const { at, postgres } = facts[0];
    if (!facts[0].migrations) {
      throw new BackupError(
        'La base de datos no tiene el esquema de Almacén (falta la tabla schema_migrations): no hay nada que respaldar.',
      );
    }
    const { rows: migrations } = await client.query<{ name: string; checksum: string }>(
      'SELECT name, checksum FROM schema_migrations ORDER BY applied_at, name',
    );
    const tables = await readTables(client);
    const sequenceInfo = await readSequences(client);
    await client.query('SET LOCAL lock_timeout = 30000');
    await client.query(`LOCK TABLE ${tables.map((t) => qualified(t.name)).join(', ')} IN ACCESS SHARE MODE`);
    const sequences: Manifest['sequences'] = [];
    for (const s of sequenceInfo) {
      const { rows } = await client.query<{ last: string; called: boolean }>(
        `SELECT last_value::text AS last, is_called AS called FROM ${qualified(s.name)}`,
      );
      sequences.push({ name: s.name, lastValue: rows[0].last, isCalled: rows[0].called });
    }

    const content = sha256();
    const counts: Record<string, number> = {};
    let done: Manifest | null = null;
    async function* text(): AsyncGenerator<string> {
      const emit = (line: string) => {
        content.update(line);
        return line;
      };
      yield emit(`${headerLine()}\n`);
      for (const table of tables) {
        yield emit(`${JSON.stringify({ table: table.name, columns: table.columns.map((c) => c.name) })}\n`);
        let rows = 0;
        await client.query(`DECLARE backup_rows NO SCROLL CURSOR FOR ${selectRows(table)}`);
        const cap = table.columns.some((c) => c.type === 'bytea') ? MAX_WIDE_BATCH_ROWS : MAX_BATCH_ROWS;
        let widest = 1;
        for (let batch = Math.min(cap, 100); ;) {
          const result = await client.query<[string]>({ text: `FETCH ${batch} FROM backup_rows`, rowMode: 'array' });
          if (!result.rows.length) break;
          let chunk = '';
          for (const [line] of result.rows) {
            widest = Math.max(widest, line.length + 1);
            chunk += `${line}\n`;
          }
          rows += result.rows.length;
          yield emit(chunk);
          batch = Math.max(1, Math.min(cap, Math.floor(BATCH_BYTES / widest)));
        }
        await client.query('CLOSE backup_rows');
        counts[table.name] = rows;
      }
      const manifest: Manifest = {
        format: FORMAT,
        formatVersion: FORMAT_VERSION,
        version: productVersion(),
        createdAt: at.toISOString(),
        migrations,
        lastMigration: migrations.at(-1)?.name ?? null,
        postgres,
        tables: counts,
        sequences,
        contentSha256: content.digest('hex'),
      };
      done = manifest;
      yield `${JSON.stringify({ manifest })}\n`;
    }

    staging = path.join(dir, `.almacen-${process.pid}-${randomBytes(4).toString('hex')}.partial`);
    const file = sha256();
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        file.update(chunk);
        callback(null, chunk);
      },
    });
    await pipeline(text(), zlib.createGzip({ level: 6 }), tap, fs.createWriteStream(staging, { flags: 'wx', mode: 0o600 }));
    await client.query('COMMIT');
    const fileSha256 = file.digest('hex');
    const handle = await fs.promises.open(staging, 'a');
    try {
      await handle.write(trailer(fileSha256));
      await handle.sync();
    } finally {
      await handle.close();
    }
    const target = placeFile(staging, dir, at);
    staging = null;
    return { file: target, bytes: fs.statSync(target).size, manifest: done!, fileSha256 };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    if (staging) fs.rmSync(staging, { force: true });
    await client.end().catch(() => undefined);
  }
}

/** Links the finished file under its name (never over another backup), then removes the staging name. */
function placeFile(staging: string, dir: string, at: Date): string {
  for (let attempt = 1; ; attempt++) {
    const target = path.join(dir, backupName(at, attempt));
    try {
      fs.linkSync(staging, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    }
    fs.rmSync(staging, { force: true });
    try {
      const folder = fs.openSync(dir, 'r');
      fs.fsyncSync(folder);
      fs.closeSync(folder);
    } catch {
      // a folder that cannot be opened for fsync (some platforms): the file itself is flushed
    }
    return target;
  }
}
