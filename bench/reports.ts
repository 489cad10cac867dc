// Report figures for `npm run bench` (standalone: `node --expose-gc --import tsx bench/reports.ts`).
// Prints a markdown table: for each report and format, the generation time as a ratio to the
// plain SELECT of the same rows (measured in the same run), the peak RSS growth while the file
// is generated, and the latency of GET /healthz requests sent every 25 ms meanwhile (what
// another user of the API feels), beside the idle /healthz latency.
//
// Fixture (inserted with SQL generate_series, consistent with the ledger rules: every balance
// is the fold of the movements, checked by the table's CHECKs and by a final assertion):
//   - 10,000 products in 20 partidas, each received once (the stock report);
//   - one product with 100,000 movements (entries and exits alternating, moving average
//     computed with the ledger's own ledger_moving_average()), and one with 10,000, so the
//     table shows that memory does not grow with the row count.
// Database: DATABASE_URL (a throwaway database is created and dropped on that server), else an
// embedded PostgreSQL on a free port.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { freePort, startEmbeddedPostgres, type EmbeddedPostgres } from '../api/src/db/embedded';
import { ADMIN_URL_ENV } from '../api/test/helpers/admin-url';
import { createTestApp, type TestApp } from '../api/test/helpers/test-app';

const STOCK_PRODUCTS = 10_000;
const BIG_CARD = 100_000;
const SMALL_CARD = 10_000;

const gc = (globalThis as { gc?: () => void }).gc;

