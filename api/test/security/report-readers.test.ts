// A report download must never hold a database connection while its client
// is slow. Over REAL HTTP (the server listening on 127.0.0.1, node:http clients that really stop
// reading — fetch would buffer the body), with production's pool of 10 connections:
//   * 20 downloads at once (PDF and XLSX, several users) read a first chunk and pause; one of them,
//     a 7 MB spreadsheet, fills every buffer up to the renderer (the server's socket holds bytes it
//     cannot send). Meanwhile the stock, /healthz and a write answer at once and PostgreSQL shows
//     no transaction left open; whatever the caps refuse is a 429 or 503 with Retry-After and a
//     Spanish message. Resumed, every download is a whole, valid file; the stalled one is cut after
//     REPORT_WRITE_TIMEOUT_MS, its spool closed, and every slot is free again.
//   * a client that goes away mid-download gives back its slot and its spool at once.
//   * the caps and the connection reserve, exactly: the ledger table is held locked so the
//     admitted reports stay inside the database; 3 per user and 8 in total are admitted (in any
//     arrival order), reports hold at most 3 of the 10 connections, and the rest of the API still
//     answers.
// Bounds are generous (a shared, loaded 2-core machine); a held pool shows as many seconds and a 503.
import http from 'node:http';
import type net from 'node:net';
import pg from 'pg';
import {
  PER_USER_MESSAGE,
  REPORT_RETRY_AFTER_SECONDS,
  REPORTS_MAX_CONCURRENT,
  REPORTS_MAX_PER_USER,
  reportConnections,
  TOTAL_MESSAGE,
} from '../../src/modules/reports/limits';
import { REPORT_APPLICATION_NAME } from '../../src/modules/reports/snapshot';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { seedKardex, seedLongDispatch } from '../modules/reports/kardex-fixture';
import { openSpoolFiles, spoolsClosed } from '../modules/reports/spool-files';
import { readPdf, readXlsx } from '../reports/read-report';

jest.setTimeout(60_000);

const POOL = 10;
const WRITE_TIMEOUT_MS = 8_000;
const KARDEX_MOVEMENTS = 500;
/** Lines of the exit whose spreadsheet (~7.8 MB) outgrows the loopback socket's buffers (~4 MB) and the renderer's 1 MB. */
const LONG_EXIT_LINES = 24_000;
/** A first chunk smaller than a 500-movement spreadsheet, so the client pauses mid-file. */
const FIRST_CHUNK = 16 * 1024;
/** "Answers normally": well under what a held pool makes a request wait. */
const QUICK_MS = 5_000;
const PDF_TYPE = 'application/pdf';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let t: TestApp;
let port: number;
let sql: pg.Client;
let kardex: { productId: number; ids: string[] };
let tiny: number;
let longExit: number;
/** The server's end of each connection, by the client's port. */
const serverSockets = new Map<number, net.Socket>();

beforeAll(async () => {
  t = await createTestApp({ poolMax: POOL, env: { DB_POOL_SIZE: String(POOL), REPORT_WRITE_TIMEOUT_MS: String(WRITE_TIMEOUT_MS) } });
  t.app.server.on('connection', (socket: net.Socket) => serverSockets.set(socket.remotePort!, socket));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  // The test's own connection: never one of the app's pool, whose use is what is measured.
  sql = new pg.Client({ connectionString: t.databaseUrl });
  await sql.connect();
  const { productId } = await seedKardex(t.db, KARDEX_MOVEMENTS);
  const { rows } = await sql.query<{ id: string }>('SELECT m.id::text AS id FROM movements m WHERE m.product_id = $1 ORDER BY m.id', [
    productId,
  ]);
  kardex = { productId, ids: rows.map((r) => r.id) };
  tiny = (await seedKardex(t.db, 6, 'Borrador de migajón')).productId;
  longExit = (await seedLongDispatch(t.db, LONG_EXIT_LINES)).dispatchId;
}, 60_000);

afterAll(async () => {
  await sql?.end();
  await t?.close();
});

// ---------------------------------------------------------------- helpers

interface Download {
  label: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The client's port (the key of serverSockets). */
  localPort: number;
  /** Settles when the response ended (complete) or the connection was cut (not complete). */
  finished: Promise<{ complete: boolean; body: Buffer }>;
  resume(): void;
  destroy(): void;
}

/**
 * POSTs a report download on its own connection. A 200 is read up to FIRST_CHUNK and then
 * paused (the socket stops reading, so the server's writes back up); anything else is read whole.
 * Resolves once paused or ended.
 */
