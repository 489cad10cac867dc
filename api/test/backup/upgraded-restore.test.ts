// A backup of a database in a state only an upgrade leaves restores to that same state and passes
// its proof: the first release's fixture point, migrated, has exits registered before migration
// 0057 that kept quantity × average (not a share to the cent) and two suppliers with one RFC (so
// 0059 left its unique index out). Nothing else is loosened: checkLedger refuses a pre-0057 exit at
// a value neither rule gives and an exit registered after 0057 at quantity × average instead of
// its share, and a backup whose RFCs are unique restores with the index.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { checkLedger } from '../../src/backup/ledger-check';
import { run as backup } from '../../src/cli/backup';
import { run as restore } from '../../src/cli/restore';
import { migrate } from '../../src/db/migrate';
import { createPool } from '../../src/db/pool';
import { fixturePoints, loadDump } from '../fixtures/upgrade/fixture-points';
import { client } from '../helpers/http';
import { createTestApp, createTestDatabase, type TestApp } from '../helpers/test-app';
import { SECRETS_KEY } from '../idp/idp-app';
import { createCatalog, createProduct, dispatchBody, invoiceBody } from '../modules/ledger/fixtures';

jest.setTimeout(180_000);

const POINT = fixturePoints().find((p) => p.name === 'round1-8e09b63')!;
const VALUE_VIOLATION = expect.stringContaining('movimientos cuyo valor no es el que les toca');

type Database = Awaited<ReturnType<typeof createTestDatabase>>;
const databases: Database[] = [];
let work: string;
let t: TestApp | undefined;

const envFor = (url: string): NodeJS.ProcessEnv => ({
  DATABASE_URL: url,
  DATA_DIR: path.join(work, 'data'),
  BACKUP_DIR: path.join(work, 'backups'),
  SECRETS_KEY: POINT.expected.secretsKey ?? SECRETS_KEY,
  LOG_LEVEL: 'silent',
  APP_TIME_ZONE: 'America/Mexico_City',
});

async function freshDatabase(): Promise<Database> {
  const database = await createTestDatabase();
  databases.push(database);
  return database;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return (await db.query<T>(sql, params)).rows;
  } finally {
    await db.end();
  }
}

/** Sets one movement's value to the SQL `value` as its owner, past the append-only trigger (what no code path does). */
async function setAmount(url: string, id: number, value: string): Promise<void> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query('BEGIN');
    await db.query('SET LOCAL session_replication_role = replica');
    await db.query(`UPDATE movements SET amount = ${value} WHERE id = $1`, [id]);
    await db.query('COMMIT');
  } finally {
    await db.end();
  }
}

const hasRfcIndex = async (url: string) =>
  (await query(url, "SELECT 1 FROM pg_indexes WHERE indexname = 'suppliers_rfc_key'")).length === 1;

/** Backs up the database of `url` and restores it into a fresh one; answers it and what the restore said. */
async function backUpAndRestore(url: string): Promise<{ target: Database; said: string[] }> {
  const taken = await backup([], envFor(url), () => undefined);
  const target = await freshDatabase();
  const said: string[] = [];
  await restore([taken!.file], envFor(target.url), (line) => said.push(line));
  return { target, said };
}

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-upgraded-restore-'));
});

afterAll(async () => {
  await t?.close();
  for (const database of databases) await database.drop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('an installation upgraded from the first release', () => {
  let source: Database;

  beforeAll(async () => {
    source = await freshDatabase();
    await loadDump(source.url, POINT.dump);
    const db = createPool(source.url, { max: 1 });
    try {
      await migrate(db);
    } finally {
      await db.end();
    }
  });

  test('has what the test is about: exits kept at quantity × average, suppliers sharing an RFC and no unique index', async () => {
    const kept = await query<{ n: number }>(
      source.url,
      `SELECT count(*)::int AS n FROM movements WHERE movement_type = 'DISPATCH' AND amount <> round(amount, 2) AND amount = quantity * unit_cost`,
    );
    expect(kept[0].n).toBeGreaterThan(0);
    const shared = await query(source.url, `SELECT rfc FROM suppliers GROUP BY rfc HAVING count(*) > 1`);
    expect(shared.length).toBeGreaterThan(0);
    expect(await hasRfcIndex(source.url)).toBe(false);
    expect((await checkLedger(source.url)).violations).toEqual([]);
  });

  test('its backup restores to the same schema, says the index is left out, and passes the proof', async () => {
    const { target, said } = await backUpAndRestore(source.url);
    expect(await hasRfcIndex(target.url)).toBe(false);
    expect(said).toContainEqual(expect.stringContaining('el índice único suppliers_rfc_key no se creó'));
    expect((await checkLedger(target.url)).violations).toEqual([]);
    expect(await query(target.url, 'SELECT id, rfc FROM suppliers ORDER BY id')).toEqual(
      await query(source.url, 'SELECT id, rfc FROM suppliers ORDER BY id'),
    );

    // A pre-0057 exit at a value neither rule gives is refused.
    const [exit] = await query<{ id: number }>(
      target.url,
      `SELECT id FROM movements WHERE movement_type = 'DISPATCH' AND amount <> round(amount, 2) ORDER BY id LIMIT 1`,
    );
    await setAmount(target.url, exit.id, 'amount + 0.01');
    expect((await checkLedger(target.url)).violations).toEqual([VALUE_VIOLATION]);
  });
});

describe('an installation of today', () => {
  let url: string;
  let exitId: number;

  beforeAll(async () => {
    t = await createTestApp();
    url = t.config.databaseUrl!;
    const c = client(t, { sub: 'user-almacen', name: 'Lucía Hernández' });
    const catalog = await createCatalog(c);
    const product = await createProduct(c, 'Cinta adhesiva transparente');
    // 3 units worth 5.00: the average is 1.666667, and one unit's share is 1.67.
    for (const [quantity, purchasePrice] of [
      ['1', '1'],
      ['2', '2'],
    ]) {
      const r = await c.post('/api/invoices', invoiceBody(t, catalog, [{ productId: product, quantity, purchasePrice }]));
      expect(r.statusCode).toBe(201);
    }
    const r = await c.post('/api/dispatches', dispatchBody(t, catalog, [{ productId: product, quantity: '1' }]));
    expect(r.statusCode).toBe(201);
    const [exit] = await query<{ id: number; amount: string; unit_cost: string }>(
      url,
      `SELECT id, trim_scale(amount)::text AS amount, trim_scale(unit_cost)::text AS unit_cost FROM movements WHERE movement_type = 'DISPATCH'`,
    );
    expect([exit.amount, exit.unit_cost]).toEqual(['1.67', '1.666667']);
    exitId = exit.id;
  });

  test('a backup with unique RFCs restores with the unique index', async () => {
    expect(await hasRfcIndex(url)).toBe(true);
    const { target, said } = await backUpAndRestore(url);
    expect(await hasRfcIndex(target.url)).toBe(true);
    expect(said.join('\n')).not.toContain('suppliers_rfc_key');
    expect((await checkLedger(target.url)).violations).toEqual([]);
  });

  test('checkLedger refuses an exit registered today at quantity × average instead of its share', async () => {
    await setAmount(url, exitId, 'quantity * unit_cost');
    expect((await checkLedger(url)).violations).toEqual([VALUE_VIOLATION]);
  });
});
