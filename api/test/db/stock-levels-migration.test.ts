// Migration 0068 on a database written before the levels were per warehouse: every product's
// «Existencia mínima» / «Existencia máxima» becomes the first warehouse's (the one that holds every
// balance), exactly as it was — before = after, product by product — and the rules stay (≥ 0,
// máxima ≥ mínima, the products list's version bumps with a change of a level).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate, MIGRATIONS_DIR } from '../../src/db/migrate';
import { createPool } from '../../src/db/pool';
import { createTestDatabase } from '../helpers/test-app';

const before = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-0067-'));
for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && f < '0068'))
  fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(before, file));
afterAll(() => fs.rmSync(before, { recursive: true, force: true }));

const who = `'migración', 'Prueba de migración', 'migración', 'Prueba de migración'`;

test('every product’s levels before = the first warehouse’s after; the products lose the columns, the rules stay', async () => {
  const database = await createTestDatabase();
  const db = createPool(database.url, { max: 2 });
  try {
    await migrate(db, { dir: before });
    const products: Array<[string, string | null, string | null]> = [
      ['Papel bond', '10.500', '40'],
      ['Lápiz', '5', null],
      ['Cloro', null, '7.25'],
      ['Grapas', null, null],
      ['Tóner', '0', '0'],
      ['Clips', '999999999.999', '999999999.999'],
    ];
    for (const [name, minimum, maximum] of products)
      await db.query(
        `INSERT INTO products (name, minimum_stock, maximum_stock, created_by, created_by_name, updated_by, updated_by_name)
         VALUES ($1, $2, $3, ${who})`,
        [name, minimum, maximum],
      );
    const levels = `SELECT p.id, p.name, {from}.minimum_stock::text AS minimum, {from}.maximum_stock::text AS maximum`;
    const old = (await db.query(`${levels.replaceAll('{from}', 'p')} FROM products p ORDER BY p.id`)).rows;
    expect(old).toHaveLength(products.length);

    expect(await migrate(db)).toContain('0068_stock_levels_per_warehouse.sql');

    const now = (
      await db.query(
        `${levels.replaceAll('{from}', 'l')} FROM products p LEFT JOIN stock_levels l ON l.product_id = p.id AND l.warehouse_id = 1 ORDER BY p.id`,
      )
    ).rows;
    expect(now).toEqual(old);
    // A product without levels has no row; every row is the first warehouse's.
    const { rows } = await db.query('SELECT warehouse_id, count(*)::int AS n FROM stock_levels GROUP BY 1');
    expect(rows).toEqual([{ warehouse_id: 1, n: products.length - 1 }]);
    const columns = await db.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'products' AND column_name LIKE '%_stock'`,
    );
    expect(columns.rows).toEqual([]);

    // The rules of 0030, now on each warehouse's levels.
    const [paper] = old as Array<{ id: number }>;
    await expect(db.query('UPDATE stock_levels SET maximum_stock = 1 WHERE product_id = $1', [paper.id])).rejects.toThrow(
      /stock_levels_check/,
    );
    await expect(db.query('UPDATE stock_levels SET minimum_stock = -1 WHERE product_id = $1', [paper.id])).rejects.toThrow(/check/);
    const version = async () => (await db.query("SELECT version FROM catalog_versions WHERE name = 'products'")).rows[0].version;
    const was = await version();
    await db.query('UPDATE stock_levels SET minimum_stock = 11 WHERE product_id = $1', [paper.id]);
    expect(Number(await version())).toBe(Number(was) + 1);
  } finally {
    await db.end();
    await database.drop();
  }
});
