// The moving average as an accountant checks it: each table is a sequence of documents
// registered through the API, and after each one the product's quantity (Q), value (V) and average
// cost must be exactly the worksheet's figures. The value is the primary figure: an entry adds its
// value (q × price, to the cent), an exit takes its share of the value (q × V / Q, to the cent;
// all of V when it takes all of Q), and the average is V / Q half up to 6 decimals — an emptied
// balance keeps the average it had. An exit's price is the average at that moment. Figures are
// written the way PostgreSQL answers them (no trailing zeros).
import { client, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
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
  ['entrada', string, string, string, string, string] | ['salida', string, null, string, string, string, string];

async function runWorksheet(productName: string, rows: Row[]) {
  const productId = await createProduct(c, productName);
  let averageBefore = '0';
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
      // Exit price = the average before the exit; amount = its share of the value.
      expect({ row: index + 1, price: last.price, amount: last.amount }).toEqual({
        row: index + 1,
        price: averageBefore,
        amount: row[6],
      });
    } else {
      expect({ row: index + 1, price: last.price }).toEqual({ row: index + 1, price: unitCost });
    }
    averageBefore = expectedAverage;
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
  // 3 × 33.333 = 99.999 → worth 100.00: V 100, average 100 / 3 = 33.3333333… → 33.333333
  // 1.5 × 100.5 = 150.75: V 250.75, Q 4.5, average 55.7222222… → 55.722222
  // issue 2.25 at 55.722222: its share 2.25 × 250.75 / 4.5 = 125.375 → 125.38 (half up);
  //   V 125.37, Q 2.25, average 55.72 — the value decides, the average is its quotient
  await runWorksheet('Cinta adhesiva transparente', [
    ['entrada', '3', '33.333', /* → */ '3', '33.333333', '100'],
    ['entrada', '1.5', '100.5', /* → */ '4.5', '55.722222', '250.75'],
    ['salida', '2.25', null, /* → */ '2.25', '55.72', '125.37', /* out: */ '125.38'],
  ]);
});

test('a three-way average that rounds, builds on the VALUE, then empties and restarts', async () => {
  // 2nd: (100 + 55) / 15 = 10.3333333… → 10.333333, V 155 exactly
  // 3rd: (155 + 87.5) / 22 = 11.0227272… → 11.022727 (the value carries no rounding forward)
  // The last exit takes all 22: all of V, 242.50; the average stays until the next entry.
  await runWorksheet('Tóner negro HP 58A', [
    ['entrada', '10', '10', /* → */ '10', '10', '100'],
    ['entrada', '5', '11', /* → */ '15', '10.333333', '155'],
    ['entrada', '7', '12.5', /* → */ '22', '11.022727', '242.5'],
    ['salida', '22', null, /* → */ '0', '11.022727', '0', /* out: */ '242.5'],
    ['entrada', '1', '5', /* → */ '1', '5', '5'],
  ]);
});

test('rounding is half up at the 6th decimal and at the cent, exactly (no float, no double rounding)', async () => {
  // 31 × 31.25 = 968.75; + 1 × 31.26 → V 1000.01, Q 32: 1000.01 / 32 = 31.2503125 exactly →
  // 31.250313 (half up; half-even would say 31.250312 and a float might say either).
  // Issue 0.001: its share 0.001 × 1000.01 / 32 = 0.0312503… → 0.03; V 999.98, Q 31.999,
  // average 999.98 / 31.999 = 31.2503515… → 31.250352.
  await runWorksheet('Caja de clips No. 2', [
    ['entrada', '31', '31.25', /* → */ '31', '31.25', '968.75'],
    ['entrada', '1', '31.26', /* → */ '32', '31.250313', '1000.01'],
    ['salida', '0.001', null, /* → */ '31.999', '31.250352', '999.98', /* out: */ '0.03'],
  ]);
});

test('exits between entries take the average of that moment and their share of the value', async () => {
  // 4 @ 2.5; issue 1: 10 / 4 = 2.50; 3 @ 0.01 = 0.03 → V 7.53, Q 6, average 1.255;
  // issue 5.5: 5.5 × 7.53 / 6 = 6.9025 → 6.90; V 0.63, Q 0.5, average 1.26
  await runWorksheet('Marcador permanente negro', [
    ['entrada', '4', '2.5', /* → */ '4', '2.5', '10'],
    ['salida', '1', null, /* → */ '3', '2.5', '7.5', /* out: */ '2.5'],
    ['entrada', '3', '0.01', /* → */ '6', '1.255', '7.53'],
    ['salida', '5.5', null, /* → */ '0.5', '1.26', '0.63', /* out: */ '6.9'],
  ]);
});

