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
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { todayIn } from '@almacen/shared/domain';
import { startTestIssuer } from '../api/test/helpers/issuer';
import { createCatalog, invoiceBody } from '../bench/lib/catalog';
import { scratchDatabase } from '../bench/lib/database';
import { HttpClient } from '../bench/lib/http';
import { checkLedger } from '../bench/lib/ledger-check';
import {
  type Acknowledged,
  INSTITUTION_RFC,
  loadSetting,
  person,
  ROLES_CLAIM,
  Tally,
  THINK_MS,
  TIME_ZONE,
  type World,
  WRITES,
} from '../bench/lib/load-person';
import { ownCpuMs, processCpuMs } from '../bench/lib/processes';
import { startServer, stopServer, type ServerProcess } from '../bench/lib/server';
import { delay, fmt, percentile } from '../bench/lib/stats';

const STAGE_SECONDS = loadSetting('LOAD_STAGE_SECONDS', 20);
const FIRST_PEOPLE = Math.round(loadSetting('LOAD_PEOPLE', 20));
const GROWTH = loadSetting('LOAD_GROWTH', 1.5);
const MAX_PEOPLE = Math.round(loadSetting('LOAD_MAX_PEOPLE', 4000));
const WRITE_P95_LIMIT_MS = 200;

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
