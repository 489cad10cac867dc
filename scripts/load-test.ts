// `npm run test:load`: 50 concurrent clients (LOAD_CLIENTS) for 60 s (LOAD_SECONDS) against the
// real server (`node api/dist/server.js` in a child process, loopback only), mixing what clerks do:
// reads (product list, stock, a product's movements, the entry and exit histories, employees)
// and writes (invoices and dispatches with Idempotency-Key, product creation and renames).
// Afterwards: zero 5xx, no unexpected status (a 409 for a dispatch asking more than the stock is
// expected), and the ledger invariants recomputed in SQL (balance = fold of the movements, no
// negative quantity, every document complete). Prints throughput and p50/p99 latencies.
// Database: a fresh database on DATABASE_URL's server, otherwise an embedded PostgreSQL.
import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestIssuer } from '../api/test/helpers/issuer';
import { createCatalog, dispatchBody, invoiceBody } from '../bench/lib/catalog';
import { scratchDatabase } from '../bench/lib/database';
import { closedLoop, HttpClient, type HttpAnswer } from '../bench/lib/http';
import { checkLedger } from '../bench/lib/ledger-check';
import { startServer, stopServer } from '../bench/lib/server';
import { fmt, percentile } from '../bench/lib/stats';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 50);

interface Operation {
  name: string;
  write: boolean;
  weight: number;
  /** Statuses that are a correct answer for this operation. */
  ok: number[];
  run(): Promise<HttpAnswer>;
}

