// Property: whatever requests the people make, however the heads authorize them, whichever exits
// the warehouse registers against them (including ones over the pending, refused) and cancels
// (including twice, and after the receipt, refused), and whenever it closes them or the requester
// confirms the receipt — an independent model predicts every answer and state, and afterwards:
//   * every authorized line has delivered + pending + closed = authorized, with delivered the sum
//     of its non-cancelled exits and the model's figures;
//   * every product's balance is the fold of its ledger (quantity and value) and its stock is the
//     opening entry minus what the non-cancelled exits took.
import fc from 'fast-check';
import { addDecimal, isInboundMovement, subtractDecimal } from '@almacen/shared/domain';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { ask, createCast, exitBody, ok, stockedProduct, type Cast, type RequestShape } from './fixtures';

jest.setTimeout(240_000);

let t: TestApp;
let cast: Cast;
const products: number[] = [];
const OPENING = 1_000_000;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t);
  for (const name of ['Hojas blancas', 'Tóner negro', 'Folders']) products.push(await stockedProduct(t, cast, name, String(OPENING)));
});
afterAll(() => t.close());

/** Quantities in thousandths, so the model's arithmetic is exact. */
const thousandths = (n: number) => (n / 1000).toFixed(3).replace(/\.?0+$/, '');
const units = (text: string) => Math.round(Number(text) * 1000);

interface ModelLine {
  id: number;
  authorized: number;
  closed: number;
}
interface ModelRequest {
  shape: RequestShape;
  status: string;
  lines: ModelLine[];
}
interface ModelExit {
  id: number;
  request: ModelRequest;
  quantities: Map<number, number>;
  cancelled: boolean;
}

const pick = fc.nat({ max: 1000 });
const requestLines = fc.uniqueArray(fc.record({ product: fc.nat({ max: 2 }), q: fc.integer({ min: 1, max: 5000 }) }), {
  minLength: 1,
  maxLength: 3,
  selector: (l) => l.product,
});
const operation = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('ask' as const),
      lines: requestLines,
      authorize: fc.array(fc.nat({ max: 100 }), { minLength: 3, maxLength: 3 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('exit' as const),
      pick,
      shares: fc.array(fc.oneof(fc.constant(100), fc.nat({ max: 120 })), { minLength: 3, maxLength: 3 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('receive' as const), pick }) },
);

const delivered = (exits: ModelExit[], lineId: number) =>
  exits.filter((e) => !e.cancelled).reduce((sum, e) => sum + (e.quantities.get(lineId) ?? 0), 0);
const pendingOf = (exits: ModelExit[], line: ModelLine) => line.authorized - delivered(exits, line.id) - line.closed;

