// The moving average as an accountant checks it: each table is a sequence of documents
// registered through the API, and after each one the product's quantity (Q), average cost and
// value (Q × average) must be exactly the worksheet's figures; an exit's amount is q × the
// average at that moment. Figures are written the way PostgreSQL answers them (no trailing zeros).
import { client, type Client } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createCatalog, createProduct, dispatchBody, invoiceBody, stockOf, type Catalog } from './fixtures';

// Each file creates and migrates its own database; on a busy machine that alone can take seconds.
jest.setTimeout(120_000);

let t: TestApp;
let c: Client;
let catalog: Catalog;
beforeAll(async () => {
  t = await createTestApp();
  c = client(t, { sub: 'user-almacen', name: 'Lucía Hernández' });
  catalog = await createCatalog(c);
});
afterAll(() => t.close());

type Row =
  //  operation   qty     unit cost      Q after   average after  value after   exit amount
  | ['entrada', string, string, string, string, string]
  | ['salida', string, null, string, string, string, string];

async function runWorksheet(productName: string, rows: Row[]) {
  const productId = await createProduct(c, productName);
  for (const [index, row] of rows.entries()) {
    const [operation, quantity, unitCost, expectedQ, expectedAverage, expectedValue] = row;
    const response =
      operation === 'entrada'
        ? await c.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity, purchasePrice: unitCost as string }]))
        : await c.post('/api/dispatches', dispatchBody(t, catalog, [{ productId, quantity }]));
    expect({ row: index + 1, status: response.statusCode }).toEqual({ row: index + 1, status: 201 });

    const stock = await stockOf(c, productId);
    const movements = (await c.get(`/api/movements/products/${productId}`)).json().data;
    const last = movements.at(-1);
    const got = { row: index + 1, Q: stock.availableQuantity, average: stock.averagePrice, value: stock.value };
    expect(got).toEqual({ row: index + 1, Q: expectedQ, average: expectedAverage, value: expectedValue });
    // The movement carries the same balance, so the kardex needs no recomputation.
    expect([last.balanceQuantity, last.balanceAverage, last.balanceValue]).toEqual([expectedQ, expectedAverage, expectedValue]);
    if (operation === 'salida') {
      // Exit price = the average before the exit (unchanged by it); amount = q × that price.
      expect({ row: index + 1, price: last.price, amount: last.amount }).toEqual({ row: index + 1, price: expectedAverage, amount: row[6] });
    } else {
      expect({ row: index + 1, price: last.price }).toEqual({ row: index + 1, price: unitCost });
    }
  }
}

test("Odoo's golden case: receive 10 @ 10, receive 10 @ 20, issue 15", async () => {
  await runWorksheet('Hojas blancas tamaño carta', [
    ['entrada', '10', '10', /* → */ '10', '10', '100'],
    ['entrada', '10', '20', /* → */ '20', '15', '300'],
    ['salida', '15', null, /* → */ '5', '15', '75', /* out: */ '225'],
  ]);
});

test('decimal quantities and prices: 3 @ 33.333, 1.5 @ 100.5, issue 2.25', async () => {
  // (3 × 33.333 + 1.5 × 100.5) / 4.5 = (99.999 + 150.75) / 4.5 = 250.749 / 4.5 = 55.722 exactly
  await runWorksheet('Cinta adhesiva transparente', [
    ['entrada', '3', '33.333', /* → */ '3', '33.333', '99.999'],
    ['entrada', '1.5', '100.5', /* → */ '4.5', '55.722', '250.749'],
    ['salida', '2.25', null, /* → */ '2.25', '55.722', '125.3745', /* out: */ '125.3745'],
  ]);
});

test('a three-way average that rounds, builds on the ROUNDED average, then empties and restarts', async () => {
  // 2nd: (100 + 55) / 15 = 10.3333333… → 10.333333
  // 3rd: (15 × 10.333333 + 7 × 12.5) / 22 = (154.999995 + 87.5) / 22 = 11.0227270454… → 11.022727
  //      (not 11.022727272…: the rule uses the recorded average, as the kardex shows it)
  // The last exit empties the stock; the average stays until the next entry resets it to its cost.
  await runWorksheet('Tóner negro HP 58A', [
    ['entrada', '10', '10', /* → */ '10', '10', '100'],
    ['entrada', '5', '11', /* → */ '15', '10.333333', '154.999995'],
    ['entrada', '7', '12.5', /* → */ '22', '11.022727', '242.499994'],
    ['salida', '22', null, /* → */ '0', '11.022727', '0', /* out: */ '242.499994'],
    ['entrada', '1', '5', /* → */ '1', '5', '5'],
  ]);
});

test('rounding is half up at the 6th decimal, exactly (no float, no double rounding)', async () => {
  // (1 × 1 + 15 × 9.999) / 16 = 150.985 / 16 = 9.4365625 exactly → 9.436563 (half up;
  // half-even would say 9.436562 and a float might say either)
  await runWorksheet('Caja de clips No. 2', [
    ['entrada', '1', '1', /* → */ '1', '1', '1'],
    ['entrada', '15', '9.999', /* → */ '16', '9.436563', '150.985008'],
    ['salida', '0.001', null, /* → */ '15.999', '9.436563', '150.975571437', /* out: */ '0.009436563'],
  ]);
});

test('exits between entries take the average of that moment and never change it', async () => {
  // 4 @ 2.5; issue 1 at 2.5; 3 @ 0.001 → (3 × 2.5 + 3 × 0.001) / 6 = 7.503 / 6 = 1.2505
  await runWorksheet('Marcador permanente negro', [
    ['entrada', '4', '2.5', /* → */ '4', '2.5', '10'],
    ['salida', '1', null, /* → */ '3', '2.5', '7.5', /* out: */ '2.5'],
    ['entrada', '3', '0.001', /* → */ '6', '1.2505', '7.503'],
    ['salida', '5.5', null, /* → */ '0.5', '1.2505', '0.62525', /* out: */ '6.87775'],
  ]);
});

test('several lines of one product in one invoice are posted in line order, like separate entries', async () => {
  const productId = await createProduct(c, 'Folder tamaño oficio');
  const response = await c.post(
    '/api/invoices',
    invoiceBody(t, catalog, [
      { productId, quantity: '10', purchasePrice: '10' },
      { productId, quantity: '10', purchasePrice: '20' },
    ]),
  );
  expect(response.statusCode).toBe(201);
  const movements = (await c.get(`/api/movements/invoices/${response.json().data.id}`)).json().data;
  expect(movements.map((m: { price: string; balanceQuantity: string; balanceAverage: string }) => [m.price, m.balanceQuantity, m.balanceAverage])).toEqual([
    ['10', '10', '10'],
    ['20', '20', '15'],
  ]);
  expect(await stockOf(c, productId)).toMatchObject({ availableQuantity: '20', averagePrice: '15', value: '300' });
});
