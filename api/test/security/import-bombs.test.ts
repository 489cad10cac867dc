// Spreadsheets that would take the server down, sent over REAL HTTP to the listening API as an
// ALMACENISTA would send them: the files of the attack (an XLSX of 10,000,000 rows without `r`
// attributes, 1.2 MB; one of 5,000,000 rows to a count's import; a CSV of 1,000,000 rows), an
// XLSX whose sheet lies about its size, one whose sheet is a compression bomb within the size cap,
// and one over the row cap. Each is refused with a Spanish 4xx that names the setting, while a
// sampler in the same process (the server's) sees its resident memory grow by at most 256 MB and
// /healthz answer within 1 s. A workbook whose rows and cells omit `r` is read, and a preview of
// 10,000 rows answers a bounded page and the counts.
import type { AddressInfo } from 'node:net';
import { client, type Client } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { numberCell, sheetXml, textCell, xlsx } from '../helpers/xlsx-writer';
import { createProduct, today } from '../modules/ledger/fixtures';

jest.setTimeout(180_000);

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MB = 1024 * 1024;

let t: TestApp;
let base: string;
let c: Client;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  c = client(t);
  token = await t.token({ sub: 'user-almacenista', name: 'Alma Cén', almacen_roles: ['ALMACENISTA'] });
});
afterAll(() => t?.close());

interface Watched {
  status: number;
  body: { message: string; code: string; data?: { rows: unknown[]; counts: Record<string, number>; omitted: number } };
  rssGrowthMb: number;
  slowestHealthMs: number;
  healthChecks: number;
}

/** Sends `bytes` to `path` while sampling the process's memory and /healthz's answer time. */
async function watched(path: string, bytes: Buffer, contentType: string): Promise<Watched> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  let done = false;
  let slowest = 0;
  let checks = 0;
  const health = (async () => {
    while (!done) {
      const started = performance.now();
      const r = await fetch(`${base}/healthz`);
      await r.arrayBuffer();
      slowest = Math.max(slowest, performance.now() - started);
      checks++;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    const r = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body: new Uint8Array(bytes),
    });
    const body = (await r.json()) as Watched['body'];
    // One more health check after the answer, so even a fast refusal is seen alongside one.
    await new Promise((resolve) => setTimeout(resolve, 150));
    return { status: r.status, body, rssGrowthMb: (peak - before) / MB, slowestHealthMs: slowest, healthChecks: checks };
  } finally {
    done = true;
    clearInterval(sampler);
    await health;
  }
}

function expectServerHeld(result: Watched) {
  expect(result.rssGrowthMb).toBeLessThanOrEqual(256);
  expect(result.healthChecks).toBeGreaterThan(0);
  expect(result.slowestHealthMs).toBeLessThan(1_000);
}

/** The attack's XLSX: `rows` rows of products, no `r` anywhere. */
const productSheet = (rows: number) => sheetXml(['Nombre'], rows, (i) => textCell(`P${i % 10}`));

test('an XLSX of 10,000,000 rows (1.2 MB, no r attributes) to the products preview: 413 before inflating, the server answers', async () => {
  const file = await xlsx(productSheet(10_000_000));
  expect(file.length).toBeLessThan(3 * MB);
  const result = await watched('/api/catalog/imports/products/preview', file, XLSX);
  expect(result.status).toBe(413);
  expect(result.body.message).toBe(
    'El archivo descomprimido ocupa más de 64 MB (límite IMPORT_MAX_UNPACKED_MB); divídelo en archivos más pequeños.',
  );
  expectServerHeld(result);
});

test('an XLSX of 5,000,000 rows to a count’s lines import: 413, the count unchanged, the server answers', async () => {
  const product = await createProduct(c, 'Producto del conteo de 5 millones');
  const count = await c.post('/api/inventory-counts', { cutoffDate: today(t), description: 'Conteo atacado' });
  expect(count.statusCode).toBe(201);
  const id = count.json().data.id;
  const before = (await c.get(`/api/inventory-counts/${id}`)).json().data;
  const file = await xlsx(sheetXml(['ID', 'Cantidad contada'], 5_000_000, () => numberCell(String(product)) + numberCell('1')));
  const result = await watched(`/api/inventory-counts/${id}/lines/import`, file, XLSX);
  expect(result.status).toBe(413);
  expect(result.body.message).toMatch(/límite IMPORT_MAX_UNPACKED_MB/);
  expectServerHeld(result);
  expect((await c.get(`/api/inventory-counts/${id}`)).json().data).toEqual(before);
});