test('delivered + pending + closed = authorized on every line, and stock = fold(ledger)', async () => {
  const requests: ModelRequest[] = [];
  const exits: ModelExit[] = [];
  /** Each answer the runs met, so a generator that stopped reaching one fails here. */
  const seen = new Set<string>();
  const met = (what: string, status: number) => seen.add(`${what} ${status}`);
  await fc.assert(
    fc.asyncProperty(fc.array(operation, { minLength: 4, maxLength: 16 }), async (operations) => {
      for (const op of operations) {
        if (op.kind === 'ask') {
          const shape = await ask(
            cast,
            op.lines.map((l) => ({ productId: products[l.product], quantity: thousandths(l.q) })),
          );
          // The head gives each line a share of what was asked (0 … 100 %), at least one above 0.
          const given = op.lines.map((l, i) => Math.floor((l.q * op.authorize[i]) / 100));
          if (!given.some((g) => g > 0)) given[0] = op.lines[0].q;
          const authorized = ok(
            await cast.hugo.c.post(`/api/requests/${shape.id}/authorization`, {
              lines: shape.lines.map((line, i) => ({ lineId: line.id, quantity: thousandths(given[i]) })),
            }),
          ) as RequestShape;
          expect(authorized.status).toBe('AUTORIZADA');
          requests.push({
            shape,
            status: 'AUTORIZADA',
            lines: shape.lines.map((line, i) => ({ id: line.id, authorized: given[i], closed: 0 })),
          });
        } else if (op.kind === 'exit' && requests.length > 0) {
          const request = requests[op.pick % requests.length];
          // Each line a share of its pending (all of it often, up to 120 %: some ask for more than is pending); 0 leaves it out.
          const asked = request.lines.map((line, i) => Math.ceil((pendingOf(exits, line) * op.shares[i]) / 100));
          if (!asked.some((q) => q > 0)) asked[0] = 1;
          const body = exitBody(
            t,
            cast,
            request.shape,
            asked.map((q) => (q === 0 ? null : thousandths(q))),
          );
          const response = await cast.clerk.c.post('/api/dispatches', body);
          met('exit', response.statusCode);
          const fulfillable = request.status === 'AUTORIZADA' || request.status === 'SURTIDA_PARCIAL';
          const over = request.lines.some((line, i) => asked[i] > pendingOf(exits, line));
          if (!fulfillable) expect([response.statusCode, response.json().code]).toEqual([409, 'REQUEST_STATE']);
          else if (over) expect([response.statusCode, response.json().code]).toEqual([409, 'REQUEST_PENDING']);
          else {
            expect(response.statusCode).toBe(201);
            const quantities = new Map(request.lines.flatMap((line, i) => (asked[i] > 0 ? [[line.id, asked[i]] as [number, number]] : [])));
            exits.push({ id: response.json().data.id, request, quantities, cancelled: false });
            request.status = request.lines.some((line) => pendingOf(exits, line) > 0) ? 'SURTIDA_PARCIAL' : 'SURTIDA';
          }
        } else if (op.kind === 'cancel' && exits.length > 0) {
          const exit = exits[op.pick % exits.length];
          const response = await cast.admin.post(`/api/dispatches/${exit.id}/cancellation`, { reason: 'Prueba de cancelación' });
          met('cancel', response.statusCode);
          if (exit.cancelled) expect([response.statusCode, response.json().code]).toEqual([409, 'ALREADY_CANCELLED']);
          else if (exit.request.status === 'RECIBIDA') expect([response.statusCode, response.json().code]).toEqual([409, 'REQUEST_STATE']);
          else {
            expect(response.statusCode).toBe(201);
            exit.cancelled = true;
            const request = exit.request;
            if (request.status === 'CERRADA') for (const line of request.lines) line.closed += exit.quantities.get(line.id) ?? 0;
            else {
              const any = request.lines.some((line) => delivered(exits, line.id) > 0);
              request.status = !any
                ? 'AUTORIZADA'
                : request.lines.some((line) => pendingOf(exits, line) > 0)
                  ? 'SURTIDA_PARCIAL'
                  : 'SURTIDA';
            }
          }
        } else if (op.kind === 'close' && requests.length > 0) {
          const request = requests[op.pick % requests.length];
          const response = await cast.clerk.c.post(`/api/requests/${request.shape.id}/closure`, { reason: 'No se surtirá el resto' });
          met('close', response.statusCode);
          if (request.status === 'AUTORIZADA' || request.status === 'SURTIDA_PARCIAL') {
            expect(response.statusCode).toBe(200);
            for (const line of request.lines) line.closed += pendingOf(exits, line);
            request.status = 'CERRADA';
          } else expect([response.statusCode, response.json().code]).toEqual([409, 'REQUEST_STATE']);
        } else if (op.kind === 'receive' && requests.length > 0) {
          const request = requests[op.pick % requests.length];
          const response = await cast.rosa.c.post(`/api/requests/${request.shape.id}/receipt`, {});
          met('receive', response.statusCode);
          const something = request.lines.some((line) => delivered(exits, line.id) > 0);
          if (request.status === 'SURTIDA' || (request.status === 'CERRADA' && something)) {
            expect(response.statusCode).toBe(200);
            request.status = 'RECIBIDA';
          } else expect([response.statusCode, response.json().code]).toEqual([409, 'REQUEST_STATE']);
        }
      }

      for (const request of requests) {
        const now = ok(await cast.rosa.c.get(`/api/requests/${request.shape.id}`)) as RequestShape;
        expect(now.status).toBe(request.status);
        for (const [i, line] of now.lines.entries()) {
          const model = request.lines[i];
          expect(addDecimal(line.delivered, line.pending, line.closed)).toBe(line.authorized);
          expect(line.delivered).toBe(addDecimal('0', ...line.exits.filter((e) => !e.cancelled).map((e) => e.quantity)));
          expect([units(line.authorized!), units(line.delivered), units(line.closed)]).toEqual([
            model.authorized,
            delivered(exits, model.id),
            model.closed,
          ]);
        }
      }
      for (const productId of products) {
        const { rows } = await t.db.query<{ movement_type: string; quantity: string; amount: string }>(
          'SELECT movement_type, quantity::text, amount::text FROM movements WHERE product_id = $1 ORDER BY id',
          [productId],
        );
        let quantity = '0';
        let value = '0';
        for (const m of rows) {
          quantity = isInboundMovement(m.movement_type) ? addDecimal(quantity, m.quantity) : subtractDecimal(quantity, m.quantity);
          value = isInboundMovement(m.movement_type) ? addDecimal(value, m.amount) : subtractDecimal(value, m.amount);
        }
        const balance = (
          await t.db.query<{ quantity: string; value: string }>(
            'SELECT trim_scale(quantity)::text AS quantity, trim_scale(value)::text AS value FROM product_balances WHERE product_id = $1',
            [productId],
          )
        ).rows[0];
        expect([balance.quantity, balance.value]).toEqual([quantity, value].map((d) => addDecimal(d, '0')));
        const taken = exits
          .filter((e) => !e.cancelled)
          .reduce(
            (sum, e) =>
              sum +
              e.request.lines.reduce(
                (s, line, i) => s + (e.request.shape.lines[i].productId === productId ? (e.quantities.get(line.id) ?? 0) : 0),
                0,
              ),
            0,
          );
        expect(units(balance.quantity)).toBe(OPENING * 1000 - taken);
      }
    }),
    // A fixed seed: the runs must reach every outcome below, which a fresh seed reaches only most times.
    { numRuns: 20, endOnFailure: true, seed: 20261204 },
  );
  expect([...seen].sort()).toEqual(
    expect.arrayContaining(['cancel 201', 'cancel 409', 'close 200', 'exit 201', 'exit 409', 'receive 200', 'receive 409']),
  );
});
