// Regression: the lines of a cancelled invoice are reversed last line first in LEDGER order (the
// movement id as a number). Sorting the ids as text put movement 10 before movement 9, so an
// invoice whose two lines of one product straddled that boundary was unwound in the wrong order
// and the product did not return to the balance it had before the invoice.
import { client, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createCatalog, createProduct, invoiceBody, stockOf, type Catalog } from './fixtures';

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

test('an invoice whose movements are 9 and 10 is cancelled back to exactly the balance before it', async () => {
  const paper = await createProduct(c, 'Papel bond carta (orden)');
  const other = await createProduct(c, 'Lápiz (relleno)');
  // Movements 1–8: the paper holds 10 at 4 after the first; the rest only advance the ids.
  expect(
    (await c.post('/api/invoices', invoiceBody(t, catalog, [{ productId: paper, quantity: '10', purchasePrice: '4' }]))).statusCode,
  ).toBe(201);
  for (let i = 0; i < 7; i++) {
    expect(
      (await c.post('/api/invoices', invoiceBody(t, catalog, [{ productId: other, quantity: '1', purchasePrice: '1' }]))).statusCode,
    ).toBe(201);
  }
  const before = await stockOf(c, paper);
  expect(before).toMatchObject({ availableQuantity: '10', averagePrice: '4' });
  const invoice = await c.post(
    '/api/invoices',
    invoiceBody(t, catalog, [
      { productId: paper, quantity: '5', purchasePrice: '10' },
      { productId: paper, quantity: '5', purchasePrice: '16' },
    ]),
  );
  expect(invoice.statusCode).toBe(201);
  const { rows } = await t.db.query<{ id: string }>('SELECT m.id::text AS id FROM movements m WHERE m.invoice_id = $1 ORDER BY m.id', [
    invoice.json().data.id,
  ]);
  expect(rows.map((r) => r.id)).toEqual(['9', '10']);

  const cancelled = await c.post(`/api/invoices/${invoice.json().data.id}/cancellation`, { reason: 'Factura duplicada' });
  expect(cancelled.statusCode).toBe(201);
  // Line 2 (movement 10) first, at its own price, then line 1 (movement 9).
  expect(
    cancelled
      .json()
      .data.movements.map((m: { price: string; balanceQuantity: string; balanceAverage: string }) => [
        m.price,
        m.balanceQuantity,
        m.balanceAverage,
      ]),
  ).toEqual([
    ['16', '15', '6'],
    ['10', '10', '4'],
  ]);
  expect(await stockOf(c, paper)).toEqual(before);
});
