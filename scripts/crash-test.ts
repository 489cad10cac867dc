// `npm run test:crash`: the ledger loses nothing when the server dies mid-write.
//
// For each database (a fresh database on the PostgreSQL server of DATABASE_URL, and the embedded
// PostgreSQL on a fresh DATA_DIR) the real server (`node api/dist/server.js`, the compiled API) runs as a child
// process while clients create invoices and dispatches concurrently, each with an
// Idempotency-Key. The server is killed with SIGKILL several times at random moments and started
// again; a client whose request died with the server retries it with the SAME key, as the portal
// does. Afterwards, over SQL and over the API:
//   * every acknowledged (2xx) document exists with exactly the lines that were sent, and each
//     line has its movement;
//   * no document is partial; every document has the idempotency answer that committed with it
//     (so no retried request created a second document);
//   * product_balances and every movement's balance equal the fold of the ledger, recomputed
//     in SQL; no quantity is negative.
// With the embedded PostgreSQL, the SIGKILL leaves PostgreSQL running without its server (it
// has its own process group). Alternately, the next start finds that orphan and stops it itself
// (api/src/db/embedded/lock.ts, as after any crash), or this script first kills its whole process
// group (SIGKILL, as a power cut would — then PostgreSQL replays its WAL on start).
//
// Environment: CRASH_KILLS (5), CRASH_CLIENTS (6), CRASH_DB = both | server | embedded.
// Loopback only; exits non-zero on any violation.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../api/test/helpers/free-port';
import { startTestIssuer } from '../api/test/helpers/issuer';
import { createCatalog, dispatchBody, invoiceBody, sentLines, type Catalog, type SentLine } from '../bench/lib/catalog';
import { createDatabase } from '../bench/lib/database';
import { HttpClient } from '../bench/lib/http';
import { checkLedger } from '../bench/lib/ledger-check';
import { startServer, stopServer, type ServerProcess } from '../bench/lib/server';
import { delay } from '../bench/lib/stats';

const KILLS = Number(process.env.CRASH_KILLS ?? 5);
const CLIENTS = Number(process.env.CRASH_CLIENTS ?? 6);
const MODE = process.env.CRASH_DB ?? 'both';
/** Whole run per database must stay bounded (~3 min): a hard stop after this. */
const DEADLINE_MS = 170_000;

type Kind = 'invoices' | 'dispatches';

interface Acknowledged {
  kind: Kind;
  id: number;
  key: string;
  lines: SentLine[];
  replayed: boolean;
}

interface Tally {
  acknowledged: Acknowledged[];
  refused: Record<string, number>;
  retries: number;
  serverErrors: string[];
  replayMismatches: string[];
}

const log = (line: string) => process.stderr.write(`${line}\n`);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitGone(pid: number, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await delay(100);
  }
  return !isAlive(pid);
}

/** The embedded PostgreSQL left behind by a killed server: left to the next start (even kills) or killed (odd). */
async function handleOrphan(dataDir: string, kill: number): Promise<string> {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return 'sin PostgreSQL huérfano';
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!isAlive(pid)) return 'PostgreSQL ya detenido';
  const powerCut = kill % 2 === 1;
  if (!powerCut) return `PostgreSQL huérfano ${pid}: lo detiene el siguiente arranque`;
  try {
    // Its own process group (detached): -pid reaches the postmaster and every backend at once.
    process.kill(-pid, 'SIGKILL');
  } catch {
    // gone meanwhile
  }
  if (!(await waitGone(pid, 30_000))) throw new Error(`PostgreSQL huérfano ${pid} no terminó.`);
  // Backends of a killed postmaster exit on their own when they notice; give them a moment.
  await delay(500);
  return `PostgreSQL huérfano ${pid} matado con SIGKILL (corte de luz)`;
}

