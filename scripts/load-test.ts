// `npm run test:load`: how many people one copy of the API serves. Virtual people replay a
// plantel's day against the real server (`node api/dist/server.js` in a child process, loopback):
// each signs in (a token of its own, renewed as the portal renews it, then /api/me and the home
// summary), and then, with a pause between actions (LOAD_THINK_SECONDS on average, exponential),
// browses catalogues and histories, looks stock up as the wizards do, registers entries (some
// from a CFDI: read, then saved with its XML) and exits, and now and then downloads a report.
//
// The number of people grows by stages (LOAD_PEOPLE to start, ×LOAD_GROWTH each stage of
// LOAD_STAGE_SECONDS) until the 95th percentile of some write passes 200 ms or an answer is an
// error: the stage before is the knee — people per copy, requests per second, and where the time
// went (CPU of the API process, of PostgreSQL's processes, calls queued for a pool connection).
// Then one stage at twice the failing count runs the server past its knee, where a refusal must be
// 503 or 429 with Retry-After (people ask again after it, documents with the same
// Idempotency-Key), never a 500; at the end every acknowledged document exists once with its
// lines, every document has its idempotency answer, and the balances equal the fold of the ledger.
//
// LOAD_DB: embedded, server (DATABASE_URL's server, a scratch database) or both (default: both when
// DATABASE_URL is set, else embedded). The load generator runs on the same machine: its own CPU
// is reported beside the server's.
import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { todayIn } from '@almacen/shared/domain';
import { startTestIssuer, type TestIssuer } from '../api/test/helpers/issuer';
import { createCatalog, dispatchBody, invoiceBody, sentLines, type Catalog, type SentLine } from '../bench/lib/catalog';
import { scratchDatabase } from '../bench/lib/database';
import { HttpClient, type HttpAnswer } from '../bench/lib/http';
import { checkLedger } from '../bench/lib/ledger-check';
import { ownCpuMs, processCpuMs } from '../bench/lib/processes';
import { startServer, stopServer, type ServerProcess } from '../bench/lib/server';
import { delay, fmt, percentile } from '../bench/lib/stats';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!(value > 0)) throw new Error(`${name} debe ser un número positivo.`);
  return value;
};
const STAGE_SECONDS = number('LOAD_STAGE_SECONDS', 20);
const FIRST_PEOPLE = Math.round(number('LOAD_PEOPLE', 20));
const GROWTH = number('LOAD_GROWTH', 1.5);
const MAX_PEOPLE = Math.round(number('LOAD_MAX_PEOPLE', 4000));
const THINK_MS = number('LOAD_THINK_SECONDS', 5) * 1000;
/** Seconds of a token's life; the portal renews one a minute before it expires. */
const TOKEN_SECONDS = 300;
const WRITE_P95_LIMIT_MS = 200;
const TIME_ZONE = 'America/Mexico_City';
const ROLES_CLAIM = 'almacen_roles';
const CFDI_XML = fs.readFileSync(path.join(__dirname, '..', 'api', 'test', 'fixtures', 'cfdi', 'iva-16.xml'), 'utf8');
const CFDI_UUID = '5B3F2C1A-8D4E-4F6A-9B7C-1E2D3F4A5B6C';
const INSTITUTION_RFC = 'CCT800101AB1';

interface Acknowledged {
  kind: 'invoices' | 'dispatches';
  id: number;
  lines: SentLine[];
}

/** What one stage saw, per operation. */
class Tally {
  readonly latencies = new Map<string, number[]>();
  readonly statuses = new Map<string, Map<number, number>>();
  readonly unexpected: string[] = [];
  errors = 0;
  serverErrors = 0;
  refusals = 0;
  refusalsWithoutRetryAfter = 0;

  record(name: string, answer: HttpAnswer, ok: readonly number[]): void {
    if (!this.latencies.has(name)) {
      this.latencies.set(name, []);
      this.statuses.set(name, new Map());
    }
    this.latencies.get(name)!.push(answer.ms);
    const byStatus = this.statuses.get(name)!;
    byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
    if (ok.includes(answer.status)) return;
    this.errors++;
    if (answer.status === 503 || answer.status === 429) {
      this.refusals++;
      if (!answer.headers['retry-after']) this.refusalsWithoutRetryAfter++;
    } else if (answer.status >= 500) this.serverErrors++;
    if (this.unexpected.length < 20 && answer.status !== 503 && answer.status !== 429)
      this.unexpected.push(`${name} → ${answer.status} ${answer.body.slice(0, 200)}`);
  }