async function fixture(t: TestApp): Promise<{ big: number; small: number }> {
  const who = `'bench', 'Bench'`;
  const audit = `created_by, created_by_name, updated_by, updated_by_name`;
  const q = (sql: string) => t.db.query(sql);
  await q(`INSERT INTO product_categories (description, ${audit}) SELECT 'Partida ' || (2100 + g), ${who}, ${who} FROM generate_series(1, 20) g`);
  await q(`INSERT INTO product_units (description, ${audit}) VALUES ('Pieza', ${who}, ${who}), ('Caja', ${who}, ${who}), ('Litro', ${who}, ${who})`);
  await q(`INSERT INTO employees (name, last_name, ${audit}) VALUES ('María', 'López', ${who}, ${who}), ('Jorge', 'Ramírez', ${who}, ${who}), ('Lucía', 'Hernández', ${who}, ${who})`);
  await q(`INSERT INTO suppliers (name, rfc, ${audit}) VALUES ('Papelería del Centro, S.A. de C.V.', 'PCE850101AB1', ${who}, ${who})`);
  await q(`INSERT INTO products (id, name, category_id, unit_id, ${audit})
           SELECT g, 'Producto de prueba número ' || g || ' con nombre de longitud realista', 1 + g % 20, 1 + g % 3, ${who}, ${who}
             FROM generate_series(1, ${STOCK_PRODUCTS + 2}) g`);
  const big = STOCK_PRODUCTS + 1;
  const small = STOCK_PRODUCTS + 2;

  // Stock: one entry per product (invoice id = product id), 1–50 units at 1.000–100.999.
  await q(`INSERT INTO invoices (id, supplier_id, invoice_number, invoice_date, invoice_type, director_employee_id, entered_by_employee_id, warehouse_keeper_employee_id, created_by, created_by_name)
           SELECT g, 1, 'S-' || g, DATE '2026-01-02', 'COMPRA_DIRECTA', 1, 2, 3, ${who} FROM generate_series(1, ${STOCK_PRODUCTS}) g`);
  await q(`INSERT INTO invoice_lines (id, invoice_id, line_no, product_id, quantity, purchase_price, observations, apply_value_added_tax_to_purchase_price, apply_excise_tax, excise_tax_rate)
           SELECT g, g, 1, g, 1 + g % 50, 1 + (g % 100000) * 0.001, NULL, false, false, 0 FROM generate_series(1, ${STOCK_PRODUCTS}) g`);
  await q(`INSERT INTO movements (product_id, movement_type, invoice_id, invoice_line_id, quantity, unit_cost, apply_value_added_tax, apply_excise_tax, excise_tax_rate, balance_quantity, balance_average)
           SELECT l.product_id, 'INVOICE', l.invoice_id, l.id, l.quantity, l.purchase_price, false, false, 0, l.quantity, l.purchase_price
             FROM invoice_lines l ORDER BY l.id`);

  // Kardex: odd steps are entries, even steps exits; the average is the ledger's function.
  const card = async (productId: number, steps: number, offset: number) => {
    await q(`CREATE TEMP TABLE steps AS
      WITH RECURSIVE s(k, qty, cost, bal, avg) AS (
        SELECT 0, 0::numeric, 0::numeric, 0::numeric, 0::numeric
        UNION ALL
        SELECT k + 1,
               CASE WHEN (k + 1) % 2 = 1 THEN 10 + (k + 1) % 7 ELSE 8 + (k + 1) % 5 END::numeric,
               CASE WHEN (k + 1) % 2 = 1 THEN 10 + ((k + 1) % 13) * 0.125 ELSE avg END,
               CASE WHEN (k + 1) % 2 = 1 THEN bal + 10 + (k + 1) % 7 ELSE bal - (8 + (k + 1) % 5) END,
               CASE WHEN (k + 1) % 2 = 1 THEN ledger_moving_average(bal, avg, 10 + (k + 1) % 7, 10 + ((k + 1) % 13) * 0.125) ELSE avg END
          FROM s WHERE k < ${steps})
      SELECT k, qty, cost, bal, avg FROM s WHERE k > 0`);
    await q(`INSERT INTO invoices (id, supplier_id, invoice_number, invoice_date, invoice_type, director_employee_id, entered_by_employee_id, warehouse_keeper_employee_id, created_by, created_by_name)
             SELECT ${offset} + k, 1, 'K-' || (${offset} + k), DATE '2026-01-02' + (k / 1000)::int, 'COMPRA_DIRECTA', 1, 2, 3, ${who} FROM steps WHERE k % 2 = 1`);
    await q(`INSERT INTO invoice_lines (id, invoice_id, line_no, product_id, quantity, purchase_price, observations, apply_value_added_tax_to_purchase_price, apply_excise_tax, excise_tax_rate)
             SELECT ${offset} + k, ${offset} + k, 1, ${productId}, qty, cost, NULL, false, false, 0 FROM steps WHERE k % 2 = 1`);
    await q(`INSERT INTO dispatches (id, dispatch_date, person_in_charge_of_the_requesting_area_employee_id, petitioner_employee_id, warehouse_keeper_employee_id, created_by, created_by_name)
             SELECT ${offset} + k, DATE '2026-01-02' + (k / 1000)::int, 1, 2, 3, ${who} FROM steps WHERE k % 2 = 0`);
    await q(`INSERT INTO dispatch_lines (id, dispatch_id, line_no, product_id, quantity, shown_exit_price, observations)
             SELECT ${offset} + k, ${offset} + k, 1, ${productId}, qty, greatest(round(avg, 3), 0.001), NULL FROM steps WHERE k % 2 = 0`);
    await q(`INSERT INTO movements (product_id, movement_type, invoice_id, invoice_line_id, dispatch_id, dispatch_line_id, quantity, unit_cost,
                                    apply_value_added_tax, apply_excise_tax, excise_tax_rate, balance_quantity, balance_average)
             SELECT ${productId}, CASE WHEN k % 2 = 1 THEN 'INVOICE' ELSE 'DISPATCH' END,
                    CASE WHEN k % 2 = 1 THEN ${offset} + k END, CASE WHEN k % 2 = 1 THEN ${offset} + k END,
                    CASE WHEN k % 2 = 0 THEN ${offset} + k END, CASE WHEN k % 2 = 0 THEN ${offset} + k END,
                    qty, cost,
                    CASE WHEN k % 2 = 1 THEN false END, CASE WHEN k % 2 = 1 THEN false END, CASE WHEN k % 2 = 1 THEN 0 END,
                    bal, avg
               FROM steps ORDER BY k`);
    await q(`DROP TABLE steps`);
  };
  await card(big, BIG_CARD, 1_000_000);
  await card(small, SMALL_CARD, 2_000_000);

  await q(`INSERT INTO product_balances (product_id, quantity, average_cost, last_movement_id)
           SELECT DISTINCT ON (product_id) product_id, balance_quantity, balance_average, id FROM movements ORDER BY product_id, id DESC`);
  // The ledger invariant, as the API keeps it: the balance is the fold of the movements.
  const { rows } = await t.db.query<{ bad: string }>(
    `SELECT count(*) AS bad FROM (
       SELECT balance_quantity,
              sum(CASE WHEN movement_type = 'INVOICE' THEN quantity ELSE -quantity END) OVER (PARTITION BY product_id ORDER BY id) AS folded
         FROM movements) x
      WHERE balance_quantity <> folded`,
  );
  if (rows[0].bad !== '0') throw new Error(`La carga de prueba no cumple el libro (${rows[0].bad} saldos).`);
  await q('ANALYZE');
  return { big, small };
}

/** The same rows the report reads, fetched in one plain SELECT (median of 3), in ms. */
async function plainSelect(t: TestApp, sql: string, params: unknown[]): Promise<{ ms: number; rows: number }> {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    const result = await t.db.query(sql, params);
    times.push(performance.now() - start);
    rows = result.rowCount ?? 0;
  }
  times.sort((a, b) => a - b);
  return { ms: times[1], rows };
}

interface Measure {
  ms: number;
  bytes: number;
  rssGrowthMb: number;
  health: { p50: number; p99: number; max: number; count: number };
  loopMaxMs: number;
}

