// The stock at a cut-off date: GET /api/stock?date= and "Reporte de existencias al DD/MM/YYYY".
// The figure is each product's date view at the end of that day: the sums of the quantities and
// values of its movements DATED up to it — a document on its own date whenever it was registered,
// a cancellation on the day it was registered — and the average their quotient. Registration
// times are set with registrationClock (registered-at.ts); the property test checks every day
// against a fold of the raw ledger by date.
import fc from 'fast-check';
import { formatCurrency, formatQuantity, todayIn } from '@almacen/shared/domain';
import { client, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { readPdf, readXlsx } from '../../reports/read-report';
import { createCatalog, createProduct, dispatchBody, invoiceBody, stockOf, type Catalog } from './fixtures';
import { registrationClock } from './registered-at';

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

interface StockLine {
  productId: number;
  availableQuantity: string;
  averagePrice: string;
  value: string;
}

async function stockAt(date: string, products: number[]): Promise<Map<number, Omit<StockLine, 'productId'>>> {
  const r = await c.get(`/api/stock?date=${date}`);
  expect(r.statusCode).toBe(200);
  expect(r.json().date).toBe(date);
  const lines = r.json().data as StockLine[];
  return new Map(lines.filter((l) => products.includes(l.productId)).map(({ productId, ...rest }) => [productId, rest]));
}

async function post(url: string, body: unknown): Promise<{ id: number }> {
  const r = await c.post(url, body);
  if (r.statusCode !== 201) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
  return r.json().data;
}

describe('a worked example: entries, exits, a backdated invoice and a cancellation on different days', () => {
  let paper: number;
  let toner: number;
  beforeAll(async () => {
    paper = await createProduct(c, 'Papel bond carta (corte)');
    toner = await createProduct(c, 'Tóner negro 58A (corte)');
    const clock = await registrationClock(t);
    await post(
      '/api/invoices',
      invoiceBody(t, catalog, [{ productId: paper, quantity: '10', purchasePrice: '5' }], { invoiceDate: '2025-01-10' }),
    );
    await clock.at('2025-01-10 10:00:00');
    const exit = await post(
      '/api/dispatches',
      dispatchBody(t, catalog, [{ productId: paper, quantity: '4' }], { dispatchDate: '2025-01-10' }),
    );
    await clock.at('2025-01-10 23:59:59.999');
    await post(
      '/api/invoices',
      invoiceBody(t, catalog, [{ productId: toner, quantity: '2', purchasePrice: '100' }], { invoiceDate: '2025-01-10' }),
    );
    await clock.at('2025-01-11 00:00:00');
    // Dated 5 January but registered on the 20th: it counts from the 5th.
    await post(
      '/api/invoices',
      invoiceBody(t, catalog, [{ productId: paper, quantity: '6', purchasePrice: '10' }], { invoiceDate: '2025-01-05' }),
    );
    await clock.at('2025-01-20 09:00:00');
    // The exit of the 10th cancelled on 5 February: the 4 come back on the 5th with the 20.00 they took.
    await post(`/api/dispatches/${exit.id}/cancellation`, { reason: 'Salida capturada por error' });
    await clock.at('2025-02-05 12:00:00');
  });

  // Paper: 6 @ 10 dated the 5th (60); on the 10th 10 @ 5 (50) and the exit of 4, which took 20.00
  // (it was registered when the balance was 10 @ 5); back on 5 February. Toner: 2 @ 100 dated the 10th.
  test.each([
    ['2025-01-04', ['0', '0', '0'], ['0', '0', '0']],
    ['2025-01-05', ['6', '10', '60'], ['0', '0', '0']],
    ['2025-01-09', ['6', '10', '60'], ['0', '0', '0']],
    ['2025-01-10', ['12', '7.5', '90'], ['2', '100', '200']],
    ['2025-01-11', ['12', '7.5', '90'], ['2', '100', '200']],
    ['2025-01-20', ['12', '7.5', '90'], ['2', '100', '200']],
    ['2025-02-04', ['12', '7.5', '90'], ['2', '100', '200']],
    ['2025-02-05', ['16', '6.875', '110'], ['2', '100', '200']],
  ])('al %s', async (date, [pq, pa, pv], [tq, ta, tv]) => {
    const stock = await stockAt(date, [paper, toner]);
    expect(stock.get(paper)).toEqual({ availableQuantity: pq, averagePrice: pa, value: pv });
    expect(stock.get(toner)).toEqual({ availableQuantity: tq, averagePrice: ta, value: tv });
  });

  test("today (and no date) is the balance row: today's behaviour unchanged", async () => {
    const today = todayIn(t.config.timeZone);
    const now = await c.get('/api/stock');
    expect(now.statusCode).toBe(200);
    expect(now.json().date).toBe(today);
    const atToday = await stockAt(today, [paper, toner]);
    for (const product of [paper, toner]) {
      const { availableQuantity, averagePrice, value } = await stockOf(c, product);
      expect(now.json().data.find((l: StockLine) => l.productId === product)).toEqual({
        productId: product,
        availableQuantity,
        averagePrice,
        value,
      });
      expect(atToday.get(product)).toEqual({ availableQuantity, averagePrice, value });
    }
    expect(atToday.get(paper)).toEqual({ availableQuantity: '16', averagePrice: '6.875', value: '110' });
  });

  test('the report at a date: title, the note under it, the figures of that day, subtotal and total (PDF and XLSX)', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/reports/stock?date=2025-01-20', headers: await t.auth() });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toContain('Reporte de existencias al 2025-01-20');
    const pdf = await readPdf(r.rawPayload);
    const text = pdf.lines.join('\n');
    expect(pdf.pages[0].map((l) => l.join(' ')).join('\n')).toContain('REPORTE DE EXISTENCIAS AL 20/01/2025');
    expect(text).toContain('Existencias al: | 20/01/2025');
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Existencias al 20/01/2025: la suma de los movimientos de cada producto con fecha hasta ese día.',
    );
    const paperLine = pdf.lines.find((l) => l.includes('Papel bond carta (corte)'))!;
    expect(paperLine).toContain(`${formatQuantity('12')} | ${formatCurrency('7.5')}`);
    expect(paperLine).toContain(formatCurrency('90'));
    const tonerLine = pdf.lines.find((l) => l.includes('Tóner negro 58A (corte)'))!;
    expect(tonerLine).toContain(formatCurrency('200'));

    const x = await t.app.inject({ method: 'POST', url: '/api/reports/stock?date=2025-01-10&format=xlsx', headers: await t.auth() });
    expect(x.statusCode).toBe(200);
    const { rows } = await readXlsx(x.rawPayload);
    expect(rows[1][0]).toBe('REPORTE DE EXISTENCIAS AL 10/01/2025');
    expect(String(rows[3][0])).toContain('Existencias al 10/01/2025: la suma de los movimientos de cada producto');
    const paperRow = rows.find((row) => row[1] === 'Papel bond carta (corte)')!;
    expect(paperRow.slice(4)).toEqual([12, 7.5, 90]);
    const tonerRow = rows.find((row) => row[1] === 'Tóner negro 58A (corte)')!;
    expect(tonerRow.slice(4)).toEqual([2, 100, 200]);
    const total = rows.find((row) => row[0] === 'Total general')!;
    expect(total[6]).toBe(290);
  });

  test("no date: the report keeps today's title and no note", async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/reports/stock?format=xlsx', headers: await t.auth() });
    expect(r.statusCode).toBe(200);
    const { rows } = await readXlsx(r.rawPayload);
    expect(rows[1][0]).toBe('REPORTE DE EXISTENCIAS');
    expect(rows.flat().some((v) => typeof v === 'string' && v.startsWith('Existencias al'))).toBe(false);
  });
});

