// The monthly sums PostgreSQL keeps in the transaction that appends the movements (0055, by the
// month of the movements' dates since 0057): the summary's totals per kind and the per-product
// sums of the stock at a date. Whatever sequence of entries, exits, cancellations and count
// adjustments is registered through the API, dated in several months, the kept rows equal a
// direct aggregation over the movements (documents per month and kind, Σ amounts rounded per
// movement; Σ signed quantities and values per product and month). Two documents written by
// concurrent transactions in the same month are both counted.
import fc from 'fast-check';
import { client, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createCatalog, createProduct, dispatchBody, invoiceBody, today, type Catalog } from '../ledger/fixtures';

jest.setTimeout(180_000);

let t: TestApp;
let c: Client;
let catalog: Catalog;
beforeAll(async () => {
  t = await createTestApp();
  c = client(t);
  catalog = await createCatalog(c);
});
afterAll(() => t.close());

type Row = [string, string, string, string];
const KINDS = `('INVOICE', 'INVOICE_CANCELLATION', 'DISPATCH', 'DISPATCH_CANCELLATION')`;

/** The kept rows: month (local), kind, documents, amount. */
async function kept(): Promise<Row[]> {
  const { rows } = await t.db.query<{ r: Row }>(
    `SELECT ARRAY[to_char(month, 'YYYY-MM'), movement_type, documents::text, amount::text] AS r
       FROM stock_month_totals WHERE documents <> 0 OR amount <> 0 ORDER BY month, movement_type`,
  );
  return rows.map((x) => x.r);
}

/** The same figures aggregated directly from the movements. */
async function folded(): Promise<Row[]> {
  const { rows } = await t.db.query<{ r: Row }>(
    `SELECT ARRAY[to_char(date_trunc('month', dated), 'YYYY-MM'), movement_type,
                  count(DISTINCT coalesce(invoice_id, dispatch_id))::text, sum(round(amount, 2))::text] AS r
       FROM movements WHERE movement_type IN ${KINDS}
      GROUP BY date_trunc('month', dated), movement_type
      ORDER BY date_trunc('month', dated), movement_type`,
  );
  return rows.map((x) => x.r);
}

/** The per-product monthly sums as kept, and as aggregated from the movements. */
async function productMonths(): Promise<{ kept: string[][]; folded: string[][] }> {
  const kept = await t.db.query<{ r: string[] }>(
    `SELECT ARRAY[product_id::text, to_char(month, 'YYYY-MM'), trim_scale(quantity)::text, trim_scale(value)::text] AS r
       FROM stock_product_months ORDER BY product_id, month`,
  );
  const direct = await t.db.query<{ r: string[] }>(
    `SELECT ARRAY[product_id::text, to_char(date_trunc('month', dated), 'YYYY-MM'),
                  trim_scale(sum(movement_sign(movement_type) * quantity))::text, trim_scale(sum(movement_sign(movement_type) * amount))::text] AS r
       FROM movements GROUP BY product_id, date_trunc('month', dated) ORDER BY product_id, date_trunc('month', dated)`,
  );
  return { kept: kept.rows.map((x) => x.r), folded: direct.rows.map((x) => x.r) };
}

