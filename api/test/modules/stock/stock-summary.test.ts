// GET /api/stock/summary on a worked example registered through the API: documents dated in past
// months (and registered then, by rewinding the registration clock, as the stock-at-date tests
// do); every figure and series is checked against numbers worked out by hand from the ledger
// rules, cancellations included (they count in the month they are registered), and the fold
// "Σ entries − Σ exits = inventory value" holds.
import { addDecimal, compareDecimal, todayIn } from '@almacen/shared/domain';
import { client, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createCatalog, createProduct, dispatchBody, invoiceBody, type Catalog } from '../ledger/fixtures';
import { registrationClock } from '../ledger/registered-at';

let t: TestApp;
let c: Client;
let catalog: Catalog;
const p: Record<string, number> = {};
const doc: Record<string, number> = {};

/** YYYY-MM of the month `offset` months from `month`. */
function shift(month: string, offset: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
const lastDay = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};
let m0: string;
let office: number;

async function ok(response: Promise<{ statusCode: number; body: string; json: () => { data: { id: number } } }>): Promise<number> {
  const r = await response;
  if (r.statusCode !== 201) throw new Error(r.body);
  return r.json().data.id;
}

beforeAll(async () => {
  t = await createTestApp();
  c = client(t, { sub: 'user-almacen', name: 'Jorge Ramírez' });
  m0 = todayIn(t.config.timeZone).slice(0, 7);
  catalog = await createCatalog(c);
  office = (await c.post('/api/catalog/product-categories', { description: '2111 Materiales de oficina' })).json().data.id;
  const cleaning = (await c.post('/api/catalog/product-categories', { description: '2161 Material de limpieza' })).json().data.id;
  const set = (name: string, extra: object) => c.put('/api/catalog/products', { id: p[name], name, ...extra });
  for (const name of ['Papel', 'Lápiz', 'Cloro', 'Tóner', 'Cinta', 'Grapas']) p[name] = await createProduct(c, name);
  await set('Papel', { categoryId: office, minimumStock: '5', maximumStock: '20' });
  await set('Lápiz', { categoryId: office });
  await set('Cloro', { categoryId: cleaning, minimumStock: '10' });
  await set('Cinta', { minimumStock: '1' });

  const clock = await registrationClock(t);
  // 13 months ago: outside the 12-month series, inside the value.
  doc.I1 = await ok(
    c.post(
      '/api/invoices',
      invoiceBody(
        t,
        catalog,
        [
          { productId: p.Papel, quantity: '10', purchasePrice: '10.005' }, // 100.05
          { productId: p['Lápiz'], quantity: '3', purchasePrice: '1.111' }, // 3.333 → 3.33
        ],
        { invoiceDate: `${shift(m0, -13)}-15` },
      ),
    ),
  );
  await clock.at(`${shift(m0, -13)}-15 12:00:00`);
  // The first day of the series' first month.
  doc.I2 = await ok(
    c.post(
      '/api/invoices',
      invoiceBody(
        t,
        catalog,
        [
          { productId: p.Cloro, quantity: '4', purchasePrice: '25' }, // 100.00
          { productId: p['Tóner'], quantity: '2.5', purchasePrice: '40.004' }, // 100.01
        ],
        { invoiceDate: `${shift(m0, -11)}-01` },
      ),
    ),
  );
  await clock.at(`${shift(m0, -11)}-01 00:00:00`);
  // The last day of last month.
  doc.D1 = await ok(
    c.post(
      '/api/dispatches',
      dispatchBody(t, catalog, [{ productId: p.Papel, quantity: '6', exitPrice: '10.005' }], { dispatchDate: lastDay(shift(m0, -1)) }),
    ),
  ); // 60.03
  await clock.at(`${lastDay(shift(m0, -1))} 23:59:59.999`);
  // The first day of this month.
  doc.I3 = await ok(
    c.post(
      '/api/invoices',
      invoiceBody(t, catalog, [{ productId: p.Cloro, quantity: '2', purchasePrice: '30' }], { invoiceDate: `${m0}-01` }),
    ),
  ); // 60.00
  doc.I4 = await ok(
    c.post(
      '/api/invoices',
      invoiceBody(t, catalog, [{ productId: p.Cinta, quantity: '1', purchasePrice: '5' }], { invoiceDate: `${m0}-01` }),
    ),
  ); // 5.00
  await clock.at(`${m0}-01 00:00:00`);
  // Now: I4 cancelled in its own month, an exit, and last month's exit cancelled this month.
  await ok(c.post(`/api/invoices/${doc.I4}/cancellation`, { reason: 'Factura duplicada' }));
  doc.D2 = await ok(c.post('/api/dispatches', dispatchBody(t, catalog, [{ productId: p['Tóner'], quantity: '0.5', exitPrice: '40.004' }]))); // 20.002 → 20.00
  await ok(c.post(`/api/dispatches/${doc.D1}/cancellation`, { reason: 'No se entregó' })); // 60.03 back
}, 60_000);
afterAll(() => t.close());

