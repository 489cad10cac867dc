// `npm run restore -- FILE [--replace]`. First the file alone is checked (verify.ts), before any connection:
// its closing SHA-256 against every byte, the content against the manifest's SHA-256 and row
// counts, and its migrations against this version's (a backup of a newer version, or of changed
// migrations, is refused). Then the database: an empty one only receives inserts; one that is not
// empty is refused unless --replace, which drops the schema's objects (never deleting rows: the
// append-only tables refuse it) and builds them again from the migrations. Either way it is ONE
// transaction: the backup's migrations applied in their order, every table loaded in the file's
// order (parents first) with the schema's own triggers held off while rows go in as they were,
// sequences set, a unique index that a migration creates only where the data obeys it built
// after the rows (left out where they do not), the row counts compared with the manifest; any
// failure rolls everything back and the database is as it was. Newer migrations, the run-time
// role's grants and the ledger's proof follow (cli/restore.ts), as at every start.
import pg from 'pg';
import { MIGRATIONS_LOCK_KEY, SCHEMA_MIGRATIONS_DDL } from '../db/migrate';
import { qualified, quoted, TEXT_SETTINGS, type Manifest } from './format';
import { countPublicObjects, dropStatements, readSequences, readTables, type TableInfo } from './schema';
import { damaged, migrationsOf, NOTHING_CHANGED, RestoreRefusal, scan, verifyBackup, type VerifiedBackup } from './verify';

export { migrationsOf, RestoreRefusal, verifyBackup, type VerifiedBackup };

/** The restore began and failed: its transaction was rolled back (Spanish; nothing was changed). */
export class RestoreFailure extends Error {}

const INSERT_ROWS = 1_000;
const INSERT_BYTES = 8 * 1024 * 1024;

/**
 * The unique indexes a migration creates only when the data has no duplicates, so a database may
 * lack them: 0059's suppliers_rfc_key (an installation that registered two suppliers with one RFC
 * before it keeps both, and no index). A restore that built them before loading the rows would
 * refuse such a backup; built after, with the rows, a backup gets the index exactly when its rows
 * allow it, as 0059 decided. Each with what a restore says when it leaves one out.
 */
export const DATA_CONDITIONAL_INDEXES: Record<string, string> = {
  suppliers_rfc_key:
    'Hay proveedores con el mismo RFC; el índice único suppliers_rfc_key no se creó (tampoco estaba en la base respaldada). Corrige los duplicados en «Proveedores».',
};

