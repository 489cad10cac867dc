// A document belongs to the period of its date (ARCHITECTURE.md, "The stock ledger"). The worked
// example of the rule — one product, last month still open, everything registered this month,
// late paperwork of last month included — and its variants with a cancellation and with a count
// dated last month's end, exact to the cent through the API, the closing, the stock report, the
// kardex and the home page (the property of the rule: document-dates-property.test.ts).
//
// "October" of the example is the month before today's (the only one that can be closed next),
// "November" today's; the November documents are dated the 1st, never after today.
import { formatDate, monthEnd, monthOf, todayIn } from '@almacen/shared/domain';
import { client, countRows, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { readXlsx, type CellValue } from '../../reports/read-report';
import { createCatalog, createProduct, dispatchBody, invoiceBody, LEDGER_TABLES, stockOf, type Catalog } from './fixtures';

jest.setTimeout(300_000);

let t: TestApp;
let c: Client;
let catalog: Catalog;
let today: string;
let november: string;
let october: string;
const oct = (day: number) => `${october}-${String(day).padStart(2, '0')}`;
let octoberEnd: string;

const lastDayOf = (month: string) => monthEnd(`${month}-01`);

beforeAll(async () => {
  t = await createTestApp();
  c = client(t, { sub: 'user-almacen', name: 'Lucía Hernández' });
  catalog = await createCatalog(c);
  today = todayIn(t.config.timeZone);
  november = today.slice(0, 7);
  october = monthOf(today, -1);
  octoberEnd = lastDayOf(october);
});
afterAll(() => t.close());

async function posted(url: string, body: unknown): Promise<number> {
  const r = await c.post(url, body);
  if (r.statusCode !== 201) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
  return r.json().data.id;
}
const entry = (productId: number, quantity: string, price: string, date: string) =>
  posted('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity, purchasePrice: price }], { invoiceDate: date }));
const exit = (productId: number, quantity: string, date: string) =>
  posted('/api/dispatches', dispatchBody(t, catalog, [{ productId, quantity }], { dispatchDate: date }));

interface Stock {
  availableQuantity: string;
  averagePrice: string;
  value: string;
}
async function stockAt(date: string, productId: number): Promise<Stock> {
  const r = await c.get(`/api/stock?date=${date}`);
  expect(r.statusCode).toBe(200);
  const { productId: _id, ...line } = (r.json().data as Array<Stock & { productId: number }>).find((l) => l.productId === productId)!;
  return line;
}

/** The kardex of a range as XLSX rows below the header: [label-or-id, …, balance q, avg, value]. */
async function card(productId: number, from: string, to: string): Promise<CellValue[][]> {
  const r = await t.app.inject({
    method: 'POST',
    url: `/api/reports/products/${productId}?from=${from}&to=${to}&format=xlsx`,
    headers: await t.auth(),
  });
  expect(r.statusCode).toBe(200);
  const { rows } = await readXlsx(r.rawPayload);
  const header = rows.findIndex((row) => row[0] === 'Mov.');
  return rows.slice(header + 1).filter((row) => row.some((v) => v !== null));
}

describe('the worked example: late paperwork of an open month', () => {
  let paper: number;
  let lateExit: number;
  beforeAll(async () => {
    paper = await createProduct(c, 'Papel bond carta (periodo)');
    await entry(paper, '10', '10', oct(2)); // 100.00
    await entry(paper, '10', '12', `${november}-01`); // registration balance 20 @ 11.00 (220.00)
    lateExit = await exit(paper, '5', oct(20)); // date view at the 20th: 10 − 5 ≥ 0; leaves at 11.00 → 55.00
    await entry(paper, '5', '14', oct(25)); // registration balance 20 @ 11.75 (235.00)
  });

  test('each document counts on its date; each value was fixed when it was registered', async () => {
    const movements = (await c.get(`/api/movements/products/${paper}`)).json().data;
    expect(
      movements.map((m: { dated: string; amount: string; balanceQuantity: string; balanceAverage: string; balanceValue: string }) => [
        m.dated,
        m.amount,
        m.balanceQuantity,
        m.balanceAverage,
        m.balanceValue,
      ]),
    ).toEqual([
      [oct(2), '100', '10', '10', '100'],
      [`${november}-01`, '120', '20', '11', '220'],
      [oct(20), '55', '15', '11', '165'],
      [oct(25), '70', '20', '11.75', '235'],
    ]);
    expect(await stockOf(c, paper)).toMatchObject({ availableQuantity: '20', averagePrice: '11.75', value: '235' });
  });

  test('an exit dated the 3rd of October for 12 is refused: on that day the date view had 10, though today has 20 (409, nothing written)', async () => {
    const before = await countRows(t, LEDGER_TABLES);
    const r = await c.post('/api/dispatches', dispatchBody(t, catalog, [{ productId: paper, quantity: '12' }], { dispatchDate: oct(3) }));
    expect(r.statusCode).toBe(409);
    const message = `Al ${formatDate(oct(3))} había 10 unidades de «Papel bond carta (periodo)»; la salida pide 12.`;
    expect(r.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', message, errors: { 'products.0.quantity': message } });
    expect(await countRows(t, LEDGER_TABLES)).toEqual(before);
  });

  test("October's end: 10 units worth 115.00 (100.00 − 55.00 + 70.00), average 11.50; the end of November is today's balance", async () => {
    expect(await stockAt(octoberEnd, paper)).toEqual({ availableQuantity: '10', averagePrice: '11.5', value: '115' });
    expect(await stockAt(today, paper)).toEqual({ availableQuantity: '20', averagePrice: '11.75', value: '235' });
  });

  test("October's kardex reconciles: 0 + 170.00 − 55.00 = 115.00, in quantity 0 + 15 − 5 = 10", async () => {
    const rows = await card(paper, `${october}-01`, octoberEnd);
    expect(rows[0].slice(11)).toEqual([0, 0, 0]);
    const last = rows.at(-1)!;
    expect([last[0], last[5], last[7], last[8], last[10]]).toEqual(['Saldo final', 15, 170, 5, 55]);
    expect(last.slice(11)).toEqual([10, 11.5, 115]);
    // Ordered by date: the 2nd, the 20th, the 25th (registered in that order: 1st, 3rd, 4th).
    expect(rows.slice(1, -1).map((r) => (r[1] as Date).toISOString().slice(0, 10))).toEqual([oct(2), oct(20), oct(25)]);
    const nov = await card(paper, `${november}-01`, today);
    expect(nov[0].slice(11)).toEqual([10, 11.5, 115]);
    expect(nov.at(-1)!.slice(11)).toEqual([20, 11.75, 235]);
  });

  test("the home page counts October's late invoices in October and November's in November", async () => {
    const s = (await c.get('/api/stock/summary')).json().data;
    const byMonth = Object.fromEntries(
      s.monthly.map((m: { month: string; entries: string; exits: string }) => [m.month, [m.entries, m.exits]]),
    );
    // Every document of this file so far is this product's.
    expect(byMonth[october]).toEqual(['170.00', '55.00']);
    expect(byMonth[november]).toEqual(['120.00', '0.00']);
    expect(s.entries).toEqual({ count: 1, amount: '120.00' });
  });

  test('a variant with a cancellation: the exit of the 20th cancelled now comes back in November at 55.00; October does not change', async () => {
    const other = await createProduct(c, 'Papel bond oficio (periodo)');
    await entry(other, '10', '10', oct(2));
    await entry(other, '10', '12', `${november}-01`);
    const exitId = await exit(other, '5', oct(20));
    await entry(other, '5', '14', oct(25));
    const r = await c.post(`/api/dispatches/${exitId}/cancellation`, { reason: 'Salida capturada dos veces' });
    expect(r.statusCode).toBe(201);
    expect(r.json().data.movements.map((m: { dated: string; amount: string }) => [m.dated, m.amount])).toEqual([[today, '55']]);
    expect(await stockAt(octoberEnd, other)).toEqual({ availableQuantity: '10', averagePrice: '11.5', value: '115' });
    // 20 @ 235.00 + 5 back at 55.00 → 25, 290.00, 11.6
    expect(await stockAt(today, other)).toEqual({ availableQuantity: '25', averagePrice: '11.6', value: '290' });
    expect(await stockOf(c, other)).toMatchObject({ availableQuantity: '25', averagePrice: '11.6', value: '290' });
    expect(lateExit).toBeGreaterThan(0);
  });

  test("a variant with a count dated October's end: its book is the date view of that day, its shortage leaves at today's average, in October", async () => {
    const other = await createProduct(c, 'Papel reciclado (periodo)');
    const partida = (await c.post('/api/catalog/product-categories', { description: 'Partida del conteo de octubre' })).json().data.id;
    await c.put('/api/catalog/products', { id: other, name: 'Papel reciclado (periodo)', categoryId: partida });
    await entry(other, '10', '10', oct(2));
    await entry(other, '10', '12', `${november}-01`);
    await exit(other, '5', oct(20));
    await entry(other, '5', '14', oct(25));
    const opened = await c.post('/api/inventory-counts', {
      cutoffDate: octoberEnd,
      description: 'Conteo de fin de octubre',
      categoryIds: [partida],
    });
    expect(opened.statusCode).toBe(201);
    const count = opened.json().data;
    // The book is October's end in the date view (10 @ 11.50), not today's 20.
    expect(count.lines.map((l: { bookQuantity: string; bookAverage: string }) => [l.bookQuantity, l.bookAverage])).toEqual([
      ['10', '11.5'],
    ]);
    expect(
      (await c.put(`/api/inventory-counts/${count.id}/lines`, { lines: [{ productId: other, countedQuantity: '9' }] })).statusCode,
    ).toBe(200);
    const applied = await c.post(`/api/inventory-counts/${count.id}/application`, {
      directorEmployeeId: catalog.employeeIds[0],
      warehouseKeeperEmployeeId: catalog.employeeIds[1],
      witnessEmployeeId: catalog.employeeIds[2],
    });
    expect(applied.statusCode).toBe(200);
    // One short, at the registration average of the moment, 11.75, counted on October's end.
    expect(
      applied
        .json()
        .data.movements.map((m: { movementType: string; dated: string; price: string; amount: string }) => [
          m.movementType,
          m.dated,
          m.price,
          m.amount,
        ]),
    ).toEqual([['ADJUSTMENT_OUT', octoberEnd, '11.75', '11.75']]);
    expect(await stockAt(octoberEnd, other)).toEqual({ availableQuantity: '9', averagePrice: '11.472222', value: '103.25' });
    expect(await stockAt(today, other)).toEqual({ availableQuantity: '19', averagePrice: '11.75', value: '223.25' });
  });

  test('closing October stores 10 / 115.00 for the product, lists the late paperwork it includes, and its report says so', async () => {
    const next = (await c.get('/api/period-closings/next')).json().data;
    expect(next.until).toBe(octoberEnd);
    // Everything dated in October here was registered this month: late, and included.
    expect(next.lateDocuments.length).toBeGreaterThan(0);
    expect(next.lateDocuments.every((d: { documentDate: string }) => d.documentDate.startsWith(october))).toBe(true);
    const closed = await c.post('/api/period-closings', { until: octoberEnd });
    expect(closed.statusCode).toBe(201);
    expect(closed.json().data.totalValue).toBe(next.totalValue);
    const { rows } = await t.db.query(
      `SELECT trim_scale(quantity)::text AS q, trim_scale(average_cost)::text AS avg, trim_scale(value)::text AS v
         FROM period_closing_stock WHERE closing_id = $1 AND product_id = $2`,
      [closed.json().data.id, paper],
    );
    expect(rows).toEqual([{ q: '10', avg: '11.5', v: '115' }]);
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/reports/stock?date=${octoberEnd}&format=xlsx`,
      headers: await t.auth(),
    });
    const { rows: sheet } = await readXlsx(report.rawPayload);
    expect(sheet.find((r) => r[1] === 'Papel bond carta (periodo)')!.slice(4)).toEqual([10, 11.5, 115]);
    // October is closed now: a document dated in it is refused; the cancellation of one is a
    // November document.
    const refused = await c.post(
      '/api/invoices',
      invoiceBody(t, catalog, [{ productId: paper, quantity: '1', purchasePrice: '1' }], { invoiceDate: oct(30) }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PERIOD_CLOSED');
    const cancelled = await c.post(`/api/dispatches/${lateExit}/cancellation`, { reason: 'Devuelta después del cierre' });
    expect(cancelled.statusCode).toBe(201);
    expect(await stockAt(octoberEnd, paper)).toEqual({ availableQuantity: '10', averagePrice: '11.5', value: '115' });
  });
});
