// Migration 0059 on databases written before the one-RFC rule: where no RFC repeats, the unique
// index is created; where suppliers already share one, the migration still applies (the API keeps
// starting, every supplier and the entries pointing at them stay) and leaves the index out, while
// the API's own check refuses any new duplicate.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate, MIGRATIONS_DIR } from '../../src/db/migrate';
import { createPool, type Db } from '../../src/db/pool';
import { createTestDatabase } from '../helpers/test-app';

const before = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-0058-'));
for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && f < '0059'))
  fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(before, file));
afterAll(() => fs.rmSync(before, { recursive: true, force: true }));

const who = `'migración', 'Prueba de migración', 'migración', 'Prueba de migración'`;

async function upgradedWith(suppliers: [string, string][]): Promise<{ db: Db; drop: () => Promise<void> }> {
  const database = await createTestDatabase();
  const db = createPool(database.url, { max: 2 });
  await migrate(db, { dir: before });
  for (const [name, rfc] of suppliers)
    await db.query(`INSERT INTO suppliers (name, rfc, created_by, created_by_name, updated_by, updated_by_name) VALUES ($1, $2, ${who})`, [
      name,
      rfc,
    ]);
  expect(await migrate(db)).toContain('0059_supplier_rfc_unique.sql');
  return { db, drop: async () => (await db.end(), await database.drop()) };
}

const hasIndex = async (db: Db) => (await db.query("SELECT 1 FROM pg_indexes WHERE indexname = 'suppliers_rfc_key'")).rowCount === 1;

test('no repeated RFC (generic ones aside): the unique index is created', async () => {
  const { db, drop } = await upgradedWith([
    ['Papelería Sol', 'PSO010203AB1'],
    ['Foreign Supplies', 'XEXX010101000'],
    ['Global Paper', 'XEXX010101000'],
  ]);
  try {
    expect(await hasIndex(db)).toBe(true);
  } finally {
    await drop();
  }
});

test('suppliers already sharing an RFC: applied, all kept, no index', async () => {
  const { db, drop } = await upgradedWith([
    ['Papelería Sol', 'PSO010203AB1'],
    ['Papelería Sol (otra vez)', 'PSO010203AB1'],
  ]);
  try {
    expect(await hasIndex(db)).toBe(false);
    expect((await db.query("SELECT name FROM suppliers WHERE rfc = 'PSO010203AB1' ORDER BY id")).rows.map((r) => r.name)).toEqual([
      'Papelería Sol',
      'Papelería Sol (otra vez)',
    ]);
  } finally {
    await drop();
  }
});