const summary = async (claims?: Record<string, unknown>) => {
  const r = await t.app.inject({ method: 'GET', url: '/api/stock/summary', headers: await t.auth(claims) });
  expect(r.statusCode).toBe(200);
  return r.json().data;
};

test("the figures: inventory value, products with stock and under their minimum, the month's entries and exits net of cancellations", async () => {
  const s = await summary({ sub: 'user-consulta', almacen_roles: ['CONSULTA'] });
  expect(s.month).toBe(m0);
  // Papel 10 × 10.005 = 100.05; Lápiz 3 × 1.111 = 3.33; Cloro 6 × 26.666667 = 160.00; Tóner 2 × 40.004 = 80.01.
  expect(s.inventoryValue).toBe('343.39');
  expect(s.productsWithStock).toBe(4);
  // Cloro 6 ≤ 10 and Cinta 0 ≤ 1 (its only entry was cancelled); Papel 10 > 5; Grapas has no minimum.
  expect(s.productsUnderMinimum).toBe(2);
  // Entradas: I3 60.00 + I4 5.00 − I4's cancellation 5.00 (2 documents − 1 cancelled).
  expect(s.entries).toEqual({ count: 1, amount: '60.00' });
  // Salidas: D2 20.00 − D1's cancellation 60.03 (D1 was last month's): 1 − 1 documents.
  expect(s.exits).toEqual({ count: 0, amount: '-40.03' });
});

test("the 12-month series by the documents' dates: the first day of the first month in, the last day of last month there, 13 months ago out", async () => {
  const s = await summary();
  expect(s.monthly.map((m: { month: string }) => m.month)).toEqual(Array.from({ length: 12 }, (_v, i) => shift(m0, i - 11)));
  const byMonth = Object.fromEntries(
    s.monthly.map((m: { month: string; entries: string; exits: string }) => [m.month, [m.entries, m.exits]]),
  );
  expect(byMonth[shift(m0, -11)]).toEqual(['200.01', '0.00']);
  expect(byMonth[shift(m0, -1)]).toEqual(['0.00', '60.03']);
  expect(byMonth[m0]).toEqual(['60.00', '-40.03']);
  const quiet = s.monthly.filter((m: { month: string }) => ![shift(m0, -11), shift(m0, -1), m0].includes(m.month));
  expect(quiet.every((m: { entries: string; exits: string }) => m.entries === '0.00' && m.exits === '0.00')).toBe(true);
  // The fold: what came in minus what went out, over the whole ledger, is the inventory value
  // (I1, 13 months ago, is outside the series: 103.38).
  const cents = (text: string) => Math.round(Number(text) * 100); // amounts with 2 decimals, well within exact doubles
  const entries = s.monthly.reduce((sum: number, m: { entries: string }) => sum + cents(m.entries), cents('103.38'));
  const exits = s.monthly.reduce((sum: number, m: { exits: string }) => sum + cents(m.exits), 0);
  expect(entries - exits).toBe(cents('343.39'));
});

