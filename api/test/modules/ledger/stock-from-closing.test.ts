// The stock at a date read from a closing's stored stock (stock-at-date.ts, datedBalances) equals
// the fold of the ledger by date, to the last decimal — quantity, value and average — on every day
// of four months: documents of random products, quantities, prices and dates (many dated in months
// that had ended when they were registered, before those months were closed), three months closed
// by the date rule, the last reopened, given a document dated in it and closed again, and more
// documents after the closings (a day in the second half of a closed month is counted back from
// that month's closing). Each product and day is read through GET /api/stock?date= and
// through datedBalances restricted to the product (the kardex's "Saldo inicial" and "Saldo final").
import { monthEnd as monthEndOf, todayIn } from '@almacen/shared/domain';
import { datedBalances } from '../../../src/modules/stock/stock-at-date';
import { client, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createCatalog, createProduct, dispatchBody, invoiceBody, type Catalog } from './fixtures';

jest.setTimeout(240_000);

let t: TestApp;
let c: Client;
let catalog: Catalog;
beforeAll(async () => {
  t = await createTestApp({ env: { APP_TIME_ZONE: 'America/Mexico_City' } });
  c = client(t);
  catalog = await createCatalog(c);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / DAY);

/** A decimal text as an integer count of 10^-scale units (exact). */
function units(text: string, scale: number): bigint {
  const negative = text.startsWith('-');
  const [int, frac = ''] = text.replace(/^-/, '').split('.');
  const n = BigInt(int + frac.padEnd(scale, '0').slice(0, scale));
  return negative ? -n : n;
}
/** units of 10^-scale as the shortest decimal text (trim_scale's). */
function decimal(n: bigint, scale: number): string {
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString().padStart(scale + 1, '0');
  const text = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`.replace(/\.?0+$/, '');
  return negative ? `-${text}` : text;
}
/** ledger_average: value ÷ quantity half up to 6 decimals, 0 for an empty balance (q in 10^-3, v in 10^-9 units). */
const average = (q: bigint, v: bigint) => (q === 0n ? '0' : decimal((2n * v + q) / (2n * q), 6));

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor((state / 2_147_483_648) * n);
  };
}

test('from a closing: every day of four months equals the fold of the ledger by date, to the last decimal', async () => {
  const today = todayIn(t.config.timeZone);
  const [m1, m2, m3] = [monthEndOf(today, -3), monthEndOf(today, -2), monthEndOf(today, -1)];
  const first = plusDays(monthEndOf(today, -4), 1);
  const products: number[] = [];
  for (const name of ['Papel (cierre)', 'Tóner (cierre)', 'Engrapadora (cierre)', 'Sin movimiento tras el cierre']) {
    products.push(await createProduct(c, name));
  }
  const next = random(20_261_203);
  const post = async (kind: 'in' | 'out', productId: number, dated: string) => {
    const quantity = `${1 + next(40)}.${next(1000)}`;
    const r =
      kind === 'in'
        ? await c.post(
            '/api/invoices',
            invoiceBody(t, catalog, [{ productId, quantity, purchasePrice: `${1 + next(90)}.${next(1000)}` }], { invoiceDate: dated }),
          )
        : await c.post('/api/dispatches', dispatchBody(t, catalog, [{ productId, quantity }], { dispatchDate: dated }));
    // An exit may be refused (some day from its date on would fall below zero): nothing is written.
    expect([201, 409]).toContain(r.statusCode);
  };
  /** Documents of random products dated in [from, to], in a random order of dates. */
  const documents = async (count: number, from: string, to: string, among = products.length) => {
    for (let i = 0; i < count; i++) {
      await post(next(3) === 0 ? 'out' : 'in', products[next(among)], plusDays(from, next(daysBetween(from, to) + 1)));
    }
  };

  // Registered today, dated in months that have ended: late paperwork the closings include.
  await documents(40, first, m3);
  for (const until of [m1, m2, m3]) expect((await c.post('/api/period-closings', { until })).statusCode).toBe(201);
  // The last closing reopened, a document dated in its month, closed again: the new closing counts it.
  expect((await c.post(`/api/period-closings/${m3}/reopening`, { reason: 'Factura recibida tarde' })).statusCode).toBe(201);
  await documents(4, plusDays(m2, 1), m3, 3);
  expect((await c.post('/api/period-closings', { until: m3 })).statusCode).toBe(201);
  // After the closings: the first three products move, the fourth keeps the closing's figures.
  await documents(12, plusDays(m3, 1), today, 3);

  const { rows: ledger } = await t.db.query<{ product_id: number; movement_type: string; quantity: string; amount: string; dated: string }>(
    `SELECT product_id, movement_type, quantity::text, amount::text, to_char(dated, 'YYYY-MM-DD') AS dated
       FROM movements WHERE product_id = ANY($1) ORDER BY id`,
    [products],
  );
  expect(ledger.some((m) => m.dated <= m3 && m.product_id === products[3])).toBe(true);
  const inbound = new Set(['INVOICE', 'DISPATCH_CANCELLATION', 'ADJUSTMENT_IN']);
  const sql = `SELECT trim_scale(quantity)::text AS quantity, trim_scale(average_cost)::text AS average, trim_scale(value)::text AS value
                 FROM (${datedBalances('$1::date', 1, '$2')}) d`;

  for (let day = plusDays(first, -1); day < today; day = plusDays(day, 1)) {
    const stock = new Map<number, { availableQuantity: string; averagePrice: string; value: string }>(
      (
        (await c.get(`/api/stock?date=${day}`)).json().data as Array<{
          productId: number;
          availableQuantity: string;
          averagePrice: string;
          value: string;
        }>
      ).map(({ productId, ...figures }) => [productId, figures]),
    );
    for (const product of products) {
      let q = 0n;
      let v = 0n;
      for (const m of ledger) {
        if (m.product_id !== product || m.dated > day) continue;
        const sign = inbound.has(m.movement_type) ? 1n : -1n;
        q += sign * units(m.quantity, 3);
        v += sign * units(m.amount, 9);
      }
      const fold = { availableQuantity: decimal(q, 3), averagePrice: average(q, v), value: decimal(v, 9) };
      expect({ day, product, ...stock.get(product) }).toEqual({ day, product, ...fold });
      const { rows } = await t.db.query<{ quantity: string; average: string; value: string }>(sql, [day, product]);
      const one = rows[0] ?? { quantity: '0', average: '0', value: '0' };
      expect({ day, product, ...one }).toEqual({
        day,
        product,
        quantity: fold.availableQuantity,
        average: fold.averagePrice,
        value: fold.value,
      });
    }
  }
});
