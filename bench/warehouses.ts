// Several warehouses at an institution's scale, for `npm run bench` (alone:
// `node --import tsx bench/warehouses.ts`). Three databases, each with the real server
// (`node api/dist/server.js`) on it:
//   big    200 warehouses, 5,000 products, 10,000,000 movements (50,000 per warehouse: every product
//          of every warehouse with 10, alternating an entry of 2 and an exit of 1 at its own cost;
//          entries and exits of 50 lines, dated over two years: bench/lib/ledger-fixture.ts);
//   one    one warehouse holding exactly the rows one warehouse of `big` holds (5,000 products,
//          50,000 movements);
//   tiny   one warehouse, 10 products and 100 movements.
// Rows (medians of alternated rounds, each against its baseline in the same run):
//   - GET /api/stock/{id}?warehouseId= of one product in one warehouse of `big` vs the same lookup
//     in `tiny` (target ≤ 1.1×);
//   - one warehouse's «Reporte de existencias» (PDF, XLSX) and home summary in `big` vs the same
//     in `one` (≤ 1.2×);
//   - the consolidated stock, GET /api/stock?warehouseId=all and its XLSX report, in `big` vs the
//     plain SELECT of the same sums by the driver (≤ 3×).
// BENCH_WAREHOUSES, BENCH_WAREHOUSE_PRODUCTS and BENCH_PER_PAIR shrink the fixture for a quick try.
import pg from 'pg';
import { migrate } from '../api/src/db/migrate';
import { createPool } from '../api/src/db/pool';
import { startTestIssuer } from '../api/test/helpers/issuer';
import type { BenchRow } from './api';
import { scratchDatabase, type ScratchDatabase } from './lib/database';
import { loadLedgerFixture } from './lib/ledger-fixture';
import { startServer, stopServer, timedRequest as timed, type ServerProcess } from './lib/server';
import { fmt, median, ms, ratio } from './lib/stats';

const WAREHOUSES = Number(process.env.BENCH_WAREHOUSES ?? 200);
const PRODUCTS = Number(process.env.BENCH_WAREHOUSE_PRODUCTS ?? 5_000);
const PER_PAIR = Number(process.env.BENCH_PER_PAIR ?? 10);
const MOVEMENTS = WAREHOUSES * PRODUCTS * PER_PAIR;
/** The warehouse of `big` whose figures are compared with `one`'s (in the middle of the ids). */
const PROBED = Math.max(1, Math.ceil(WAREHOUSES / 2));

const began = performance.now();
const say = (line: string) => process.stderr.write(`[${((performance.now() - began) / 1000).toFixed(0)} s] ${line}\n`);

interface Copy {
  database: ScratchDatabase;
  server?: ServerProcess;
}

async function prepare(prefix: string, fixture: Parameters<typeof loadLedgerFixture>[1]): Promise<Copy> {
  const database = await scratchDatabase(prefix);
  const pool = createPool(database.url, { max: 2, applicationName: 'almacen-bench' });
  try {
    await migrate(pool);
    await loadLedgerFixture(pool, fixture);
  } finally {
    await pool.end();
  }
  return { database };
}

