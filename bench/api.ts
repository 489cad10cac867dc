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
//      bytes served statically the same way (lib/api-catalog.ts);
//   5. the first page of a product's movements (?limit=100) with 100,000 movements vs with 100
//      (a keyset on the movement id, so the two should take about the same).
//   6. a 20-line transfer sent and received through the API vs the same two documents run
//      directly (sendTransfer + settleTransfer) through pg (lib/api-transfers.ts);
//   7. «Todos los almacenes», its JSON and its XLSX report, vs the plain SELECT of the same sums
//      through pg (lib/api-consolidated.ts).
// BENCH_API_FILTER="movimientos,comprimida" runs only the parts whose name contains one of the
// words (existencia, salida, cancelación, lista, comprimida, movimientos, traspaso, consolidado); the fixture is the same.
// Fixture: lib/api-fixture.ts, checked by lib/ledger-check.ts before measuring.
// Prints progress on stderr and, as its last stdout line, the rows as JSON.
import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { todayIn } from '@almacen/shared/domain';
import { makeDispatchSchemas } from '@almacen/shared/schemas';
import { migrate } from '../api/src/db/migrate';
import { createPool } from '../api/src/db/pool';
import { parseBody } from '../api/src/http/validate';
import { cancelDispatch, registerDispatch } from '../api/src/modules/dispatches/dispatches.service';
import { idempotencyFrom } from '../api/src/modules/ledger/idempotency';
import { readStock } from '../api/src/modules/ledger/ledger.reads';
import { startTestIssuer } from '../api/test/helpers/issuer';
import { productListRows } from './lib/api-catalog';
import { consolidatedRows } from './lib/api-consolidated';
import { DISPATCH_PRODUCTS, fixture, HEAVY, HEAVY_MOVES, LIGHT, LIGHT_MOVES, PRODUCTS } from './lib/api-fixture';
import { transferRows } from './lib/api-transfers';
import { scratchDatabase } from './lib/database';
import { closedLoop, HttpClient, type HttpAnswer } from './lib/http';
import { checkLedger } from './lib/ledger-check';
import { ownCpuMs, processCpuMs } from './lib/processes';
import { startServer, stopServer } from './lib/server';
import { bytes, delay, fmt, median, ms, percentile, ratio, type BenchRow } from './lib/stats';

export type { BenchRow };

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
          if (!(await readStock(pool, 1, randomProduct()))) throw new Error('producto sin fila');
        });
      await closedLoop(CONCURRENCY, 1_000, async () => void (await expect200(api.get(`/api/stock/${randomProduct()}`))));
      await closedLoop(CONCURRENCY, 1_000, async () => void (await readStock(pool, 1, randomProduct())));
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

    rows.push(...(await productListRows({ pool, api, clients, expect200, say, runs })));

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

    // ---- 6. a 20-line transfer sent and received (last: it adds a second warehouse) ----------
    rows.push(...(await transferRows({ pool, api, say, runs })));

    // ---- 7. «Todos los almacenes»: JSON and XLSX (after 6: it uses the same second warehouse) --
    rows.push(...(await consolidatedRows({ pool, api, clients, expect200, say, runs })));

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
