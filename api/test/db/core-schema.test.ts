// What the core schema guarantees on its own, whatever the API code does: the audit log is
// append-only; dates and numbers come back exactly; transactions retry deadlocks.
import { migrate } from '../../src/db/migrate';
import { createPool, withTransaction, type Db } from '../../src/db/pool';
import { createTestDatabase } from '../helpers/test-app';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = createPool(database.url, { max: 10 });
  await migrate(db);
});
afterAll(async () => {
  await db.end();
  await database.drop();
});

test('audit_log refuses UPDATE, DELETE and TRUNCATE', async () => {
  await db.query(
    `INSERT INTO audit_log (actor_sub, actor_name, action, entity, entity_id, after) VALUES ('u', 'U', 'create', 'roles', '1', '{"id":1}')`,
  );
  await expect(db.query(`UPDATE audit_log SET actor_name = 'otro'`)).rejects.toThrow(/solo inserción/);
  await expect(db.query('DELETE FROM audit_log')).rejects.toThrow(/solo inserción/);
  await expect(db.query('TRUNCATE audit_log')).rejects.toThrow(/solo inserción/);
  expect((await db.query('SELECT actor_name FROM audit_log')).rows).toEqual([{ actor_name: 'U' }]);
});

test('dates arrive as YYYY-MM-DD text and numerics as exact decimal text', async () => {
  const { rows } = await db.query(`SELECT '2025-01-31'::date AS d, 33.333::numeric(18,3) AS n, 0.1::numeric + 0.2::numeric AS s`);
  expect(rows[0]).toEqual({ d: '2025-01-31', n: '33.333', s: '0.3' });
});

test('the database backs up the API: blank texts and malformed RFCs are refused', async () => {
  const who = `'u', 'U', 'u', 'U'`;
  await expect(
    db.query(`INSERT INTO roles (description, created_by, created_by_name, updated_by, updated_by_name) VALUES ('  ', ${who})`),
  ).rejects.toThrow(/check/);
  await expect(
    db.query(`INSERT INTO suppliers (name, rfc, created_by, created_by_name, updated_by, updated_by_name) VALUES ('X', 'abc', ${who})`),
  ).rejects.toThrow(/check/);
});

test('withTransaction rolls back on error and re-runs after a deadlock, so the client never sees it', async () => {
  await db.query(`CREATE TABLE dl (id int PRIMARY KEY, v int)`);
  await db.query(`INSERT INTO dl VALUES (1, 0), (2, 0)`);

  await expect(
    withTransaction(db, async (trx) => {
      await trx.query('UPDATE dl SET v = 99 WHERE id = 1');
      throw new Error('falla a media escritura');
    }),
  ).rejects.toThrow('falla a media escritura');
  expect((await db.query('SELECT v FROM dl WHERE id = 1')).rows[0].v).toBe(0);

  // Two transactions lock the rows in opposite order and wait for each other: PostgreSQL
  // aborts one with a deadlock; withTransaction runs it again and both end up committed.
  let bothLockedFirst!: () => void;
  const gate = new Promise<void>((resolve) => (bothLockedFirst = resolve));
  let locked = 0;
  const crossing = (first: number, second: number) =>
    withTransaction(db, async (trx) => {
      await trx.query('UPDATE dl SET v = v + 1 WHERE id = $1', [first]);
      if (++locked === 2) bothLockedFirst();
      await gate;
      await trx.query('UPDATE dl SET v = v + 1 WHERE id = $1', [second]);
    });
  await Promise.all([crossing(1, 2), crossing(2, 1)]);
  expect((await db.query('SELECT v FROM dl ORDER BY id')).rows).toEqual([{ v: 2 }, { v: 2 }]);
});

test('every table whose foreign key can block deleting a catalogue row has a Spanish name for the "in use" message, and no name is left for a table that is gone', async () => {
  const { rows } = await db.query<{ referencing: string }>(
    `SELECT DISTINCT tc.table_name AS referencing
       FROM information_schema.table_constraints tc
       JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema
       JOIN information_schema.referential_constraints rc ON rc.constraint_name = tc.constraint_name AND rc.constraint_schema = tc.table_schema
      WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = 'public'
        AND rc.delete_rule IN ('NO ACTION', 'RESTRICT') -- a CASCADE or SET NULL never blocks
        AND ccu.table_name IN ('products', 'product_units', 'product_categories', 'roles', 'employees', 'suppliers')`,
  );
  const { rows: tables } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
  );
  const { REFERENCING_TABLES } = await import('../../src/http/errors');
  expect(
    rows
      .map((r) => r.referencing)
      .filter((t) => !(t in REFERENCING_TABLES))
      .sort(),
  ).toEqual([]);
  const existing = new Set(tables.map((t) => t.table_name));
  expect(
    Object.keys(REFERENCING_TABLES)
      .filter((t) => !existing.has(t))
      .sort(),
  ).toEqual([]);
});
