// Physical inventory and catalogue import for `npm run bench` (run by scripts/bench.mjs;
// alone: `node --import tsx bench/inventory-counts.ts`). One throwaway database, one real server
// (child process, token verified against JWKS over HTTP), two rows:
//   1. applying a count of 1,000 lines — POST /api/inventory-counts/{id}/application (validation,
//      token, Idempotency-Key, audit) against the same statements (applyCount) called directly
//      through pg in one transaction. 1,000 products with stock are loaded by SQL; before each
//      application, outside the measurement, a new session of the 1,000 is opened (createCount)
//      and counted (updateLines): half the lines one short, half one over at a unit cost, so
//      every line posts one adjustment. Alternated rounds, medians.
//   2. importing 10,000 new products — POST /api/catalog/imports/products with a CSV of 10,000
//      rows (ID, Nombre, Unidad, Partida: unit and partida by description) against a bare
//      COPY of the same rows into products (server-side COPY FROM a file, no audit, no checks).
//      Between rounds the imported products are deleted, so every round imports into the same
//      catalogue. Alternated rounds, medians.
// The ledger is checked (bench/lib/ledger-check.ts) after the fixture and after the applications.
// Prints progress on stderr and, as its last stdout line, the rows as JSON.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { todayIn } from '@almacen/shared/domain';
import { migrate } from '../api/src/db/migrate';
import { createPool, type Db } from '../api/src/db/pool';
import { applyCount, createCount, updateLines } from '../api/src/modules/inventory-counts/inventory-counts.service';
import { idempotencyFrom } from '../api/src/modules/ledger/idempotency';
import { startTestIssuer } from '../api/test/helpers/issuer';
import type { BenchRow } from './api';
import { scratchDatabase } from './lib/database';
import { HttpClient } from './lib/http';
import { checkLedger } from './lib/ledger-check';
import { startServer, stopServer } from './lib/server';
import { fmt, median, ms, ratio } from './lib/stats';

const LINES = 1_000;
const IMPORTED = 10_000;
const APPLY_ROUNDS = Number(process.env.BENCH_COUNT_ROUNDS ?? 5);
const IMPORT_ROUNDS = Number(process.env.BENCH_IMPORT_ROUNDS ?? 3);
const TIME_ZONE = 'America/Mexico_City';
const PARTIDA = 'Partida del conteo';
const actor = { sub: 'bench', name: 'Banco de pruebas' };
const signers = { directorEmployeeId: 1, warehouseKeeperEmployeeId: 2, witnessEmployeeId: 3 };

const began = performance.now();
const say = (line: string) => process.stderr.write(`[${((performance.now() - began) / 1000).toFixed(0)} s] ${line}\n`);

