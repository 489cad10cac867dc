// API figures for `npm run bench` (run by scripts/bench.mjs; alone: `node --import tsx bench/api.ts`).
// Each figure is a ratio against a baseline measured in the same run, rounds interleaved and the
// median taken, because the machine is shared and noisy:
//   1. GET /api/stock/{id} throughput through the real server (child process, loopback, bearer
//      token checked against a JWKS over HTTP, N keep-alive clients) vs the same SELECT
//      (readStock) sent straight through pg by N clients, one query per lookup (the server reads
//      the lookups that arrive in one turn of its event loop with one query: api/src/db/coalesce.ts);
//   2. the same lookup's latency on a product with 100,000 movements vs one with 100 (O(1));
//   3. a 20-line dispatch through the API vs the same statements (registerDispatch, one
//      transaction) run directly through pg; and cancelling a 20-line dispatch the same way
//      (POST /api/dispatches/{id}/cancellation vs cancelDispatch);
//   4. GET /api/catalog/products with 10,000 products, unchanged and right after a change, vs
//      the same JSON bytes served as a static body by a bare node:http server (another process);
//      and as a browser receives it (Accept-Encoding: gzip, deflate, br) vs the same compressed
//      bytes served statically the same way;
//   5. the first page of a product's movements (?limit=100) with 100,000 movements vs with 100
//      (a keyset on the movement id, so the two should take about the same).
// BENCH_API_FILTER="movimientos,comprimida" runs only the parts whose name contains one of the
// words (existencia, salida, cancelación, lista, comprimida, movimientos); the fixture is the same.
// Fixture: inserted with SQL (generate_series, a recursive fold for the long ledgers) and
// consistent with the ledger rules: each movement's balance is the fold of the ones before
// (average by the ledger's own ledger_moving_average), product_balances is the last of them —
// checked by bench/lib/ledger-check.ts before measuring.
// Prints progress on stderr and, as its last stdout line, the rows as JSON.
import { spawn } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { todayIn } from '@almacen/shared/domain';
import { makeDispatchSchemas } from '@almacen/shared/schemas';
import { migrate } from '../api/src/db/migrate';
import { createPool, type Db } from '../api/src/db/pool';
import { parseBody } from '../api/src/http/validate';
import { cancelDispatch, registerDispatch } from '../api/src/modules/dispatches/dispatches.service';
import { idempotencyFrom } from '../api/src/modules/ledger/idempotency';
import { readStock } from '../api/src/modules/ledger/ledger.reads';
import { startTestIssuer } from '../api/test/helpers/issuer';
import { scratchDatabase } from './lib/database';
import { closedLoop, HttpClient, type HttpAnswer } from './lib/http';
import { checkLedger } from './lib/ledger-check';
import { startServer, stopServer } from './lib/server';
import { bytes, delay, fmt, median, ms, percentile, ratio } from './lib/stats';

export interface BenchRow {
  figure: string;
  baseline: string;
  measured: string;
  /** measured ÷ baseline */
  ratio: string;
  note?: string;
}

const PRODUCTS = 10_000;
const HEAVY = 1; // 100,000 movements
const LIGHT = 2; // 100 movements
const HEAVY_MOVES = 100_000;
const LIGHT_MOVES = 100;
const DISPATCH_PRODUCTS = Array.from({ length: 20 }, (_, i) => 3 + i);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 3_000);
const ROUNDS = 3;
const FILTER = (process.env.BENCH_API_FILTER ?? '')
  .toLowerCase()
  .split(',')
  .map((word) => word.trim())
  .filter(Boolean);
/** Whether the part named `name` runs (BENCH_API_FILTER). */
const runs = (name: string) => !FILTER.length || FILTER.some((word) => name.includes(word));

const began = performance.now();
const say = (line: string) => process.stderr.write(`[${((performance.now() - began) / 1000).toFixed(0)} s] ${line}\n`);

