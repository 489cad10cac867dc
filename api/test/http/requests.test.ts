// What every request meets before a module sees it: exact JSON numbers, size and type limits,
// error shape, security headers, CORS allow-list, request ids, Spanish 404s, hidden internals.
import { ERROR_CODES } from '@almacen/shared/domain';
import { toAppError } from '../../src/http/errors';
import { MAX_JSON_DEPTH, parseJsonBody } from '../../src/http/json';
import { parseId } from '../../src/http/validate';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({ env: { CORS_ORIGINS: 'http://localhost:3000, https://portal.example.mx' } });
  auth = await t.auth();
});
afterAll(() => t.close());

const post = (payload: string | Buffer, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/catalog/roles',
    headers: { ...auth, 'content-type': 'application/json', ...headers },
    payload,
  });

describe('JSON bodies', () => {
  test('number literals keep every digit: fractions and huge numbers become decimal text, safe integers stay numbers', () => {
    expect(parseJsonBody('{"price": 33.333, "q": 0.1, "big": 123456789012345678901234567890, "id": 12, "e": 1e3}')).toEqual({
      price: '33.333',
      q: '0.1',
      big: '123456789012345678901234567890',
      id: 12,
      e: '1e3',
    });
    expect(parseJsonBody('')).toBeUndefined();
  });

  test('a "__proto__" key is an ordinary key, not a prototype change', () => {
    const parsed = parseJsonBody('{"__proto__": {"admin": true}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect((parsed as { admin?: boolean }).admin).toBeUndefined();
  });

  test(`nesting deeper than ${MAX_JSON_DEPTH} levels is refused before parsing; brackets inside strings do not count`, () => {
    const nested = (depth: number) => `${'['.repeat(depth - 1)}{"a":1}${']'.repeat(depth - 1)}`;
    expect(() => parseJsonBody(nested(MAX_JSON_DEPTH))).not.toThrow();
    const refused = (text: string) => {
      try {
        parseJsonBody(text);
      } catch (error) {
        return toAppError(error);
      }
      return null;
    };
    for (const text of [nested(MAX_JSON_DEPTH + 1), `{"a":${'['.repeat(100_000)}`, `{"x":"\\\\","y":${'['.repeat(40)}${']'.repeat(40)}}`]) {
      expect(refused(text)).toMatchObject({
        status: 400,
        code: 'VALIDATION',
        message: `Los datos enviados anidan demasiados niveles (máximo ${MAX_JSON_DEPTH}).`,
      });
    }
    const inStrings = `{"a":"${'['.repeat(1000)}","b":"\\"${'{'.repeat(1000)}"}`;
    expect(parseJsonBody(inStrings)).toEqual({ a: '['.repeat(1000), b: `"${'{'.repeat(1000)}` });
  });

  test('malformed JSON → 400 MALFORMED_JSON, nothing created', async () => {
    for (const payload of ['{"description": ', '{description: "x"}', '{"a":1}{"b":2}', '{"a":1,"a":2}']) {
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: ERROR_CODES.MALFORMED_JSON.message, code: 'MALFORMED_JSON' });
    }
    expect((await t.db.query('SELECT count(*)::int AS n FROM roles')).rows[0].n).toBe(0);
  });

  test('a body over 1 MB → 413 in Spanish', async () => {
    const huge = JSON.stringify({ description: 'x'.repeat(1_100_000) });
    const response = await post(huge);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'El cuerpo de la petición es demasiado grande (máximo 1 MB).', code: 'PAYLOAD_TOO_LARGE' });
  });

  test('a body that is not JSON → 415', async () => {
    const response = await post('description=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  test('a JSON body that is not an object, or that cannot be printed, is a validation error, not a crash', async () => {
    for (const payload of [
      'null',
      '[]',
      '"texto"',
      '12',
      '[{"toString":false}]',
      '{"description":[{"toString":false}]}',
      '{"description":{"toString":1,"valueOf":2}}',
    ]) {
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
      expect(typeof response.json().message).toBe('string');
    }
    expect((await t.db.query('SELECT count(*)::int AS n FROM roles')).rows[0].n).toBe(0);
  });
});

