// The products list as a browser receives it: compressed with br or gzip, the bytes
// kept per catalogue version so an unchanged catalogue costs no compression work; never
// compressed twice; Vary: Accept-Encoding; the ETag and its 304 as before.
import zlib from 'node:zlib';
import { preferredPrecompression } from '../../../src/http/precompressed';
import { client, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';

// Each file creates and migrates its own database; on a busy machine that alone can take seconds.
jest.setTimeout(120_000);

let t: TestApp;
let ana: Client;
beforeAll(async () => {
  t = await createTestApp();
  ana = client(t, { sub: 'user-ana', name: 'Ana Pérez' });
  const unit = (await ana.post('/api/catalog/product-units', { description: 'Pieza' })).json().data as { id: number };
  await t.db.query(
    `INSERT INTO products (name, unit_id, created_by, created_by_name, updated_by, updated_by_name)
     SELECT 'Lápiz del número ' || g || ' — «escolar»', CASE WHEN g % 2 = 1 THEN $1::integer END, 's', 'S', 's', 'S' FROM generate_series(1, 40) g`,
    [unit.id],
  );
});
afterAll(() => t.close());

const P = '/api/catalog/products';
const BROWSER = 'gzip, deflate, br, zstd';

const get = async (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: P, headers: { ...(await t.auth()), ...headers } });
const decode: Record<string, (bytes: Buffer) => Buffer> = {
  br: (bytes) => zlib.brotliDecompressSync(bytes),
  gzip: (bytes) => zlib.gunzipSync(bytes),
  deflate: (bytes) => zlib.inflateSync(bytes),
};
const varies = (header: unknown) =>
  String(header ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase());

test('a browser (Accept-Encoding: gzip, deflate, br, zstd) gets br: once decoded, exactly the uncompressed JSON', async () => {
  const plain = await get();
  expect(plain.statusCode).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(varies(plain.headers.vary)).toContain('accept-encoding');
  expect(plain.json().data).toHaveLength(40);

  const response = await get({ 'accept-encoding': BROWSER });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-encoding']).toBe('br');
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(varies(response.headers.vary).filter((v) => v === 'accept-encoding')).toHaveLength(1);
  expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
  expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  // Decoded ONCE it is the JSON (compressed twice it would still be binary).
  expect(decode.br(response.rawPayload).toString('utf8')).toBe(plain.body);
  expect(response.headers.etag).toBe(plain.headers.etag);
});

test("gzip when the client prefers it or takes nothing else (x-gzip, *); deflate alone is still the plugin's, compressed once", async () => {
  const plain = (await get()).body;
  for (const [accept, encoding] of [
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['deflate', 'deflate'],
  ]) {
    const response = await get({ 'accept-encoding': accept });
    expect([accept, response.statusCode, response.headers['content-encoding']]).toEqual([accept, 200, encoding]);
    expect(varies(response.headers.vary)).toContain('accept-encoding');
    expect(decode[encoding](response.rawPayload).toString('utf8')).toBe(plain);
  }
  for (const accept of ['identity', 'br;q=0, gzip;q=0', '']) {
    const response = await get({ 'accept-encoding': accept });
    expect([accept, response.headers['content-encoding']]).toEqual([accept, undefined]);
    expect(response.body).toBe(plain);
  }
});

test('an unchanged catalogue is sent from the kept bytes: no compression work, the same bytes each time', async () => {
  const first = await get({ 'accept-encoding': BROWSER });
  const firstGzip = await get({ 'accept-encoding': 'gzip' });
  // Watched, not replaced. (@fastify/compress's own streams are zlib getters jest cannot watch;
  // that it did not touch these answers shows in the identical bytes and Content-Encoding.)
  const work = [
    jest.spyOn(zlib, 'brotliCompress'),
    jest.spyOn(zlib, 'gzip'),
    jest.spyOn(zlib, 'brotliCompressSync'),
    jest.spyOn(zlib, 'gzipSync'),
  ];
  try {
    for (let i = 0; i < 3; i += 1) {
      const again = await get({ 'accept-encoding': BROWSER });
      expect(again.headers['content-encoding']).toBe('br');
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      const gzipped = await get({ 'accept-encoding': 'gzip' });
      expect(gzipped.rawPayload.equals(firstGzip.rawPayload)).toBe(true);
    }
    expect(work.map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0, 0]);

    // A change is a new version: compressed once more, then kept again.
    await ana.post(P, { name: 'Sacapuntas metálico' });
    const changed = await get({ 'accept-encoding': BROWSER });
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(JSON.parse(decode.br(changed.rawPayload).toString('utf8')).data.map((p: { name: string }) => p.name)).toContain(
      'Sacapuntas metálico',
    );
    expect(work[0].mock.calls.length).toBe(1);
    await get({ 'accept-encoding': BROWSER });
    expect(work[0].mock.calls.length).toBe(1);
  } finally {
    for (const spy of work) spy.mockRestore();
  }
});

test('If-None-Match still answers 304 without a body, whatever the encoding, and says Vary: Accept-Encoding', async () => {
  const tag = (await get({ 'accept-encoding': BROWSER })).headers.etag as string;
  for (const accept of [BROWSER, 'gzip', 'identity']) {
    const response = await get({ 'accept-encoding': accept, 'if-none-match': tag });
    expect([accept, response.statusCode, response.rawPayload.length]).toEqual([accept, 304, 0]);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(varies(response.headers.vary)).toContain('accept-encoding');
  }
});

test('an answer to another origin varies on Origin (CORS) and Accept-Encoding', async () => {
  const response = await get({ 'accept-encoding': BROWSER, origin: 'https://otra-escuela.example' });
  expect(varies(response.headers.vary)).toEqual(expect.arrayContaining(['origin', 'accept-encoding']));
});

test('Accept-Encoding negotiation (RFC 9110 §12.5.3)', () => {
  expect(preferredPrecompression(undefined)).toBeNull();
  expect(preferredPrecompression('')).toBeNull();
  expect(preferredPrecompression('gzip, deflate, br')).toBe('br');
  expect(preferredPrecompression('BR;Q=0.8, GZIP;q=0.9')).toBe('gzip');
  expect(preferredPrecompression('br;q=0.5, gzip;q=0.5')).toBe('br');
  expect(preferredPrecompression('*')).toBe('br');
  expect(preferredPrecompression('*;q=0.5, br;q=0')).toBe('gzip');
  expect(preferredPrecompression('deflate, zstd')).toBeNull();
  expect(preferredPrecompression('gzip;q=0, br;q=0')).toBeNull();
  expect(preferredPrecompression('identity;q=1, gzip;q=0.5')).toBeNull();
  expect(preferredPrecompression(['gzip', 'br;q=0.1'])).toBe('gzip');
});