test('a typed line worth less than a cent is refused with a Spanish 400 and writes nothing', async () => {
  const productId = await createProduct(c, 'Clip mariposa');
  const response = await c.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity: '3', purchasePrice: '0.001' }]));
  expect(response.statusCode).toBe(400);
  expect(response.json().errors['products.0.purchasePrice']).toBe(
    'El importe del renglón (cantidad por precio) redondeado al centavo es $0.00; el almacén registra valores desde $0.01.',
  );
  expect(await stockOf(c, productId)).toMatchObject({ availableQuantity: '0', hasMovements: false });
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
  expect(
    movements.map((m: { price: string; balanceQuantity: string; balanceAverage: string }) => [
      m.price,
      m.balanceQuantity,
      m.balanceAverage,
    ]),
  ).toEqual([
    ['10', '10', '10'],
    ['20', '20', '15'],
  ]);
  expect(await stockOf(c, productId)).toMatchObject({ availableQuantity: '20', averagePrice: '15', value: '300' });
});

// ---- corrections: a cancellation is a new document with opposite movements -------
//   cancel an entry: if nothing else moved the product since, back to the balance before it;
//                    otherwise its quantity leaves like an exit (its share of the value);
//   cancel an exit:  its quantity comes back with the value it took; the average is the new V / Q.
// The last three columns are the stored balance row as PostgreSQL keeps it (scale 3 / 6), so the
// figures are exact to the last decimal, not just equal after trimming zeros.

type Correction =
  //  operation            qty / row   unit cost   Q after  avg after  value after  movement price  movement amount  stored Q  stored avg
  | ['entrada', string, string, string, string, string]
  | ['salida', string, null, string, string, string, string, string]
  | ['cancelar', number, null, string, string, string, string, string, string, string];

async function runCorrections(productName: string, rows: Correction[]) {
  const productId = await createProduct(c, productName);
  const documents: Array<{ url: string; id: number }> = [];
  for (const [index, row] of rows.entries()) {
    const n = index + 1;
    let response;
    if (row[0] === 'entrada') {
      response = await c.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity: row[1], purchasePrice: row[2] }]));
      documents[n] = { url: '/api/invoices', id: response.json().data.id };
    } else if (row[0] === 'salida') {
      response = await c.post('/api/dispatches', dispatchBody(t, catalog, [{ productId, quantity: row[1] }]));
      documents[n] = { url: '/api/dispatches', id: response.json().data.id };
    } else {
      const document = documents[row[1]];
      response = await c.post(`${document.url}/${document.id}/cancellation`, { reason: `Corrección del renglón ${row[1]}` });
    }
    expect({ row: n, status: response.statusCode, body: response.statusCode === 201 ? '' : response.body }).toEqual({
      row: n,
      status: 201,
      body: '',
    });

    const [, , , expectedQ, expectedAverage, expectedValue] = row;
    const stock = await stockOf(c, productId);
    expect({ row: n, Q: stock.availableQuantity, average: stock.averagePrice, value: stock.value }).toEqual({
      row: n,
      Q: expectedQ,
      average: expectedAverage,
      value: expectedValue,
    });
    const last = (await c.get(`/api/movements/products/${productId}`)).json().data.at(-1);
    expect([last.balanceQuantity, last.balanceAverage, last.balanceValue]).toEqual([expectedQ, expectedAverage, expectedValue]);
    if (row[0] !== 'entrada') expect({ row: n, price: last.price, amount: last.amount }).toEqual({ row: n, price: row[6], amount: row[7] });
    if (row[0] === 'cancelar') {
      const stored = await t.db.query('SELECT quantity::text AS q, average_cost::text AS avg FROM product_balances WHERE product_id = $1', [
        productId,
      ]);
      expect({ row: n, ...stored.rows[0] }).toEqual({ row: n, q: row[8], avg: row[9] });
    }
  }
  return productId;
}

