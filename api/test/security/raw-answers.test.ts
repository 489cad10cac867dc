// The answers nobody's route writes, over REAL HTTP (the Node parser, the router, raw sockets):
// what the server says to a bad `%` escape, a path parameter over 100 characters, a request that
// is not HTTP or whose headers are too large. Each is Spanish in the API's shape, never repeats
// the input, carries the security headers (HSTS included: this server's PUBLIC_URL is https) and
// is not cached. Then what a crafted request could still get past the routes:
//   * path ids only in canonical decimal (`0x1`, `+1`, `1.0`, ` 1` are not product 1, not even
//     for a DELETE); no document dated before 2000, no name made of invisible characters;
//   * JSON nested thousands deep is a 400 before anything recursive walks it;
//   * authenticated answers and errors are `no-store` (the products list revalidates with its ETag).
import net from 'node:net';
import { ERROR_CODES } from '@almacen/shared/domain';
import { countRows } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { LEDGER_TABLES } from '../modules/ledger/fixtures';

jest.setTimeout(60_000);

let t: TestApp;
let base: string;
let port: number;
let auth: { authorization: string };
let productId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://almacen.example.mx' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  auth = await t.auth();
  const created = await fetch(`${base}/api/catalog/products`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Papel bond tamaño carta' }),
  });
  expect(created.status).toBe(201);
  productId = ((await created.json()) as { data: { id: number } }).data.id;
});
afterAll(() => t?.close());