const percentile = (values: number[], p: number) => {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function healthLatencies(base: string, until: () => boolean, intervalMs = 25): Promise<number[]> {
  const latencies: number[] = [];
  while (!until()) {
    const start = performance.now();
    const r = await fetch(`${base}/healthz`);
    await r.arrayBuffer();
    latencies.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return latencies;
}

async function measure(t: TestApp, base: string, url: string): Promise<Measure> {
  gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let finished = false;
  const authorization = `Bearer ${await t.token()}`;
  const health = healthLatencies(base, () => finished);
  const start = performance.now();
  const response = await fetch(`${base}${url}`, { method: 'POST', headers: { authorization } });
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  const ms = performance.now() - start;
  finished = true;
  const latencies = await health;
  clearInterval(sampler);
  loop.disable();
  return {
    ms,
    bytes,
    rssGrowthMb: (peak - before) / 1024 / 1024,
    health: { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: Math.max(...latencies), count: latencies.length },
    loopMaxMs: loop.max / 1e6,
  };
}

async function main(): Promise<void> {
  let embedded: EmbeddedPostgres | undefined;
  let pgDir: string | undefined;
  if (!process.env[ADMIN_URL_ENV]) {
    if (process.env.DATABASE_URL) process.env[ADMIN_URL_ENV] = process.env.DATABASE_URL;
    else {
      pgDir = mkdtempSync(path.join(os.tmpdir(), 'almacen-bench-pg-'));
      embedded = await startEmbeddedPostgres({ dataDir: pgDir, port: await freePort(), database: 'postgres' });
      process.env[ADMIN_URL_ENV] = embedded.adminUrl;
    }
  }
  const t = await createTestApp();
  try {
    process.stderr.write('Cargando datos de prueba…\n');
    const { big, small } = await fixture(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const base = `http://127.0.0.1:${address.port}`;

    const idle = await healthLatencies(base, ((n) => () => n-- <= 0)(40), 10);
    const stockSql = `SELECT p.id, p.name, u.description, c.description, b.quantity, b.average_cost, b.value
                        FROM products p LEFT JOIN product_categories c ON c.id = p.category_id
                        LEFT JOIN product_units u ON u.id = p.unit_id LEFT JOIN product_balances b ON b.product_id = p.id
                       WHERE p.id <= $1`;
    const cardSql = `SELECT m.*, i.invoice_number, i.invoice_date, d.dispatch_date FROM movements m
                       LEFT JOIN invoices i ON i.id = m.invoice_id LEFT JOIN dispatches d ON d.id = m.dispatch_id
                      WHERE m.product_id = $1 ORDER BY m.id`;
    // The stock report lists every product: the two kardex products are 2 more rows.
    const cases = [
      { name: 'Reporte de existencias', rows: `${STOCK_PRODUCTS + 2} productos`, url: '/api/reports/stock', sql: stockSql, params: [STOCK_PRODUCTS + 2] },
      { name: 'Tarjeta de almacén', rows: `${SMALL_CARD} movimientos`, url: `/api/reports/products/${small}`, sql: cardSql, params: [small] },
      { name: 'Tarjeta de almacén', rows: `${BIG_CARD} movimientos`, url: `/api/reports/products/${big}`, sql: cardSql, params: [big] },
    ];
    const lines = [
      `/healthz sin carga: p50 ${percentile(idle, 50).toFixed(1)} ms, p99 ${percentile(idle, 99).toFixed(1)} ms.`,
      '',
      '| Reporte | Filas | Formato | SELECT simple | Reporte | Razón | Tamaño | Δ RSS pico | /healthz durante (p50 / p99 / máx) | Retraso máx. del event loop |',
      '|---|---|---|---:|---:|---:|---:|---:|---|---:|',
    ];
    // BENCH_REPORTS_FILTER="100000 movimientos pdf" runs only the matching lines.
    const filter = process.env.BENCH_REPORTS_FILTER?.toLowerCase();
    for (const c of cases) {
      const select = await plainSelect(t, c.sql, c.params);
      for (const format of ['pdf', 'xlsx'] as const) {
        if (filter && !`${c.name} ${c.rows} ${format}`.toLowerCase().includes(filter)) continue;
        process.stderr.write(`${c.name} (${c.rows}) ${format}…\n`);
        const m = await measure(t, base, `${c.url}?format=${format}`);
        lines.push(
          `| ${c.name} | ${c.rows} | ${format.toUpperCase()} | ${select.ms.toFixed(0)} ms | ${(m.ms / 1000).toFixed(1)} s | ${(m.ms / select.ms).toFixed(0)}× | ` +
            `${(m.bytes / 1024 / 1024).toFixed(1)} MB | ${m.rssGrowthMb.toFixed(0)} MB | ` +
            `${m.health.p50.toFixed(1)} / ${m.health.p99.toFixed(1)} / ${m.health.max.toFixed(1)} ms (${m.health.count}) | ${m.loopMaxMs.toFixed(0)} ms |`,
        );
      }
    }
    console.log(lines.join('\n'));
  } finally {
    await t.close();
    await embedded?.stop();
    if (pgDir) rmSync(pgDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
