// Migrations: applied once, in order, under an advisory lock (N copies starting together);
// an applied file is frozen.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate, MigrationError, readMigrations } from '../../src/db/migrate';
import { createPool, type Db } from '../../src/db/pool';
import { createTestDatabase } from '../helpers/test-app';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let dir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  db = createPool(database.url, { max: 10 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-migrations-'));
});
afterAll(async () => {
  await db.end();
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('the real migrations are well named and numbered without clashes', () => {
  const names = readMigrations().map((m) => m.name);
  expect(names[0]).toBe('0001_core.sql');
  expect(names).toEqual([...names].sort());
});

test('five copies starting at once apply each migration exactly once', async () => {
  fs.writeFileSync(path.join(dir, '0001_a.sql'), 'CREATE TABLE t_a (id int); INSERT INTO t_a VALUES (1);');
  fs.writeFileSync(path.join(dir, '0002_b.sql'), 'INSERT INTO t_a VALUES (2);');
  const applied = await Promise.all(Array.from({ length: 5 }, () => migrate(db, { dir })));
  expect(applied.flat().sort()).toEqual(['0001_a.sql', '0002_b.sql']);
  expect((await db.query('SELECT id FROM t_a ORDER BY id')).rows).toEqual([{ id: 1 }, { id: 2 }]);
  expect(await migrate(db, { dir })).toEqual([]);
});

test('a failing migration is rolled back whole and stops the start', async () => {
  fs.writeFileSync(path.join(dir, '0003_bad.sql'), 'INSERT INTO t_a VALUES (3); SELECT * FROM no_existe;');
  await expect(migrate(db, { dir })).rejects.toThrow(/La migración "0003_bad.sql" falló/);
  expect((await db.query('SELECT count(*)::int AS n FROM t_a')).rows[0].n).toBe(2);
  fs.rmSync(path.join(dir, '0003_bad.sql'));
});

test('editing an applied migration is refused', async () => {
  fs.writeFileSync(path.join(dir, '0002_b.sql'), 'INSERT INTO t_a VALUES (20);');
  await expect(migrate(db, { dir })).rejects.toThrow(MigrationError);
  await expect(migrate(db, { dir })).rejects.toThrow(/ya se aplicó y su contenido cambió/);
});

test('badly named or duplicate-numbered files are refused', () => {
  const other = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-migrations-bad-'));
  try {
    fs.writeFileSync(path.join(other, '0001_x.sql'), '');
    fs.writeFileSync(path.join(other, '0001_y.sql'), '');
    expect(() => readMigrations(other)).toThrow(/comparten el número 0001/);
    fs.rmSync(path.join(other, '0001_y.sql'));
    fs.writeFileSync(path.join(other, '2_Mal.sql'), '');
    expect(() => readMigrations(other)).toThrow(/NNNN_nombre.sql/);
  } finally {
    fs.rmSync(other, { recursive: true, force: true });
  }
});