/** Drops the data-conditional indexes the migrations just built; answers their definitions. */
async function holdBackDataConditionalIndexes(client: pg.Client): Promise<Array<{ name: string; definition: string }>> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(c.oid) AS definition FROM pg_class c
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'i' AND c.relname = ANY($1::text[]) ORDER BY 1`,
    [Object.keys(DATA_CONDITIONAL_INDEXES)],
  );
  for (const { name } of rows) await client.query(`DROP INDEX ${qualified(name)}`);
  return rows;
}

/**
 * Builds each held-back index unless the rows have the duplicates it forbids (then, as its
 * migration, leaves it out); answers the ones left out.
 */
async function buildIfTheRowsAllow(client: pg.Client, indexes: Array<{ name: string; definition: string }>): Promise<string[]> {
  const leftOut: string[] = [];
  for (const { name, definition } of indexes) {
    await client.query('SAVEPOINT data_conditional_index');
    try {
      await client.query(definition);
      await client.query('RELEASE SAVEPOINT data_conditional_index');
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
      await client.query('ROLLBACK TO SAVEPOINT data_conditional_index');
      leftOut.push(name);
    }
  }
  return leftOut;
}

export interface RestoreOptions {
  /** The database as its owner. */
  url: string;
  file: string;
  /** Drop what the database holds and build it again (else only an empty database is accepted). */
  replace?: boolean;
  /** The result of verifyBackup(file), when the caller already has it. */
  verified?: VerifiedBackup;
}

export interface RestoreResult {
  manifest: Manifest;
  /** The database had objects that were dropped (--replace). */
  replaced: boolean;
  rows: number;
  /** The data-conditional indexes the restored rows do not allow (DATA_CONDITIONAL_INDEXES), left out. */
  leftOut: string[];
}

export async function restoreBackup({ url, file, replace = false, verified }: RestoreOptions): Promise<RestoreResult> {
  const checked = verified ?? (await verifyBackup(file));
  const { manifest } = checked;
  const migrations = migrationsOf(manifest);

  const client = new pg.Client({ connectionString: url, application_name: 'almacen-restauracion' });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows: found } = await client.query<{ db: string; schema: boolean }>(
      `SELECT current_database() AS db, to_regnamespace('public') IS NOT NULL AS schema`,
    );
    const database = found[0].db;
    const objects = found[0].schema ? await countPublicObjects(client) : { tables: 0, others: 0 };
    if ((objects.tables || objects.others) && !replace) {
      const what = objects.tables ? `${objects.tables} ${objects.tables === 1 ? 'tabla' : 'tablas'}` : `${objects.others} objetos`;
      throw new RestoreRefusal(
        `La base de datos «${database}» no está vacía (tiene ${what} en el esquema public). Para reemplazar todo su contenido ` +
          `por el del respaldo, repite la orden con --replace (lo que tiene ahora se pierde). ${NOTHING_CHANGED}`,
      );
    }
    const { rows: sessions } = await client.query<{ n: number; who: string | null }>(
      `SELECT count(*)::int AS n, string_agg(DISTINCT coalesce(nullif(application_name, ''), usename::text), ', ') AS who
         FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
    );
    if (sessions[0].n > 0) {
      throw new RestoreRefusal(
        `La base de datos «${database}» tiene ${sessions[0].n === 1 ? 'otra conexión abierta' : `${sessions[0].n} conexiones abiertas más`} ` +
          `(${sessions[0].who ?? 'sin nombre'}): detén Almacén (cada copia del API) antes de restaurar. ${NOTHING_CHANGED}`,
      );
    }

    await client.query('BEGIN');
    for (const setting of TEXT_SETTINGS) await client.query(setting);
    // migrate.ts's lock: a copy of the API starting meanwhile waits for the restore to end.
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATIONS_LOCK_KEY]);
    if (!found[0].schema) await client.query('CREATE SCHEMA public');
    const replaced = Boolean(objects.tables || objects.others);
    if (replaced) for (const sql of await dropStatements(client)) await client.query(sql);
    await client.query(SCHEMA_MIGRATIONS_DDL);
    for (const migration of migrations) {
      try {
        await client.query(migration.sql);
      } catch (error) {
        throw new Error(`la migración «${migration.name}» falló al reconstruir el esquema: ${(error as Error).message}`);
      }
    }

    // A unique index a migration creates only where the data already obeys it is held back until
    // the rows are in, then built if they allow it: the condition those migrations test.
    const heldBack = await holdBackDataConditionalIndexes(client);

    // The schema as its migrations leave it: what each table is, and the rows they seed (the
    // backup holds those rows as they were). Triggers stay off while the rows go in: the rows are
    // the result of the triggers that ran when they were written (balances, month totals, catalogue
    // versions), and the append-only ones would refuse clearing the seeds.
    const tables = new Map((await readTables(client)).map((t) => [t.name, t]));
    const { rows: triggers } = await client.query<{ table: string; name: string; enabled: string }>(
      `SELECT c.relname AS table, t.tgname AS name, t.tgenabled AS enabled FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal AND t.tgenabled <> 'D' ORDER BY 1, 2`,
    );
    for (const t of triggers) await client.query(`ALTER TABLE ${qualified(t.table)} DISABLE TRIGGER ${quoted(t.name)}`);
    await client.query(`TRUNCATE ${[...tables.keys()].map(qualified).join(', ')}`);

    let loading: { insert: string; batch: Buffer[]; bytes: number } | null = null;
    const flush = async () => {
      if (!loading?.batch.length) return;
      const parts: Buffer[] = [Buffer.from('[')];
      loading.batch.forEach((line, i) => parts.push(...(i ? [Buffer.from(','), line] : [line])));
      parts.push(Buffer.from(']'));
      await client.query(loading.insert, [Buffer.concat(parts).toString('utf8')]);
      loading.batch = [];
      loading.bytes = 0;
    };
    const loaded = new Set<string>();
    const mismatch = (detail: string) => new Error(`el respaldo no coincide con el esquema que construyen sus migraciones: ${detail}`);
    const rescanned = await scan(file, checked.bytes, {
      async table(name, columns) {
        await flush();
        const info: TableInfo | undefined = tables.get(name);
        if (!info) throw mismatch(`la tabla «${name}» no existe`);
        const stored = info.columns.map((c) => c.name);
        if (columns.length !== stored.length || columns.some((c) => !stored.includes(c))) {
          throw mismatch(`las columnas de «${name}» son otras (respaldo: ${columns.join(', ')}; esquema: ${stored.join(', ')})`);
        }
        loaded.add(name);
        const types = new Map(info.columns.map((c) => [c.name, c.type]));
        loading = {
          insert:
            `INSERT INTO ${qualified(name)} (${columns.map(quoted).join(', ')}) OVERRIDING SYSTEM VALUE ` +
            `SELECT ${columns.map((c, i) => `(r->>${i})::${types.get(c)}`).join(', ')} FROM jsonb_array_elements($1::jsonb) AS r`,
          batch: [],
          bytes: 0,
        };
      },
      async row(line) {
        loading!.batch.push(line);
        loading!.bytes += line.length;
        if (loading!.batch.length >= INSERT_ROWS || loading!.bytes >= INSERT_BYTES) await flush();
      },
    });
    await flush();
    // Read twice: the bytes loaded must be the bytes verified.
    if (rescanned.fileSha256 !== checked.fileSha256) throw damaged(file);
    const missing = [...tables.keys()].filter((t) => !loaded.has(t));
    if (missing.length) throw mismatch(`el respaldo no trae ${missing.map((t) => `«${t}»`).join(', ')}`);

    // Identity columns continue after the last id the backup's database had handed out.
    const sequences = new Map((await readSequences(client)).map((s) => [s.name, s]));
    for (const s of manifest.sequences) {
      const info = sequences.get(s.name);
      if (!info) throw mismatch(`la secuencia «${s.name}» no existe`);
      let value = BigInt(s.lastValue);
      let called = s.isCalled;
      if (info.table && info.column) {
        const { rows } = await client.query<{ top: string | null }>(
          `SELECT max(${quoted(info.column)})::text AS top FROM ${qualified(info.table)}`,
        );
        if (rows[0].top !== null && BigInt(rows[0].top) >= value) {
          value = BigInt(rows[0].top);
          called = true;
        }
      }
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [qualified(s.name), value.toString(), called]);
    }

    const leftOut = await buildIfTheRowsAllow(client, heldBack);

    const action: Record<string, string> = { O: 'ENABLE', R: 'ENABLE REPLICA', A: 'ENABLE ALWAYS' };
    for (const t of triggers) await client.query(`ALTER TABLE ${qualified(t.table)} ${action[t.enabled]} TRIGGER ${quoted(t.name)}`);

    let rows = 0;
    for (const [table, expected] of Object.entries(manifest.tables)) {
      const { rows: counted } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${qualified(table)}`);
      if (Number(counted[0].n) !== Number(expected)) {
        throw new Error(`la tabla «${table}» quedó con ${counted[0].n} filas y el manifiesto dice ${expected}`);
      }
      rows += Number(expected);
    }
    await client.query('COMMIT');
    return { manifest, replaced, rows, leftOut };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    if (error instanceof RestoreRefusal) throw error;
    throw new RestoreFailure(`La restauración falló y se deshizo por completo (no se cambió nada): ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}
