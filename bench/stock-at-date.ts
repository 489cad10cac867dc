// Stock at a cut-off date (issue #18) for `npm run bench` (alone: `node --import tsx bench/stock-at-date.ts`).
// 10,000 products and 1,000,000 movements registered over two years; the real server (as
// `npm start` runs it) generates "Reporte de existencias" at a past date (the balance each
// product's last movement registered by then stored, one index probe per product, 0018) and
// today's (the balance rows). Rows: the past-date report against today's, PDF and XLSX (median of
// 3 alternated rounds; the issue asks ≤ 2×), and the JSON GET /api/stock?date= against GET
// /api/stock.
//
// Fixture (SQL generate_series, consistent with the ledger rules): every product gets 100
// movements alternating an entry of 2 and an exit of 1 at its own constant cost, so the average
// stays that cost and each balance is the fold; registration times grow with the id within
// every product (as 0018 makes them), spread from 2024-01-01 over two years.
import { migrate } from '../api/src/db/migrate';
import { createPool, type Db } from '../api/src/db/pool';
import { startTestIssuer } from '../api/test/helpers/issuer';
import type { BenchRow } from './api';
import { scratchDatabase } from './lib/database';
import { startServer, stopServer, type ServerProcess } from './lib/server';
import { fmt, median, ratio } from './lib/stats';

const PRODUCTS = 10_000;
const PER_PRODUCT = 100;
const PAST = '2025-06-30';

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
                  bal, cost, timestamptz '2024-01-01 00:00:00-06' + n * interval '1 minute' / 1.4
             FROM steps ORDER BY n`);
  await q(`INSERT INTO product_balances (product_id, quantity, average_cost, last_movement_id)
           SELECT DISTINCT ON (product_id) product_id, balance_quantity, balance_average, id FROM movements ORDER BY product_id, id DESC`);
  await q('DROP TABLE steps');
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

async function timed(server: ServerProcess, token: string, method: 'GET' | 'POST', url: string): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${server.base}${url}`, { method, headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) void chunk;
  return performance.now() - start;
}

async function main(): Promise<void> {
  const database = await scratchDatabase('almacen_bench_stock_at');
  const pool = createPool(database.url, { max: 2, applicationName: 'almacen-bench' });
  const issuer = await startTestIssuer();
  let server: ServerProcess | undefined;
  const rows: BenchRow[] = [];
  try {
    say(`Base de datos: ${database.kind}. Cargando ${fmt(PRODUCTS)} productos y ${fmt(PRODUCTS * PER_PRODUCT)} movimientos…`);
    await migrate(pool);
    await fixture(pool);
    const token = await issuer.token({ sub: 'bench', name: 'Banco de pruebas' }, { expiresIn: 3600 });
    server = await startServer({ env: { DATABASE_URL: database.url, OIDC_ISSUER: issuer.url, LOG_LEVEL: 'warn', ADMIN_USERS: 'bench' } });
    const cases: Array<{ figure: string; method: 'GET' | 'POST'; today: string; past: string }> = [
      { figure: 'Reporte de existencias, PDF', method: 'POST', today: '/api/reports/stock?format=pdf', past: `/api/reports/stock?format=pdf&date=${PAST}` },
      { figure: 'Reporte de existencias, XLSX', method: 'POST', today: '/api/reports/stock?format=xlsx', past: `/api/reports/stock?format=xlsx&date=${PAST}` },
      { figure: 'GET /api/stock (JSON)', method: 'GET', today: '/api/stock', past: `/api/stock?date=${PAST}` },
    ];
    for (const c of cases) {
      say(`${c.figure}: hoy y al ${PAST}…`);
      await timed(server, token, c.method, c.today); // warm-up
      await timed(server, token, c.method, c.past);
      const today: number[] = [];
      const past: number[] = [];
      for (let round = 0; round < 3; round++) {
        today.push(await timed(server, token, c.method, c.today));
        past.push(await timed(server, token, c.method, c.past));
      }
      rows.push({
        figure: `Existencias a una fecha pasada (${PAST}): ${c.figure}, ${fmt(PRODUCTS)} productos, ${fmt(PRODUCTS * PER_PRODUCT)} movimientos`,
        baseline: `${fmt(median(today), 0)} ms — lo mismo hoy (los saldos actuales)`,
        measured: `${fmt(median(past), 0)} ms`,
        ratio: ratio(median(past) / median(today)),
        note: 'mediana de 3 rondas alternadas; objetivo del issue #18: ≤ 2× el de hoy; el saldo a la fecha sale de un sondeo del índice movements_product_recorded_idx por producto',
      });
    }
    await stopServer(server);
    server = undefined;
  } finally {
    if (server) await stopServer(server);
    await pool.end();
    await issuer.close();
    await database.drop();
  }
  console.log(JSON.stringify(rows));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