describe('an emptied balance keeps its last average: today reads it everywhere, an earlier day cannot know it', () => {
  let product: number;
  beforeAll(async () => {
    product = await createProduct(c, 'Marcador permanente (vaciado)');
    // 3 @ 0.333 is worth 1.00 (to the cent): the average is 1.00 ÷ 3; the exit takes all of it.
    await post(
      '/api/invoices',
      invoiceBody(t, catalog, [{ productId: product, quantity: '3', purchasePrice: '0.333' }], { invoiceDate: '2025-03-03' }),
    );
    await post('/api/dispatches', dispatchBody(t, catalog, [{ productId: product, quantity: '3' }], { dispatchDate: '2025-03-04' }));
  });
  test('at today the date view is the balance row, its kept average included', async () => {
    const { availableQuantity, averagePrice, value } = await stockOf(c, product);
    const balance = { availableQuantity, averagePrice, value };
    expect(balance).toEqual({ availableQuantity: '0', averagePrice: '0.333333', value: '0' });
    expect((await stockAt(todayIn(t.config.timeZone), [product])).get(product)).toEqual(balance);
    expect((await c.get('/api/stock')).json().data.find((l: StockLine) => l.productId === product)).toMatchObject(balance);
  });
  test('on the days before: the sums of what was dated up to each', async () => {
    expect((await stockAt('2025-03-03', [product])).get(product)).toEqual({ availableQuantity: '3', averagePrice: '0.333333', value: '1' });
    expect((await stockAt('2025-03-04', [product])).get(product)).toEqual({ availableQuantity: '0', averagePrice: '0', value: '0' });
  });
  test("the report at today's date shows the balance row's figures", async () => {
    const today = todayIn(t.config.timeZone);
    const r = await t.app.inject({ method: 'POST', url: `/api/reports/stock?date=${today}&format=xlsx`, headers: await t.auth() });
    expect(r.statusCode).toBe(200);
    const { rows } = await readXlsx(r.rawPayload);
    const row = rows.find((cells) => cells.includes('Marcador permanente (vaciado)'))!;
    expect(row.map(String)).toEqual(expect.arrayContaining(['0.333333']));
  });
});