/** YYYY-MM-DD, `days` before today in APP_TIME_ZONE. */
const daysBefore = (days: number) => {
  const d = new Date(`${today(t)}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

const PRODUCTS = 3;
const qty = fc.integer({ min: 1, max: 9 });
const price = fc.integer({ min: 5, max: 99_999 }); // thousandths: 0.005 … 99.999 (a line is worth at least a cent)
const fmt = (n: number) => (n / 1000).toFixed(3);
const line = fc.record({ product: fc.integer({ min: 0, max: PRODUCTS - 1 }), q: qty, p: price });
// How many days before today a document is dated: this month, the last ones.
const back = fc.integer({ min: 0, max: 70 });
const operation = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('in' as const), lines: fc.array(line, { minLength: 1, maxLength: 3 }), back }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('out' as const),
      lines: fc.array(line, { minLength: 1, maxLength: 3 }),
      back: fc.constantFrom(0, 0, 0, 1, 15),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancelIn' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancelOut' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('count' as const),
      counted: fc.array(fc.integer({ min: 0, max: 30 }), { minLength: PRODUCTS, maxLength: PRODUCTS }),
    }),
  },
);

test('after random entries, exits, cancellations and count adjustments the kept monthly totals equal the aggregation of the movements', async () => {
  let run = 0;
  const seen = { in: 0, out: 0, cancelIn: 0, cancelOut: 0, adjusted: 0 };
  await fc.assert(
    fc.asyncProperty(fc.array(operation, { minLength: 4, maxLength: 12 }), async (operations) => {
      run++;
      const partida = (await c.post('/api/catalog/product-categories', { description: `Partida de totales ${run}` })).json().data
        .id as number;
      const products: number[] = [];
      for (let i = 0; i < PRODUCTS; i++) {
        const id = await createProduct(c, `Artículo de totales ${run}-${i}`);
        await c.put('/api/catalog/products', { id, name: `Artículo de totales ${run}-${i}`, categoryId: partida });
        products.push(id);
      }
      const invoices: number[] = [];
      const dispatches: number[] = [];
      for (const op of operations) {
        if (op.kind === 'in') {
          const r = await c.post(
            '/api/invoices',
            invoiceBody(
              t,
              catalog,
              op.lines.map((l) => ({ productId: products[l.product], quantity: String(l.q), purchasePrice: fmt(l.p) })),
              { invoiceDate: daysBefore(op.back) },
            ),
          );
          expect(r.statusCode).toBe(201);
          invoices.push(r.json().data.id);
          seen.in++;
        } else if (op.kind === 'out') {
          const r = await c.post(
            '/api/dispatches',
            dispatchBody(
              t,
              catalog,
              op.lines.map((l) => ({ productId: products[l.product], quantity: String(l.q) })),
              { dispatchDate: daysBefore(op.back) },
            ),
          );
          expect([201, 409]).toContain(r.statusCode); // 409: not enough stock (now or on a day since its date), nothing written
          if (r.statusCode === 201) {
            dispatches.push(r.json().data.id);
            seen.out++;
          }
        } else if (op.kind === 'cancelIn' || op.kind === 'cancelOut') {
          const list = op.kind === 'cancelIn' ? invoices : dispatches;
          if (list.length === 0) continue;
          const [id] = list.splice(op.pick % list.length, 1);
          const r = await c.post(`/api/${op.kind === 'cancelIn' ? 'invoices' : 'dispatches'}/${id}/cancellation`, {
            reason: 'Prueba de totales',
          });
          expect([201, 409]).toContain(r.statusCode); // 409: the stock already left
          if (r.statusCode === 201) seen[op.kind]++;
        } else {
          const r = await c.post('/api/inventory-counts', {
            cutoffDate: today(t),
            description: `Conteo de totales ${run}`,
            categoryIds: [partida],
          });
          expect(r.statusCode).toBe(201);
          const id = r.json().data.id as number;
          const lines = products.map((p, i) => ({ productId: p, countedQuantity: String(op.counted[i]), unitCost: '1.500' }));
          expect((await c.put(`/api/inventory-counts/${id}/lines`, { lines })).statusCode).toBe(200);
          const applied = await c.post(`/api/inventory-counts/${id}/application`, {
            directorEmployeeId: catalog.employeeIds[0],
            warehouseKeeperEmployeeId: catalog.employeeIds[1],
            witnessEmployeeId: catalog.employeeIds[2],
          });
          expect(applied.statusCode).toBe(200);
          seen.adjusted++;
        }
      }
      expect(await kept()).toEqual(await folded());
      const months = await productMonths();
      expect(months.kept).toEqual(months.folded);
    }),
    { numRuns: 12, endOnFailure: true, seed: 20261123 },
  );
  // The seed reaches every kind of operation, and documents of more than one month.
  expect(Object.values(seen).every((n) => n > 0)).toBe(true);
  expect(new Set((await kept()).map((r) => r[0])).size).toBeGreaterThan(1);
});

test('two documents registered by concurrent transactions in the same month are both counted', async () => {
  const [a, b] = [await createProduct(c, 'Concurrente A'), await createProduct(c, 'Concurrente B')];
  const month = today(t).slice(0, 7);
  const current = async () => {
    const { rows } = await t.db.query<{ documents: string; amount: string }>(
      `SELECT coalesce(sum(documents), 0)::text AS documents, coalesce(sum(amount), 0)::text AS amount
         FROM stock_month_totals WHERE to_char(month, 'YYYY-MM') = $1 AND movement_type = 'INVOICE'`,
      [month],
    );
    return rows[0];
  };
  const before = await current();
  // Hold the totals table so both documents' transactions reach the trigger and wait there
  // together, then let them go at once: both add to the same month's row.
  const gate = await t.db.connect();
  try {
    await gate.query('BEGIN');
    await gate.query('LOCK TABLE stock_month_totals IN EXCLUSIVE MODE');
    const posts = [
      c.post('/api/invoices', invoiceBody(t, catalog, [{ productId: a, quantity: '2', purchasePrice: '10.005' }])),
      c.post('/api/invoices', invoiceBody(t, catalog, [{ productId: b, quantity: '3', purchasePrice: '1.001' }])),
    ];
    for (let waiting = 0; waiting < 2;) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const { rows } = await t.db.query<{ n: number }>(
        `SELECT count(DISTINCT pid)::int AS n FROM pg_locks WHERE relation = 'stock_month_totals'::regclass AND NOT granted`,
      );
      waiting = rows[0].n;
    }
    await gate.query('COMMIT');
    const answers = await Promise.all(posts);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
  } finally {
    gate.release();
  }
  const after = await current();
  expect(Number(after.documents) - Number(before.documents)).toBe(2);
  // 2 × 10.005 = 20.01, 3 × 1.001 = 3.003 → 3.00
  const { rows } = await t.db.query<{ diff: string }>('SELECT ($1::numeric - $2::numeric)::text AS diff', [after.amount, before.amount]);
  expect(rows[0].diff).toBe('23.01');
  expect(await kept()).toEqual(await folded());
});