  failure(name: string, error: Error): void {
    this.errors++;
    this.serverErrors++;
    if (this.unexpected.length < 20) this.unexpected.push(`${name} → ${error.message}`);
  }

  get requests(): number {
    let n = 0;
    for (const values of this.latencies.values()) n += values.length;
    return n;
  }
}

const WRITES = ['POST entrada', 'POST entrada con CFDI', 'POST salida'] as const;

interface World {
  api: HttpClient;
  issuer: TestIssuer;
  catalog: Catalog;
  cfdiSupplierId: number;
  cfdiProducts: [number, number, number];
  acknowledged: Acknowledged[];
  /** The stage now being counted; people write into whichever is current. */
  tally: Tally;
  stopping: boolean;
}

/** A sample of the time to the next action: exponential with mean THINK_MS, capped at 5×. */
const think = () => delay(Math.min(-Math.log(1 - Math.random()) * THINK_MS, 5 * THINK_MS));

/** One person: signs in, then acts until the run stops. */
async function person(world: World, index: number): Promise<void> {
  const sub = `persona-${index}`;
  let token = '';
  let tokenAt = 0;
  const signIn = async () => {
    token = await world.issuer.token({ sub, name: `Persona ${index}`, [ROLES_CLAIM]: ['AUTORIZADOR'] }, { expiresIn: TOKEN_SECONDS });
    tokenAt = Date.now();
  };
  /** A call as the portal makes it; a 503/429 is asked again after its Retry-After (at most 3 times). */
  const call = async (
    name: string,
    method: string,
    url: string,
    body?: unknown,
    ok: readonly number[] = [200],
    headers: Record<string, string> = {},
  ) => {
    for (let attempt = 1; ; attempt++) {
      if (Date.now() - tokenAt > (TOKEN_SECONDS - 60) * 1000) {
        await signIn();
        await call('GET /api/me (renovación)', 'GET', '/api/me');
      }
      let answer: HttpAnswer;
      try {
        answer = await world.api.request(method, url, {
          body,
          headers: { authorization: `Bearer ${token}`, ...headers },
        });
      } catch (error) {
        world.tally.failure(name, error as Error);
        return undefined;
      }
      world.tally.record(name, answer, ok);
      const retryAfter = Number(answer.headers['retry-after']);
      if ((answer.status !== 503 && answer.status !== 429) || attempt === 3 || world.stopping) return answer;
      await delay((Number.isFinite(retryAfter) ? retryAfter : 1) * 1000);
    }
  };
  const keyed = () => ({ 'idempotency-key': randomUUID() });
  const product = () => world.catalog.productIds[randomInt(world.catalog.productIds.length)];
  const lookUp = async (count: number) => {
    for (let i = 0; i < count; i++) await call('GET existencia', 'GET', `/api/stock/${product()}`);
  };
  const acknowledge = (kind: Acknowledged['kind'], answer: HttpAnswer | undefined, lines: SentLine[]) => {
    if (answer?.status === 201) world.acknowledged.push({ kind, id: (JSON.parse(answer.body) as { data: { id: number } }).data.id, lines });
  };

  const actions: Array<[weight: number, run: () => Promise<unknown>]> = [
    [8, () => call('GET resumen', 'GET', '/api/stock/summary')],
    [8, () => call('GET productos', 'GET', '/api/catalog/products')],
    [3, () => call('GET empleados', 'GET', '/api/catalog/employees')],
    [2, () => call('GET proveedores', 'GET', '/api/catalog/suppliers')],
    [5, () => call('GET entradas', 'GET', '/api/invoices')],
    [5, () => call('GET salidas', 'GET', '/api/dispatches')],
    [12, () => lookUp(1)],
    [6, () => call('GET movimientos', 'GET', `/api/movements/products/${product()}?limit=100`)],
    [
      8,
      async () => {
        await lookUp(3);
        const body = invoiceBody(world.catalog, `CARGA-${randomUUID().slice(0, 18)}`, 1 + randomInt(5), TIME_ZONE);
        acknowledge('invoices', await call('POST entrada', 'POST', '/api/invoices', body, [201], keyed()), sentLines(body));
      },
    ],
    [
      2,
      async () => {
        const uuid = randomUUID().toUpperCase();
        const xml = CFDI_XML.replace(CFDI_UUID, uuid);
        const read = await call('POST leer CFDI', 'POST', '/api/cfdi/parse', xml, [200], { 'content-type': 'application/xml' });
        if (read?.status !== 200) return;
        const [hojas, lapiz, folders] = world.cfdiProducts;
        const body = {
          ...invoiceBody(
            { ...world.catalog, supplierId: world.cfdiSupplierId, productIds: [hojas] },
            `A${uuid.slice(0, 12)}`,
            1,
            TIME_ZONE,
          ),
          cfdi: { uuid: uuid.toLowerCase(), xml },
        };
        body.products = [
          [hojas, '12', '986'],
          [lapiz, '50', '5.22'],
          [folders, '10', '220.284'],
        ].map(([productId, quantity, purchasePrice], i) => ({
          ...body.products[0],
          productId: productId as number,
          quantity: quantity as string,
          purchasePrice: purchasePrice as string,
          applyValueAddedTaxToPurchasePrice: true,
          cfdiIndex: i + 1,
        }));
        acknowledge('invoices', await call('POST entrada con CFDI', 'POST', '/api/invoices', body, [201], keyed()), sentLines(body));
      },
    ],
    [
      10,
      async () => {
        await lookUp(3);
        const body = dispatchBody(world.catalog, 1 + randomInt(5), TIME_ZONE);
        // 409: asks more than the stock, as a clerk sometimes does; the wizard says how much there is.
        acknowledge('dispatches', await call('POST salida', 'POST', '/api/dispatches', body, [201, 409], keyed()), sentLines(body));
      },
    ],
    [1, () => call('POST reporte de existencias (XLSX)', 'POST', '/api/reports/stock?format=xlsx', {}, [200])],
    [1, () => call('POST tarjeta de almacén (PDF)', 'POST', `/api/reports/products/${product()}?format=pdf`, {}, [200])],
  ];
  const total = actions.reduce((sum, [weight]) => sum + weight, 0);
  const pick = () => {
    let n = randomInt(total);
    for (const [weight, run] of actions) if ((n -= weight) < 0) return run;
    return actions[0][1];
  };

  // People do not all arrive in the same second.
  await delay(randomInt(Math.round(THINK_MS)));
  await signIn();
  await call('GET /api/me', 'GET', '/api/me');
  await call('GET resumen', 'GET', '/api/stock/summary');
  while (!world.stopping) {
    await think();
    if (world.stopping) break;
    await pick()();
  }
}

