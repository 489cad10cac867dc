// No oversell and no deadlock against a real PostgreSQL (ARCHITECTURE §5): concurrent
// documents queue on the balance rows, locked in product-id order, so the last units go to
// exactly as many exits as there are units, and documents touching the same products in
// opposite order neither deadlock nor leak a database error to the client.
import type { CreateDispatch, CreateInvoice } from '@almacen/shared/domain';
import { client, countRows, type Client } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { registerDispatch } from '../../src/modules/dispatches/dispatches.service';
import { registerInvoice } from '../../src/modules/invoices/invoices.service';
import { createCatalog, createProduct, dispatchBody, invoiceBody, stockOf, type Catalog } from './fixtures';

// Each file creates and migrates its own database; on a busy machine that alone can take seconds.
jest.setTimeout(120_000);

let t: TestApp;
let c: Client;
let catalog: Catalog;
beforeAll(async () => {
  t = await createTestApp();
  c = client(t);
  catalog = await createCatalog(c);
});
afterAll(() => t.close());

async function receive(productId: number, quantity: string, price: string) {
  const response = await c.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity, purchasePrice: price }]));
  expect(response.statusCode).toBe(201);
}

test('25 dispatches of 1 unit racing for 10 units: exactly 10 succeed, 15 get 409 naming product, available and requested', async () => {
  const productId = await createProduct(c, 'Tóner negro HP 58A');
  await receive(productId, '10', '1450.5');
  const before = await countRows(t, ['dispatches', 'dispatch_lines', 'movements']);

  // Each request has its own token and connection; they all hit the same balance row at once.
  const responses = await Promise.all(
    Array.from({ length: 25 }, (_, i) =>
      client(t, { sub: `clerk-${i}`, name: `Almacenista ${i}` }).post('/api/dispatches', dispatchBody(t, catalog, [{ productId, quantity: 1 }])),
    ),
  );

  const statuses = responses.map((r) => r.statusCode);
  expect(statuses.filter((s) => s === 201)).toHaveLength(10);
  expect(statuses.filter((s) => s === 409)).toHaveLength(15);
  for (const refused of responses.filter((r) => r.statusCode === 409)) {
    expect(refused.json()).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      message: `Existencia insuficiente del producto «Tóner negro HP 58A» (id ${productId}): disponible 0, solicitado 1.`,
    });
  }
  // Every success left the server's average as its price; the 15 refusals left nothing behind.
  for (const ok of responses.filter((r) => r.statusCode === 201)) expect(ok.json().data.products[0].exitPrice).toBe('1450.5');
  expect(await stockOf(c, productId)).toMatchObject({ availableQuantity: '0', averagePrice: '1450.5' });
  expect(await countRows(t, ['dispatches', 'dispatch_lines', 'movements'])).toEqual({
    dispatches: before.dispatches + 10,
    dispatch_lines: before.dispatch_lines + 10,
    movements: before.movements + 10,
  });
  const { rows } = await t.db.query('SELECT balance_quantity::text FROM movements WHERE product_id = $1 ORDER BY id', [productId]);
  expect(rows.map((r) => r.balance_quantity)).toEqual(['10.000', '9.000', '8.000', '7.000', '6.000', '5.000', '4.000', '3.000', '2.000', '1.000', '0.000']);
});

test('multi-product documents in opposite product order, many times at once: no 5xx, no deadlock, exact totals', async () => {
  const a = await createProduct(c, 'Papel bond carta');
  const b = await createProduct(c, 'Papel bond oficio');
  const z = await createProduct(c, 'Sobres manila');
  await receive(a, '1000', '95');
  await receive(b, '1000', '110');
  await receive(z, '1000', '2.5');

  const rounds = 15;
  const requests = [];
  for (let i = 0; i < rounds; i++) {
    requests.push(c.post('/api/dispatches', dispatchBody(t, catalog, [{ productId: a, quantity: 1 }, { productId: b, quantity: 1 }, { productId: z, quantity: 1 }])));
    requests.push(c.post('/api/dispatches', dispatchBody(t, catalog, [{ productId: z, quantity: 1 }, { productId: b, quantity: 1 }, { productId: a, quantity: 1 }])));
    requests.push(c.post('/api/invoices', invoiceBody(t, catalog, [{ productId: b, quantity: 1, purchasePrice: 110 }, { productId: a, quantity: 1, purchasePrice: 95 }])));
    requests.push(c.post('/api/invoices', invoiceBody(t, catalog, [{ productId: a, quantity: 1, purchasePrice: 95 }, { productId: z, quantity: 1, purchasePrice: 2.5 }])));
  }
  const responses = await Promise.all(requests);
  expect(responses.filter((r) => r.statusCode !== 201).map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);

  // a: 1000 − 2·15 + 2·15 = 1000; b: 1000 − 2·15 + 15 = 985; z: 1000 − 2·15 + 15 = 985.
  expect((await stockOf(c, a)).availableQuantity).toBe('1000');
  expect((await stockOf(c, b)).availableQuantity).toBe('985');
  expect((await stockOf(c, z)).availableQuantity).toBe('985');
});

test('the lock order itself prevents deadlocks: with NO retry, opposite-order documents all commit', async () => {
  // registerDispatch/registerInvoice with attempts: 1 surface a deadlock instead of re-running,
  // so this proves the ordering, not the retry.
  const a = await createProduct(c, 'Engrapadora metálica');
  const b = await createProduct(c, 'Perforadora de 2 orificios');
  await receive(a, '500', '120');
  await receive(b, '500', '85.5');
  const actor = { sub: 'user-lock-order', name: 'Prueba de orden' };
  const header = dispatchBody(t, catalog, []);
  const exit = (first: number, second: number): CreateDispatch => ({
    ...header,
    products: [
      { productId: first, quantity: '1', exitPrice: '1', observations: null },
      { productId: second, quantity: '1', exitPrice: '1', observations: null },
    ],
  });
  let folio = 0;
  const entry = (first: number, second: number): CreateInvoice => ({
    ...(invoiceBody(t, catalog, []) as unknown as CreateInvoice),
    invoiceNumber: `ORD-${++folio}`,
    products: [first, second].map((productId) => ({
      productId,
      quantity: '1',
      purchasePrice: '100',
      observations: null,
      applyExciseTax: false,
      applyValueAddedTaxToPurchasePrice: false,
      exciseTaxRate: '0',
    })),
  });

  const work: Array<Promise<unknown>> = [];
  for (let i = 0; i < 20; i++) {
    work.push(registerDispatch(t.db, actor, exit(a, b), { attempts: 1 }));
    work.push(registerDispatch(t.db, actor, exit(b, a), { attempts: 1 }));
    work.push(registerInvoice(t.db, actor, entry(b, a), { attempts: 1 }));
  }
  const results = await Promise.allSettled(work);
  expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
  expect((await stockOf(c, a)).availableQuantity).toBe('480');
  expect((await stockOf(c, b)).availableQuantity).toBe('480');
});

test('concurrent first entries of a product that never moved create ONE balance row and count every unit', async () => {
  const productId = await createProduct(c, 'Lápiz adhesivo 40 g');
  const responses = await Promise.all(
    Array.from({ length: 12 }, () => c.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity: '2.5', purchasePrice: '18.9' }]))),
  );
  expect(responses.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
  expect(await stockOf(c, productId)).toMatchObject({ availableQuantity: '30', averagePrice: '18.9' });
  const { rows } = await t.db.query('SELECT count(*)::int AS n FROM product_balances WHERE product_id = $1', [productId]);
  expect(rows[0].n).toBe(1);
});