async function runOnce(
  label: string,
  baseEnv: Record<string, string | undefined>,
  dataDir: string | null,
  dbUrl: () => string,
): Promise<boolean> {
  const started = Date.now();
  const issuer = await startTestIssuer();
  const token = await issuer.token({ sub: 'crash-test', name: 'Prueba de caída' }, { expiresIn: 3600 });
  const port = await freePort();
  const logFile = path.join(os.tmpdir(), `almacen-crash-${label.replace(/\W+/g, '-')}-${process.pid}.log`);
  fs.writeFileSync(logFile, '');
  const env = { ...baseEnv, OIDC_ISSUER: issuer.url, ADMIN_USERS: 'crash-test' };
  let server: ServerProcess = await startServer({ env, port, logFile });
  const api = new HttpClient(server.base, { connections: CLIENTS + 2, token: () => token });
  const tally: Tally = { acknowledged: [], refused: {}, retries: 0, serverErrors: [], replayMismatches: [] };
  let stopping = false;
  let serverUp = true;

  try {
    const catalog: Catalog = await createCatalog(api, 8, label);
    // Opening stock, so most dispatches can go out.
    for (const productId of catalog.productIds) {
      const body = invoiceBody({ ...catalog, productIds: [productId] }, `INICIAL-${productId}`, 1);
      body.products[0].quantity = '500';
      const r = await api.post('/api/invoices', body, { headers: { 'idempotency-key': randomUUID() } });
      if (r.status !== 201) throw new Error(`Entrada inicial: ${r.status} ${r.body}`);
      tally.acknowledged.push({
        kind: 'invoices',
        id: JSON.parse(r.body).data.id,
        key: 'inicial',
        lines: sentLines(body),
        replayed: false,
      });
    }

    /** One document, retried with the same key until the server gives a definitive answer. */
    const submit = async (kind: Kind) => {
      const key = randomUUID();
      const lines = 1 + Math.floor(Math.random() * 5);
      const body = kind === 'invoices' ? invoiceBody(catalog, `CR-${key.slice(0, 18)}`, lines) : dispatchBody(catalog, lines);
      const giveUp = Date.now() + 60_000;
      for (;;) {
        try {
          const r = await api.post(`/api/${kind}`, body, { headers: { 'idempotency-key': key }, timeoutMs: 15_000 });
          if (r.status === 201) {
            const data = JSON.parse(r.body).data as { id: number; products: Array<{ productId: number; quantity: string }> };
            const replayed = r.headers['idempotent-replayed'] === 'true';
            const answered = data.products.map((p) => `${p.productId}:${p.quantity}`).join(',');
            const sent = body.products.map((p) => `${p.productId}:${p.quantity}`).join(',');
            if (answered !== sent) tally.replayMismatches.push(`${kind} ${data.id}: enviado ${sent}, respondido ${answered}`);
            tally.acknowledged.push({ kind, id: data.id, key, lines: sentLines(body), replayed });
            return;
          }
          if (r.status >= 500 && r.status !== 503) tally.serverErrors.push(`${r.status} ${kind}: ${r.body.slice(0, 200)}`);
          if (r.status < 500) {
            tally.refused[String(r.status)] = (tally.refused[String(r.status)] ?? 0) + 1;
            if (r.status !== 409) tally.serverErrors.push(`${r.status} inesperado en ${kind}: ${r.body.slice(0, 200)}`);
            return;
          }
        } catch {
          // The server died under the request (or is restarting): same key again below.
        }
        if (Date.now() > giveUp) {
          tally.serverErrors.push(`${kind} con clave ${key} sin respuesta definitiva en 60 s`);
          return;
        }
        tally.retries++;
        await delay(serverUp ? 100 : 300);
      }
    };

    const workers = Array.from({ length: CLIENTS }, async () => {
      while (!stopping) await submit(Math.random() < 0.45 ? 'invoices' : 'dispatches');
    });

    const notes: string[] = [];
    for (let kill = 1; kill <= KILLS; kill++) {
      await delay(1_500 + Math.random() * 2_500);
      serverUp = false;
      server.child.kill('SIGKILL');
      await server.exited;
      const orphan = dataDir ? await handleOrphan(dataDir, kill) : '';
      log(`  [${label}] SIGKILL ${kill}/${KILLS} tras ${tally.acknowledged.length} acuses${orphan ? `; ${orphan}` : ''}; reiniciando…`);
      if (orphan) notes.push(orphan);
      server = await startServer({ env, port, logFile });
      serverUp = true;
      if (Date.now() - started > DEADLINE_MS) throw new Error('la prueba excedió su tiempo límite');
    }
    // A little more traffic on the last server, then let every client finish its document.
    await delay(2_000);
    stopping = true;
    await Promise.all(workers);

    // ---- verification -------------------------------------------------------------------
    const violations: string[] = [...tally.serverErrors.map((e) => `respuesta de error del servidor: ${e}`), ...tally.replayMismatches];
    const db = new pg.Client({ connectionString: dbUrl() });
    await db.connect();
    let missing = 0;
    let partial = 0;
    try {
      const seen = new Set<string>();
      for (const ack of tally.acknowledged) {
        const ref = `${ack.kind}:${ack.id}`;
        if (seen.has(ref) && !ack.replayed) violations.push(`dos acuses distintos para ${ref}`);
        seen.add(ref);
        const table = ack.kind === 'invoices' ? 'invoice_lines' : 'dispatch_lines';
        const parent = ack.kind === 'invoices' ? 'invoice_id' : 'dispatch_id';
        const { rows } = await db.query<{ product_id: number; same: boolean; movements: string }>(
          `SELECT l.product_id, l.quantity = ($2::numeric[])[l.line_no] AS same,
                  (SELECT count(*) FROM movements m WHERE m.${ack.kind === 'invoices' ? 'invoice_line_id' : 'dispatch_line_id'} = l.id) AS movements
             FROM ${table} l WHERE l.${parent} = $1 ORDER BY l.line_no`,
          [ack.id, ack.lines.map((l) => l.quantity)],
        );
        if (rows.length === 0) {
          missing++;
          violations.push(`falta el documento acusado ${ref}`);
          continue;
        }
        const complete =
          rows.length === ack.lines.length &&
          rows.every((row, i) => row.product_id === ack.lines[i].productId && row.same && row.movements === '1');
        if (!complete) {
          partial++;
          violations.push(`documento ${ref} incompleto o distinto de lo enviado`);
        }
        // And over the API, as a person would see it.
        const r = await api.get(`/api/movements/${ack.kind}/${ack.id}`);
        const movements = r.status === 200 ? (JSON.parse(r.body).data as Array<{ productId: number; quantity: string }>) : [];
        if (r.status !== 200 || movements.length !== ack.lines.length)
          violations.push(`la API muestra ${movements.length} movimientos de ${ref} (se enviaron ${ack.lines.length})`);
      }
      // Every document committed together with its idempotency answer: one key, one document.
      for (const kind of ['invoices', 'dispatches'] as const) {
        const { rows } = await db.query<{ docs: string; keyed: string; orphans: string }>(
          `SELECT (SELECT count(*) FROM ${kind}) AS docs,
                  (SELECT count(*) FROM idempotency_keys WHERE method_path = $1 AND status = 201) AS keyed,
                  (SELECT count(*) FROM ${kind} d WHERE NOT EXISTS (
                     SELECT 1 FROM idempotency_keys k WHERE k.method_path = $1 AND (k.response -> 'data' ->> 'id')::int = d.id)) AS orphans`,
          [`POST /api/${kind}`],
        );
        if (rows[0].docs !== rows[0].keyed || rows[0].orphans !== '0') {
          violations.push(
            `${kind}: ${rows[0].docs} documentos, ${rows[0].keyed} claves de idempotencia, ${rows[0].orphans} documentos sin su clave`,
          );
        }
      }
    } finally {
      await db.end();
    }
    const ledger = await checkLedger(dbUrl());
    violations.push(...ledger.violations);

    const replays = tally.acknowledged.filter((a) => a.replayed).length;
    const refused = Object.entries(tally.refused)
      .map(([status, n]) => `${n}×${status}`)
      .join(', ');
    console.log(
      `crash test (${label}): ${KILLS} kills, ${tally.acknowledged.length} acknowledged (${replays} replayed after a retry), ` +
        `${missing} missing, ${partial} partial, ${ledger.violations.length ? 'balances NOT OK' : 'balances OK'} ` +
        `(${ledger.invoices} entradas, ${ledger.dispatches} salidas, ${ledger.movements} movimientos; ${tally.retries} reintentos; rechazos ${refused || 'ninguno'}) ` +
        `en ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    for (const v of violations.slice(0, 20)) console.log(`  VIOLACIÓN: ${v}`);
    if (violations.length) console.log(`  registro del servidor: ${logFile}`);
    else fs.rmSync(logFile, { force: true });
    return violations.length === 0;
  } finally {
    stopping = true;
    api.close();
    await stopServer(server);
    if (dataDir) {
      // Should the server not have stopped its PostgreSQL, never leave it running.
      await handleOrphan(dataDir, 1).catch(() => undefined);
    }
    await issuer.close();
  }
}

async function main(): Promise<void> {
  const results: boolean[] = [];
  if (MODE === 'both' || MODE === 'server') {
    const server = process.env.DATABASE_URL;
    if (!server) {
      console.log('crash test (servidor PostgreSQL): OMITIDO — defina DATABASE_URL (p. ej. postgres://postgres@127.0.0.1:5432/postgres).');
      if (MODE === 'server') results.push(false);
    } else {
      const db = await createDatabase(server, 'almacen_crash');
      try {
        log('Prueba de caídas contra el servidor PostgreSQL (base nueva)…');
        results.push(await runOnce('servidor PostgreSQL', { DATABASE_URL: db.url }, null, () => db.url));
      } finally {
        await db.drop();
      }
    }
  }
  if (MODE === 'both' || MODE === 'embedded') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-crash-data-'));
    const pgPort = await freePort();
    const url = () => {
      const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
      return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/almacen`;
    };
    try {
      log('Prueba de caídas contra PostgreSQL embebido (DATA_DIR nuevo)…');
      // The checks read the database after the last (graceful-later) server is still up.
      results.push(
        await runOnce(
          'PostgreSQL embebido',
          { DATABASE_URL: undefined, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) },
          dataDir,
          url,
        ),
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (!results.length || results.some((ok) => !ok)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