test('value by partida (products without one as "Sin partida"), the products with the largest value, the last movements', async () => {
  const s = await summary();
  expect(s.valueByCategory).toEqual([
    { categoryId: expect.any(Number), category: '2161 Material de limpieza', value: '160.00', others: false },
    { categoryId: expect.any(Number), category: '2111 Materiales de oficina', value: '103.38', others: false },
    { categoryId: null, category: 'Sin partida', value: '80.01', others: false },
  ]);
  expect(s.topProducts).toEqual([
    { productId: p.Cloro, name: 'Cloro', quantity: '6', value: '160.00' },
    { productId: p.Papel, name: 'Papel', quantity: '10', value: '100.05' },
    { productId: p['Tóner'], name: 'Tóner', quantity: '2', value: '80.01' },
    { productId: p['Lápiz'], name: 'Lápiz', quantity: '3', value: '3.33' },
  ]);
  expect(s.recentMovements).toHaveLength(10);
  expect(
    s.recentMovements.map((m: { movementType: string; productName: string; amount: string }) => [m.movementType, m.productName, m.amount]),
  ).toEqual([
    ['DISPATCH_CANCELLATION', 'Papel', '60.03'],
    ['DISPATCH', 'Tóner', '20.00'],
    ['INVOICE_CANCELLATION', 'Cinta', '5.00'],
    ['INVOICE', 'Cinta', '5.00'],
    ['INVOICE', 'Cloro', '60.00'],
    ['DISPATCH', 'Papel', '60.03'],
    ['INVOICE', 'Tóner', '100.01'],
    ['INVOICE', 'Cloro', '100.00'],
    ['INVOICE', 'Lápiz', '3.33'],
    ['INVOICE', 'Papel', '100.05'],
  ]);
  expect(s.recentMovements[1]).toMatchObject({ dispatchId: doc.D2, invoiceId: null, quantity: '0.5', price: '40.004' });
  expect(s.recentMovements[4]).toMatchObject({ invoiceId: doc.I3, dispatchId: null });
});

test('kept between unchanged calls, the answer follows a new movement and a changed minimum at once', async () => {
  const before = await summary();
  expect(await summary()).toEqual(before);
  await c.put('/api/catalog/products', { id: p.Papel, name: 'Papel', categoryId: office, minimumStock: '10', maximumStock: '20' });
  expect((await summary()).productsUnderMinimum).toBe(before.productsUnderMinimum + 1); // 10 ≤ 10
  await ok(c.post('/api/invoices', invoiceBody(t, catalog, [{ productId: p.Papel, quantity: '1', purchasePrice: '10.005' }])));
  const after = await summary();
  expect(after.productsUnderMinimum).toBe(before.productsUnderMinimum);
  expect(after.inventoryValue).toBe('353.40'); // + 10.01 (11 × 10.005 = 110.055 → 110.06 for Papel)
  expect(after.entries).toEqual({ count: 2, amount: '70.01' });
  await c.put('/api/catalog/products', { id: p.Papel, name: 'Papel', categoryId: office, minimumStock: '5', maximumStock: '20' });
});

test('an empty warehouse answers zeros and empty series, not nulls', async () => {
  const empty = await createTestApp();
  try {
    const r = await empty.app.inject({ method: 'GET', url: '/api/stock/summary', headers: await empty.auth() });
    expect(r.json().data).toMatchObject({
      inventoryValue: '0.00',
      productsWithStock: 0,
      productsUnderMinimum: 0,
      entries: { count: 0, amount: '0.00' },
      exits: { count: 0, amount: '0.00' },
      valueByCategory: [],
      topProducts: [],
      recentMovements: [],
    });
    expect(r.json().data.monthly).toHaveLength(12);
  } finally {
    await empty.close();
  }
});

test('more than 10 partidas: the 10 largest and the rest as "Otras"', async () => {
  const lines = [];
  for (let i = 1; i <= 10; i++) {
    const category = (await c.post('/api/catalog/product-categories', { description: `Partida ${i}` })).json().data.id;
    const id = await createProduct(c, `Producto ${i}`);
    await c.put('/api/catalog/products', { id, name: `Producto ${i}`, categoryId: category });
    lines.push({ productId: id, quantity: '1', purchasePrice: String(100 + i) });
  }
  await ok(c.post('/api/invoices', invoiceBody(t, catalog, lines)));
  const s = await summary();
  expect(s.valueByCategory).toHaveLength(11);
  expect(s.valueByCategory[0]).toMatchObject({ category: '2161 Material de limpieza', value: '160.00' });
  // 160.00, then 2111 (103.38 + the 10.01 of the test before = 113.39), Partida 10…3 (110.00…103.00).
  expect(s.valueByCategory.slice(1, 10).map((v: { category: string }) => v.category)).toEqual([
    '2111 Materiales de oficina',
    'Partida 10',
    'Partida 9',
    'Partida 8',
    'Partida 7',
    'Partida 6',
    'Partida 5',
    'Partida 4',
    'Partida 3',
  ]);
  // Left out: Partida 2 (102.00), Partida 1 (101.00) and Sin partida (80.01).
  expect(s.valueByCategory[10]).toEqual({ categoryId: null, category: 'Otras', value: '283.01', others: true });
  const total = s.valueByCategory.reduce((sum: string, v: { value: string }) => addDecimal(sum, v.value), '0');
  expect(compareDecimal(total, s.inventoryValue)).toBe(0);
});
