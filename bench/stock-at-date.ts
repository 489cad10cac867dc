// Stock at a cut-off date (issue #18) for `npm run bench` (alone: `node --import tsx bench/stock-at-date.ts`).
// 10,000 products and 1,000,000 movements registered over two years; the real server (as
// `npm start` runs it) generates "Reporte de existencias" at a past date (the balance each
// product's last movement registered by then stored, one index probe per product, 0018) and
// today's (the balance rows). Rows: the past-date report against today's, PDF and XLSX (median of
// 3 alternated rounds; the issue asks ≤ 2×), and the JSON GET /api/stock?date= against GET
// /api/stock.
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
import { startServer, stopServer, type ServerProcess } from './lib/server';
import { fmt, median, ratio } from './lib/stats';

const PRODUCTS = 10_000;
const PER_PRODUCT = 100;
const PAST = '2025-06-30';

const began = performance.now();
const say = (line: string) => process.stderr.write(`[${((performance.now() - began) / 1000).toFixed(0)} s] ${line}\n`);

const fixture = (db: Db) =>
  loadLedgerFixture(db, {
    products: PRODUCTS,
    perProduct: PER_PRODUCT,
    // Registration = 2024-01-01 + n minutes / 1.4: two years.
    recordedAt: "timestamptz '2024-01-01 00:00:00-06' + n * interval '1 minute' / 1.4",
  });

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
      {
        figure: 'Reporte de existencias, PDF',
        method: 'POST',
        today: '/api/reports/stock?format=pdf',
        past: `/api/reports/stock?format=pdf&date=${PAST}`,
      },
      {
        figure: 'Reporte de existencias, XLSX',
        method: 'POST',
        today: '/api/reports/stock?format=xlsx',
        past: `/api/reports/stock?format=xlsx&date=${PAST}`,
      },
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