function startDownload(label: string, path: string, token: string): Promise<Download> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path,
      headers: { authorization: `Bearer ${token}` },
      agent: false,
    });
    request.on('error', reject);
    request.on('response', (response) => {
      request.removeListener('error', reject);
      request.on('error', () => undefined); // a cut connection is reported through `finished`
      response.on('error', () => undefined);
      const chunks: Buffer[] = [];
      let bytes = 0;
      let holding = response.statusCode === 200;
      const finished = new Promise<{ complete: boolean; body: Buffer }>((done) => {
        response.on('end', () => done({ complete: true, body: Buffer.concat(chunks) }));
        response.on('close', () => done({ complete: response.complete, body: Buffer.concat(chunks) }));
      });
      const download: Download = {
        label,
        status: response.statusCode!,
        headers: response.headers,
        localPort: response.socket.localPort!,
        finished,
        resume: () => {
          holding = false;
          response.resume();
        },
        destroy: () => request.destroy(),
      };
      let announced = false;
      const announce = () => {
        if (!announced) resolve(download);
        announced = true;
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        bytes += chunk.length;
        if (holding && bytes >= FIRST_CHUNK) {
          response.pause();
          announce();
        }
      });
      void finished.then(announce);
    });
    request.end();
  });
}

const kardexPath = (format: 'pdf' | 'xlsx', productId = kardex.productId) => `/api/reports/products/${productId}?format=${format}`;
const token = (user: string) => t.token({ sub: user, name: `Usuario ${user}` });

async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms: number): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`No ocurrió en ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - start;
}

async function count(where: string, params: unknown[] = []): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND ${where}`,
    params,
  );
  return rows[0].n;
}
const idleInTransaction = () => count(`state LIKE 'idle in transaction%'`);
const reportConnectionsInUse = () => count('application_name = $1', [REPORT_APPLICATION_NAME]);