describe('path ids', () => {
  test('parseId takes only the canonical decimal form of 1…2147483647', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId(7)).toBe(7);
    expect(parseId('2147483647')).toBe(2147483647);
    for (const bad of [
      '0x1',
      '+1',
      '1.0',
      ' 1',
      '1 ',
      '01',
      '1e0',
      '0',
      '-1',
      '2147483648',
      '',
      '١',
      1.5,
      0,
      Number.NaN,
      null,
      undefined,
    ]) {
      expect(() => parseId(bad)).toThrow(expect.objectContaining({ code: 'INVALID_ID' }));
    }
  });

  test('a route with an id parameter refuses other spellings before Ajv coerces them (also DELETE)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/catalog/products',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: { name: 'Engrapadora' },
    });
    const id = created.json().data.id as number;
    for (const spelling of [`0x${id.toString(16)}`, `+${id}`, `${id}.0`, `%20${id}`, `0${id}`]) {
      for (const method of ['GET', 'DELETE'] as const) {
        const response = await t.app.inject({ method, url: `/api/catalog/products/${spelling}`, headers: auth });
        expect([method, spelling, response.statusCode, response.json().code]).toEqual([method, spelling, 400, 'INVALID_ID']);
      }
    }
    expect((await t.db.query('SELECT count(*)::int AS n FROM products WHERE id = $1', [id])).rows[0].n).toBe(1);
    // The canonical spelling still works.
    expect((await t.app.inject({ method: 'GET', url: `/api/catalog/products/${id}`, headers: auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/catalog/products/${id}`, headers: auth })).statusCode).toBe(200);
  });
});

describe('answers', () => {
  test('security headers and a request id on every answer (also errors and unauthenticated ones)', async () => {
    for (const response of [
      await t.app.inject({ method: 'GET', url: '/healthz' }),
      await t.app.inject({ method: 'GET', url: '/api/catalog/roles' }),
      await t.app.inject({ method: 'GET', url: '/api/catalog/roles', headers: auth }),
      await t.app.inject({ method: 'GET', url: '/no-existe.txt' }),
    ]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  test('a well-formed X-Request-Id from the caller is kept (to follow a request across services); others replaced', async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-1234.abc' } });
    expect(kept.headers['x-request-id']).toBe('lb-1234.abc');
    const replaced = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'a b\u0000<script>' } });
    expect(replaced.headers['x-request-id']).not.toContain('script');
  });

  test('unknown routes answer 404 in Spanish (behind the token under /api)', async () => {
    // (A GET of a page path such as /nada is the single-page app's: static files answer it.)
    const notFound = { message: 'La ruta solicitada no existe.', code: 'NOT_FOUND' };
    expect((await t.app.inject({ method: 'GET', url: '/nada.txt' })).json()).toEqual(notFound);
    expect((await t.app.inject({ method: 'POST', url: '/nada' })).json()).toEqual(notFound);
    expect((await t.app.inject({ method: 'GET', url: '/api/nada' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/nada', headers: auth })).statusCode).toBe(404);
  });

  test('a server fault answers 500 without internals', async () => {
    const fault = toAppError(Object.assign(new Error('relation "secret_table" does not exist'), { code: '42P01', severity: 'ERROR' }));
    expect(fault.status).toBe(500);
    expect(fault.message).toBe(ERROR_CODES.INTERNAL.message);

    // A real one: the database lost a table under the API's feet.
    await t.db.query('ALTER TABLE suppliers RENAME TO suppliers_perdida');
    const response = await t.app.inject({ method: 'GET', url: '/api/catalog/suppliers', headers: auth });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: ERROR_CODES.INTERNAL.message, code: 'INTERNAL' });
    expect(response.body).not.toMatch(/suppliers|relation|stack|at /);
    await t.db.query('ALTER TABLE suppliers_perdida RENAME TO suppliers');
  });
});

describe('CORS', () => {
  test('listed origins may read answers; the preflight allows the headers the shell sends', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/catalog/products',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,idempotency-key',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('idempotency-key');
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/catalog/products',
      headers: { ...auth, origin: 'https://portal.example.mx' },
    });
    expect(get.headers['access-control-allow-origin']).toBe('https://portal.example.mx');
  });

  test('unlisted origins get no CORS permission', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/catalog/products',
      headers: { origin: 'https://atacante.example', 'access-control-request-method': 'DELETE' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/catalog/products',
      headers: { ...auth, origin: 'https://atacante.example' },
    });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });
});