describe('bad cut-off dates: 400 in Spanish, for the JSON and for the report', () => {
  const tomorrow = () => {
    const d = new Date(`${todayIn(t.config.timeZone)}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 1);
    return d.toISOString().slice(0, 10);
  };
  test.each([
    ['2025-02-30', 'La fecha de corte no es válida; usa el formato AAAA-MM-DD.'],
    ['20-01-2025', 'La fecha de corte no es válida; usa el formato AAAA-MM-DD.'],
    ['1999-12-31', 'La fecha de corte no puede ser anterior al 01/01/2000.'],
  ])('%s', async (date, message) => {
    const r = await c.get(`/api/stock?date=${encodeURIComponent(date)}`);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ message, errors: { date: message } });
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/reports/stock?date=${encodeURIComponent(date)}`,
      headers: await t.auth(),
    });
    expect(report.statusCode).toBe(400);
    expect(report.json().message).toBe(message);
  });
  test('a date after today', async () => {
    const r = await c.get(`/api/stock?date=${tomorrow()}`);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/^La fecha de corte no puede ser posterior a hoy \(\d\d\/\d\d\/\d{4}\)\.$/);
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/reports/stock?date=${tomorrow()}&format=xlsx`,
      headers: await t.auth(),
    });
    expect(report.statusCode).toBe(400);
  });
});

// ---- property: every day's stock = the fold of the movements dated up to it ------------------

const sign = (type: string) => (type === 'INVOICE' || type === 'DISPATCH_CANCELLATION' ? 1n : -1n);
/** A decimal text as an integer count of `scale` units (exact). */
function units(text: string, scale: number): bigint {
  const [int, frac = ''] = text.split('.');
  return BigInt(int + frac.padEnd(scale, '0').slice(0, scale));
}
const fmt = (n: number) => (n / 1000).toFixed(3).replace(/\.?0+$/, '');
const TIMES = ['00:00:00', '08:15:00', '23:59:59.999'] as const;
const BASE = Date.UTC(2024, 0, 1);
const dayOf = (index: number) => new Date(BASE + index * 86_400_000).toISOString().slice(0, 10);

// A line worth at least a cent (quantity × price ≥ 0.01): a line worth $0.00 is refused.
const lineArb = fc
  .record({
    product: fc.integer({ min: 0, max: 1 }),
    q: fc.integer({ min: 1, max: 9000 }),
    c: fc.integer({ min: 10, max: 900_000 }),
  })
  .filter((l) => l.q * l.c >= 10_000);
const opArb = fc.record({
  kind: fc.constantFrom('in' as const, 'in' as const, 'out' as const, 'cancel' as const),
  lines: fc.array(lineArb, { minLength: 1, maxLength: 2 }),
  pick: fc.nat(),
  // Days after the previous operation's, and the hour (never before the previous registration).
  days: fc.integer({ min: 0, max: 2 }),
  time: fc.integer({ min: 0, max: TIMES.length - 1 }),
  // How far back the document's own date goes (it counts on that date).
  backdate: fc.integer({ min: 0, max: 40 }),
});

test('property: GET /api/stock?date= equals the fold of the ledger by date at the end of each day, for every day', async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 7 }), async (ops) => {
      run++;
      const products = [await createProduct(c, `Corte ${run}-a`), await createProduct(c, `Corte ${run}-b`)];
      const clock = await registrationClock(t);
      const posted: Array<{ kind: 'invoices' | 'dispatches'; id: number }> = [];
      // Each run on its own products, on days of 2024–2025 (never after today).
      let day = (run % 30) * 20;
      let time = 0;
      let earliest = day;
      for (const op of ops) {
        if (op.days > 0) time = 0;
        day += op.days;
        time = Math.max(time, op.time);
        earliest = Math.min(earliest, day - op.backdate);
        const documentDate = dayOf(day - op.backdate);
        const lines = op.lines.map((l) => ({ productId: products[l.product], quantity: fmt(l.q), purchasePrice: fmt(l.c) }));
        let r;
        if (op.kind === 'in') {
          r = await c.post('/api/invoices', invoiceBody(t, catalog, lines, { invoiceDate: documentDate }));
          if (r.statusCode === 201) posted.push({ kind: 'invoices', id: r.json().data.id });
        } else if (op.kind === 'out') {
          r = await c.post(
            '/api/dispatches',
            dispatchBody(
              t,
              catalog,
              lines.map(({ productId, quantity }) => ({ productId, quantity })),
              { dispatchDate: documentDate },
            ),
          );
          if (r.statusCode === 201) posted.push({ kind: 'dispatches', id: r.json().data.id });
        } else if (posted.length) {
          const target = posted[op.pick % posted.length];
          r = await c.post(`/api/${target.kind}/${target.id}/cancellation`, { reason: 'Prueba de corte' });
        }
        if (r) expect([201, 409]).toContain(r.statusCode);
        await clock.at(`${dayOf(day)} ${TIMES[time]}`);
      }

      const { rows: ledger } = await t.db.query<{
        product_id: number;
        movement_type: string;
        quantity: string;
        amount: string;
        dated: string;
      }>(
        `SELECT m.product_id, m.movement_type, m.quantity::text, m.amount::text, to_char(m.dated, 'YYYY-MM-DD') AS dated
           FROM movements m WHERE m.product_id = ANY($1) ORDER BY m.id`,
        [products],
      );
      // Each day's (quantity, value, average) as read; the averages are checked in one query.
      const read: Array<{ availableQuantity: string; value: string; averagePrice: string }> = [];
      for (let d = earliest - 1; d <= day + 1; d++) {
        const stock = await stockAt(dayOf(d), products);
        for (const product of products) {
          let q = 0n;
          let v = 0n;
          for (const m of ledger) {
            if (m.product_id !== product || m.dated > dayOf(d)) continue;
            q += sign(m.movement_type) * units(m.quantity, 3);
            v += sign(m.movement_type) * units(m.amount, 9);
          }
          const got = stock.get(product)!;
          // The quantity and the value are the folds, exactly; the average is value ÷ quantity.
          expect(units(got.availableQuantity, 3)).toBe(q);
          expect(units(got.value, 9)).toBe(v);
          read.push(got);
        }
      }
      const { rows: averages } = await t.db.query<{ a: string }>(
        `SELECT trim_scale(ledger_average(q, v))::text AS a
           FROM unnest($1::numeric[], $2::numeric[]) WITH ORDINALITY AS r(q, v, n) ORDER BY n`,
        [read.map((r) => r.availableQuantity), read.map((r) => r.value)],
      );
      expect(read.map((r) => r.averagePrice)).toEqual(averages.map((r) => r.a));
      // At today the date view is the running balance of the registration order, exactly.
      const today = await stockAt(todayIn(t.config.timeZone), products);
      for (const product of products) {
        const { availableQuantity, averagePrice, value } = await stockOf(c, product);
        expect(today.get(product)).toEqual({ availableQuantity, averagePrice, value });
      }
    }),
    { numRuns: 12 },
  );
});