async function fixture(db: Db): Promise<void> {
  const who = `'bench', 'Banco de pruebas'`;
  const audit = 'created_by, created_by_name, updated_by, updated_by_name';
  const q = (sql: string) => db.query(sql);
  const day = `current_date - 30`;
  await q(
    `INSERT INTO product_categories (id, description, ${audit}) SELECT g, 'Partida ' || (2100 + g), ${who}, ${who} FROM generate_series(1, 20) g`,
  );
  await q(
    `INSERT INTO product_units (id, description, ${audit}) VALUES (1, 'Pieza', ${who}, ${who}), (2, 'Caja', ${who}, ${who}), (3, 'Litro', ${who}, ${who})`,
  );
  await q(
    `INSERT INTO employees (id, name, last_name, ${audit}) VALUES (1, 'María', 'López', ${who}, ${who}), (2, 'Jorge', 'Ramírez', ${who}, ${who}), (3, 'Lucía', 'Hernández', ${who}, ${who})`,
  );
  await q(
    `INSERT INTO suppliers (id, name, rfc, ${audit}) VALUES (1, 'Papelería del Centro, S.A. de C.V.', 'PCE850101AB1', ${who}, ${who})`,
  );
  await q(`INSERT INTO products (id, name, category_id, unit_id, ${audit})
           SELECT g, 'Producto de prueba ' || g || ' de nombre realista', 1 + g % 20, 1 + g % 3, ${who}, ${who} FROM generate_series(1, ${PRODUCTS}) g`);

  // One entry for every product but the two long ledgers (the 20 dispatch products get plenty).
  await q(`INSERT INTO invoices (id, supplier_id, invoice_number, invoice_date, invoice_type, director_employee_id, entered_by_employee_id, warehouse_keeper_employee_id, created_by, created_by_name)
           SELECT g, 1, 'S-' || g, ${day}, 'COMPRA_DIRECTA', 1, 2, 3, 'bench', 'Banco de pruebas' FROM generate_series(3, ${PRODUCTS}) g`);
  await q(`INSERT INTO invoice_lines (id, invoice_id, line_no, product_id, quantity, purchase_price, observations, apply_value_added_tax_to_purchase_price, apply_excise_tax, excise_tax_rate)
           SELECT g, g, 1, g, CASE WHEN g <= 22 THEN 1000000 ELSE 1 + g % 50 END, CASE WHEN g <= 22 THEN 12.5 ELSE 1 + (g % 1000) * 0.125 END,
                  NULL, false, false, 0 FROM generate_series(3, ${PRODUCTS}) g`);
  await q(`INSERT INTO movements (product_id, movement_type, invoice_id, invoice_line_id, quantity, unit_cost, apply_value_added_tax, apply_excise_tax, excise_tax_rate, balance_quantity, balance_average)
           SELECT product_id, 'INVOICE', invoice_id, id, quantity, purchase_price, false, false, 0, quantity, purchase_price FROM invoice_lines ORDER BY id`);

  // A long ledger: step 1 enters 1,000 units; then odd steps enter 10–16 units at 10.000–11.500,
  // even steps take 5–9 units out at the average of the moment (so stock never runs out).
  const card = async (productId: number, steps: number, offset: number) => {
    await q(`CREATE TEMP TABLE steps AS
      WITH RECURSIVE s(k, qty, cost, bal, avg) AS (
        SELECT 1, 1000::numeric, 10::numeric, 1000::numeric, 10::numeric
        UNION ALL
        SELECT k + 1,
               CASE WHEN (k + 1) % 2 = 1 THEN 10 + (k + 1) % 7 ELSE 5 + (k + 1) % 5 END::numeric,
               CASE WHEN (k + 1) % 2 = 1 THEN 10 + ((k + 1) % 13) * 0.125 ELSE avg END,
               CASE WHEN (k + 1) % 2 = 1 THEN bal + (10 + (k + 1) % 7) ELSE bal - (5 + (k + 1) % 5) END,
               CASE WHEN (k + 1) % 2 = 1 THEN ledger_moving_average(bal, avg, 10 + (k + 1) % 7, 10 + ((k + 1) % 13) * 0.125) ELSE avg END
          FROM s WHERE k < ${steps})
      SELECT * FROM s`);
    await q(`INSERT INTO invoices (id, supplier_id, invoice_number, invoice_date, invoice_type, director_employee_id, entered_by_employee_id, warehouse_keeper_employee_id, created_by, created_by_name)
             SELECT ${offset} + k, 1, 'K-' || (${offset} + k), ${day}, 'COMPRA_DIRECTA', 1, 2, 3, 'bench', 'Banco de pruebas' FROM steps WHERE k % 2 = 1`);
    await q(`INSERT INTO invoice_lines (id, invoice_id, line_no, product_id, quantity, purchase_price, observations, apply_value_added_tax_to_purchase_price, apply_excise_tax, excise_tax_rate)
             SELECT ${offset} + k, ${offset} + k, 1, ${productId}, qty, cost, NULL, false, false, 0 FROM steps WHERE k % 2 = 1`);
    await q(`INSERT INTO dispatches (id, dispatch_date, person_in_charge_of_the_requesting_area_employee_id, petitioner_employee_id, warehouse_keeper_employee_id, created_by, created_by_name)
             SELECT ${offset} + k, ${day}, 1, 2, 3, 'bench', 'Banco de pruebas' FROM steps WHERE k % 2 = 0`);
    await q(`INSERT INTO dispatch_lines (id, dispatch_id, line_no, product_id, quantity, shown_exit_price, observations)
             SELECT ${offset} + k, ${offset} + k, 1, ${productId}, qty, greatest(round(avg, 3), 0.001), NULL FROM steps WHERE k % 2 = 0`);
    await q(`INSERT INTO movements (product_id, movement_type, invoice_id, invoice_line_id, dispatch_id, dispatch_line_id, quantity, unit_cost,
                                    apply_value_added_tax, apply_excise_tax, excise_tax_rate, balance_quantity, balance_average)
             SELECT ${productId}, CASE WHEN k % 2 = 1 THEN 'INVOICE' ELSE 'DISPATCH' END,
                    CASE WHEN k % 2 = 1 THEN ${offset} + k END, CASE WHEN k % 2 = 1 THEN ${offset} + k END,
                    CASE WHEN k % 2 = 0 THEN ${offset} + k END, CASE WHEN k % 2 = 0 THEN ${offset} + k END,
                    qty, cost, CASE WHEN k % 2 = 1 THEN false END, CASE WHEN k % 2 = 1 THEN false END, CASE WHEN k % 2 = 1 THEN 0 END,
                    bal, avg
               FROM steps ORDER BY k`);
    await q('DROP TABLE steps');
  };
  await card(HEAVY, HEAVY_MOVES, 1_000_000);
  await card(LIGHT, LIGHT_MOVES, 2_000_000);

  await q(`INSERT INTO product_balances (product_id, quantity, average_cost, last_movement_id)
           SELECT DISTINCT ON (product_id) product_id, balance_quantity, balance_average, id FROM movements ORDER BY product_id, id DESC`);
  // The API inserts after us: identities continue past the ids written here.
  for (const table of [
    'product_categories',
    'product_units',
    'employees',
    'suppliers',
    'products',
    'invoices',
    'invoice_lines',
    'dispatches',
    'dispatch_lines',
  ]) {
    await q(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
  }
  await q('ANALYZE');
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux); NaN elsewhere. */
function processCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}
const CLOCK_TICKS = 100; // USER_HZ on Linux
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * A bare node:http server in its own process answering every request with `file`'s bytes (with
 * `Content-Encoding: encoding` when given: bytes already compressed, sent as they are).
 */
