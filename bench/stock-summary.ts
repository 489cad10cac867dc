// GET /api/stock/summary (issue #20) for `npm run bench` (alone: `node --import tsx bench/stock-summary.ts`).
// 10,000 products and 1,000,000 movements registered over the last ~15 months (so the 12-month
// series has real work), every tenth product with reorder levels. Row: the summary's one SQL
// statement (stockSummary, as the route runs it) against the plain SELECT of the balance rows the
// stock list reads — median of 5 alternated rounds, straight against PostgreSQL (no HTTP).
//
// Fixture: the one of bench/stock-at-date.ts (entries of 2 and exits of 1 at each product's own
// constant cost), with registration times ending now. The movements are inserted in one
// statement, so 0055's trigger fills the monthly totals as it does for the API's documents.
import pg from 'pg';
import { migrate } from '../api/src/db/migrate';
import { createPool, type Db } from '../api/src/db/pool';
import { stockSummary } from '../api/src/modules/stock/summary';
import type { BenchRow } from './api';
import { scratchDatabase } from './lib/database';
import { fmt, median, ratio } from './lib/stats';

const PRODUCTS = 10_000;
const PER_PRODUCT = 100;
const TIME_ZONE = 'America/Mexico_City';

const began = performance.now();
const say = (line: string) => process.stderr.write(`[${((performance.now() - began) / 1000).toFixed(0)} s] ${line}\n`);