/**
 * CPU time so far, in ms, of the PostgreSQL processes serving the measured database: its
 * backends (pg_stat_activity), and for an embedded server also its own background processes
 * (checkpointer, WAL writer…). A shared server's other databases and background work are not
 * counted: the machine may be running other things.
 */
async function postgresCpu(db: pg.Client, embedded: boolean): Promise<Map<number, number>> {
  const { rows } = await db.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() OR ($1 AND datname IS NULL)`,
    [embedded],
  );
  return new Map(rows.map(({ pid }) => [pid, processCpuMs(pid)]));
}

/** The CPU the processes used between two readings (one that started meanwhile counts whole). */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of after) if (Number.isFinite(ms)) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

/** The pool gauges of /metrics, sampled while a stage runs. */
async function poolGauges(base: string): Promise<{ waiting: number; inUse: number } | null> {
  try {
    const text = await (await fetch(`${base}/metrics`, { signal: AbortSignal.timeout(2_000) })).text();
    const gauge = (name: string) => Number(new RegExp(`^almacen_${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
    return { waiting: gauge('db_pool_waiting'), inUse: gauge('db_pool_in_use') };
  } catch {
    return null;
  }
}

interface StageResult {
  people: number;
  seconds: number;
  tally: Tally;
  apiCpu: number;
  pgCpu: number;
  clientCpu: number;
  meanWaiting: number;
  meanInUse: number;
  writeP95: Map<string, number>;
  passed: boolean;
}

interface Probe {
  server: ServerProcess;
  db: pg.Client;
  embedded: boolean;
}

