// GET /api/movements/products/{id} one page at a time: `?limit=&cursor=` is a keyset
// on the movement id, newest first, answered as `{ data, nextCursor }`; without them the answer is
// the whole history in ledger order, one last page. Bad paging parameters are a Spanish 400.
import { client, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createCatalog, createProduct, dispatchBody, invoiceBody, type Catalog } from './fixtures';

jest.setTimeout(120_000);

let t: TestApp;
let ana: Client;
let catalog: Catalog;
let productId: number;
let otherId: number;
let all: { id: number; productId: number; quantity: string; movementType: string }[];

beforeAll(async () => {
  t = await createTestApp();
  ana = client(t, { sub: 'user-ana', name: 'Ana Pérez' });
  catalog = await createCatalog(ana);
  productId = await createProduct(ana, 'Marcador para pizarrón');
  otherId = await createProduct(ana, 'Borrador para pizarrón');
  // Seven movements of the product, interleaved with another product's so the ids have gaps.
  for (let i = 1; i <= 5; i += 1) {
    expect(
      (await ana.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity: String(i), purchasePrice: '10' }]))).statusCode,
    ).toBe(201);
    expect(
      (await ana.post('/api/invoices', invoiceBody(t, catalog, [{ productId: otherId, quantity: '1', purchasePrice: '5' }]))).statusCode,
    ).toBe(201);
  }
  for (const quantity of ['2', '3']) {
    expect((await ana.post('/api/dispatches', dispatchBody(t, catalog, [{ productId, quantity }]))).statusCode).toBe(201);
  }
  all = (await ana.get(`/api/movements/products/${productId}`)).json().data;
});
afterAll(() => t.close());

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

test('without parameters: every movement of the product, oldest first, as before', async () => {
  expect(all).toHaveLength(7);
  expect(all.every((m) => m.productId === productId)).toBe(true);
  expect(ids(all)).toEqual([...ids(all)].sort((a, b) => a - b));
  expect(all.map((m) => m.quantity)).toEqual(['1', '2', '3', '4', '5', '2', '3']);
  expect(all.map((m) => m.movementType)).toEqual(['INVOICE', 'INVOICE', 'INVOICE', 'INVOICE', 'INVOICE', 'DISPATCH', 'DISPATCH']);
});

test('?limit= answers the newest movements first, each exactly as in the full history', async () => {
  const response = await ana.get(`/api/movements/products/${productId}?limit=3`);
  expect(response.statusCode).toBe(200);
  const page = response.json();
  expect(page).toEqual({ data: [...all].reverse().slice(0, 3), nextCursor: String(all[all.length - 3].id) });
});

test('?cursor= continues with nextCursor; walking the pages gives the whole history once, newest first', async () => {
  const walked: { id: number }[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const url: string = `/api/movements/products/${productId}?limit=3${cursor === null ? '' : `&cursor=${cursor}`}`;
    const page = (await ana.get(url)).json() as { data: { id: number }[]; nextCursor: string | null };
    walked.push(...page.data);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor !== null && pages < 10);
  expect(walked).toEqual([...all].reverse());
  expect(pages).toBe(3);
});

test('?cursor= alone pages with the default size (100); below the oldest id the page is empty and the last', async () => {
  const newest = all[all.length - 1].id;
  expect((await ana.get(`/api/movements/products/${productId}?cursor=${newest}`)).json()).toEqual({
    data: [...all].reverse().slice(1),
    nextCursor: null,
  });
  expect((await ana.get(`/api/movements/products/${productId}?cursor=${all[0].id}&limit=5`)).json()).toEqual({
    data: [],
    nextCursor: null,
  });
  // A cursor larger than any id is simply "from the newest".
  expect(ids((await ana.get(`/api/movements/products/${productId}?cursor=999999999999&limit=2`)).json().data)).toEqual(
    ids(all).reverse().slice(0, 2),
  );
});

test('without parameters the whole history is one last page; empty parameters are no parameters', async () => {
  expect((await ana.get(`/api/movements/products/${productId}`)).json().nextCursor).toBeNull();
  expect((await ana.get(`/api/movements/products/${productId}?limit=&cursor=`)).json()).toEqual({ data: all, nextCursor: null });
});

test('limit is 1 to 1,000 and cursor a positive integer: anything else is a 400 with a Spanish message', async () => {
  const limitMessage = 'El límite de movimientos (limit) debe ser un número entero entre 1 y 1,000.';
  const cursorMessage = 'El cursor de paginación (cursor) no es válido: use el nextCursor de la página anterior.';
  for (const limit of ['0', '1001', '-1', '1.5', 'abc', '1e3', '0x10', ' 5', '99999999999999999999']) {
    const response = await ana.get(`/api/movements/products/${productId}?limit=${encodeURIComponent(limit)}`);
    expect([limit, response.statusCode, response.json()]).toEqual([
      limit,
      400,
      { code: 'VALIDATION', message: limitMessage, errors: { limit: limitMessage } },
    ]);
  }
  for (const cursor of ['0', '-3', 'x', '2.0', '1e5', '9999999999999999999999']) {
    const response = await ana.get(`/api/movements/products/${productId}?limit=2&cursor=${encodeURIComponent(cursor)}`);
    expect([cursor, response.statusCode, response.json()]).toEqual([
      cursor,
      400,
      { code: 'VALIDATION', message: cursorMessage, errors: { cursor: cursorMessage } },
    ]);
  }
  const repeated = await ana.get(`/api/movements/products/${productId}?limit=1&limit=2`);
  expect(repeated.statusCode).toBe(400);
  expect(repeated.json().message).toMatch(/^[A-ZÁÉÍÓÚ].*\.$/);
  expect((await ana.get(`/api/movements/products/${productId}?limit=1000`)).statusCode).toBe(200);
});

test('paging an unknown product is still a 404, and paging needs a bearer token', async () => {
  expect((await ana.get('/api/movements/products/999999?limit=5')).json()).toEqual({
    code: 'NOT_FOUND',
    message: 'El producto solicitado no existe.',
  });
  expect((await t.app.inject({ method: 'GET', url: `/api/movements/products/${productId}?limit=5` })).statusCode).toBe(401);
});

test('the OpenAPI description documents limit and cursor', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  const get = doc.paths['/api/movements/products/{id}'].get;
  const names = (get.parameters as { name: string; in: string }[]).filter((p) => p.in === 'query').map((p) => p.name);
  expect(names.sort()).toEqual(['cursor', 'limit', 'warehouseId']);
  expect(get.description).toMatch(/más reciente/);
});