async function main(): Promise<void> {
  if (!(SECONDS > 0) || !(CLIENTS > 0)) throw new Error('LOAD_SECONDS y LOAD_CLIENTS deben ser números positivos.');
  const database = await scratchDatabase('almacen_load');
  const issuer = await startTestIssuer();
  const logFile = path.join(os.tmpdir(), `almacen-load-${process.pid}.log`);
  fs.writeFileSync(logFile, '');
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let api: HttpClient | undefined;
  try {
    const token = await issuer.token({ sub: 'load-test', name: 'Prueba de carga' }, { expiresIn: 3600 });
    server = await startServer({ env: { DATABASE_URL: database.url, OIDC_ISSUER: issuer.url, ADMIN_USERS: 'load-test' }, logFile });
    api = new HttpClient(server.base, { connections: CLIENTS, token: () => token });
    const a = api;
    process.stderr.write(`Servidor en ${server.base} (${database.kind}); preparando catálogo…\n`);
    const catalog = await createCatalog(a, 30, 'carga');
    for (const productId of catalog.productIds) {
      const body = invoiceBody({ ...catalog, productIds: [productId] }, `CARGA-INICIAL-${productId}`, 1);
      body.products[0].quantity = '200';
      const r = await a.post('/api/invoices', body, { headers: { 'idempotency-key': randomUUID() } });
      if (r.status !== 201) throw new Error(`Entrada inicial: ${r.status} ${r.body}`);
    }
    const product = () => catalog.productIds[randomInt(catalog.productIds.length)];
    let created = 0;

    const operations: Operation[] = [
      { name: 'GET productos', write: false, weight: 10, ok: [200], run: () => a.get('/api/catalog/products') },
      { name: 'GET existencia', write: false, weight: 25, ok: [200], run: () => a.get(`/api/stock/${product()}`) },
      { name: 'GET movimientos', write: false, weight: 12, ok: [200], run: () => a.get(`/api/movements/products/${product()}`) },
      { name: 'GET entradas', write: false, weight: 6, ok: [200], run: () => a.get('/api/invoices') },
      { name: 'GET salidas', write: false, weight: 6, ok: [200], run: () => a.get('/api/dispatches') },
      { name: 'GET empleados', write: false, weight: 6, ok: [200], run: () => a.get('/api/catalog/employees') },
      {
        name: 'POST entrada',
        write: true,
        weight: 12,
        ok: [201],
        run: () => {
          const key = randomUUID();
          return a.post('/api/invoices', invoiceBody(catalog, `CARGA-${key.slice(0, 18)}`, 1 + randomInt(5)), {
            headers: { 'idempotency-key': key },
          });
        },
      },
      {
        name: 'POST salida',
        write: true,
        weight: 14,
        ok: [201, 409],
        run: () => a.post('/api/dispatches', dispatchBody(catalog, 1 + randomInt(5)), { headers: { 'idempotency-key': randomUUID() } }),
      },
      {
        name: 'PUT producto',
        write: true,
        weight: 5,
        ok: [200],
        run: () => {
          const id = product();
          return a.put('/api/catalog/products', { id, name: `Producto carga ${id} rev ${randomInt(1_000_000)}` });
        },
      },
      {
        name: 'POST producto',
        write: true,
        weight: 4,
        ok: [201],
        run: () => a.post('/api/catalog/products', { name: `Producto nuevo ${++created}` }),
      },
    ];
    const totalWeight = operations.reduce((sum, op) => sum + op.weight, 0);
    const pick = () => {
      let n = randomInt(totalWeight);
      for (const op of operations) if ((n -= op.weight) < 0) return op;
      return operations[0];
    };

    const latencies = new Map<string, number[]>(operations.map((op) => [op.name, []]));
    const statuses = new Map<string, Map<number, number>>(operations.map((op) => [op.name, new Map()]));
    const unexpected: string[] = [];
    let serverErrors = 0;
    let networkErrors = 0;

    process.stderr.write(`${CLIENTS} clientes durante ${SECONDS} s…\n`);
    const { count, seconds } = await closedLoop(CLIENTS, SECONDS * 1000, async () => {
      const op = pick();
      try {
        const r = await op.run();
        latencies.get(op.name)!.push(r.ms);
        const byStatus = statuses.get(op.name)!;
        byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
        if (r.status >= 500) serverErrors++;
        if (!op.ok.includes(r.status) && unexpected.length < 20) unexpected.push(`${op.name} → ${r.status} ${r.body.slice(0, 200)}`);
      } catch (error) {
        networkErrors++;
        if (unexpected.length < 20) unexpected.push(`${op.name} → ${(error as Error).message}`);
      }
    });

    const ledger = await checkLedger(database.url);
    const all = [...latencies.values()].flat();
    const reads = operations.filter((op) => !op.write).flatMap((op) => latencies.get(op.name)!);
    const writes = operations.filter((op) => op.write).flatMap((op) => latencies.get(op.name)!);
    const line = (label: string, values: number[], answers = '') =>
      `| ${label} | ${fmt(values.length)} | ${fmt(values.length / seconds, 1)} | ${fmt(percentile(values, 50), 1)} ms | ${fmt(percentile(values, 99), 1)} ms | ${answers} |`;
    const out = [
      `load test: ${CLIENTS} clientes, ${fmt(seconds, 1)} s, ${fmt(count)} peticiones (${fmt(count / seconds, 1)} por segundo) contra ${database.kind}`,
      '',
      '| Operación | Peticiones | Por segundo | p50 | p99 | Respuestas |',
      '|---|---:|---:|---:|---:|---|',
      line('**Todas**', all),
      line('Lecturas', reads),
      line('Escrituras', writes),
      ...operations.map((op) => {
        const counts = [...statuses.get(op.name)!.entries()].map(([status, n]) => `${fmt(n)}×${status}`).join(', ');
        return line(op.name, latencies.get(op.name)!, counts);
      }),
      '',
      `Respuestas 5xx: ${serverErrors}. Errores de red: ${networkErrors}. Estados inesperados: ${unexpected.length}.`,
      `Libro: ${ledger.invoices} entradas, ${ledger.dispatches} salidas, ${ledger.movements} movimientos en ${ledger.products} productos; ` +
        `violaciones de invariantes: ${ledger.violations.length}.`,
    ];
    console.log(out.join('\n'));
    for (const u of unexpected) console.log(`  INESPERADO: ${u}`);
    for (const v of ledger.violations) console.log(`  VIOLACIÓN: ${v}`);
    const failed = serverErrors > 0 || networkErrors > 0 || unexpected.length > 0 || ledger.violations.length > 0;
    if (failed) {
      console.log(`load test: FALLÓ (registro del servidor: ${logFile})`);
      process.exitCode = 1;
    } else {
      console.log('load test: OK — 0 respuestas 5xx, 0 violaciones de invariantes');
      fs.rmSync(logFile, { force: true });
    }
  } finally {
    api?.close();
    if (server) await stopServer(server);
    await issuer.close();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