let created = 0;
async function newProduct(server: ServerProcess, token: string): Promise<void> {
  const response = await fetch(`${server.base}/api/catalog/products`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Producto del banco ${++created}` }),
  });
  if (response.status !== 201) throw new Error(`producto: ${response.status} ${await response.text()}`);
}

/** Medians of `rounds` alternated measurements of `a` and `b` (after one warm-up each). */
async function alternated(rounds: number, a: () => Promise<number>, b: () => Promise<number>): Promise<{ a: number; b: number }> {
  await a();
  await b();
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < rounds; i++) {
    as.push(await a());
    bs.push(await b());
  }
  return { a: median(as), b: median(bs) };
}

async function main(): Promise<void> {
  const issuer = await startTestIssuer();
  const copies: Copy[] = [];
  const rows: BenchRow[] = [];
  try {
    say(`Cargando ${fmt(WAREHOUSES)} almacenes, ${fmt(PRODUCTS)} productos y ${fmt(MOVEMENTS)} movimientos…`);
    // Two years of dates whatever the size.
    const perDay = Math.max(1, Math.round(MOVEMENTS / 730));
    const big = await prepare('almacen_bench_wh_big', {
      products: PRODUCTS,
      perProduct: PER_PAIR,
      warehouses: WAREHOUSES,
      linesPerDocument: 50,
      perDay,
      recordedAt: `timestamptz '2024-01-01 00:00:00-06' + n * interval '1 day' / ${perDay}`,
    });
    copies.push(big);
    say('Un almacén con las filas de uno de ellos, y uno con 100 movimientos…');
    const one = await prepare('almacen_bench_wh_one', {
      products: PRODUCTS,
      perProduct: PER_PAIR,
      linesPerDocument: 50,
      perDay: Math.max(1, Math.round(MOVEMENTS / WAREHOUSES / 730)),
      recordedAt: `timestamptz '2024-01-01 00:00:00-06' + n * interval '1 day' / ${Math.max(1, Math.round(MOVEMENTS / WAREHOUSES / 730))}`,
    });
    copies.push(one);
    const tiny = await prepare('almacen_bench_wh_tiny', {
      products: 10,
      perProduct: 10,
      recordedAt: `now() - (100 - n) * interval '1 hour'`,
    });
    copies.push(tiny);

    const token = await issuer.token({ sub: 'bench', name: 'Banco de pruebas' }, { expiresIn: 7200 });
    for (const copy of copies)
      copy.server = await startServer({
        env: { DATABASE_URL: copy.database.url, OIDC_ISSUER: issuer.url, LOG_LEVEL: 'warn', ADMIN_USERS: 'bench' },
      });
    const [bigServer, oneServer, tinyServer] = copies.map((c) => c.server!);
    const w = `warehouseId=${PROBED}`;

    say('Existencia de un producto en un almacén…');
    const lookup = await alternated(
      300,
      () => timed(bigServer, token, 'GET', `/api/stock/${1 + (PRODUCTS >> 1)}?${w}`),
      () => timed(tinyServer, token, 'GET', '/api/stock/5'),
    );
    rows.push({
      figure: `GET /api/stock/{id}?warehouseId= de un producto en un almacén, ${fmt(WAREHOUSES)} almacenes, ${fmt(MOVEMENTS)} movimientos`,
      baseline: `${ms(lookup.b)} — la misma consulta en una base de un almacén con 100 movimientos`,
      measured: ms(lookup.a),
      ratio: ratio(lookup.a / lookup.b),
      note: 'medianas de 300 consultas alternadas; objetivo: ≤ 1.1×',
    });

    for (const [figure, method, url, rounds] of [
      ['Reporte de existencias de un almacén, PDF', 'POST', '/api/reports/stock?format=pdf', 5],
      ['Reporte de existencias de un almacén, XLSX', 'POST', '/api/reports/stock?format=xlsx', 5],
      ['GET /api/stock/summary (el inicio) de un almacén', 'GET', '/api/stock/summary', 15],
    ] as const) {
      say(`${figure}…`);
      const sep = url.includes('?') ? '&' : '?';
      // The summary is kept until the next movement or catalogue change: a new product before each
      // round (not timed) makes every round compute it.
      const fresh = url.includes('summary');
      const r = await alternated(
        rounds,
        async () => (fresh && (await newProduct(bigServer, token)), timed(bigServer, token, method, `${url}${sep}${w}`)),
        async () => (fresh && (await newProduct(oneServer, token)), timed(oneServer, token, method, url)),
      );
      rows.push({
        figure: `${figure} (${fmt(PRODUCTS)} productos), en una base de ${fmt(WAREHOUSES)} almacenes y ${fmt(MOVEMENTS)} movimientos`,
        baseline: `${ms(r.b)} — lo mismo en una base de un solo almacén con solo sus filas (${fmt(MOVEMENTS / WAREHOUSES)} movimientos)`,
        measured: ms(r.a),
        ratio: ratio(r.a / r.b),
        note: `medianas de ${rounds} rondas alternadas; objetivo: ≤ 1.2×${fresh ? '; calculado en cada ronda (un producto nuevo antes de cada una)' : ''}`,
      });
    }

    say('Existencias consolidadas…');
    const client = new pg.Client({ connectionString: big.database.url });
    await client.connect();
    const plain = async () => {
      const start = performance.now();
      await client.query(
        `SELECT b.product_id, sum(b.quantity) AS quantity, sum(b.value) AS value,
                json_agg(json_build_object('warehouseId', b.warehouse_id, 'quantity', b.quantity, 'value', b.value) ORDER BY b.warehouse_id) AS warehouses
           FROM product_balances b GROUP BY b.product_id ORDER BY b.product_id`,
      );
      return performance.now() - start;
    };
    try {
      for (const [figure, method, url] of [
        ['GET /api/stock?warehouseId=all (JSON)', 'GET', '/api/stock?warehouseId=all'],
        ['Reporte de existencias de todos los almacenes, XLSX', 'POST', '/api/reports/stock?format=xlsx&warehouseId=all'],
      ] as const) {
        const r = await alternated(5, () => timed(bigServer, token, method, url), plain);
        rows.push({
          figure: `${figure}: ${fmt(PRODUCTS)} productos en ${fmt(WAREHOUSES)} almacenes, ${fmt(MOVEMENTS)} movimientos`,
          baseline: `${ms(r.b)} — el SELECT simple de las mismas sumas por pg (por producto, con la parte de cada almacén)`,
          measured: ms(r.a),
          ratio: ratio(r.a / r.b),
          note: 'medianas de 5 rondas alternadas; objetivo: ≤ 3×',
        });
      }
    } finally {
      await client.end();
    }
  } finally {
    for (const copy of copies) if (copy.server) await stopServer(copy.server);
    await issuer.close();
    for (const copy of copies) await copy.database.drop();
  }
  console.log(JSON.stringify(rows));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