test('a CSV of 1,000,000 rows (8.9 MB) to the products preview: 413 naming the row cap, the server answers', async () => {
  const lines = ['Nombre,Unidad,Partida'];
  for (let i = 0; i < 1_000_000; i++) lines.push(`P${i},`);
  const file = Buffer.from(lines.join('\n'), 'utf8');
  expect(file.length).toBeGreaterThan(8 * MB);
  const result = await watched('/api/catalog/imports/products/preview', file, 'text/csv');
  expect(result.status).toBe(413);
  expect(result.body.message).toBe(
    'El archivo tiene más de 50,000 renglones (límite IMPORT_MAX_ROWS); divídelo en archivos de 50,000 renglones o menos.',
  );
  expectServerHeld(result);
});

test('a sheet that declares 10 KB and inflates to 270 MB: refused as it inflates, at the size it declared', async () => {
  const file = await xlsx(productSheet(10_000_000), { sheetDeclaredSize: 10_000 });
  const result = await watched('/api/catalog/imports/products/preview', file, XLSX);
  expect(result.status).toBe(400);
  expect(result.body.message).toBe('El archivo no es un libro de Excel (XLSX) válido: una de sus partes ocupa más de lo que declara.');
  expectServerHeld(result);
});

test('a sheet within the size cap that compresses more than 200 times: 413 naming IMPORT_MAX_RATIO', async () => {
  // 40 MB of the same row: under 64 MB, but no real workbook compresses like this.
  const file = await xlsx(sheetXml(['Nombre'], 1_000_000, () => textCell('Producto')));
  const result = await watched('/api/catalog/imports/products/preview', file, XLSX);
  expect(result.status).toBe(413);
  expect(result.body.message).toMatch(/^Una parte del archivo se descomprime a más de 200 veces su tamaño \(límite IMPORT_MAX_RATIO\)/);
  expectServerHeld(result);
});

test('an XLSX of 60,000 distinct rows, within the sizes: 413 naming the row cap', async () => {
  const file = await xlsx(sheetXml(['Nombre'], 60_000, (i) => textCell(`Producto número ${i * 7919}`)));
  const result = await watched('/api/catalog/imports/products/preview', file, XLSX);
  expect(result.status).toBe(413);
  expect(result.body.message).toMatch(/^El archivo tiene más de 50,000 renglones \(límite IMPORT_MAX_ROWS\)/);
  expectServerHeld(result);
});

test('rows and cells without the optional r attribute are a valid workbook: read as Excel reads them', async () => {
  const names = ['Guantes de nitrilo', 'Cinta canela', 'Jabón líquido & gel'];
  const file = await xlsx(sheetXml(['Nombre', 'Existencia mínima'], 3, (i) => textCell(names[i]) + numberCell(String(i + 1))));
  const result = await watched('/api/catalog/imports/products/preview', file, XLSX);
  expect(result.body.message).toBeUndefined();
  expect(result.status).toBe(200);
  expect(result.body.data!.counts).toEqual({ new: 3, unchanged: 0, updated: 0, error: 0 });
  expect(result.body.data!.rows.map((r) => (r as { row: number; values: Record<string, string | null> }).values)).toEqual(
    names.map((name, i) => ({
      ID: null,
      Nombre: name,
      Unidad: null,
      Partida: null,
      'Existencia mínima': String(i + 1),
      'Existencia máxima': null,
      'Código de barras': null,
    })),
  );
});

test('a preview of 10,000 products answers the counts and a page of 200 rows, errors first', async () => {
  const lines = ['Nombre,Unidad'];
  for (let i = 0; i < 10_000; i++) lines.push(i === 9_000 ? `Producto ${i},Unidad que no existe` : `Producto de página ${i},`);
  const result = await watched('/api/catalog/imports/products/preview', Buffer.from(lines.join('\n')), 'text/csv');
  expect(result.status).toBe(200);
  const data = result.body.data!;
  expect(data.counts).toEqual({ new: 9_999, unchanged: 0, updated: 0, error: 1 });
  expect(data.rows).toHaveLength(200);
  expect(data.omitted).toBe(9_800);
  const rows = data.rows as Array<{ row: number; status: string }>;
  expect(rows.filter((r) => r.status === 'error').map((r) => r.row)).toEqual([9_002]);
  expect(rows.map((r) => r.row)).toEqual([...rows.map((r) => r.row)].sort((a, b) => a - b));
});
