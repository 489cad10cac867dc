// Fuzz: whatever JSON a client sends to the count routes, and whatever bytes it
// uploads as a count file, the answer is a 4xx in Spanish in the API's shape — never a 500 —
// and a refused request changes nothing (the session, its lines, the ledger, the audit log).
import fc from 'fast-check';
import { client, countRows, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createCatalog, createProduct, invoiceBody, LEDGER_TABLES, today, type Catalog } from '../ledger/fixtures';

jest.setTimeout(180_000);

const TABLES = [...LEDGER_TABLES, 'inventory_counts', 'inventory_count_lines'];

let t: TestApp;
let c: Client;
let catalog: Catalog;
let countId: number;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  c = client(t);
  catalog = await createCatalog(c);
  productId = await createProduct(c, 'Hojas blancas');
  await c.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity: '3', purchasePrice: '2' }]));
  countId = (await c.post('/api/inventory-counts', { cutoffDate: today(t), description: 'Conteo de fuzz' })).json().data.id;
});
afterAll(() => t.close());

/** A line built from anything; `known` is a product of the session (read after beforeAll). */
const lineish = (known: number) =>
  fc.record(
    {
      productId: fc.oneof(fc.constant(known), fc.integer(), fc.string(), fc.constant(null)),
      countedQuantity: fc.oneof(
        fc.string(),
        fc.double(),
        fc.integer(),
        fc.constant(null),
        fc.constant('-0'),
        fc.constant('1e3'),
        fc.constant('0.0001'),
      ),
      unitCost: fc.oneof(fc.string(), fc.double(), fc.constant(0), fc.constant(null), fc.constant('12.3456')),
      observations: fc.oneof(fc.string({ maxLength: 600 }), fc.integer(), fc.constant(null)),
    },
    { requiredKeys: [] },
  );
const body = (known: number) =>
  fc.oneof(fc.jsonValue(), fc.record({ lines: fc.oneof(fc.array(lineish(known), { maxLength: 4 }), fc.jsonValue()) }));

function expectSpanish4xx(r: { statusCode: number; json: () => { message?: unknown; code?: unknown } }) {
  expect(r.statusCode).toBeGreaterThanOrEqual(400);
  expect(r.statusCode).toBeLessThan(500);
  expect(typeof r.json().message).toBe('string');
}

test('any JSON to create, save lines or apply: 4xx in Spanish or a valid save, never a 500; a refusal writes nothing', async () => {
  await fc.assert(
    fc.asyncProperty(body(productId), fc.constantFrom('create', 'lines', 'apply'), async (payload, route) => {
      const before = await countRows(t, TABLES);
      const r =
        route === 'create'
          ? await c.post('/api/inventory-counts', payload)
          : route === 'lines'
            ? await c.put(`/api/inventory-counts/${countId}/lines`, payload)
            : await c.post(`/api/inventory-counts/${countId}/application`, payload);
      expect(r.statusCode).not.toBe(500);
      if (r.statusCode >= 400) {
        expectSpanish4xx(r);
        expect(await countRows(t, TABLES)).toEqual(before);
      }
    }),
    { numRuns: 150 },
  );
  // The session was never applied by garbage: still open.
  expect((await c.get(`/api/inventory-counts/${countId}`)).json().data.status).toBe('ABIERTO');
});

test('any bytes uploaded as CSV or XLSX: 4xx in Spanish or a valid save, never a 500', async () => {
  const auth = await t.auth();
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        fc.uint8Array({ maxLength: 400 }),
        fc.string().map((s) => new TextEncoder().encode(`ID,Cantidad contada\n${s}`)),
      ),
      fc.constantFrom('text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
      async (bytes, type) => {
        const r = await t.app.inject({
          method: 'POST',
          url: `/api/inventory-counts/${countId}/lines/import`,
          headers: { ...auth, 'content-type': type },
          payload: Buffer.from(bytes),
        });
        expect(r.statusCode).not.toBe(500);
        if (r.statusCode >= 400) expectSpanish4xx(r);
      },
    ),
    { numRuns: 150 },
  );
});