/** Sends bytes as they are and reads the whole answer until the server closes. */
function raw(request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error(`sin respuesta completa: ${JSON.stringify(received.slice(0, 200))}`)));
    socket.on('close', () => {
      const [head, ...rest] = received.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

function expectHeaders(headers: Record<string, string | null>, label: string) {
  expect([label, headers['x-content-type-options']]).toEqual([label, 'nosniff']);
  expect([label, headers['x-frame-options']]).toEqual([label, 'DENY']);
  expect([label, headers['referrer-policy']]).toEqual([label, 'no-referrer']);
  expect([label, headers['content-security-policy']]).toEqual([label, expect.stringContaining("frame-ancestors 'none'")]);
  expect([label, headers['strict-transport-security']]).toEqual([label, 'max-age=31536000; includeSubDomains']);
  expect([label, headers['cache-control']]).toEqual([label, 'no-store']);
  expect([label, headers['content-type']]).toEqual([label, expect.stringMatching(/^application\/json/)]);
}

const headersOf = (response: Response) => Object.fromEntries([...response.headers.entries()]);

describe('answers the router and the HTTP parser write', () => {
  it('a path parameter over 100 characters → 414 in Spanish, without the path', async () => {
    const long = 'a'.repeat(150);
    for (const url of [`/api/stock/${long}`, `/api/catalog/products/${long}`, `/remotes/${long}/x.js`]) {
      const response = await fetch(`${base}${url}`, { headers: auth });
      const text = await response.text();
      expect([url, response.status]).toEqual([url, 414]);
      expect(JSON.parse(text)).toEqual({ message: 'La dirección solicitada es demasiado larga.', code: 'URI_TOO_LONG' });
      expect(text).not.toContain('aaaa');
      expectHeaders(headersOf(response), url);
      expect(response.headers.get('x-request-id')).toEqual(expect.any(String));
    }
  });

  it('a bad % escape in the path → 400 in Spanish, without the path', async () => {
    for (const url of ['/api/catalog/products/%zz', '/api/stock/%E0%A4%A', '/remotes/%c0%af/x.js']) {
      const response = await fetch(`${base}${url}`, { headers: auth });
      const text = await response.text();
      expect([url, response.status]).toEqual([url, 400]);
      expect(JSON.parse(text)).toEqual({ message: 'La dirección solicitada no es válida.', code: 'VALIDATION' });
      expect(text).not.toMatch(/%zz|%E0|%c0|url/i);
      expectHeaders(headersOf(response), url);
    }
  });

  it('bytes that are not HTTP → 400 in Spanish, and the connection is closed', async () => {
    for (const request of [
      'HOLA MUNDO\r\n\r\n',
      'GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      'GET / HTTP/1.1\r\nMal encabezado\r\n\r\n',
    ]) {
      const answer = await raw(request);
      expect([request, answer.status]).toEqual([request, 400]);
      expect(JSON.parse(answer.body)).toEqual({ message: 'La petición no es válida.', code: 'VALIDATION' });
      expect(answer.headers.connection).toBe('close');
      expectHeaders(answer.headers, request);
    }
  });

  it('headers over the size limit → 431 in Spanish', async () => {
    const answer = await raw(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Relleno: ${'r'.repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({
      message: 'Los encabezados de la petición son demasiado grandes.',
      code: 'HEADERS_TOO_LARGE',
    });
    expect(answer.body).not.toContain('rrrr');
    expectHeaders(answer.headers, '431');
  });

  it('a JSON body that is not an object → Spanish, not superstruct’s English echo', async () => {
    for (const body of ['"<script>alert(1)</script>"', '[1,2,3]', '12345', 'true']) {
      const response = await fetch(`${base}/api/catalog/products`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body,
      });
      const text = await response.text();
      expect([body, response.status]).toEqual([body, 400]);
      expect(JSON.parse(text)).toMatchObject({ message: ERROR_CODES.VALIDATION.message, code: 'VALIDATION' });
      expect(text).not.toMatch(/Expected|received|script|12345/);
    }
  });
});

describe('path ids only in canonical decimal', () => {
  const variants = (id: number) => [
    `0x${id.toString(16)}`,
    `+${id}`,
    `${id}.0`,
    `%20${id}`,
    `${id}%20`,
    `0${id}`,
    `${id}e0`,
    `0b${id.toString(2)}`,
  ];

  it('GET and DELETE with another spelling of the id → 400 INVALID_ID, the product stays', async () => {
    expect((await fetch(`${base}/api/catalog/products/${productId}`, { headers: auth })).status).toBe(200);
    for (const id of variants(productId)) {
      for (const [method, url] of [
        ['GET', `/api/catalog/products/${id}`],
        ['DELETE', `/api/catalog/products/${id}`],
        ['GET', `/api/stock/${id}`],
      ]) {
        const response = await fetch(`${base}${url}`, { method, headers: auth });
        expect([method, url, response.status]).toEqual([method, url, 400]);
        expect(await response.json()).toEqual({ message: ERROR_CODES.INVALID_ID.message, code: 'INVALID_ID' });
      }
    }
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM products WHERE id = $1', [productId]);
    expect(rows[0].n).toBe(1);
  });
});

describe('input an auditor would question', () => {
  it('a document dated before 2000 (0001-01-01, 1900-01-01) → 400 with the forms’ message, nothing stored', async () => {
    const before = await countRows(t, LEDGER_TABLES);
    for (const dispatchDate of ['0001-01-01', '1900-01-01']) {
      const response = await fetch(`${base}/api/dispatches`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          dispatchDate,
          personInChargeOfTheRequestingAreaEmployeeId: 1,
          petitionerEmployeeId: 1,
          warehouseKeeperEmployeeId: 1,
          products: [{ productId, exitPrice: '1', quantity: '1' }],
        }),
      });
      expect([dispatchDate, response.status]).toEqual([dispatchDate, 400]);
      expect(await response.json()).toMatchObject({
        code: 'VALIDATION',
        errors: { dispatchDate: 'La fecha no puede ser anterior al 1 de enero de 2000.' },
      });
    }
    expect(await countRows(t, LEDGER_TABLES)).toEqual(before);
  });

  it('a name made only of zero-width or bidi-override characters is an empty name', async () => {
    const before = await countRows(t, ['products']);
    for (const name of ['\u200B\u200C\u200D', '\u202E\u202D', '\uFEFF \u2066']) {
      const response = await fetch(`${base}/api/catalog/products`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ errors: { name: 'El nombre del producto es un campo requerido.' } });
    }
    expect(await countRows(t, ['products'])).toEqual(before);
  });

  it('a bidi control inside a catalogue name (product, partida, unit, role, employee, supplier) → 400 with one message, nothing stored', async () => {
    const tables = ['products', 'product_categories', 'product_units', 'roles', 'employees', 'suppliers', 'audit_log'];
    const before = await countRows(t, tables);
    const bodies: Array<[string, Record<string, string>, string]> = [
      ['/api/catalog/products', { name: 'Papel \u202Efdp.exe' }, 'name'],
      ['/api/catalog/product-categories', { description: '2111 \u2066Oficina' }, 'description'],
      ['/api/catalog/product-units', { description: 'Pieza\u202B' }, 'description'],
      ['/api/catalog/roles', { description: 'Almacenista \u2067' }, 'description'],
      ['/api/catalog/employees', { name: 'María', lastName: 'López\u202D' }, 'lastName'],
      ['/api/catalog/suppliers', { name: 'Papelería \u202Adel Centro', rfc: 'ABC010203XY9' }, 'name'],
    ];
    for (const [url, body, field] of bodies) {
      const response = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect([url, response.status, ((await response.json()) as { errors: Record<string, string> }).errors]).toEqual([
        url,
        400,
        { [field]: 'El texto contiene caracteres de control invisibles no permitidos.' },
      ]);
    }
    expect(await countRows(t, tables)).toEqual(before);
  });
});

