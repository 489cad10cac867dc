// GET /api/stock/summary for `npm run bench` (alone: `node --import tsx bench/stock-summary.ts`).
// 10,000 products and 1,000,000 movements registered over the last ~15 months (so the 12-month
// series has real work), every tenth product with reorder levels. Row: the summary's one SQL
// statement (stockSummary, as the route runs it) against the plain SELECT of the balance rows the
// stock list reads — median of 5 alternated rounds, straight against PostgreSQL (no HTTP).
//
// Fixture: bench/lib/ledger-fixture.ts, as bench/stock-at-date.ts (entries of 2 and exits of 1 at each product's own
// constant cost), with registration times ending now. The movements are inserted in one
// statement, so 0055's trigger fills the monthly totals as it does for the API's documents.
import pg from 'pg';
import { migrate } from '../api/src/db/migrate';
import { createPool, type Db } from '../api/src/db/pool';
import { stockSummary } from '../api/src/modules/stock/summary';
import type { BenchRow } from './api';
import { scratchDatabase } from './lib/database';
import { loadLedgerFixture } from './lib/ledger-fixture';
import { fmt, median, ratio } from './lib/stats';

const PRODUCTS = 10_000;
const PER_PRODUCT = 100;
const TIME_ZONE = 'America/Mexico_City';

const began = performance.now();
const say = (line: string) => process.stderr.write(`[${((performance.now() - began) / 1000).toFixed(0)} s] ${line}\n`);

const fixture = (db: Db) =>
  loadLedgerFixture(db, {
    products: PRODUCTS,
    perProduct: PER_PRODUCT,
    // Registration times ending now, 40 s apart: the last ~15 months.
    recordedAt: `now() - (${PRODUCTS * PER_PRODUCT} - n) * interval '40 seconds'`,
    // Every tenth product has reorder levels, half of them above its balance (50 = "bajo mínimo").
    beforeChecks: [
      `INSERT INTO stock_levels (warehouse_id, product_id, minimum_stock, maximum_stock)
       SELECT 1, id, CASE WHEN id % 20 = 0 THEN 60 ELSE 10 END, 100 FROM products WHERE id % 10 = 0`,
    ],
  });

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
    const summary = () => stockSummary(pool, TIME_ZONE, 1);
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