async function runStage(world: World, { server, db, embedded }: Probe, people: Promise<void>[], count: number): Promise<StageResult> {
  while (people.length < count) people.push(person(world, people.length + 1));
  const tally = new Tally();
  world.tally = tally;
  const cpu0 = { api: processCpuMs(server.child.pid!), pg: await postgresCpu(db, embedded), client: ownCpuMs() };
  const start = performance.now();
  const samples: Array<{ waiting: number; inUse: number }> = [];
  while (performance.now() - start < STAGE_SECONDS * 1000) {
    await delay(500);
    const sample = await poolGauges(server.base);
    if (sample) samples.push(sample);
  }
  const seconds = (performance.now() - start) / 1000;
  const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : Number.NaN);
  const writeP95 = new Map(WRITES.map((name) => [name, percentile(tally.latencies.get(name) ?? [], 95)]));
  return {
    people: count,
    seconds,
    tally,
    apiCpu: processCpuMs(server.child.pid!) - cpu0.api,
    pgCpu: cpuBetween(cpu0.pg, await postgresCpu(db, embedded)),
    clientCpu: ownCpuMs() - cpu0.client,
    meanWaiting: mean(samples.map((s) => s.waiting)),
    meanInUse: mean(samples.map((s) => s.inUse)),
    writeP95,
    passed: tally.errors === 0 && [...writeP95.values()].every((p95) => !(p95 > WRITE_P95_LIMIT_MS)),
  };
}

const percent = (cpuMs: number, seconds: number) => `${fmt(cpuMs / (seconds * 10), 0)} %`;

function stageRow(s: StageResult): string {
  const requests = s.tally.requests;
  const writes = WRITES.map((name) => (Number.isFinite(s.writeP95.get(name)) ? `${fmt(s.writeP95.get(name)!, 0)}` : '—')).join(' / ');
  const reads = [...s.tally.latencies.entries()].filter(([name]) => name.startsWith('GET')).flatMap(([, v]) => v);
  // Little's law: calls queued on average × stage time ÷ calls = mean wait for a connection.
  const poolWait = requests ? (s.meanWaiting * s.seconds * 1000) / requests : Number.NaN;
  return (
    `| ${fmt(s.people)} | ${fmt(requests / s.seconds, 1)} | ${fmt(percentile(reads, 95), 0)} ms | ${writes} ms | ` +
    `${s.tally.errors ? `${fmt(s.tally.errors)} (${fmt(s.tally.refusals)} 503/429)` : '0'} | ` +
    `${percent(s.apiCpu, s.seconds)} (${fmt(requests ? (s.apiCpu * 1000) / requests : Number.NaN, 0)} µs/pet.) | ` +
    `${percent(s.pgCpu, s.seconds)} (${fmt(requests ? (s.pgCpu * 1000) / requests : Number.NaN, 0)} µs/pet.) | ` +
    `${fmt(s.meanInUse, 1)} en uso, ${fmt(s.meanWaiting, 1)} esperando (${fmt(poolWait, 1)} ms/pet.) | ${percent(s.clientCpu, s.seconds)} | ${s.passed ? 'sí' : 'no'} |`
  );
}

/** Every acknowledged document once, with its lines; every document with its idempotency answer. */
async function verify(databaseUrl: string, acknowledged: Acknowledged[]): Promise<string[]> {
  const violations: string[] = [];
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const seen = new Set<string>();
    for (const ack of acknowledged) {
      const ref = `${ack.kind}:${ack.id}`;
      if (seen.has(ref)) violations.push(`dos acuses para ${ref}`);
      seen.add(ref);
      const table = ack.kind === 'invoices' ? 'invoice_lines' : 'dispatch_lines';
      const parent = ack.kind === 'invoices' ? 'invoice_id' : 'dispatch_id';
      const { rows } = await db.query<{ product_id: number; same: boolean }>(
        `SELECT product_id, quantity = ($2::numeric[])[line_no] AS same FROM ${table} WHERE ${parent} = $1 ORDER BY line_no`,
        [ack.id, ack.lines.map((l) => l.quantity)],
      );
      if (rows.length !== ack.lines.length || !rows.every((row, i) => row.product_id === ack.lines[i].productId && row.same))
        violations.push(`el documento acusado ${ref} falta o no es lo que se envió`);
    }
    for (const kind of ['invoices', 'dispatches'] as const) {
      const { rows } = await db.query<{ docs: string; keyed: string }>(
        `SELECT (SELECT count(*) FROM ${kind}) AS docs,
                (SELECT count(*) FROM idempotency_keys WHERE method_path = $1 AND status = 201) AS keyed`,
        [`POST /api/${kind}`],
      );
      const acked = acknowledged.filter((a) => a.kind === kind).length;
      // Documents of the preparation have keys too; a document no person was told of (its answer
      // was lost) would still have its key, so docs = keys, and no acknowledged one is missing.
      if (rows[0].docs !== rows[0].keyed) violations.push(`${kind}: ${rows[0].docs} documentos, ${rows[0].keyed} claves de idempotencia`);
      if (Number(rows[0].docs) < acked) violations.push(`${kind}: ${rows[0].docs} documentos para ${acked} acuses`);
    }
  } finally {
    await db.end();
  }
  violations.push(...(await checkLedger(databaseUrl)).violations);
  return violations;
}

