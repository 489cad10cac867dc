// The security promises checked over REAL HTTP (a listening server on 127.0.0.1 and fetch, as a
// browser or an attacker talks to it), not through app.inject(): the Node HTTP parser, real
// headers and real CORS preflights. The unit tests of each piece (plugins/auth.test.ts,
// http/requests.test.ts, plugins/static.test.ts, idp/login.test.ts) prove the details; this
// file proves the assembled server keeps them.
//   * every refused token → 401 with the Spanish message and no data, while the same request
//     with a valid token gets the data;
//   * CORS: listed origins may read answers, unlisted origins get no permission;
//   * the security headers on every kind of answer: API data and errors, health, /config.json,
//     static files, the shell's HTML and the embedded provider's sign-in page.
// The embedded sign-in slowing repeated failures is proven in idp/login.test.ts (per username
// and per address) and not repeated here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { ERROR_CODES } from '@almacen/shared/domain';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { startIdpApp, type IdpApp } from '../idp/idp-app';
import { OidcTestClient } from '../idp/oidc-client';

jest.setTimeout(60_000);

const PORTAL = 'https://portal.example.mx';
const ATTACKER = 'https://atacante.example';
const PRODUCT = 'Papel bond tamaño carta';

let t: TestApp;
let base: string;
let idp: IdpApp;
let staticRoot: string;

function write(relative: string, body: string) {
  const file = path.join(staticRoot, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
}

beforeAll(async () => {
  staticRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-security-'));
  write(
    'shell/dist/index.html',
    '<!doctype html><html lang="es-MX"><head><script defer src="/main.0123abcd45.js"></script></head><body><div id="root"></div></body></html>',
  );
  write('shell/dist/main.0123abcd45.js', 'console.log("almacén");');
  write('mf-stock/dist/mf-manifest.json', JSON.stringify({ id: 'mf_stock', name: 'mf_stock' }));
  write('mf-stock/dist/remoteEntry.js', 'console.log("stock");');

  t = await createTestApp({ env: { CORS_ORIGINS: PORTAL, STATIC_ROOT: staticRoot } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const created = await fetch(`${base}/api/catalog/products`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await t.token()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: PRODUCT }),
  });
  expect(created.status).toBe(201);

  idp = await startIdpApp({ env: { STATIC_ROOT: staticRoot } });
});

afterAll(async () => {
  await t?.close();
  await idp?.close();
  fs.rmSync(staticRoot, { recursive: true, force: true });
});

