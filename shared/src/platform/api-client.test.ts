/**
 * @jest-environment node
 */
// The fetcher every remote relies on: bearer attached, `data` unwrapped, server messages kept,
// and a 401 answered by ONE renewal and retry — then a new sign-in.
import { createApiClient, fileNameFrom, type TokenSource } from './api-client';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function server(handler: Handler) {
  const requests: Array<{ url: string; method: string; authorization: string | null; body: unknown }> = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input instanceof Request ? input.url : input);
    const headers = new Headers(init.headers);
    requests.push({
      url,
      method: init.method ?? 'GET',
      authorization: headers.get('authorization'),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    });
    return handler(url, init);
  }) as unknown as typeof globalThis.fetch;
  return { fetch, requests };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function tokens(initial = 'token-1', renewed: string | null = 'token-2') {
  let current = initial;
  const auth: TokenSource & { renewAccessToken: jest.Mock; signIn: jest.Mock } = {
    getAccessToken: () => current,
    renewAccessToken: jest.fn(async () => {
      if (renewed) current = renewed;
      return renewed;
    }),
    signIn: jest.fn(),
  };
  return auth;
}

describe('createApiClient', () => {
  it('sends the bearer token and resolves to the unwrapped data', async () => {
    const { fetch, requests } = server(() => json(200, { data: [{ id: 1, name: 'Papel' }] }));
    const api = createApiClient({ baseUrl: 'http://api.test', auth: tokens(), fetch });

    await expect(api('/api/catalog/products', { query: { q: 'pa', empty: undefined } })).resolves.toEqual([{ id: 1, name: 'Papel' }]);
    expect(requests).toHaveLength(1);
    expect(requests[0].url).toBe('http://api.test/api/catalog/products?q=pa');
    expect(requests[0].authorization).toBe('Bearer token-1');
  });

  it('sends JSON bodies with the method asked for', async () => {
    const { fetch, requests } = server(() => json(201, { data: { id: 7, name: 'Lápiz' } }));
    const api = createApiClient({ baseUrl: 'http://api.test', auth: tokens(), fetch });

    await expect(api('/api/catalog/products', { method: 'POST', body: { name: 'Lápiz' } })).resolves.toEqual({
      id: 7,
      name: 'Lápiz',
    });
    expect(requests[0]).toMatchObject({ method: 'POST', body: { name: 'Lápiz' } });
  });

  it('turns an error answer into an ApiError with the server message and field errors', async () => {
    const { fetch } = server(() =>
      json(400, { message: 'Los datos enviados no son válidos.', code: 'VALIDATION', errors: { name: 'El nombre es obligatorio.' } }),
    );
    const api = createApiClient({ baseUrl: 'http://api.test', auth: tokens(), fetch });

    const error = await api('/api/catalog/products', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Los datos enviados no son válidos.',
      code: 'VALIDATION',
      errors: { name: 'El nombre es obligatorio.' },
    });
  });

  it('reports a network failure as an ApiError with a Spanish message', async () => {
    const fetch = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof globalThis.fetch;
    const api = createApiClient({ baseUrl: 'http://api.test', auth: tokens(), fetch });

    await expect(api('/api/stock/1')).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it('on a 401 renews the token once and repeats the request with the new one', async () => {
    const { fetch, requests } = server((_url, init) =>
      new Headers(init.headers).get('authorization') === 'Bearer token-2'
        ? json(200, { data: { ok: true } })
        : json(401, { message: 'Tu sesión no es válida o ha expirado. Inicia sesión de nuevo.' }),
    );
    const auth = tokens();
    const api = createApiClient({ baseUrl: 'http://api.test', auth, fetch });

    await expect(api('/api/stock/1')).resolves.toEqual({ ok: true });
    expect(auth.renewAccessToken).toHaveBeenCalledTimes(1);
    expect(auth.signIn).not.toHaveBeenCalled();
    expect(requests.map((r) => r.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
  });

  it('signs in again when the renewed token is refused too (and does not loop)', async () => {
    const { fetch, requests } = server(() => json(401, { message: 'Tu sesión no es válida o ha expirado. Inicia sesión de nuevo.' }));
    const auth = tokens();
    const api = createApiClient({ baseUrl: 'http://api.test', auth, fetch });

    await expect(api('/api/stock/1')).rejects.toMatchObject({ status: 401 });
    expect(auth.renewAccessToken).toHaveBeenCalledTimes(1);
    expect(auth.signIn).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(2);
  });

  it('signs in again at once when there is nothing to renew with', async () => {
    const { fetch, requests } = server(() => json(401, { message: 'Tu sesión no es válida o ha expirado. Inicia sesión de nuevo.' }));
    const auth = tokens('token-1', null);
    const api = createApiClient({ baseUrl: 'http://api.test', auth, fetch });

    await expect(api('/api/stock/1')).rejects.toMatchObject({ status: 401 });
    expect(auth.signIn).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(1);
  });

  it('shares one renewal between requests that fail together', async () => {
    const { fetch } = server((_url, init) =>
      new Headers(init.headers).get('authorization') === 'Bearer token-2' ? json(200, { data: 1 }) : json(401, { message: 'x' }),
    );
    const auth = tokens();
    let current = 'token-1';
    auth.getAccessToken = () => current;
    auth.renewAccessToken.mockImplementation(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      current = 'token-2';
      return 'token-2';
    });
    const api = createApiClient({ baseUrl: 'http://api.test', auth, fetch });

    await expect(Promise.all([api('/a'), api('/b'), api('/c')])).resolves.toEqual([1, 1, 1]);
    expect(auth.renewAccessToken).toHaveBeenCalledTimes(1);
  });

  it('does not renew for other errors', async () => {
    const { fetch } = server(() => json(409, { message: 'Existencia insuficiente.' }));
    const auth = tokens();
    const api = createApiClient({ baseUrl: 'http://api.test', auth, fetch });

    await expect(api('/api/dispatches', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 409,
      message: 'Existencia insuficiente.',
    });
    expect(auth.renewAccessToken).not.toHaveBeenCalled();
  });

  it('downloads a file with the name the server gives, and reads a failed download’s message', async () => {
    const { fetch } = server((url) =>
      url.includes('/ok')
        ? new Response('%PDF-1.7', {
            status: 200,
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': `attachment; filename="reporte.pdf"; filename*=UTF-8''reporte%20de%20existencias.pdf`,
            },
          })
        : json(404, { message: 'El recurso solicitado no existe.' }),
    );
    const api = createApiClient({ baseUrl: 'http://api.test', auth: tokens(), fetch });

    const file = await api.download('/api/reports/ok', { method: 'POST' });
    expect(file.fileName).toBe('reporte de existencias.pdf');
    await expect(file.blob.text()).resolves.toBe('%PDF-1.7');
    await expect(api.download('/api/reports/missing', { method: 'POST' })).rejects.toMatchObject({
      status: 404,
      message: 'El recurso solicitado no existe.',
    });
  });
});

describe('a busy server (503 or 429 with Retry-After)', () => {
  const busy = () =>
    json(
      503,
      { message: 'El servidor está atendiendo a muchas personas a la vez; intenta de nuevo en unos segundos.', code: 'UNAVAILABLE' },
      { 'retry-after': '0' },
    );

  it('asks a read again after Retry-After, twice at most', async () => {
    let calls = 0;
    const { fetch, requests } = server(() => (++calls < 3 ? busy() : json(200, { data: [1] })));
    const api = createApiClient({ baseUrl: 'http://api.test', auth: tokens(), fetch });
    await expect(api('/api/stock')).resolves.toEqual([1]);
    expect(requests).toHaveLength(3);

    calls = -10;
    const error = await api('/api/stock').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503 });
    expect(requests).toHaveLength(6);
  });

  it('asks a document with its Idempotency-Key again, but not a write without one', async () => {
    const { fetch, requests } = server((_url, init) =>
      requests.length === 1 ? busy() : init.method === 'POST' ? json(201, { data: { id: 9 } }) : json(200, { data: null }),
    );
    const api = createApiClient({ baseUrl: 'http://api.test', auth: tokens(), fetch });
    await expect(api('/api/dispatches', { method: 'POST', body: {}, headers: { 'Idempotency-Key': 'k-1' } })).resolves.toEqual({ id: 9 });
    expect(requests).toHaveLength(2);

    const { fetch: fetch2, requests: requests2 } = server(() => busy());
    const plain = createApiClient({ baseUrl: 'http://api.test', auth: tokens(), fetch: fetch2 });
    await expect(plain('/api/catalog/products', { method: 'POST', body: { name: 'Lápiz' } })).rejects.toMatchObject({ status: 503 });
    expect(requests2).toHaveLength(1);
  });

  it('does not wait for a long Retry-After: the person sees the message', async () => {
    const { fetch, requests } = server(() => json(503, { message: 'Ocupado', code: 'UNAVAILABLE' }, { 'retry-after': '120' }));
    const api = createApiClient({ baseUrl: 'http://api.test', auth: tokens(), fetch });
    await expect(api('/api/stock')).rejects.toMatchObject({ status: 503, message: 'Ocupado' });
    expect(requests).toHaveLength(1);
  });
});

describe('fileNameFrom', () => {
  it('prefers the RFC 5987 name and falls back to the plain one', () => {
    expect(fileNameFrom(`attachment; filename*=UTF-8''tarjeta%20de%20almac%C3%A9n.xlsx`)).toBe('tarjeta de almacén.xlsx');
    expect(fileNameFrom('attachment; filename="salida-12.pdf"')).toBe('salida-12.pdf');
    expect(fileNameFrom(null)).toBeUndefined();
  });
});
