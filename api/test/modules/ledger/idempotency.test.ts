// Double submission (ARCHITECTURE.md, "The stock ledger"): POST /api/invoices and /api/dispatches honour an
// Idempotency-Key. The same key from the same person answers the first result and creates
// nothing new — also when the duplicates arrive at the same moment; the same key with another
// body is a conflict; a refused document is not remembered, so a corrected retry goes through.
import { client, countRows, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createCatalog, createProduct, dispatchBody, invoiceBody, LEDGER_TABLES, postWith, stockOf, type Catalog } from './fixtures';

// Each file creates and migrates its own database; on a busy machine that alone can take seconds.
jest.setTimeout(120_000);

let t: TestApp;
let ana: Client;
let catalog: Catalog;
beforeAll(async () => {
  t = await createTestApp();
  ana = client(t);
  catalog = await createCatalog(ana);
});
afterAll(() => t.close());

const ANA = { sub: 'user-ana', name: 'Ana Pérez' };
const LUIS = { sub: 'user-luis', name: 'Luis Gómez' };

test('the same key twice: the first answer again, one invoice, one movement', async () => {
  const productId = await createProduct(ana, 'Hojas blancas');
  const body = invoiceBody(t, catalog, [{ productId, quantity: '10', purchasePrice: '95.5' }]);
  const first = await postWith(t, '/api/invoices', body, { 'idempotency-key': 'factura-2026-0001' }, ANA);
  expect(first.statusCode).toBe(201);
  const before = await countRows(t, LEDGER_TABLES);

  const second = await postWith(t, '/api/invoices', body, { 'idempotency-key': 'factura-2026-0001' }, ANA);
  expect(second.statusCode).toBe(201);
  expect(second.json()).toEqual(first.json());
  expect(second.headers['idempotent-replayed']).toBe('true');
  expect(await countRows(t, LEDGER_TABLES)).toEqual(before);
  expect(await stockOf(ana, productId)).toMatchObject({ availableQuantity: '10' });
});

test('the same key with another body, or on the other route → 409 IDEMPOTENCY_CONFLICT, nothing created', async () => {
  const productId = await createProduct(ana, 'Sobres blancos');
  const body = invoiceBody(t, catalog, [{ productId, quantity: '10', purchasePrice: '2' }]);
  expect((await postWith(t, '/api/invoices', body, { 'idempotency-key': 'k-conflict' }, ANA)).statusCode).toBe(201);
  const before = await countRows(t, LEDGER_TABLES);

  const changed = await postWith(
    t,
    '/api/invoices',
    { ...body, products: [{ ...body.products[0], quantity: '11' }] },
    { 'idempotency-key': 'k-conflict' },
    ANA,
  );
  expect(changed.statusCode).toBe(409);
  expect(changed.json().code).toBe('IDEMPOTENCY_CONFLICT');
  const otherRoute = await postWith(
    t,
    '/api/dispatches',
    dispatchBody(t, catalog, [{ productId, quantity: '1' }]),
    { 'idempotency-key': 'k-conflict' },
    ANA,
  );
  expect(otherRoute.statusCode).toBe(409);
  expect(otherRoute.json().code).toBe('IDEMPOTENCY_CONFLICT');
  expect(await countRows(t, LEDGER_TABLES)).toEqual(before);
});

test('keys belong to a person: the same key from someone else is a different request', async () => {
  const productId = await createProduct(ana, 'Marcatextos amarillo');
  await ana.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity: '10', purchasePrice: '12' }]));
  const body = dispatchBody(t, catalog, [{ productId, quantity: '1' }]);
  const a = await postWith(t, '/api/dispatches', body, { 'idempotency-key': 'salida-1' }, ANA);
  const b = await postWith(t, '/api/dispatches', body, { 'idempotency-key': 'salida-1' }, LUIS);
  expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
  expect(a.json().data.id).not.toBe(b.json().data.id);
  expect(await stockOf(ana, productId)).toMatchObject({ availableQuantity: '8' });
});

test('ten identical submissions at the same moment create ONE dispatch and all get its answer', async () => {
  const productId = await createProduct(ana, 'Cartucho de tinta negra');
  await ana.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity: '5', purchasePrice: '640' }]));
  const before = await countRows(t, ['dispatches', 'movements']);
  const body = dispatchBody(t, catalog, [{ productId, quantity: '2' }]);

  const responses = await Promise.all(
    Array.from({ length: 10 }, () => postWith(t, '/api/dispatches', body, { 'idempotency-key': 'doble-clic-42' }, ANA)),
  );
  expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
  const ids = new Set(responses.map((r) => r.json().data.id));
  expect(ids.size).toBe(1);
  expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
  expect(await countRows(t, ['dispatches', 'movements'])).toEqual({ dispatches: before.dispatches + 1, movements: before.movements + 1 });
  expect(await stockOf(ana, productId)).toMatchObject({ availableQuantity: '3' });
});

test('a refused document is not remembered: after stock arrives, the same key goes through', async () => {
  const productId = await createProduct(ana, 'Papel kraft');
  const body = dispatchBody(t, catalog, [{ productId, quantity: '4' }]);
  const refused = await postWith(t, '/api/dispatches', body, { 'idempotency-key': 'retry-after-stock' }, ANA);
  expect(refused.statusCode).toBe(409);
  expect((await t.db.query("SELECT 1 FROM idempotency_keys WHERE key = 'retry-after-stock'")).rowCount).toBe(0);

  await ana.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity: '4', purchasePrice: '31' }]));
  const accepted = await postWith(t, '/api/dispatches', body, { 'idempotency-key': 'retry-after-stock' }, ANA);
  expect(accepted.statusCode).toBe(201);
  expect(accepted.headers['idempotent-replayed']).toBeUndefined();
  expect(await stockOf(ana, productId)).toMatchObject({ availableQuantity: '0' });
});

test('a malformed key is refused with a Spanish message before anything is written', async () => {
  const productId = await createProduct(ana, 'Libreta francesa');
  const before = await countRows(t, LEDGER_TABLES);
  for (const key of ['x'.repeat(201), 'con espacios']) {
    const response = await postWith(
      t,
      '/api/invoices',
      invoiceBody(t, catalog, [{ productId, quantity: '1', purchasePrice: '1' }]),
      { 'idempotency-key': key },
      ANA,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^La clave de idempotencia/);
  }
  expect(await countRows(t, LEDGER_TABLES)).toEqual(before);
});
