// Property: whatever sequence of entries and exits the clerks register (including exits larger
// than the stock, and documents with several lines of several products), the ledger stays
// consistent:
//   * every balance row equals the fold of that product's movements, recomputed here from the
//     raw movements with exact BigInt arithmetic (the ARCHITECTURE §5 formula, half up);
//   * every movement's recorded balance equals the fold up to it, an exit's price is the
//     average before it, and no quantity is ever negative;
//   * a document is refused (409) exactly when some product's total asked exceeds its stock,
//     and then nothing of it is recorded.
import fc from 'fast-check';
import { client, countRows, type Client } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createCatalog, createProduct, dispatchBody, invoiceBody, type Catalog } from './fixtures';

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

// ---- exact reference arithmetic: quantities in thousandths, averages in millionths ----------
const Q_SCALE = 3;
const AVG_SCALE = 6;

/** "12.5" at scale 3 → 12500n. */
function units(text: string, scale: number): bigint {
  const [int, frac = ''] = text.split('.');
  if (frac.length > scale && /[1-9]/.test(frac.slice(scale))) throw new Error(`${text} tiene más de ${scale} decimales`);
  return BigInt(int + frac.slice(0, scale).padEnd(scale, '0'));
}
const halfUp = (n: bigint, d: bigint) => (2n * (n % d) >= d ? n / d + 1n : n / d);

interface Balance {
  q: bigint; // scale 3
  avg: bigint; // scale 6
}
const ZERO: Balance = { q: 0n, avg: 0n };

function applyEntry(b: Balance, q: bigint, cost3: bigint): Balance {
  // (Q·avg + q·c) at scale 9, (Q + q) at scale 3 → quotient at scale 6
  const numerator = b.q * b.avg + q * cost3 * 1000n;
  return { q: b.q + q, avg: halfUp(numerator, b.q + q) };
}
function applyExit(b: Balance, q: bigint): Balance {
  return { q: b.q - q, avg: b.avg };
}

// ---- generated operations ----------------------------------------------------------------
const PRODUCTS = 3;
const qty = fc.integer({ min: 1, max: 20_000 }); // 0.001 … 20 in thousandths
const cost = fc.integer({ min: 1, max: 5_000_000 }); // 0.001 … 5000 in thousandths
const fmt = (n: number) => (n / 1000).toFixed(3).replace(/\.?0+$/, ''); // integers < 2^53: exact text
const line = fc.record({ product: fc.integer({ min: 0, max: PRODUCTS - 1 }), q: qty, c: cost });
const operation = fc.oneof(
  fc.record({ kind: fc.constant('in' as const), lines: fc.array(line, { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant('out' as const), lines: fc.array(line, { minLength: 1, maxLength: 3 }) }),
);

interface MovementRow {
  id: string;
  product_id: number;
  movement_type: 'INVOICE' | 'DISPATCH';
  quantity: string;
  unit_cost: string;
  balance_quantity: string;
  balance_average: string;
  balance_value: string;
}

test('balance = fold(ledger), quantity ≥ 0, and refusals exactly when stock is short', async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 10 }), async (operations) => {
      run++;
      const products: number[] = [];
      for (let i = 0; i < PRODUCTS; i++) products.push(await createProduct(c, `Artículo de prueba ${run}-${i}`));
      const model = new Map<number, Balance>(products.map((p) => [p, ZERO]));

      for (const op of operations) {
        const lines = op.lines.map((l) => ({ productId: products[l.product], q: BigInt(l.q), c: BigInt(l.c), text: fmt(l.q), cost: fmt(l.c) }));
        const before = await countRows(t, ['movements', 'invoices', 'dispatches']);
        if (op.kind === 'in') {
          const response = await c.post('/api/invoices', invoiceBody(t, catalog, lines.map((l) => ({ productId: l.productId, quantity: l.text, purchasePrice: l.cost }))));
          expect(response.statusCode).toBe(201);
          for (const l of lines) model.set(l.productId, applyEntry(model.get(l.productId)!, l.q, l.c));
        } else {
          const asked = new Map<number, bigint>();
          for (const l of lines) asked.set(l.productId, (asked.get(l.productId) ?? 0n) + l.q);
          const short = [...asked].filter(([p, q]) => q > model.get(p)!.q);
          const response = await c.post('/api/dispatches', dispatchBody(t, catalog, lines.map((l) => ({ productId: l.productId, quantity: l.text }))));
          if (short.length > 0) {
            expect(response.statusCode).toBe(409);
            expect(response.json().code).toBe('INSUFFICIENT_STOCK');
            for (const [p] of short) expect(response.json().message).toContain(`(id ${p}): disponible `);
            expect(await countRows(t, ['movements', 'invoices', 'dispatches'])).toEqual(before);
          } else {
            expect(response.statusCode).toBe(201);
            for (const l of lines) model.set(l.productId, applyExit(model.get(l.productId)!, l.q));
          }
        }
      }

      for (const productId of products) {
        // Fold the raw ledger of the product, checking each recorded balance on the way.
        const { rows } = await t.db.query<MovementRow>(
          `SELECT m.id::text, m.product_id, m.movement_type, m.quantity::text, m.unit_cost::text,
                  m.balance_quantity::text, m.balance_average::text, m.balance_value::text
             FROM movements m WHERE m.product_id = $1 ORDER BY m.id`,
          [productId],
        );
        let folded = ZERO;
        for (const m of rows) {
          const q = units(m.quantity, Q_SCALE);
          if (m.movement_type === 'INVOICE') {
            folded = applyEntry(folded, q, units(m.unit_cost, Q_SCALE));
          } else {
            expect(units(m.unit_cost, AVG_SCALE)).toBe(folded.avg); // exit at the average of that moment
            folded = applyExit(folded, q);
          }
          expect(folded.q >= 0n).toBe(true);
          expect([units(m.balance_quantity, Q_SCALE), units(m.balance_average, AVG_SCALE), units(m.balance_value, 9)]).toEqual([
            folded.q,
            folded.avg,
            folded.q * folded.avg,
          ]);
        }
        const balance = await t.db.query<{ quantity: string; average_cost: string; value: string }>(
          'SELECT quantity::text, average_cost::text, value::text FROM product_balances WHERE product_id = $1',
          [productId],
        );
        const row = balance.rows[0] ?? { quantity: '0', average_cost: '0', value: '0' };
        const stored = { q: units(row.quantity, Q_SCALE), avg: units(row.average_cost, AVG_SCALE), value: units(row.value, 9) };
        expect(stored).toEqual({ q: folded.q, avg: folded.avg, value: folded.q * folded.avg });
        // …and both agree with the independent model the requests were checked against.
        expect(folded).toEqual(model.get(productId));
      }
    }),
    { numRuns: 25, endOnFailure: true },
  );
}, 240_000);
