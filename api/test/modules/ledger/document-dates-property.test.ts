// A document belongs to the period of its date: random entries, exits, cancellations and counts,
// registered in random order with dates in the open months (today's and the two before), then for
// every product and every month opening + entries − exits ± adjustments ± cancellations = closing,
// in quantity and to the cent, with the figures the kardex prints, the closing equal to the stock
// at the month's end; and at today the date view is the running balance of the registration order.
import fc from 'fast-check';
import { monthEnd, monthOf, todayIn } from '@almacen/shared/domain';
import { client, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { readXlsx, type CellValue } from '../../reports/read-report';
import { createCatalog, createProduct, dispatchBody, invoiceBody, stockOf, type Catalog } from './fixtures';

jest.setTimeout(600_000);

let t: TestApp;
let c: Client;
let catalog: Catalog;
let today: string;
let november: string;

const lastDayOf = (month: string) => monthEnd(`${month}-01`);

beforeAll(async () => {
  t = await createTestApp();
  c = client(t);
  catalog = await createCatalog(c);
  today = todayIn(t.config.timeZone);
  november = today.slice(0, 7);
});
afterAll(() => t.close());

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
/** A printed amount or quantity in hundredths/thousandths, exactly (an XLSX number has few decimals). */
const cents = (v: CellValue) => BigInt(Math.round(Number(v ?? 0) * 100));
const thousandths = (v: CellValue) => BigInt(Math.round(Number(v ?? 0) * 1000));
const decimalCents = (text: string) => BigInt(Math.round(Number(text) * 100));

const dayBack = fc.integer({ min: 0, max: 50 });
const line = fc.record({
  product: fc.integer({ min: 0, max: 1 }),
  q: fc.integer({ min: 100, max: 9_000 }),
  c: fc.integer({ min: 100, max: 900_000 }),
});
const op = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('in' as const), lines: fc.array(line, { minLength: 1, maxLength: 2 }), back: dayBack }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('out' as const), lines: fc.array(line, { minLength: 1, maxLength: 2 }), back: dayBack }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('count' as const),
      back: dayBack,
      counted: fc.array(fc.integer({ min: 0, max: 9_000 }), { minLength: 2, maxLength: 2 }),
    }),
  },
);
const fmt = (n: number) => (n / 1000).toFixed(3).replace(/\.?0+$/, '');

test('property: random documents in random order with dates in open months — every month reconciles to the cent, and at today the date view is the balance', async () => {
  let run = 0;
  const seen = { in: 0, out: 0, refusedByDate: 0, cancel: 0, count: 0 };
  const dayBefore = (days: number) => {
    const d = new Date(`${today}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() - days);
    return d.toISOString().slice(0, 10);
  };
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 14 }), async (ops) => {
      run++;
      const partida = (await c.post('/api/catalog/product-categories', { description: `Partida de fechas ${run}` })).json().data
        .id as number;
      const products: number[] = [];
      for (let i = 0; i < 2; i++) {
        const id = await createProduct(c, `Fechas ${run}-${i}`);
        await c.put('/api/catalog/products', { id, name: `Fechas ${run}-${i}`, categoryId: partida });
        products.push(id);
      }
      const documents: Array<{ kind: 'invoices' | 'dispatches'; id: number }> = [];
      for (const o of ops) {
        if (o.kind === 'in' || o.kind === 'out') {
          const lines = o.lines.map((l) => ({ productId: products[l.product], quantity: fmt(l.q), purchasePrice: fmt(l.c) }));
          const date = dayBefore(o.back);
          const r =
            o.kind === 'in'
              ? await c.post('/api/invoices', invoiceBody(t, catalog, lines, { invoiceDate: date }))
              : await c.post(
                  '/api/dispatches',
                  dispatchBody(
                    t,
                    catalog,
                    lines.map(({ productId, quantity }) => ({ productId, quantity })),
                    { dispatchDate: date },
                  ),
                );
          expect([201, 409]).toContain(r.statusCode);
          if (r.statusCode === 201) {
            seen[o.kind]++;
            documents.push({ kind: o.kind === 'in' ? 'invoices' : 'dispatches', id: r.json().data.id });
          } else if (String(r.json().message).startsWith('Al ')) seen.refusedByDate++;
        } else if (o.kind === 'cancel') {
          if (documents.length === 0) continue;
          const target = documents[o.pick % documents.length];
          const r = await c.post(`/api/${target.kind}/${target.id}/cancellation`, { reason: 'Prueba de fechas' });
          expect([201, 409]).toContain(r.statusCode);
          if (r.statusCode === 201) seen.cancel++;
        } else {
          const opened = await c.post('/api/inventory-counts', {
            cutoffDate: dayBefore(o.back),
            description: `Conteo ${run}`,
            categoryIds: [partida],
          });
          expect(opened.statusCode).toBe(201);
          const id = opened.json().data.id;
          const lines = products.map((p, i) => ({ productId: p, countedQuantity: fmt(o.counted[i]), unitCost: '2.5' }));
          expect((await c.put(`/api/inventory-counts/${id}/lines`, { lines })).statusCode).toBe(200);
          const applied = await c.post(`/api/inventory-counts/${id}/application`, {
            directorEmployeeId: catalog.employeeIds[0],
            warehouseKeeperEmployeeId: catalog.employeeIds[1],
            witnessEmployeeId: catalog.employeeIds[2],
          });
          expect([200, 409]).toContain(applied.statusCode);
          if (applied.statusCode === 200) seen.count++;
          else expect((await c.post(`/api/inventory-counts/${id}/discard`)).statusCode).toBe(200);
        }
      }
      // Every month from the earliest date used to today's: opening + in − out = closing, in
      // quantity and to the cent, with the kardex's printed figures; the closing is the stock at
      // the month's end.
      const months = [monthOf(dayBefore(50), 0), monthOf(dayBefore(50), 1), monthOf(dayBefore(50), 2)].filter((m) => m <= november);
      for (const productId of products) {
        for (const month of months) {
          const from = `${month}-01`;
          const to = month === november ? today : lastDayOf(month);
          const rows = await card(productId, from, to);
          const [opening, closing] = [rows[0], rows.at(-1)!];
          expect(thousandths(opening[11]) + thousandths(closing[5]) - thousandths(closing[8])).toBe(thousandths(closing[11]));
          expect(cents(opening[13]) + cents(closing[7]) - cents(closing[10])).toBe(cents(closing[13]));
          const atEnd = await stockAt(to, productId);
          expect([thousandths(closing[11]), cents(closing[13])]).toEqual([
            thousandths(Number(atEnd.availableQuantity)),
            decimalCents(atEnd.value),
          ]);
        }
        // At today the date view is the running balance, exactly.
        const balance = await stockOf(c, productId);
        expect(await stockAt(today, productId)).toEqual({
          availableQuantity: balance.availableQuantity,
          averagePrice: balance.averagePrice,
          value: balance.value,
        });
      }
    }),
    { numRuns: 10, endOnFailure: true, seed: 20261128 },
  );
  expect(Object.values(seen).every((n) => n > 0)).toBe(true);
});