async function measure(kind: 'embedded' | 'server'): Promise<{ lines: string[]; failed: boolean }> {
  const saved = process.env.DATABASE_URL;
  if (kind === 'embedded') delete process.env.DATABASE_URL;
  const database = await scratchDatabase('almacen_load');
  if (saved !== undefined) process.env.DATABASE_URL = saved;
  const issuer = await startTestIssuer();
  const logFile = path.join(os.tmpdir(), `almacen-load-${process.pid}-${kind}.log`);
  fs.writeFileSync(logFile, '');
  let server: ServerProcess | undefined;
  let api: HttpClient | undefined;
  const people: Promise<void>[] = [];
  let world: World | undefined;
  let probeDb: pg.Client | undefined;
  try {
    server = await startServer({
      env: {
        DATABASE_URL: database.url,
        OIDC_ISSUER: issuer.url,
        OIDC_ROLES_CLAIM: ROLES_CLAIM,
        INSTITUTION_RFC,
        METRICS_ALLOW: '127.0.0.1',
      },
      logFile,
    });
    api = new HttpClient(server.base, { connections: MAX_PEOPLE * 2 });
    const admin = await issuer.token({ sub: 'preparación', name: 'Preparación', [ROLES_CLAIM]: ['ADMINISTRADOR'] }, { expiresIn: 7200 });
    const prep = new HttpClient(server.base, { connections: 4, token: () => admin });
    process.stderr.write(`Servidor en ${server.base} (${database.kind}); preparando catálogo…\n`);
    const catalog = await createCatalog(prep, 60, 'carga');
    for (const productId of catalog.productIds) {
      const body = invoiceBody({ ...catalog, productIds: [productId] }, `CARGA-INICIAL-${productId}`, 1, TIME_ZONE);
      body.products[0].quantity = '5000';
      const r = await prep.post('/api/invoices', body, { headers: { 'idempotency-key': randomUUID() } });
      if (r.status !== 201) throw new Error(`Entrada inicial: ${r.status} ${r.body}`);
    }
    const supplier = await prep.post('/api/catalog/suppliers', { name: 'Papelería del Centro (CFDI)', rfc: 'PCE190312AB1' });
    const cfdiProducts = [] as unknown as [number, number, number];
    for (const name of ['Hojas blancas carta (caja)', 'Lápiz HB', 'Folder manila carta (paquete)']) {
      cfdiProducts.push((JSON.parse((await prep.post('/api/catalog/products', { name })).body) as { data: { id: number } }).data.id);
    }
    prep.close();
    world = {
      api,
      issuer,
      catalog,
      cfdiSupplierId: (JSON.parse(supplier.body) as { data: { id: number } }).data.id,
      cfdiProducts,
      acknowledged: [],
      tally: new Tally(),
      stopping: false,
    };

    probeDb = new pg.Client({ connectionString: database.url });
    await probeDb.connect();
    const probe: Probe = { server, db: probeDb, embedded: kind === 'embedded' };
    const stages: StageResult[] = [];
    let count = FIRST_PEOPLE;
    let failedAt: number | undefined;
    for (;;) {
      process.stderr.write(`  ${fmt(count)} personas durante ${STAGE_SECONDS} s…\n`);
      const stage = await runStage(world, probe, people, count);
      stages.push(stage);
      process.stderr.write(`${stageRow(stage)}\n`);
      if (!stage.passed) {
        failedAt = count;
        break;
      }
      if (count >= MAX_PEOPLE) break;
      count = Math.min(MAX_PEOPLE, Math.max(count + 1, Math.round(count * GROWTH)));
    }
    // Past the knee: twice the people of the first stage that failed.
    let overload: StageResult | undefined;
    if (failedAt !== undefined) {
      const beyond = Math.min(MAX_PEOPLE * 2, failedAt * 2);
      process.stderr.write(`  más allá del codo: ${fmt(beyond)} personas durante ${STAGE_SECONDS} s…\n`);
      overload = await runStage(world, probe, people, beyond);
    }
    world.stopping = true;
    await Promise.all(people);
    const violations = await verify(database.url, world.acknowledged);
    const all = [...stages, ...(overload ? [overload] : [])];
    const serverErrors = all.reduce((n, s) => n + s.tally.serverErrors, 0);
    const withoutRetryAfter = all.reduce((n, s) => n + s.tally.refusalsWithoutRetryAfter, 0);
    const knee = [...stages].reverse().find((s) => s.passed);
    const header =
      '| Personas | Peticiones/s | p95 lecturas | p95 escrituras (entrada / con CFDI / salida) | Errores | CPU de la API | CPU de PostgreSQL | Pool | CPU del generador | Pasa |';
    const lines = [
      `### ${database.kind}`,
      '',
      header,
      '|---:|---:|---:|---|---|---|---|---|---:|---|',
      ...stages.map(stageRow),
      ...(overload ? [stageRow(overload).replace(/^\| ([^|]+) \|/, '| $1 (más allá del codo) |')] : []),
      '',
      knee
        ? `Codo: **${fmt(knee.people)} personas** (una acción cada ${fmt(THINK_MS / 1000, 0)} s en promedio), ${fmt(knee.tally.requests / knee.seconds, 1)} peticiones por segundo` +
          (failedAt !== undefined
            ? `; con ${fmt(failedAt)} personas, ${stages.at(-1)!.tally.errors ? 'errores' : `p95 de escritura > ${WRITE_P95_LIMIT_MS} ms`}.`
            : ` — sin llegar al límite: LOAD_MAX_PEOPLE lo detuvo antes.`)
        : `Ni la primera etapa (${fmt(FIRST_PEOPLE)} personas) quedó bajo ${WRITE_P95_LIMIT_MS} ms sin errores.`,
      `Documentos acusados: ${fmt(world.acknowledged.length)}; 500 o fallas de red: ${serverErrors}; 503/429 sin Retry-After: ${withoutRetryAfter}; ` +
        `violaciones (documentos perdidos o dobles, saldos distintos del libro): ${violations.length}.`,
      ...all.flatMap((s) => s.tally.unexpected.map((u) => `  INESPERADO (${fmt(s.people)} personas): ${u}`)),
      ...violations.slice(0, 20).map((v) => `  VIOLACIÓN: ${v}`),
    ];
    const failed = serverErrors > 0 || withoutRetryAfter > 0 || violations.length > 0;
    if (!failed) fs.rmSync(logFile, { force: true });
    else lines.push(`  (registro del servidor: ${logFile})`);
    return { lines, failed };
  } finally {
    if (world) world.stopping = true;
    await Promise.allSettled(people);
    await probeDb?.end();
    api?.close();
    if (server) await stopServer(server);
    await issuer.close();
    await database.drop();
  }
}

