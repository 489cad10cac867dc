// Stock at a cut-off date for `npm run bench` (alone: `node --import tsx bench/stock-at-date.ts`).
// 10,000 products and 1,000,000 movements dated over two years, every month closed but the last
// two (as a school closes its months); the real server (as `npm start` runs it) generates
// "Reporte de existencias" at a past date — the stock the last closing on or before it stored,
// plus the months and days dated after it (stock/stock-at-date.ts) — and today's (the balance
// rows). Rows: the past-date report against today's, PDF and XLSX (median of 3 alternated
// rounds; the target is ≤ 2×), and the JSON GET /api/stock?date= against GET /api/stock, at a
// month end and in the middle of a month (the days of the month read from the movements).
//
// Fixture (bench/lib/ledger-fixture.ts, SQL generate_series, consistent with the ledger rules): every product gets 100
// movements alternating an entry of 2 and an exit of 1 at its own constant cost, so the average
// stays that cost and each balance is the fold; registration times grow with the id within
// every product (as 0018 makes them), spread from 2024-01-01 over two years.
import { migrate } from '../api/src/db/migrate';
import { createPool, type Db } from '../api/src/db/pool';
import { startTestIssuer } from '../api/test/helpers/issuer';
import type { BenchRow } from './api';
import { scratchDatabase } from './lib/database';
import { loadLedgerFixture } from './lib/ledger-fixture';
import { startServer, stopServer, timedRequest as timed, type ServerProcess } from './lib/server';
import { fmt, median, ratio } from './lib/stats';

const PRODUCTS = 10_000;
const PER_PRODUCT = 100;
const PAST = '2025-06-30';
const MID_MONTH = '2025-06-18';

// Every month that has ended but the last two closed by the date rule, as the closing service
// stores them (the stock of every product with movements dated up to the month end), computed
// from the monthly sums the ledger keeps.
const CLOSINGS = [
  `INSERT INTO period_closings (until, total_value, products, last_movement_id, closed_by, closed_by_name, rule)
   SELECT (m.month + interval '1 month' - interval '1 day')::date, 0, 0, NULL, 'bench', 'Banco de pruebas', 'FECHA'
     FROM (SELECT DISTINCT month FROM stock_product_months) m
    WHERE m.month < (SELECT max(month) - interval '1 month' FROM stock_product_months) ORDER BY m.month`,
  `INSERT INTO period_closing_stock (closing_id, product_id, quantity, average_cost, value)
   SELECT c.id, s.product_id, sum(s.quantity), ledger_average(sum(s.quantity), sum(s.value)), sum(s.value)
     FROM period_closings c JOIN stock_product_months s ON s.month <= c.until GROUP BY c.id, s.product_id`,
  // What autovacuum does soon after a closing's rows are written (an insert-only table).
  'VACUUM ANALYZE period_closing_stock',
];

const began = performance.now();
const say = (line: string) => process.stderr.write(`[${((performance.now() - began) / 1000).toFixed(0)} s] ${line}\n`);

const fixture = (db: Db) =>
  loadLedgerFixture(db, {
    products: PRODUCTS,
    perProduct: PER_PRODUCT,
    // Registration = 2024-01-01 + n minutes / 1.4: two years.
    recordedAt: "timestamptz '2024-01-01 00:00:00-06' + n * interval '1 minute' / 1.4",
    beforeChecks: CLOSINGS,
  });

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
    const cases: Array<{ figure: string; method: 'GET' | 'POST'; today: string; date: string }> = [
      { figure: 'Reporte de existencias, PDF', method: 'POST', today: '/api/reports/stock?format=pdf', date: PAST },
      { figure: 'Reporte de existencias, XLSX', method: 'POST', today: '/api/reports/stock?format=xlsx', date: PAST },
      { figure: 'GET /api/stock (JSON)', method: 'GET', today: '/api/stock', date: PAST },
      { figure: 'GET /api/stock (JSON), a mitad de mes', method: 'GET', today: '/api/stock', date: MID_MONTH },
    ];
    for (const c of cases) {
      const pastUrl = `${c.today}${c.today.includes('?') ? '&' : '?'}date=${c.date}`;
      say(`${c.figure}: hoy y al ${c.date}…`);
      await timed(server, token, c.method, c.today); // warm-up
      await timed(server, token, c.method, pastUrl);
      const today: number[] = [];
      const past: number[] = [];
      for (let round = 0; round < 3; round++) {
        today.push(await timed(server, token, c.method, c.today));
        past.push(await timed(server, token, c.method, pastUrl));
      }
      rows.push({
        figure: `Existencias a una fecha pasada (${c.date}): ${c.figure}, ${fmt(PRODUCTS)} productos, ${fmt(PRODUCTS * PER_PRODUCT)} movimientos, meses cerrados`,
        baseline: `${fmt(median(today), 0)} ms — lo mismo hoy (los saldos actuales)`,
        measured: `${fmt(median(past), 0)} ms`,
        ratio: ratio(median(past) / median(today)),
        note: 'mediana de 3 rondas alternadas; objetivo: ≤ 2× el de hoy; la existencia a la fecha parte de la que guardó el último cierre (y suma los meses y días con fecha posterior)',
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
