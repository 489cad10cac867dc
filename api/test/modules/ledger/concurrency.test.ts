// No oversell and no deadlock against a real PostgreSQL (ARCHITECTURE.md, "The stock ledger"): concurrent
// documents queue on the balance rows, locked in product-id order, so the last units go to
// exactly as many exits as there are units, and documents touching the same products in
// opposite order neither deadlock nor leak a database error to the client.
import type { CreateDispatch, CreateInvoice } from '@almacen/shared/schemas';
import { cancelDispatch, registerDispatch } from '../../../src/modules/dispatches/dispatches.service';
import { cancelInvoice, registerInvoice } from '../../../src/modules/invoices/invoices.service';
import { client, countRows, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
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
      client(t, { sub: `clerk-${i}`, name: `Almacenista ${i}` }).post(
        '/api/dispatches',
        dispatchBody(t, catalog, [{ productId, quantity: 1 }]),
      ),
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
  expect(rows.map((r) => r.balance_quantity)).toEqual([
    '10.000',
    '9.000',
    '8.000',
    '7.000',
    '6.000',
    '5.000',
    '4.000',
    '3.000',
    '2.000',
    '1.000',
    '0.000',
  ]);
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
    requests.push(
      c.post(
        '/api/dispatches',
        dispatchBody(t, catalog, [
          { productId: a, quantity: 1 },
          { productId: b, quantity: 1 },
          { productId: z, quantity: 1 },
        ]),
      ),
    );
    requests.push(
      c.post(
        '/api/dispatches',
        dispatchBody(t, catalog, [
          { productId: z, quantity: 1 },
          { productId: b, quantity: 1 },
          { productId: a, quantity: 1 },
        ]),
      ),
    );
    requests.push(
      c.post(
        '/api/invoices',
        invoiceBody(t, catalog, [
          { productId: b, quantity: 1, purchasePrice: 110 },
          { productId: a, quantity: 1, purchasePrice: 95 },
        ]),
      ),
    );
    requests.push(
      c.post(
        '/api/invoices',
        invoiceBody(t, catalog, [
          { productId: a, quantity: 1, purchasePrice: 95 },
          { productId: z, quantity: 1, purchasePrice: 2.5 },
        ]),
      ),
    );
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
    Array.from({ length: 12 }, () =>
      c.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity: '2.5', purchasePrice: '18.9' }])),
    ),
  );
  expect(responses.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
  expect(await stockOf(c, productId)).toMatchObject({ availableQuantity: '30', averagePrice: '18.9' });
  const { rows } = await t.db.query('SELECT count(*)::int AS n FROM product_balances WHERE product_id = $1', [productId]);
  expect(rows[0].n).toBe(1);
});

// ---- cancellations ---------------------------------------------------------------

test('ten people cancel the same entry and the same exit at once: exactly one 201 each, the others 409 with the Spanish message, stock moved once', async () => {
  const productId = await createProduct(c, 'Resistol 850 g');
  await receive(productId, '50', '90');
  const invoice = (await c.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity: '10', purchasePrice: '100' }]))).json()
    .data;
  const dispatch = (await c.post('/api/dispatches', dispatchBody(t, catalog, [{ productId, quantity: '4' }]))).json().data;
  const before = await countRows(t, ['document_cancellations', 'movements']);

  const race = (url: string) =>
    Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        client(t, { sub: `clerk-${i}`, name: `Almacenista ${i}` }).post(url, { reason: `Corrección ${i}` }),
      ),
    );
  const [entries, exits] = await Promise.all([
    race(`/api/invoices/${invoice.id}/cancellation`),
    race(`/api/dispatches/${dispatch.id}/cancellation`),
  ]);

  for (const [responses, message] of [
    [entries, 'La entrada ya está cancelada.'],
    [exits, 'La salida ya está cancelada.'],
  ] as const) {
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = responses.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => [r.statusCode, r.json().message])).toEqual(Array(9).fill([409, message]));
  }
  expect(await countRows(t, ['document_cancellations', 'movements'])).toEqual({
    document_cancellations: before.document_cancellations + 2,
    movements: before.movements + 2,
  });
  // 50 + 10 − 4 − 10 (the entry's cancellation) + 4 (the exit's) = 50: each counted once.
  expect((await stockOf(c, productId)).availableQuantity).toBe('50');
});

test('the lock order holds for cancellations too: with NO retry, opposite-order cancellations, exits and entries all commit', async () => {
  const a = await createProduct(c, 'Cartulina blanca');
  const b = await createProduct(c, 'Cartulina de color');
  await receive(a, '500', '4');
  await receive(b, '500', '5');
  const actor = { sub: 'user-lock-order', name: 'Prueba de orden' };
  const invoices: number[] = [];
  const dispatches: number[] = [];
  for (let i = 0; i < 10; i++) {
    const lines = i % 2 ? [a, b] : [b, a];
    invoices.push(
      (
        await c.post(
          '/api/invoices',
          invoiceBody(
            t,
            catalog,
            lines.map((productId) => ({ productId, quantity: '1', purchasePrice: '6' })),
          ),
        )
      ).json().data.id,
    );
    dispatches.push(
      (
        await c.post(
          '/api/dispatches',
          dispatchBody(
            t,
            catalog,
            lines.map((productId) => ({ productId, quantity: '1' })),
          ),
        )
      ).json().data.id,
    );
  }
  const header = dispatchBody(t, catalog, []);
  const exit = (first: number, second: number): CreateDispatch => ({
    ...header,
    products: [first, second].map((productId) => ({ productId, quantity: '1', exitPrice: '1', observations: null })),
  });

  const work: Array<Promise<unknown>> = [];
  for (let i = 0; i < 10; i++) {
    work.push(cancelInvoice(t.db, actor, invoices[i], { reason: 'Prueba de bloqueo' }, { attempts: 1 }));
    work.push(cancelDispatch(t.db, actor, dispatches[i], { reason: 'Prueba de bloqueo' }, { attempts: 1 }));
    work.push(registerDispatch(t.db, actor, exit(i % 2 ? a : b, i % 2 ? b : a), { attempts: 1 }));
  }
  const results = await Promise.allSettled(work);
  expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
  // 500 + 10 in − 10 out − 10 cancelled in + 10 cancelled out − 10 exits = 490.
  expect((await stockOf(c, a)).availableQuantity).toBe('490');
  expect((await stockOf(c, b)).availableQuantity).toBe('490');
});