/** The stock, the health probe and a write, each timed: what every other user keeps doing. */
async function othersAnswer(label: string) {
  const auth = { authorization: `Bearer ${await token('almacenista')}` };
  const base = `http://127.0.0.1:${port}`;
  const timed = async (name: string, call: () => Promise<Response>) => {
    const start = performance.now();
    const response = await call();
    const body = await response.text();
    return { name, status: response.status, quick: performance.now() - start < QUICK_MS, body };
  };
  const results = [
    await timed('existencia', () => fetch(`${base}/api/stock/${kardex.productId}`, { headers: auth })),
    await timed('healthz', () => fetch(`${base}/healthz`)),
    await timed('alta de producto', () =>
      fetch(`${base}/api/catalog/products`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Producto dado de alta durante ${label} ${performance.now()}` }),
      }),
    ),
  ];
  expect(results.map(({ name, status, quick }) => ({ name, status, quick }))).toEqual([
    { name: 'existencia', status: 200, quick: true },
    { name: 'healthz', status: 200, quick: true },
    { name: 'alta de producto', status: 201, quick: true },
  ]);
  expect(JSON.parse(results[0].body).data.availableQuantity).not.toBeUndefined();
}

/** A refusal by the caps: the status, the Spanish message, and when to ask again. */
async function expectRefusal(download: Download, status: 429 | 503) {
  const { body } = await download.finished;
  expect({
    label: download.label,
    status: download.status,
    retryAfter: download.headers['retry-after'],
    body: JSON.parse(body.toString()),
  }).toEqual({
    label: download.label,
    status,
    retryAfter: String(REPORT_RETRY_AFTER_SECONDS),
    body: status === 429 ? { code: 'RATE_LIMITED', message: PER_USER_MESSAGE } : { code: 'UNAVAILABLE', message: TOTAL_MESSAGE },
  });
}

/**
 * Whole kardexes: each one complete and of its type; every movement in ledger order and the totals
 * row, read back with exceljs, and with pdf.js from one PDF (slow on a loaded machine) — the other
 * PDFs of the same kardex must then be that same file: as many bytes and pages.
 */
async function expectWholeKardexes(downloads: Download[], ids = kardex.ids) {
  let reference: Buffer | null = null;
  const pages = (pdf: Buffer) => /\/Type \/Pages\s*\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1];
  for (const download of downloads) {
    const { complete, body } = await download.finished;
    expect({ label: download.label, complete }).toEqual({ label: download.label, complete: true });
    if (download.headers['content-type'] === PDF_TYPE) {
      expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(body.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);
      if (reference) {
        expect({ label: download.label, bytes: body.length, pages: pages(body) }).toEqual({
          label: download.label,
          bytes: reference.length,
          pages: pages(reference),
        });
        continue;
      }
      const pdf = await readPdf(body);
      const rows = pdf.lines.flatMap((line) => /^(\d+) \| \d\d\/\d\d\/\d{4} \| (?:Entrada|Salida) \|/.exec(line)?.[1] ?? []);
      expect(rows).toEqual(ids);
      expect(pdf.lines.some((line) => line.startsWith('Totales |'))).toBe(true);
      expect(String(pdf.pages.length)).toBe(pages(body));
      reference = body;
    } else {
      expect(download.headers['content-type']).toBe(XLSX_TYPE);
      expect(body.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
      const { rows } = await readXlsx(body);
      const header = rows.findIndex((row) => row[0] === 'Mov.');
      const totals = rows.findIndex((row) => row[0] === 'Totales');
      expect({ label: download.label, ids: rows.slice(header + 1, totals).map((row) => row[0]) }).toEqual({ label: download.label, ids });
    }
  }
}

// ---------------------------------------------------------------- paused readers

test('20 paused readers: every other call keeps answering, no transaction stays open, the stalled download is cut and cleaned up', async () => {
  // The one that stalls for real: its spreadsheet is larger than every buffer on the way.
  const stalled = await startDownload(
    'salida larga (nunca reanuda)',
    `/api/reports/dispatches/${longExit}?format=xlsx`,
    await token('lector-0'),
  );
  expect(stalled.status).toBe(200);
  await waitFor(
    'el servidor ya no puede escribir al cliente detenido',
    () => (serverSockets.get(stalled.localPort)?.writableLength ?? 0) > 0,
    45_000,
  );
  const stalledAt = Date.now();
  // Its rows are in the spool and the snapshot is over: no connection waits for this client.
  expect(await idleInTransaction()).toBe(0);
  expect(await reportConnectionsInUse()).toBe(0);

  // 19 more at once, as impatient people in several tabs would; tokens first so they leave together.
  const burst = await Promise.all(
    Array.from({ length: 19 }, async (_, i) => {
      const user = `lector-${(i % 5) + 1}`;
      const format = i % 2 ? 'xlsx' : 'pdf';
      return { label: `${user} ${format} #${i}`, path: kardexPath(format), token: await token(user) };
    }),
  );
  const downloads = await Promise.all(burst.map(({ label, path, token: bearer }) => startDownload(label, path, bearer)));
  const admitted = downloads.filter((d) => d.status === 200);
  const refused = downloads.filter((d) => d.status !== 200);
  expect(refused.length).toBeGreaterThan(0);
  for (const download of refused) await expectRefusal(download, download.status as 429 | 503);

  // While they are all paused.
  await othersAnswer('las descargas detenidas');
  expect(await idleInTransaction()).toBe(0);
  expect(await reportConnectionsInUse()).toBe(0);
  // Spools are unlinked at once: at most their open handles remain, never a name on disk.
  const open = openSpoolFiles();
  expect(open.length).toBeLessThanOrEqual(admitted.length + 1);
  if (process.platform === 'linux') for (const file of open) expect(file).toMatch(/ \(deleted\)$/);

  // Resumed: each one a whole file with every movement.
  for (const download of admitted) download.resume();
  await expectWholeKardexes(admitted);

  // The one that never resumes: the server destroys its socket after the write timeout.
  await waitFor('la descarga detenida se corta', () => serverSockets.get(stalled.localPort)?.destroyed === true, WRITE_TIMEOUT_MS + 30_000);
  // Not before the timeout: it was cut for stalling, not for being slow.
  expect(Date.now() - stalledAt).toBeGreaterThanOrEqual(WRITE_TIMEOUT_MS - 1_000);
  stalled.resume();
  expect((await stalled.finished).complete).toBe(false);

  // Nothing is left behind: no spool handle, no connection checked out, no transaction.
  expect(await spoolsClosed()).toEqual([]);
  await waitFor('el pool recupera todas sus conexiones', () => t.db.totalCount === t.db.idleCount && t.db.waitingCount === 0, 5_000);
  expect(await idleInTransaction()).toBe(0);
  // And every slot is free again: as many downloads as the total cap, at once, all admitted.
  const again = await Promise.all(
    Array.from({ length: REPORTS_MAX_CONCURRENT }, async (_, i) =>
      startDownload(`después #${i}`, kardexPath(i % 2 ? 'xlsx' : 'pdf', tiny), await token(`lector-${i}`)),
    ),
  );
  expect(again.map((d) => d.status)).toEqual(Array(REPORTS_MAX_CONCURRENT).fill(200));
  for (const download of again) download.resume();
  for (const download of again) expect((await download.finished).complete).toBe(true);
});