async function fixture(db: Db): Promise<void> {
  const who = `'bench', 'Bench'`;
  const audit = `created_by, created_by_name, updated_by, updated_by_name`;
  const q = (sql: string) => db.query(sql);
  await q(`INSERT INTO product_categories (description, ${audit}) SELECT 'Partida ' || (2100 + g), ${who}, ${who} FROM generate_series(1, 20) g`);
  await q(`INSERT INTO product_units (description, ${audit}) VALUES ('Pieza', ${who}, ${who})`);
  await q(`INSERT INTO employees (name, last_name, ${audit}) VALUES ('María', 'López', ${who}, ${who}), ('Jorge', 'Ramírez', ${who}, ${who}), ('Lucía', 'Hernández', ${who}, ${who})`);
  await q(`INSERT INTO suppliers (name, rfc, ${audit}) VALUES ('Papelería del Centro, S.A. de C.V.', 'PCE850101AB1', ${who}, ${who})`);
  await q(`INSERT INTO products (id, name, category_id, unit_id, ${audit})
           SELECT g, 'Producto de prueba número ' || g, 1 + g % 20, 1, ${who}, ${who} FROM generate_series(1, ${PRODUCTS}) g`);
  // Step k (1…PER_PRODUCT) of product p: odd steps enter 2 at the product's cost, even steps take 1.
  // Document id = (k − 1) · PRODUCTS + p, registration = 2024-01-01 + that many minutes / 1.4.
  await q(`CREATE TEMP TABLE steps AS
           SELECT p, k, (k - 1) * ${PRODUCTS} + p AS n, k % 2 = 1 AS entry,
                  (k + 1) / 2 * 2 - k / 2 AS bal, 1 + (p % 1000) * 0.125 AS cost
             FROM generate_series(1, ${PRODUCTS}) p, generate_series(1, ${PER_PRODUCT}) k`);
  await q(`INSERT INTO invoices (id, supplier_id, invoice_number, invoice_date, invoice_type, director_employee_id, entered_by_employee_id, warehouse_keeper_employee_id, created_by, created_by_name)
           SELECT n, 1, 'B-' || n, DATE '2024-01-01' + (n / 1400)::int, 'COMPRA_DIRECTA', 1, 2, 3, ${who} FROM steps WHERE entry`);
  await q(`INSERT INTO invoice_lines (id, invoice_id, line_no, product_id, quantity, purchase_price, observations, apply_value_added_tax_to_purchase_price, apply_excise_tax, excise_tax_rate)
           SELECT n, n, 1, p, 2, cost, NULL, false, false, 0 FROM steps WHERE entry`);
  await q(`INSERT INTO dispatches (id, dispatch_date, person_in_charge_of_the_requesting_area_employee_id, petitioner_employee_id, warehouse_keeper_employee_id, created_by, created_by_name)
           SELECT n, DATE '2024-01-01' + (n / 1400)::int, 1, 2, 3, ${who} FROM steps WHERE NOT entry`);
  await q(`INSERT INTO dispatch_lines (id, dispatch_id, line_no, product_id, quantity, shown_exit_price, observations)
           SELECT n, n, 1, p, 1, cost, NULL FROM steps WHERE NOT entry`);
  await q(`INSERT INTO movements (product_id, movement_type, invoice_id, invoice_line_id, dispatch_id, dispatch_line_id, quantity, unit_cost,
                                  apply_value_added_tax, apply_excise_tax, excise_tax_rate, balance_quantity, balance_average, recorded_at)
           SELECT p, CASE WHEN entry THEN 'INVOICE' ELSE 'DISPATCH' END,
                  CASE WHEN entry THEN n END, CASE WHEN entry THEN n END, CASE WHEN NOT entry THEN n END, CASE WHEN NOT entry THEN n END,
                  CASE WHEN entry THEN 2 ELSE 1 END, cost,
                  CASE WHEN entry THEN false END, CASE WHEN entry THEN false END, CASE WHEN entry THEN 0 END,
                  bal, cost, now() - (${PRODUCTS * PER_PRODUCT} - n) * interval '40 seconds'
             FROM steps ORDER BY n`);
  await q(`INSERT INTO product_balances (product_id, quantity, average_cost, last_movement_id)
           SELECT DISTINCT ON (product_id) product_id, balance_quantity, balance_average, id FROM movements ORDER BY product_id, id DESC`);
  await q('DROP TABLE steps');
  // Every tenth product has reorder levels, half of them above its balance (50 = "bajo mínimo").
  await q(`UPDATE products SET minimum_stock = CASE WHEN id % 20 = 0 THEN 60 ELSE 10 END, maximum_stock = 100 WHERE id % 10 = 0`);
  for (const table of ['invoices', 'invoice_lines', 'dispatches', 'dispatch_lines']) {
    await q(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
  }
  const { rows } = await db.query<{ bad: string }>(
    `SELECT count(*) AS bad FROM (
       SELECT balance_quantity, sum(CASE WHEN movement_type = 'INVOICE' THEN quantity ELSE -quantity END) OVER (PARTITION BY product_id ORDER BY id) AS folded
         FROM movements) x WHERE balance_quantity <> folded`,
  );
  if (rows[0].bad !== '0') throw new Error(`La carga de prueba no cumple el libro (${rows[0].bad} saldos).`);
  // The ledger is append-only: its pages are all-visible once vacuumed (index-only probes).
  await q('VACUUM ANALYZE movements');
  await q('ANALYZE');
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

async function main(): Promise<void> {
  const database = await scratchDatabase('almacen_bench_summary');
  const pool = createPool(database.url, { max: 2, applicationName: 'almacen-bench' });
  const rows: BenchRow[] = [];
  try {
    say(`Base de datos: ${database.kind}. Cargando ${fmt(PRODUCTS)} productos y ${fmt(PRODUCTS * PER_PRODUCT)} movimientos…`);
    await migrate(pool);
    // The load itself runs without the API's 30 s statement timeout (a busy machine needs longer).
    const loader = new pg.Pool({ connectionString: database.url, max: 1 });
    try {
      await fixture(loader as unknown as Db);
    } finally {
      await loader.end();
    }
    const plain = () => pool.query('SELECT product_id, quantity, average_cost, value FROM product_balances');
    const summary = () => stockSummary(pool, TIME_ZONE);
    const check = await summary();
    if (check.productsUnderMinimum !== 500) throw new Error(`Resumen inesperado: ${check.productsUnderMinimum} productos bajo mínimo.`);
    await timed(plain);
    await timed(summary);
    const base: number[] = [];
    const measured: number[] = [];
    for (let round = 0; round < 5; round++) {
      base.push(await timed(plain));
      measured.push(await timed(summary));
    }
    rows.push({
      figure: `GET /api/stock/summary (cifras y series del inicio), ${fmt(PRODUCTS)} productos, ${fmt(PRODUCTS * PER_PRODUCT)} movimientos`,
      baseline: `${fmt(median(base), 0)} ms — SELECT simple de los saldos`,
      measured: `${fmt(median(measured), 0)} ms`,
      ratio: ratio(median(measured) / median(base)),
      note:
        'mediana de 5 rondas alternadas, directo a PostgreSQL, sin la copia guardada; las series y las entradas/salidas del mes leen ' +
        'los totales por mes que mantiene el disparador de movements (0055), no los movimientos. La ruta guarda la respuesta hasta el ' +
        'siguiente movimiento o cambio del catálogo (dos sondeos de índice)',
    });
  } finally {
    await pool.end();
    await database.drop();
  }
  console.log(JSON.stringify(rows));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