async function staticServer(file: string, encoding?: string): Promise<{ base: string; stop(): void }> {
  const code = `
    const http = require('node:http'); const fs = require('node:fs');
    const body = fs.readFileSync(process.argv[1]);
    const encoding = process.argv[2] ? { 'content-encoding': process.argv[2], vary: 'accept-encoding' } : {};
    const server = http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length, ...encoding }); res.end(body); });
    server.keepAliveTimeout = 72000;
    server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));`;
  const child = spawn(process.execPath, ['-e', code, file, ...(encoding ? [encoding] : [])], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (c) => reject(new Error(`servidor estático terminó (${c})`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

async function main(): Promise<void> {
  const rows: BenchRow[] = [];
  const database = await scratchDatabase('almacen_bench');
  const pool = createPool(database.url, { max: CONCURRENCY + 2, applicationName: 'almacen-bench' });
  const issuer = await startTestIssuer();
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const clients: HttpClient[] = [];
  try {
    say(`Base de datos: ${database.kind}. Cargando ${fmt(PRODUCTS)} productos y ${fmt(HEAVY_MOVES)} movimientos…`);
    await migrate(pool);
    await fixture(pool);
    say('  Verificando que la carga cumple el libro (pliegue en SQL)…');
    const ledger = await checkLedger(database.url);
    if (ledger.violations.length) throw new Error(`La carga de prueba no cumple el libro: ${ledger.violations.join('; ')}`);
    say(`  ${fmt(ledger.movements)} movimientos consistentes con el libro.`);

    const token = await issuer.token({ sub: 'bench', name: 'Banco de pruebas' }, { expiresIn: 3600 });
    const logFile = path.join(os.tmpdir(), `almacen-bench-server-${process.pid}.log`);
    server = await startServer({
      env: { DATABASE_URL: database.url, OIDC_ISSUER: issuer.url, LOG_LEVEL: 'warn', ADMIN_USERS: 'bench' },
      logFile,
    });
    const api = new HttpClient(server.base, { connections: CONCURRENCY, token: () => token });
    clients.push(api);
    const expect200 = async (answer: Promise<HttpAnswer>) => {
      const r = await answer;
      if (r.status !== 200) throw new Error(`respuesta ${r.status}: ${r.body.slice(0, 300)}`);
      return r;
    };

    if (runs('existencia')) {
      // ---- 1. stock lookup throughput ---------------------------------------------------------
      say(`Existencia: ${CONCURRENCY} clientes, ${ROUNDS} rondas de ${ROUND_MS / 1000} s por lado, alternadas…`);
      const randomProduct = () => 3 + randomInt(PRODUCTS - 2);
      const viaApi = () => closedLoop(CONCURRENCY, ROUND_MS, async () => void (await expect200(api.get(`/api/stock/${randomProduct()}`))));
      const viaPg = () =>
        closedLoop(CONCURRENCY, ROUND_MS, async () => {
          if (!(await readStock(pool, randomProduct()))) throw new Error('producto sin fila');
        });
      await closedLoop(CONCURRENCY, 1_000, async () => void (await expect200(api.get(`/api/stock/${randomProduct()}`))));
      await closedLoop(CONCURRENCY, 1_000, async () => void (await readStock(pool, randomProduct())));
      const apiRates: number[] = [];
      const pgRates: number[] = [];
      // CPU time per lookup, which a loaded machine changes far less than the rates: the
      // server's (its /proc/<pid>/stat) and this process's (the HTTP client or pg's client).
      const serverCpu: number[] = [];
      const clientCpu: Record<'api' | 'pg', number[]> = { api: [], pg: [] };
      for (let round = 0; round < ROUNDS; round++) {
        const first = round % 2 === 0;
        for (const side of first ? (['api', 'pg'] as const) : (['pg', 'api'] as const)) {
          const [server0, client0] = [processCpuMs(server.child.pid!), ownCpuMs()];
          const r = side === 'api' ? await viaApi() : await viaPg();
          (side === 'api' ? apiRates : pgRates).push(r.count / r.seconds);
          if (side === 'api') serverCpu.push(((processCpuMs(server.child.pid!) - server0) * 1000) / r.count);
          clientCpu[side].push(((ownCpuMs() - client0) * 1000) / r.count);
        }
      }
      rows.push({
        figure: `GET /api/stock/{id}: consultas por segundo (${CONCURRENCY} clientes keep-alive, token verificado)`,
        baseline: `${fmt(median(pgRates))}/s — el mismo SELECT por pg, ${CONCURRENCY} clientes`,
        measured: `${fmt(median(apiRates))}/s`,
        ratio: ratio(median(apiRates) / median(pgRates)),
        note:
          `medianas de ${ROUNDS} rondas alternadas (API ${apiRates.map((v) => fmt(v)).join(' / ')}; pg ${pgRates.map((v) => fmt(v)).join(' / ')}); ` +
          `CPU por consulta: servidor ${fmt(median(serverCpu))} µs + cliente HTTP ${fmt(median(clientCpu.api))} µs vs cliente pg ${fmt(median(clientCpu.pg))} µs (sin contar PostgreSQL)`,
      });

      // ---- 2. latency flat with the ledger's length ------------------------------------------
      say('Existencia: latencia con 100,000 movimientos vs 100…');
      const heavy: number[] = [];
      const light: number[] = [];
      for (let i = 0; i < 50; i++) await expect200(api.get(`/api/stock/${i % 2 ? HEAVY : LIGHT}`));
      for (let i = 0; i < 1_200; i++) {
        const which = i % 2 === 0 ? HEAVY : LIGHT;
        const r = await expect200(api.get(`/api/stock/${which}`));
        (which === HEAVY ? heavy : light).push(r.ms);
      }
      rows.push({
        figure: `GET /api/stock/{id}: latencia, producto con ${fmt(HEAVY_MOVES)} movimientos`,
        baseline: `${ms(median(light))} — producto con ${fmt(LIGHT_MOVES)} movimientos`,
        measured: ms(median(heavy)),
        ratio: ratio(median(heavy) / median(light)),
        note: `medianas de ${fmt(heavy.length)} consultas alternadas; p99 ${ms(percentile(heavy, 99))} vs ${ms(percentile(light, 99))}`,
      });
    }

    // Shared by the dispatch and cancellation parts.
    const { dispatch } = makeDispatchSchemas({ today: () => todayIn('America/Mexico_City') });
    const dispatchBody = () => ({
      dispatchDate: todayIn('America/Mexico_City'),
      personInChargeOfTheRequestingAreaEmployeeId: 1,
      petitionerEmployeeId: 2,
      warehouseKeeperEmployeeId: 3,
      products: DISPATCH_PRODUCTS.map((productId) => ({ productId, quantity: '1.5', exitPrice: '12.5', observations: '' })),
    });
    const actor = { sub: 'bench', name: 'Banco de pruebas' };

    if (runs('salida')) {
      // ---- 3. a 20-line dispatch -------------------------------------------------------------
      say('Salida de 20 renglones: API vs las mismas sentencias en una transacción…');
      const apiDispatch: number[] = [];
      const directDispatch: number[] = [];
      const viaApiDispatch = async () => {
        const r = await api.post('/api/dispatches', dispatchBody(), { headers: { 'idempotency-key': randomUUID() } });
        if (r.status !== 201) throw new Error(`salida: ${r.status} ${r.body.slice(0, 300)}`);
        const lines = (JSON.parse(r.body) as { data: { products: unknown[] } }).data.products.length;
        if (lines !== 20) throw new Error(`la salida guardó ${lines} renglones`);
        return r.ms;
      };
      const viaDirectDispatch = async () => {
        const body = dispatchBody();
        const input = parseBody(dispatch, body);
        const idempotency = idempotencyFrom({ 'idempotency-key': randomUUID() }, 'POST /api/dispatches', body);
        const start = performance.now();
        const saved = await registerDispatch(pool, actor, input, { idempotency });
        const elapsed = performance.now() - start;
        if (saved.data.products.length !== 20) throw new Error('la salida directa no guardó 20 renglones');
        return elapsed;
      };
      for (let i = 0; i < 3; i++) {
        await viaApiDispatch();
        await viaDirectDispatch();
      }
      for (let i = 0; i < 40; i++) {
        if (i % 2 === 0) {
          apiDispatch.push(await viaApiDispatch());
          directDispatch.push(await viaDirectDispatch());
        } else {
          directDispatch.push(await viaDirectDispatch());
          apiDispatch.push(await viaApiDispatch());
        }
      }
      rows.push({
        figure: 'POST /api/dispatches con 20 renglones (validación, token, idempotencia, auditoría)',
        baseline: `${ms(median(directDispatch))} — las mismas sentencias por pg en una transacción`,
        measured: ms(median(apiDispatch)),
        ratio: ratio(median(apiDispatch) / median(directDispatch)),
        note: `medianas de ${apiDispatch.length} salidas alternadas; p99 ${ms(percentile(apiDispatch, 99))} vs ${ms(percentile(directDispatch, 99))}`,
      });
    }

    if (runs('cancelación')) {
      // ---- 3b. cancelling a 20-line dispatch ----------------------------------------
      say('Cancelación de una salida de 20 renglones: API vs las mismas sentencias en una transacción…');
      // The dispatches to cancel are registered beforehand, outside the measurement.
      const toCancel: number[] = [];
      // 3 warm-up and 40 measured rounds, each cancelling one through the API and one directly.
      for (let i = 0; i < 2 * (3 + 40); i++) {
        const body = dispatchBody();
        toCancel.push((await registerDispatch(pool, actor, parseBody(dispatch, body))).data.id);
      }
      const cancelBody = { reason: 'Salida capturada por error (banco de pruebas)' };
      const apiCancel: number[] = [];
      const directCancel: number[] = [];
      const viaApiCancel = async () => {
        const id = toCancel.pop()!;
        const r = await api.post(`/api/dispatches/${id}/cancellation`, cancelBody, { headers: { 'idempotency-key': randomUUID() } });
        if (r.status !== 201) throw new Error(`cancelación: ${r.status} ${r.body.slice(0, 300)}`);
        const lines = (JSON.parse(r.body) as { data: { movements: unknown[] } }).data.movements.length;
        if (lines !== 20) throw new Error(`la cancelación registró ${lines} movimientos`);
        return r.ms;
      };
      const viaDirectCancel = async () => {
        const id = toCancel.pop()!;
        const idempotency = idempotencyFrom({ 'idempotency-key': randomUUID() }, `POST /api/dispatches/${id}/cancellation`, cancelBody);
        const start = performance.now();
        const saved = await cancelDispatch(pool, actor, id, cancelBody, { idempotency });
        const elapsed = performance.now() - start;
        if (saved.data.movements.length !== 20) throw new Error('la cancelación directa no registró 20 movimientos');
        return elapsed;
      };
      for (let i = 0; i < 3; i++) {
        await viaApiCancel();
        await viaDirectCancel();
      }
      for (let i = 0; i < 40; i++) {
        if (i % 2 === 0) {
          apiCancel.push(await viaApiCancel());
          directCancel.push(await viaDirectCancel());
        } else {
          directCancel.push(await viaDirectCancel());
          apiCancel.push(await viaApiCancel());
        }
      }
      rows.push({
        figure: 'POST /api/dispatches/{id}/cancellation de una salida de 20 renglones (validación, token, idempotencia, auditoría)',
        baseline: `${ms(median(directCancel))} — las mismas sentencias (cancelDispatch) por pg en una transacción`,
        measured: ms(median(apiCancel)),
        ratio: ratio(median(apiCancel) / median(directCancel)),
        note: `medianas de ${apiCancel.length} cancelaciones alternadas; p99 ${ms(percentile(apiCancel, 99))} vs ${ms(percentile(directCancel, 99))}`,
      });
    }

    if (runs('lista')) {
      // ---- 4. the product list -----------------------------------------------------------------
      say('GET /api/catalog/products con 10,000 productos vs el mismo JSON estático…');
      const sample = await expect200(api.get('/api/catalog/products'));
      const count = (JSON.parse(sample.body) as { data: unknown[] }).data.length;
      if (count !== PRODUCTS) throw new Error(`la lista trajo ${count} productos`);
      const bodyFile = path.join(os.tmpdir(), `almacen-bench-products-${process.pid}.json`);
      fs.writeFileSync(bodyFile, sample.body);
      const bare = await staticServer(bodyFile);
      const plain = new HttpClient(bare.base, { connections: 1 });
      clients.push(plain);
      try {
        // Unchanged catalogue: the server sends the body it keeps for the current version.
        // Changed catalogue: every download follows a change (the version bumped as the triggers
        // do), so PostgreSQL writes the 10,000 rows' JSON again each time.
        const bump = () => pool.query(`UPDATE catalog_versions SET version = version + 1 WHERE name = 'products'`);
        const series = async (before?: () => Promise<unknown>) => {
          const apiList: number[] = [];
          const staticList: number[] = [];
          for (let i = 0; i < 3; i++) {
            await api.get('/api/catalog/products');
            await plain.get('/');
          }
          for (let i = 0; i < 30; i++) {
            await before?.();
            const a = await expect200(api.get('/api/catalog/products'));
            const s = await expect200(plain.get('/'));
            if (a.bytes !== s.bytes) throw new Error('la lista cambió durante la medición');
            apiList.push(a.ms);
            staticList.push(s.ms);
          }
          return { apiList, staticList };
        };
        for (const [label, run] of [
          ['sin cambios (el cuerpo guardado para su versión; un navegador que revalida recibe 304)', () => series()],
          ['tras un cambio en el catálogo antes de cada descarga (PostgreSQL vuelve a escribir el JSON)', () => series(bump)],
        ] as const) {
          const { apiList, staticList } = await run();
          rows.push({
            figure: `GET /api/catalog/products con ${fmt(PRODUCTS)} productos (${bytes(sample.bytes)} de JSON, sin compresión), ${label}`,
            baseline: `${ms(median(staticList))} — el mismo JSON como cuerpo estático (node:http)`,
            measured: ms(median(apiList)),
            ratio: ratio(median(apiList) / median(staticList)),
            note: `medianas de ${apiList.length} descargas alternadas; p99 ${ms(percentile(apiList, 99))} vs ${ms(percentile(staticList, 99))}`,
          });
        }
      } finally {
        bare.stop();
        fs.rmSync(bodyFile, { force: true });
      }
    }

    // ---- 4b. the product list as a browser receives it ---------------------------
    if (runs('lista comprimida')) {
      say('GET /api/catalog/products comprimida (Accept-Encoding: gzip, deflate, br) vs los mismos bytes estáticos…');
      const browser = { headers: { 'accept-encoding': 'gzip, deflate, br' } };
      const sample = await expect200(api.get('/api/catalog/products', browser));
      const encoding = String(sample.headers['content-encoding'] ?? '');
      if (encoding !== 'br') throw new Error(`la lista llegó con Content-Encoding «${encoding}», no br`);
      const raw = sample.raw;
      const plainBytes = zlib.brotliDecompressSync(raw).length;
      const bodyFile = path.join(os.tmpdir(), `almacen-bench-products-${process.pid}.json.br`);
      fs.writeFileSync(bodyFile, raw);
      const bare = await staticServer(bodyFile, 'br');
      const plain = new HttpClient(bare.base, { connections: 1 });
      clients.push(plain);
      try {
        const bump = () => pool.query(`UPDATE catalog_versions SET version = version + 1 WHERE name = 'products'`);
        const series = async (count: number, before?: () => Promise<unknown>) => {
          const apiList: number[] = [];
          const staticList: number[] = [];
          for (let i = 0; i < 5; i++) {
            await api.get('/api/catalog/products', browser);
            await plain.get('/', browser);
          }
          for (let i = 0; i < count; i++) {
            for (const side of i % 2 === 0 ? ['api', 'static'] : ['static', 'api']) {
              if (side === 'api') await before?.();
              const r = await expect200(side === 'api' ? api.get('/api/catalog/products', browser) : plain.get('/', browser));
              if (r.bytes !== raw.length || r.headers['content-encoding'] !== 'br')
                throw new Error('la lista comprimida cambió durante la medición');
              (side === 'api' ? apiList : staticList).push(r.ms);
            }
          }
          return { apiList, staticList };
        };
        for (const [label, run, what] of [
          ['catálogo sin cambios', () => series(60), 'br y gzip se guardan por versión del catálogo: sin trabajo de compresión'],
          [
            'tras un cambio en el catálogo antes de cada descarga',
            () => series(30, bump),
            'cada descarga escribe el JSON en PostgreSQL y lo comprime con br 7 (una vez por versión)',
          ],
        ] as const) {
          const { apiList, staticList } = await run();
          rows.push({
            figure: `GET /api/catalog/products con ${fmt(PRODUCTS)} productos como la recibe un navegador (Accept-Encoding: gzip, deflate, br → br, ${bytes(raw.length)} de ${bytes(plainBytes)}), ${label}`,
            baseline: `${ms(median(staticList))} — los mismos bytes br como cuerpo estático (node:http)`,
            measured: ms(median(apiList)),
            ratio: ratio(median(apiList) / median(staticList)),
            note: `medianas de ${apiList.length} descargas alternadas; p99 ${ms(percentile(apiList, 99))} vs ${ms(percentile(staticList, 99))}; ${what}`,
          });
        }
      } finally {
        bare.stop();
        fs.rmSync(bodyFile, { force: true });
      }
    }

    // ---- 5. the first page of a product's movements --------------------------------
    if (runs('movimientos')) {
      say('Movimientos de un producto: primera página (?limit=100) con 100,000 movimientos vs 100…');
      const page = (id: number) => `/api/movements/products/${id}?limit=100`;
      const heavyPage = await expect200(api.get(page(HEAVY)));
      const lightPage = await expect200(api.get(page(LIGHT)));
      for (const [answer, what] of [
        [heavyPage, 'larga'],
        [lightPage, 'corta'],
      ] as const) {
        const ids = (JSON.parse(answer.body) as { data: { id: number }[] }).data.map((m) => m.id);
        if (ids.length !== 100 || ids.some((id, i) => i > 0 && id >= ids[i - 1]))
          throw new Error(`la primera página de la tarjeta ${what} no trae 100 movimientos del más reciente al más antiguo`);
      }
      // What the panel downloaded before paging: the whole history, once, for the note.
      const whole = await expect200(api.get(`/api/movements/products/${HEAVY}`, { timeoutMs: 120_000 }));
      const heavy: number[] = [];
      const light: number[] = [];
      for (let i = 0; i < 20; i++) await expect200(api.get(page(i % 2 ? HEAVY : LIGHT)));
      for (let i = 0; i < 600; i++) {
        const which = i % 2 === 0 ? HEAVY : LIGHT;
        const r = await expect200(api.get(page(which)));
        (which === HEAVY ? heavy : light).push(r.ms);
      }
      rows.push({
        figure: `GET /api/movements/products/{id}?limit=100 (primera página del panel de existencias), producto con ${fmt(HEAVY_MOVES)} movimientos`,
        baseline: `${ms(median(light))} — producto con ${fmt(LIGHT_MOVES)} movimientos`,
        measured: ms(median(heavy)),
        ratio: ratio(median(heavy) / median(light)),
        note: `medianas de ${fmt(heavy.length)} consultas alternadas; p99 ${ms(percentile(heavy, 99))} vs ${ms(percentile(light, 99))}; página de ${bytes(heavyPage.bytes)}; sin paginar, los ${fmt(HEAVY_MOVES)}: ${bytes(whole.bytes)} en ${ms(whole.ms)}`,
      });
    }

    // The measurements wrote 80+ dispatches through both paths: the ledger must still fold.
    const after = await checkLedger(database.url);
    if (after.violations.length) throw new Error(`El libro quedó inconsistente: ${after.violations.join('; ')}`);
    await delay(0);
    fs.rmSync(logFile, { force: true });
  } finally {
    for (const c of clients) c.close();
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
