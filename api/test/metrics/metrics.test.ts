// GET /metrics over real HTTP (a listening server on 127.0.0.1 and fetch): the series after a few
// requests, route labels as templates, no label carrying who called or what they typed, and who
// may read it (METRICS_ALLOW, METRICS_TOKEN, an X-Forwarded-For from a hop TRUST_PROXY does not list).
import { ERROR_CODES } from '@almacen/shared/domain';
import { METRICS_FORBIDDEN } from '../../src/metrics';
import { createTestApp, type TestApp } from '../helpers/test-app';

const TOKEN = 'token-de-prueba-para-prometheus-0123456789';

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
}

/** Every `name{labels} value` line of a scrape, as name and label map. */
function samples(text: string): Array<{ name: string; labels: Record<string, string>; value: string }> {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`Línea que no es del formato de texto: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[key] = value;
      return { name: match[1], labels, value: match[3] };
    });
}

describe('from loopback (the default METRICS_ALLOW)', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    base = await listen(t);
  });
  afterAll(() => t.close());

  test('the text format with the HTTP, pool, reports, workers, sign-in and process series; routes are templates', async () => {
    const auth = await t.auth({ sub: 'persona-secreta-42', name: 'Zacarías Quintanilla', email: 'zacarias@ejemplo.mx' });
    for (const path of [
      '/api/catalog/products/123',
      '/api/catalog/products/456?buscar=Zacar%C3%ADas',
      '/api/catalog/products?q=tóner',
      '/api/me',
      '/api/no-existe/789',
    ]) {
      const response = await fetch(`${base}${path}`, { headers: auth });
      expect([path, response.status < 500]).toEqual([path, true]);
    }
    expect((await fetch(`${base}/ruta-desconocida/321.txt`)).status).toBe(404);

    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    const all = samples(text);
    const names = new Set(all.map((s) => s.name));
    for (const name of [
      'almacen_http_requests_total',
      'almacen_http_request_duration_seconds_bucket',
      'almacen_http_request_duration_seconds_count',
      'almacen_db_pool_in_use',
      'almacen_db_pool_idle',
      'almacen_db_pool_waiting',
      'almacen_db_pool_max',
      'almacen_report_slots_in_use',
      'almacen_report_slots_limit',
      'almacen_worker_tasks',
      'almacen_sign_in_refusals_total',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect([name, names.has(name)]).toEqual([name, true]);
    }

    const requests = all.filter((s) => s.name === 'almacen_http_requests_total');
    const count = (route: string, status: string) =>
      Number(requests.find((s) => s.labels.route === route && s.labels.method === 'GET' && s.labels.status === status)?.value ?? 0);
    expect(count('/api/catalog/products/:id', '404')).toBe(2);
    expect(count('/api/catalog/products', '200')).toBe(1);
    expect(count('/api/me', '200')).toBe(1);
    // Unknown paths are one series, inside /api and out.
    expect(requests.filter((s) => s.labels.route === 'no_route').reduce((sum, s) => sum + Number(s.value), 0)).toBeGreaterThanOrEqual(1);
    expect(requests.some((s) => /\d{3}|\?/.test(s.labels.route))).toBe(false);

    const buckets = all
      .filter((s) => s.name === 'almacen_http_request_duration_seconds_bucket' && s.labels.route === '/api/me')
      .map((s) => s.labels.le);
    expect(buckets).toEqual(['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '+Inf']);

    const value = (name: string) => Number(all.find((s) => s.name === name)?.value);
    expect(value('almacen_db_pool_max')).toBe(30);
    expect(value('almacen_db_pool_waiting')).toBe(0);
    expect(value('almacen_db_pool_in_use') + value('almacen_db_pool_idle')).toBeGreaterThan(0);
    expect(value('almacen_report_slots_limit')).toBe(8);
    expect(value('almacen_report_slots_in_use')).toBe(0);
    expect(
      all
        .filter((s) => s.name === 'almacen_worker_tasks')
        .map((s) => `${s.labels.queue} ${s.labels.state}`)
        .sort(),
    ).toEqual(['cfdi running', 'cfdi waiting', 'sheet running', 'sheet waiting']);
    expect(
      all
        .filter((s) => s.name === 'almacen_sign_in_refusals_total')
        .map((s) => s.labels.reason)
        .sort(),
    ).toEqual(['busy', 'throttle']);

    // Nothing of the person or of what they typed is a label value.
    const values = all.flatMap((s) => Object.values(s.labels));
    for (const secret of ['Zacar', 'Quintanilla', 'persona-secreta', 'zacarias', 'tóner', 'buscar', '123', '456', '789', '321']) {
      expect([secret, values.filter((v) => v.includes(secret))]).toEqual([secret, []]);
    }
    expect(text).not.toContain('Zacar');
  });

  test('the token is accepted, and a wrong one is no worse than none from loopback', async () => {
    expect((await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer otro-token-cualquiera-123456' } })).status).toBe(200);
  });

  test('a request forwarded by a hop TRUST_PROXY does not list is not taken for loopback', async () => {
    const response = await fetch(`${base}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(response.status).toBe(403);
    expect(
      (await fetch(`${base}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.7', authorization: `Bearer ${TOKEN}` } })).status,
    ).toBe(200);
  });

  test('/metrics is outside /api: no route rule of the access check, no bearer JWT, and described under «operación»', async () => {
    expect(t.app.apiRoutes.filter((route) => route.includes('metrics'))).toEqual([]);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<string, { tags?: string[]; security?: unknown[]; responses: Record<string, { content?: Record<string, unknown> }> }>
      >;
    };
    const get = doc.paths['/metrics']?.get;
    expect(get?.tags).toEqual(['operación']);
    expect(get?.security).toEqual([]);
    expect(Object.keys(get?.responses ?? {}).sort()).toEqual(['200', '403']);
    expect(Object.keys(get?.responses['200'].content ?? {})).toEqual(['text/plain']);
  });
});

describe('METRICS_ALLOW without loopback', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_ALLOW: '10.20.0.0/16, 2001:db8::/32', METRICS_TOKEN: TOKEN } });
    base = await listen(t);
  });
  afterAll(() => t.close());

  test('an address not listed gets 403 in the API error format, with no series', async () => {
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ code: 'FORBIDDEN', message: METRICS_FORBIDDEN });
    expect(ERROR_CODES.FORBIDDEN.status).toBe(403);
  });

  test('the token opens it; a wrong token, another scheme or a token with something after it do not', async () => {
    const ok = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('almacen_http_requests_total');
    expect((await fetch(`${base}/metrics`, { headers: { authorization: `bearer ${TOKEN}` } })).status).toBe(200);
    for (const authorization of [
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${TOKEN}`,
      TOKEN,
      `Bearer ${TOKEN} otro`,
      'Bearer ',
    ]) {
      expect([authorization, (await fetch(`${base}/metrics`, { headers: { authorization } })).status]).toEqual([authorization, 403]);
    }
  });

  test('HEAD is refused the same way', async () => {
    expect((await fetch(`${base}/metrics`, { method: 'HEAD' })).status).toBe(403);
  });
});

describe('behind a proxy listed in TRUST_PROXY', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback', METRICS_ALLOW: '192.0.2.0/24' } });
    base = await listen(t);
  });
  afterAll(() => t.close());

  test("the client is X-Forwarded-For's address, as for the sign-in throttle", async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(403);
    expect((await fetch(`${base}/metrics`, { headers: { 'x-forwarded-for': '192.0.2.10' } })).status).toBe(200);
    expect((await fetch(`${base}/metrics`, { headers: { 'x-forwarded-for': '198.51.100.4' } })).status).toBe(403);
    // A client that claims an allowed address through a proxy that is not listed.
    expect((await fetch(`${base}/metrics`, { headers: { 'x-forwarded-for': '192.0.2.10, 198.51.100.4' } })).status).toBe(403);
  });
});