async function main(): Promise<void> {
  const which = process.env.LOAD_DB ?? (process.env.DATABASE_URL ? 'both' : 'embedded');
  if (!['embedded', 'server', 'both'].includes(which)) throw new Error('LOAD_DB debe ser embedded, server o both.');
  if (which !== 'embedded' && !process.env.DATABASE_URL) throw new Error('LOAD_DB=server necesita DATABASE_URL.');
  const kinds = which === 'both' ? (['embedded', 'server'] as const) : [which as 'embedded' | 'server'];
  const out = [
    `load test: ${os.cpus().length} CPU (carga al empezar ${fmt(os.loadavg()[0], 1)}), Node ${process.version}, ${todayIn(TIME_ZONE)}; etapas de ${STAGE_SECONDS} s desde ${FIRST_PEOPLE} personas (×${GROWTH}); ` +
      `una acción cada ${fmt(THINK_MS / 1000, 0)} s por persona en promedio; límite: p95 de cada escritura ≤ ${WRITE_P95_LIMIT_MS} ms y ningún error`,
    '',
  ];
  let failed = false;
  for (const kind of kinds) {
    const result = await measure(kind);
    out.push(...result.lines, '');
    failed ||= result.failed;
  }
  console.log(out.join('\n'));
  console.log(
    failed ? 'load test: FALLÓ' : 'load test: OK — ningún 500, toda negativa con Retry-After, nada perdido ni doble, saldos = libro',
  );
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