describe('JSON nesting', () => {
  it('nested deep in an ignored key of POST /api/dispatches with an Idempotency-Key → 400 in Spanish, nothing stored', async () => {
    const before = await countRows(t, LEDGER_TABLES);
    // 4,000 levels overflowed the idempotency fingerprint (a 500 with a stack trace in the log);
    // 5,000 the parser itself; 40 is simply deeper than any payload of the API.
    for (const depth of [4000, 5000, 40]) {
      const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      const body = `{"dispatchDate":"2026-01-02","personInChargeOfTheRequestingAreaEmployeeId":1,"petitionerEmployeeId":1,"warehouseKeeperEmployeeId":1,"products":[{"productId":${productId},"exitPrice":"1","quantity":"1"}],"ignorado":${deep}}`;
      const response = await fetch(`${base}/api/dispatches`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': `anidado-${depth}` },
        body,
      });
      expect([depth, response.status]).toEqual([depth, 400]);
      expect([depth, await response.json()]).toEqual([
        depth,
        { message: 'Los datos enviados anidan demasiados niveles (máximo 32).', code: 'VALIDATION' },
      ]);
    }
    expect(await countRows(t, LEDGER_TABLES)).toEqual(before);
  });
});

describe('Cache-Control of authenticated answers', () => {
  it('no-store on data, writes and every error under /api', async () => {
    const answers: Array<[string, Promise<Response>]> = [
      ['GET one product', fetch(`${base}/api/catalog/products/${productId}`, { headers: auth })],
      ['GET roles', fetch(`${base}/api/catalog/roles`, { headers: auth })],
      [
        'POST role',
        fetch(`${base}/api/catalog/roles`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ description: 'Almacenista' }),
        }),
      ],
      ['no token (401)', fetch(`${base}/api/catalog/roles`)],
      ['unknown product (404)', fetch(`${base}/api/catalog/products/999999`, { headers: auth })],
      ['unknown route (404)', fetch(`${base}/api/nada`, { headers: auth })],
      [
        'bad body (400)',
        fetch(`${base}/api/catalog/roles`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{' }),
      ],
    ];
    for (const [label, pending] of answers) {
      const response = await pending;
      expect([label, response.headers.get('cache-control')]).toEqual([label, 'no-store']);
    }
  });

  it('the products list keeps its revalidation (private, no-cache), also on its 304', async () => {
    const list = await fetch(`${base}/api/catalog/products`, { headers: auth });
    expect(list.headers.get('cache-control')).toBe('private, no-cache');
    const again = await fetch(`${base}/api/catalog/products`, { headers: { ...auth, 'if-none-match': list.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('private, no-cache');
  });
});