/** 1,000 products in one partida, each with 100 units entered by one invoice at its own cost. */
async function fixture(db: Db): Promise<void> {
  const who = `'bench', 'Bench'`;
  const audit = `created_by, created_by_name, updated_by, updated_by_name`;
  const q = (sql: string) => db.query(sql);
  await q(
    `INSERT INTO product_categories (description, ${audit}) VALUES ('${PARTIDA}', ${who}, ${who}), ('Partida de la importación', ${who}, ${who})`,
  );
  await q(`INSERT INTO product_units (description, ${audit}) VALUES ('Pieza', ${who}, ${who})`);
  await q(
    `INSERT INTO employees (name, last_name, ${audit}) VALUES ('María', 'López', ${who}, ${who}), ('Jorge', 'Ramírez', ${who}, ${who}), ('Lucía', 'Hernández', ${who}, ${who})`,
  );
  await q(`INSERT INTO suppliers (name, rfc, ${audit}) VALUES ('Papelería del Centro, S.A. de C.V.', 'PCE850101AB1', ${who}, ${who})`);
  await q(`INSERT INTO products (id, name, category_id, unit_id, ${audit})
           SELECT g, 'Producto contado número ' || g, 1, 1, ${who}, ${who} FROM generate_series(1, ${LINES}) g`);
  await q(`SELECT setval(pg_get_serial_sequence('products', 'id'), ${LINES})`);
  await q(`INSERT INTO invoices (id, supplier_id, invoice_number, invoice_date, invoice_type, director_employee_id, entered_by_employee_id, warehouse_keeper_employee_id, created_by, created_by_name)
           VALUES (1, 1, 'B-1', DATE '2025-01-02', 'COMPRA_DIRECTA', 1, 2, 3, ${who})`);
  await q(`INSERT INTO invoice_lines (id, invoice_id, line_no, product_id, quantity, purchase_price, observations, apply_value_added_tax_to_purchase_price, apply_excise_tax, excise_tax_rate)
           SELECT g, 1, g, g, 100, 1 + (g % 50) * 0.5, NULL, false, false, 0 FROM generate_series(1, ${LINES}) g`);
  // Each entry is worth 100 × its cost (whole cents) and dated on its invoice's date.
  await q(`INSERT INTO movements (product_id, movement_type, invoice_id, invoice_line_id, quantity, unit_cost, amount, dated, apply_value_added_tax, apply_excise_tax,
                                  excise_tax_rate, balance_quantity, balance_value, balance_average, recorded_at)
           SELECT g, 'INVOICE', 1, g, 100, 1 + (g % 50) * 0.5, 100 * (1 + (g % 50) * 0.5), DATE '2025-01-02', false, false, 0, 100,
                  100 * (1 + (g % 50) * 0.5), 1 + (g % 50) * 0.5, now() - interval '1 day' FROM generate_series(1, ${LINES}) g ORDER BY g`);
  await q(`INSERT INTO product_balances (product_id, quantity, value, average_cost, last_movement_id)
           SELECT DISTINCT ON (product_id) product_id, balance_quantity, balance_value, balance_average, id FROM movements ORDER BY product_id, id DESC`);
  for (const table of ['invoices', 'invoice_lines'])
    await q(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
  await q('ANALYZE');
}

/** A new session of the 1,000 products, counted: odd products one short, even ones one over at 12.5. */
async function countedSession(db: Db, round: string): Promise<number> {
  const count = await createCount(db, actor, {
    cutoffDate: todayIn(TIME_ZONE),
    description: `Conteo del banco ${round}`,
    categoryIds: [1],
  });
  if (count.lines.length !== LINES) throw new Error(`el conteo tomó ${count.lines.length} líneas`);
  await updateLines(
    db,
    actor,
    count.id,
    count.lines.map((l) => {
      const book = Number(l.bookQuantity);
      if (!Number.isInteger(book) || book < 2) throw new Error(`existencia inesperada: ${l.bookQuantity}`);
      return l.productId % 2
        ? { productId: l.productId, countedQuantity: String(book - 1) }
        : { productId: l.productId, countedQuantity: String(book + 1), unitCost: '12.5' };
    }),
  );
  return count.id;
}

async function main(): Promise<void> {
  const rows: BenchRow[] = [];
  const database = await scratchDatabase('almacen_bench_counts');
  const pool = createPool(database.url, { max: 4, applicationName: 'almacen-bench' });
  const issuer = await startTestIssuer();
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let api: HttpClient | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-bench-import-'));
  try {
    say(`Base de datos: ${database.kind}. Cargando ${fmt(LINES)} productos con existencia…`);
    await migrate(pool);
    await fixture(pool);
    const before = await checkLedger(database.url);
    if (before.violations.length) throw new Error(`La carga de prueba no cumple el libro: ${before.violations.join('; ')}`);

    const token = await issuer.token(actor, { expiresIn: 3600 });
    const logFile = path.join(os.tmpdir(), `almacen-bench-counts-server-${process.pid}.log`);
    server = await startServer({
      env: { DATABASE_URL: database.url, OIDC_ISSUER: issuer.url, LOG_LEVEL: 'warn', ADMIN_USERS: 'bench' },
      logFile,
    });
    api = new HttpClient(server.base, { connections: 2, token: () => token });
    const client = api;

    // ---- 1. applying a 1,000-line count --------------------------------------------------------
    say(`Aplicar un conteo de ${fmt(LINES)} líneas: API vs applyCount en una transacción, ${APPLY_ROUNDS} rondas alternadas…`);
    let round = 0;
    const viaApi = async () => {
      const id = await countedSession(pool, `api ${++round}`);
      const r = await client.post(`/api/inventory-counts/${id}/application`, signers, {
        headers: { 'idempotency-key': randomUUID() },
        timeoutMs: 120_000,
      });
      if (r.status !== 200) throw new Error(`aplicación: ${r.status} ${r.body.slice(0, 300)}`);
      const moved = (JSON.parse(r.body) as { data: { movements: unknown[] } }).data.movements.length;
      if (moved !== LINES) throw new Error(`la aplicación registró ${moved} movimientos`);
      return r.ms;
    };
    const viaDirect = async () => {
      const id = await countedSession(pool, `directo ${++round}`);
      const idempotency = idempotencyFrom({ 'idempotency-key': randomUUID() }, `POST /api/inventory-counts/${id}/application`, signers);
      const start = performance.now();
      const { data } = await applyCount(pool, actor, id, signers, { idempotency });
      const elapsed = performance.now() - start;
      if (data.movements.length !== LINES) throw new Error(`la aplicación directa registró ${data.movements.length} movimientos`);
      return elapsed;
    };
    await viaApi();
    await viaDirect();
    const apiApply: number[] = [];
    const directApply: number[] = [];
    for (let i = 0; i < APPLY_ROUNDS; i++) {
      if (i % 2 === 0) {
        apiApply.push(await viaApi());
        directApply.push(await viaDirect());
      } else {
        directApply.push(await viaDirect());
        apiApply.push(await viaApi());
      }
    }
    const after = await checkLedger(database.url);
    if (after.violations.length) throw new Error(`Tras los conteos el libro no cuadra: ${after.violations.join('; ')}`);
    rows.push({
      figure: `POST /api/inventory-counts/{id}/application: conteo de ${fmt(LINES)} líneas, un ajuste por línea (validación, token, idempotencia, auditoría)`,
      baseline: `${ms(median(directApply))} — las mismas sentencias (applyCount) por pg en una transacción`,
      measured: ms(median(apiApply)),
      ratio: ratio(median(apiApply) / median(directApply)),
      note:
        `medianas de ${APPLY_ROUNDS} aplicaciones alternadas (API ${apiApply.map((v) => ms(v)).join(' / ')}; directo ${directApply.map((v) => ms(v)).join(' / ')}); ` +
        `${fmt(LINES / 2)} faltantes y ${fmt(LINES / 2)} sobrantes; ${fmt(after.movements)} movimientos consistentes con el libro al final`,
    });

    // ---- 2. importing 10,000 products ------------------------------------------------------------
    say(`Importar ${fmt(IMPORTED)} productos: POST /api/catalog/imports/products vs COPY, ${IMPORT_ROUNDS} rondas alternadas…`);
    const names = Array.from({ length: IMPORTED }, (_, i) => `Artículo importado número ${i + 1}`);
    const csv = `ID,Nombre,Unidad,Partida\r\n${names.map((n) => `,${n},Pieza,Partida de la importación`).join('\r\n')}\r\n`;
    // The same rows as the table stores them (unit 1, partida 2), for the server's COPY.
    const copyFile = path.join(dir, 'productos.csv');
    fs.writeFileSync(copyFile, names.map((n) => `${n},1,2,bench,Bench,bench,Bench\n`).join(''));
    fs.chmodSync(dir, 0o755);
    fs.chmodSync(copyFile, 0o644);
    const reset = async () => {
      await pool.query(`DELETE FROM products WHERE id > ${LINES}`);
      await pool.query('VACUUM ANALYZE products');
    };
    const imported = async () =>
      Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM products WHERE id > ${LINES}`)).rows[0].n);
    const viaImport = async () => {
      await reset();
      const r = await client.request('POST', '/api/catalog/imports/products', {
        body: csv,
        headers: { 'content-type': 'text/csv' },
        timeoutMs: 300_000,
      });
      if (r.status !== 200) throw new Error(`importación: ${r.status} ${r.body.slice(0, 300)}`);
      const news = (JSON.parse(r.body) as { data: { counts: { new: number } } }).data.counts.new;
      if (news !== IMPORTED || (await imported()) !== IMPORTED) throw new Error(`la importación guardó ${news} productos nuevos`);
      return r.ms;
    };
    const viaCopy = async () => {
      await reset();
      const start = performance.now();
      await pool.query(
        `COPY products (name, unit_id, category_id, created_by, created_by_name, updated_by, updated_by_name) FROM '${copyFile}' WITH (FORMAT csv)`,
      );
      const elapsed = performance.now() - start;
      if ((await imported()) !== IMPORTED) throw new Error('el COPY no guardó los 10,000 productos');
      return elapsed;
    };
    await viaCopy();
    await viaImport();
    const importMs: number[] = [];
    const copyMs: number[] = [];
    for (let i = 0; i < IMPORT_ROUNDS; i++) {
      if (i % 2 === 0) {
        importMs.push(await viaImport());
        copyMs.push(await viaCopy());
      } else {
        copyMs.push(await viaCopy());
        importMs.push(await viaImport());
      }
    }
    rows.push({
      figure: `POST /api/catalog/imports/products: ${fmt(IMPORTED)} productos nuevos de un CSV (unidad y partida por descripción, una transacción, auditoría por fila)`,
      baseline: `${ms(median(copyMs))} — COPY simple de las mismas filas a products`,
      measured: ms(median(importMs)),
      ratio: ratio(median(importMs) / median(copyMs)),
      note:
        `medianas de ${IMPORT_ROUNDS} rondas alternadas (importación ${importMs.map((v) => ms(v)).join(' / ')}; COPY ${copyMs.map((v) => ms(v)).join(' / ')}); ` +
        `CSV de ${fmt(Buffer.byteLength(csv) / 1024, 0)} KB; los productos importados se borran antes de cada ronda`,
    });
  } finally {
    api?.close();
    if (server) await stopServer(server);
    await issuer.close();
    await pool.end();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(JSON.stringify(rows));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