test('a client that goes away mid-download gives back its slot and its spool at once', async () => {
  const user = 'lector-que-se-va';
  // Rendering the whole spreadsheet takes far longer than this test waits for its spool to close.
  const gone = await startDownload('se va', `/api/reports/dispatches/${longExit}?format=xlsx`, await token(user));
  expect(gone.status).toBe(200);
  expect(openSpoolFiles()).toHaveLength(1);
  const start = Date.now();
  gone.destroy();
  // Well before the write timeout: the server saw the connection close and stopped.
  expect(await spoolsClosed(WRITE_TIMEOUT_MS / 2)).toEqual([]);
  expect(Date.now() - start).toBeLessThan(WRITE_TIMEOUT_MS / 2);
  // Its slot is back: the user's full quota is admitted again.
  const next = await Promise.all(
    Array.from({ length: REPORTS_MAX_PER_USER }, async (_, i) =>
      startDownload(`la siguiente #${i}`, kardexPath('xlsx', tiny), await token(user)),
    ),
  );
  expect(next.map((d) => d.status)).toEqual(Array(REPORTS_MAX_PER_USER).fill(200));
  for (const download of next) download.resume();
  for (const download of next) expect((await download.finished).complete).toBe(true);
});

// ---------------------------------------------------------------- caps and the connection reserve

test('caps are exact and reports never take more than their share of the pool, while their queries wait', async () => {
  const share = reportConnections(POOL);
  // The admitted kardexes stay inside the database (reading `movements`) until COMMIT: they
  // hold their slots, and as many connections as reports may take.
  let all: Array<Promise<Download>> = [];
  await sql.query('BEGIN');
  // Granted at once unless some report still holds a snapshot on the table (as before the fix).
  await sql.query(`SET LOCAL lock_timeout = '10s'`);
  await sql.query('LOCK TABLE movements IN ACCESS EXCLUSIVE MODE');
  try {
    // One user, one more than the per-user cap: whatever the arrival order, exactly one 429.
    const first = Array.from({ length: REPORTS_MAX_PER_USER + 1 }, async (_, i) =>
      startDownload(`A #${i}`, kardexPath(i % 2 ? 'xlsx' : 'pdf', tiny), await token('usuario-a')),
    );
    const capped = await Promise.race([Promise.any(first), timeout(20_000, 'la descarga de más del mismo usuario no fue rechazada')]);
    await expectRefusal(capped, 429);

    // Then 5 users × 3 and the first user once more: 5 admitted (8 in total), 10 × 503, 1 × 429.
    const users = ['b', 'c', 'd', 'e', 'f'];
    const rest = [
      ...users.flatMap((u) =>
        Array.from({ length: 3 }, async (_, i) =>
          startDownload(`${u} #${i}`, kardexPath(i % 2 ? 'xlsx' : 'pdf', tiny), await token(`usuario-${u}`)),
        ),
      ),
      (async () => startDownload('A otra vez', kardexPath('pdf', tiny), await token('usuario-a')))(),
    ];
    all = [...first, ...rest];
    const settled: Download[] = [];
    for (const pending of all) void pending.then((d) => settled.push(d));
    await waitFor('los rechazos llegan', () => settled.filter((d) => d.status !== 200).length >= 12, 20_000);
    const refusals = settled.filter((d) => d.status !== 200);
    expect(refusals.filter((d) => d.status === 429)).toHaveLength(2);
    expect(refusals.filter((d) => d.status === 503)).toHaveLength(10);
    for (const download of refusals) await expectRefusal(download, download.status as 429 | 503);

    // 8 admitted reports are waiting on the table, yet only `share` connections are theirs.
    await waitFor('los reportes admitidos esperan en la base de datos', async () => (await reportConnectionsInUse()) === share, 5_000);
    await othersAnswer('los reportes en espera');
    expect(await reportConnectionsInUse()).toBe(share);
  } finally {
    await sql.query('COMMIT');
  }
  // Let go, the 8 admitted finish: every one a whole file.
  const admitted = (await Promise.all(all)).filter((d) => d.status === 200);
  expect(admitted).toHaveLength(REPORTS_MAX_CONCURRENT);
  for (const download of admitted) download.resume();
  const tinyIds = (
    await sql.query<{ id: string }>('SELECT m.id::text AS id FROM movements m WHERE m.product_id = $1 ORDER BY m.id', [tiny])
  ).rows.map((r) => r.id);
  await expectWholeKardexes(admitted, tinyIds);
  expect(await spoolsClosed()).toEqual([]);
});

function timeout(ms: number, message: string): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new Error(message)), ms).unref());
}