const products = (headers: Record<string, string> = {}) => fetch(`${base}/api/catalog/products`, { headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function expectRefused(response: Response) {
  expect(response.status).toBe(401);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const text = await response.text();
  expect(JSON.parse(text)).toEqual({ message: ERROR_CODES.UNAUTHORIZED.message, code: 'UNAUTHORIZED' });
  expect(text).not.toContain(PRODUCT);
}

describe('tokens over HTTP', () => {
  it('a valid token reads the data (so the refusals below are about the token)', async () => {
    const response = await products(bearer(await t.token()));
    expect(response.status).toBe(200);
    expect(JSON.stringify(await response.json())).toContain(PRODUCT);
  });

  const now = () => Math.floor(Date.now() / 1000);
  const cases: Array<[string, () => Promise<Record<string, string>>]> = [
    ['no token', async () => ({})],
    ['malformed token', async () => bearer('esto.no.es-un-jwt')],
    ['a token in another scheme', async () => ({ authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` })],
    ['expired', async () => bearer(await t.token({}, { expiresIn: -120 }))],
    ['wrong audience', async () => bearer(await t.token({}, { audience: 'otra-api' }))],
    ['wrong issuer', async () => bearer(await t.token({}, { issuer: 'https://otro-emisor.example' }))],
    ['signed with an unknown key', async () => bearer(await t.token({}, { key: await t.issuer.unpublishedKey() }))],
    [
      'alg "none"',
      async () =>
        bearer(
          `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ iss: t.issuer.url, aud: 'almacen-api', sub: 'intruso', exp: now() + 300, iat: now() })}.`,
        ),
    ],
    [
      'HS256 signed with the public key',
      async () =>
        bearer(
          await new SignJWT({ name: 'Intruso' })
            .setProtectedHeader({ alg: 'HS256', kid: t.issuer.currentKid(), typ: 'JWT' })
            .setIssuer(t.issuer.url)
            .setAudience('almacen-api')
            .setSubject('intruso')
            .setIssuedAt()
            .setExpirationTime('5m')
            .sign(new TextEncoder().encode(await t.issuer.publicKeyPem())),
        ),
    ],
  ];
  it.each(cases)('%s → 401 in Spanish, no data', async (_label, headers) => {
    await expectRefused(await products(await headers()));
  });

  it('a valid token in the query string is not a credential', async () => {
    await expectRefused(await fetch(`${base}/api/catalog/products?access_token=${await t.token()}`));
  });

  it('a write with a refused token changes nothing', async () => {
    const response = await fetch(`${base}/api/catalog/products`, {
      method: 'POST',
      headers: { ...bearer(await t.token({}, { audience: 'otra-api' })), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Producto del intruso' }),
    });
    await expectRefused(response);
    const { rows } = await t.db.query(`SELECT 1 FROM products WHERE name = 'Producto del intruso'`);
    expect(rows).toHaveLength(0);
  });
});

describe('CORS over HTTP', () => {
  const preflight = (origin: string) =>
    fetch(`${base}/api/catalog/products`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,idempotency-key',
      },
    });

  it('allows the listed origin to send the portal’s headers and read the answer', async () => {
    const response = await preflight(PORTAL);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(PORTAL);
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    // Bearer tokens, never cookies: the API does not ask browsers to send credentials.
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    const get = await products({ ...bearer(await t.token()), origin: PORTAL });
    expect(get.headers.get('access-control-allow-origin')).toBe(PORTAL);
  });

  it('gives an unlisted origin no permission, neither in the preflight nor on the answer', async () => {
    const response = await preflight(ATTACKER);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-methods')).toBeNull();
    const get = await products({ ...bearer(await t.token()), origin: ATTACKER });
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
    // A look-alike of the listed origin is another origin.
    const lookAlike = await preflight(`${PORTAL}.atacante.example`);
    expect(lookAlike.headers.get('access-control-allow-origin')).toBeNull();
    const wildcard = await preflight('null');
    expect(wildcard.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('malformed requests over HTTP: a Spanish JSON error, nothing changed', () => {
  it('an OPTIONS that is no preflight (no Access-Control-Request-Method, or no Origin) is a Spanish 400 that no cache keeps', async () => {
    for (const headers of [{ origin: PORTAL }, { 'access-control-request-method': 'POST' }, {}] as Array<Record<string, string>>) {
      const response = await fetch(`${base}/api/catalog/products`, { method: 'OPTIONS', headers });
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.json()).toEqual({
        code: 'VALIDATION',
        message:
          'Una petición OPTIONS debe ser la verificación previa de CORS de un navegador, con los encabezados Origin y Access-Control-Request-Method.',
      });
    }
  });

  it('a body over its route’s limit is told with that limit: a 3 MB CFDI «máximo 2 MB», sent whole or in chunks', async () => {
    const xml = `<?xml version="1.0"?><cfdi:Comprobante>${' '.repeat(3 * 1024 * 1024)}</cfdi:Comprobante>`;
    const sent = [
      new Uint8Array(Buffer.from(xml)),
      // No Content-Length: the limit is found while reading.
      new ReadableStream({
        start(controller) {
          controller.enqueue(Buffer.from(xml));
          controller.close();
        },
      }),
    ];
    for (const body of sent) {
      const response = await fetch(`${base}/api/cfdi/parse`, {
        method: 'POST',
        headers: { ...bearer(await t.token()), 'content-type': 'application/xml' },
        body,
        ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
      } as RequestInit);
      expect(response.status).toBe(413);
      expect((await response.json()).message).toMatch(/máximo 2 MB/);
    }
  });

  it('a JSON body that is not UTF-8 is refused (400), never saved with U+FFFD in place of what was sent', async () => {
    // "Caf\xe9": Latin-1 bytes sent as JSON.
    const body = Buffer.concat([Buffer.from('{"name":"Caf'), Buffer.from([0xe9]), Buffer.from(' Latino"}')]);
    const response = await fetch(`${base}/api/catalog/products`, {
      method: 'POST',
      headers: { ...bearer(await t.token()), 'content-type': 'application/json' },
      body: new Uint8Array(body),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 'MALFORMED_JSON', message: 'Los datos enviados no son texto UTF-8 válido.' });
    const { rows } = await t.db.query(`SELECT 1 FROM products WHERE name LIKE 'Caf%Latino'`);
    expect(rows).toHaveLength(0);
  });
});

describe('security headers on every answer', () => {
  function expectBaseHeaders(response: Response, label: string) {
    const h = (name: string) => response.headers.get(name);
    expect([label, h('x-content-type-options')]).toEqual([label, 'nosniff']);
    expect([label, h('referrer-policy')]).toEqual([label, 'no-referrer']);
    expect([label, h('x-frame-options')]).toEqual([label, 'DENY']);
    expect([label, h('content-security-policy')]).toEqual([label, expect.stringContaining("frame-ancestors 'none'")]);
    expect([label, h('x-powered-by')]).toEqual([label, null]);
  }

  function expectHtmlPolicy(response: Response, label: string) {
    expect([label, response.headers.get('content-type')]).toEqual([label, expect.stringMatching(/^text\/html/)]);
    const csp = response.headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect([label, scriptSrc]).toEqual([label, expect.stringContaining("'self'")]);
    // No inline script and no eval: the one "unsafe" source allowed is 'wasm-unsafe-eval', which
    // lets the page compile WebAssembly (the barcode reader's) and nothing else.
    const unsafe = scriptSrc.split(/\s+/).filter((source) => source.includes('unsafe'));
    expect([label, unsafe.filter((source) => source !== "'wasm-unsafe-eval'")]).toEqual([label, []]);
  }

  it('API answers: data, 401, 404, 400, health, OpenAPI, /config.json, static files', async () => {
    const auth = bearer(await t.token());
    const answers: Array<[string, Promise<Response>]> = [
      ['GET products (200)', products(auth)],
      ['no token (401)', products()],
      ['unknown id (404)', fetch(`${base}/api/catalog/products/999999`, { headers: auth })],
      ['bad id (400)', fetch(`${base}/api/catalog/products/abc`, { headers: auth })],
      [
        'malformed JSON (400)',
        fetch(`${base}/api/catalog/products`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{' }),
      ],
      ['healthz', fetch(`${base}/healthz`)],
      ['openapi', fetch(`${base}/api/openapi.json`, { headers: auth })],
      ['config.json', fetch(`${base}/config.json`)],
      ['shell script', fetch(`${base}/main.0123abcd45.js`)],
      ['remote manifest', fetch(`${base}/remotes/mf-stock/mf-manifest.json`)],
    ];
    for (const [label, pending] of answers) {
      const response = await pending;
      expect([label, response.status < 500]).toEqual([label, true]);
      expectBaseHeaders(response, label);
      expect([label, response.headers.get('x-request-id')]).toEqual([label, expect.any(String)]);
    }
  });

  it('the shell’s HTML at / and at a deep link', async () => {
    for (const url of ['/', '/dashboard/stock']) {
      const response = await fetch(`${base}${url}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<div id="root"></div>');
      expectBaseHeaders(response, url);
      expectHtmlPolicy(response, url);
    }
  });

  it('the embedded provider’s sign-in page and its error page', async () => {
    const page = await new OidcTestClient({ publicUrl: idp.publicUrl }).openLoginPage();
    expect(page.status).toBe(200);
    expect(page.html).toContain('Iniciar sesión');
    expectBaseHeaders(page.response, 'sign-in page');
    expectHtmlPolicy(page.response, 'sign-in page');
    // The shell served by the same server as the provider keeps its headers too.
    const shell = await fetch(`${idp.publicUrl}/`);
    expectBaseHeaders(shell, 'shell next to the provider');
    expectHtmlPolicy(shell, 'shell next to the provider');
    const unknown = await fetch(`${idp.publicUrl}/oidc/interaction/no-existe`);
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    expect(unknown.status).toBeLessThan(500);
    expectBaseHeaders(unknown, 'unknown sign-in');
  });
});
