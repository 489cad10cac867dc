// Property: whatever the clerks of three warehouses register — entries, exits, transfers sent,
// received, rejected and withdrawn, cancellations and counts, including what is refused — every
// warehouse's balance is the fold of its own movements (checkLedger folds them again with its own
// integer arithmetic), what arrives or returns is worth what left, and the institution's value
// (Σ of the warehouses' balances + what is in transit) is exactly what entries, exits, adjustments
// and cancellations made of it: transfers never create or destroy value.
import fc from 'fast-check';
import { checkLedger } from '../../../src/backup/ledger-check';
import { client, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createCatalog, createProduct, dispatchBody, invoiceBody, today, type Catalog } from '../ledger/fixtures';

jest.setTimeout(300_000);

let t: TestApp;
let c: Client;
let catalog: Catalog;
const warehouses: number[] = [1];
beforeAll(async () => {
  t = await createTestApp();
  c = client(t);
  catalog = await createCatalog(c);
  for (const code of ['P012', 'P013']) {
    const r = await c.post('/api/warehouses', { code, name: `Plantel ${code.slice(1)}` });
    warehouses.push(r.json().data.id);
  }
});
afterAll(() => t.close());

const w = fc.integer({ min: 0, max: 2 });
const p = fc.integer({ min: 0, max: 1 });
const q = fc.integer({ min: 10, max: 9_000 }).map((n) => (n / 1000).toFixed(3));
const price = fc.integer({ min: 1_000, max: 900_000 }).map((n) => (n / 1000).toFixed(3));
const operation = fc.oneof(
  fc.record({ kind: fc.constant('entry' as const), w, p, q, price }),
  fc.record({ kind: fc.constant('exit' as const), w, p, q }),
  fc.record({ kind: fc.constant('send' as const), from: w, to: w, p, q }),
  fc.record({ kind: fc.constant('settle' as const), how: fc.constantFrom('reception', 'rejection', 'withdrawal'), pick: fc.nat() }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('count' as const), w, p, counted: q }),
);

/** Σ of the balances' values plus what travels, and Σ of what every non-transfer movement did to the value. */
async function institution(): Promise<{ held: string; made: string }> {
  const { rows } = await t.db.query<{ held: string; made: string }>(
    `SELECT ((SELECT coalesce(sum(value), 0) FROM product_balances)
             + (SELECT coalesce(sum(m.amount), 0) FROM movements m JOIN transfers x ON x.id = m.transfer_id
                 WHERE m.movement_type = 'TRANSFER_OUT' AND x.status = 'ENVIADO'))::text AS held,
            (SELECT coalesce(sum(movement_sign(movement_type) * amount), 0) FROM movements WHERE transfer_id IS NULL)::text AS made`,
  );
  return rows[0];
}

test('every balance is the fold of its warehouse, and transfers neither create nor destroy value', async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(operation, { minLength: 3, maxLength: 14 }), async (operations) => {
      run++;
      const products = [await createProduct(c, `Producto ${run}-a`), await createProduct(c, `Producto ${run}-b`)];
      const documents: string[] = [];
      const transfers: number[] = [];
      // Every warehouse starts with some of each product, so most shipments have something to send.
      for (const warehouseId of warehouses) {
        const r = await c.post(
          '/api/invoices',
          invoiceBody(
            t,
            catalog,
            products.map((productId) => ({ productId, quantity: '5', purchasePrice: '10.5' })),
            { warehouseId },
          ),
        );
        expect(r.statusCode).toBe(201);
      }
      for (const op of operations) {
        if (op.kind === 'entry') {
          const r = await c.post(
            '/api/invoices',
            invoiceBody(t, catalog, [{ productId: products[op.p], quantity: op.q, purchasePrice: op.price }], {
              warehouseId: warehouses[op.w],
            }),
          );
          expect(r.statusCode).toBe(201);
          documents.push(`/api/invoices/${r.json().data.id}/cancellation`);
        } else if (op.kind === 'exit') {
          const r = await c.post(
            '/api/dispatches',
            dispatchBody(t, catalog, [{ productId: products[op.p], quantity: op.q, exitPrice: '1' }], { warehouseId: warehouses[op.w] }),
          );
          expect([201, 409]).toContain(r.statusCode);
          if (r.statusCode === 201) documents.push(`/api/dispatches/${r.json().data.id}/cancellation`);
        } else if (op.kind === 'send') {
          const r = await c.post('/api/transfers', {
            originWarehouseId: warehouses[op.from],
            destinationWarehouseId: warehouses[op.to],
            date: today(t),
            senderEmployeeId: catalog.employeeIds[0],
            lines: [{ productId: products[op.p], quantity: op.q }],
          });
          expect([201, 400, 409]).toContain(r.statusCode);
          if (op.from === op.to) expect(r.statusCode).toBe(400);
          if (r.statusCode === 201) transfers.push(r.json().data.id);
        } else if (op.kind === 'settle' && transfers.length > 0) {
          const id = transfers[op.pick % transfers.length];
          const body = op.how === 'reception' ? { receiverEmployeeId: catalog.employeeIds[1] } : { reason: 'Motivo de la prueba' };
          const r = await c.post(`/api/transfers/${id}/${op.how}`, body);
          expect([201, 409]).toContain(r.statusCode);
        } else if (op.kind === 'cancel' && documents.length > 0) {
          const r = await c.post(documents[op.pick % documents.length], { reason: 'Cancelación de la prueba' });
          expect([201, 409]).toContain(r.statusCode);
        } else if (op.kind === 'count') {
          const count = await c.post('/api/inventory-counts', {
            cutoffDate: today(t),
            description: `Conteo ${run}`,
            warehouseId: warehouses[op.w],
          });
          expect(count.statusCode).toBe(201);
          const id = count.json().data.id;
          const lines = await c.put(`/api/inventory-counts/${id}/lines`, {
            lines: [{ productId: products[op.p], countedQuantity: op.counted, unitCost: '10' }],
          });
          expect(lines.statusCode).toBe(200);
          const [director, keeper, witness] = catalog.employeeIds;
          const applied = await c.post(`/api/inventory-counts/${id}/application`, {
            directorEmployeeId: director,
            warehouseKeeperEmployeeId: keeper,
            witnessEmployeeId: witness,
          });
          expect([200, 201, 409]).toContain(applied.statusCode);
        }
      }
      const { held, made } = await institution();
      expect(held).toBe(made);
      expect((await checkLedger(t.databaseUrl)).violations).toEqual([]);
    }),
    { numRuns: 15 },
  );
});