test('worked example: two entries and an exit, then each is cancelled; the product had moved since every time', async () => {
  await runCorrections('Carpeta de argollas 1"', [
    ['entrada', '10', '10', /* → */ '10', '10', '100'],
    ['entrada', '10', '20', /* → */ '20', '15', '300'],
    ['salida', '5', null, /* → */ '15', '15', '225', /* at */ '15', '75'],
    // Cancel entry A: B and the exit came after it, so its 10 leave at the average, 15.000000.
    ['cancelar', 1, null, /* → */ '5', '15', '75', /* at */ '15', '150', /* stored */ '5.000', '15.000000'],
    // Cancel the exit: its 5 come back at its price 15 → (5 × 15 + 5 × 15) / 10 = 15.000000.
    ['cancelar', 3, null, /* → */ '10', '15', '150', /* at */ '15', '75', /* stored */ '10.000', '15.000000'],
    // Cancel entry B: moved since (the exit, the cancellations) → 10 leave at 15.000000.
    ['cancelar', 2, null, /* → */ '0', '15', '0', /* at */ '15', '150', /* stored */ '0.000', '15.000000'],
  ]);
});

test('worked example: 4 @ 12.345 on 6 @ 10.000000 (avg 10.938000), cancelled at once → 6 @ 10.000000 exactly', async () => {
  // (6 × 10 + 4 × 12.345) / 10 = (60 + 49.38) / 10 = 10.938. Nothing moved the product after the
  // entry, so its cancellation restores the balance the previous movement left — not 10.938 kept
  // as an exit would — and the line leaves at its own price, 4 × 12.345 = 49.38.
  await runCorrections('Corrector líquido en pluma', [
    ['entrada', '6', '10', /* → */ '6', '10', '60'],
    ['entrada', '4', '12.345', /* → */ '10', '10.938', '109.38'],
    ['cancelar', 2, null, /* → */ '6', '10', '60', /* at */ '12.345', '49.38', /* stored */ '6.000', '10.000000'],
  ]);
});

test('an exit cancelled after a later entry comes back with the value it took and moves the average like an entry', async () => {
  // 3 @ 7; exit 2: 14.00; 4 @ 9.999 = 39.996 → 40.00: V 47, Q 5, average 9.4;
  // cancelling the exit: V 47 + 14 = 61, Q 7, average 61 / 7 = 8.7142857… → 8.714286
  await runCorrections('Borrador de migajón', [
    ['entrada', '3', '7', /* → */ '3', '7', '21'],
    ['salida', '2', null, /* → */ '1', '7', '7', /* at */ '7', '14'],
    ['entrada', '4', '9.999', /* → */ '5', '9.4', '47'],
    ['cancelar', 2, null, /* → */ '7', '8.714286', '61', /* at */ '7', '14', /* stored */ '7.000', '8.714286'],
  ]);
});

test('the first entry of a product, cancelled at once, leaves 0 / 0 as if it never moved', async () => {
  // 2.5 × 31.333 = 78.3325 → worth 78.33; average 78.33 / 2.5 = 31.332
  await runCorrections('Regla de aluminio 30 cm', [
    ['entrada', '2.5', '31.333', /* → */ '2.5', '31.332', '78.33'],
    ['cancelar', 1, null, /* → */ '0', '0', '0', /* at */ '31.333', '78.33', /* stored */ '0.000', '0.000000'],
  ]);
});

test('an invoice with two lines of one product, cancelled at once, unwinds both lines exactly', async () => {
  const productId = await createProduct(c, 'Sobre bolsa tamaño carta');
  await c.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity: '3', purchasePrice: '1.1' }]));
  const invoice = await c.post(
    '/api/invoices',
    invoiceBody(t, catalog, [
      { productId, quantity: '7', purchasePrice: '2.2' },
      { productId, quantity: '5', purchasePrice: '3.333' },
    ]),
  );
  // 3.30 + 15.40 = 18.70 over 10 = 1.87; 5 × 3.333 = 16.665 → 16.67: 35.37 / 15 = 2.358
  expect(await stockOf(c, productId)).toMatchObject({ availableQuantity: '15', averagePrice: '2.358', value: '35.37' });
  const cancelled = await c.post(`/api/invoices/${invoice.json().data.id}/cancellation`, { reason: 'Factura duplicada por error' });
  expect(cancelled.statusCode).toBe(201);
  // Last line first: back to 10 @ 1.87, then to 3 @ 1.1 — the balance the invoice found.
  expect(
    cancelled
      .json()
      .data.movements.map((m: { price: string; balanceQuantity: string; balanceAverage: string }) => [
        m.price,
        m.balanceQuantity,
        m.balanceAverage,
      ]),
  ).toEqual([
    ['3.333', '10', '1.87'],
    ['2.2', '3', '1.1'],
  ]);
  expect(await stockOf(c, productId)).toMatchObject({ availableQuantity: '3', averagePrice: '1.1', value: '3.3' });
});
