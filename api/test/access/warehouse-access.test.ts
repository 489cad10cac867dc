// The route × role test's warehouse dimension: a role granted for one warehouse opens that
// warehouse only. With three warehouses (the central one, P012 and P013): a clerk of P012
// (ALMACENISTA@P012) works in P012 and gets 403 in P013 — its stock, documents (by id too),
// reports, closings and transfers —, `warehouseId=all` shows P012's rows only; a reader for every
// warehouse (CONSULTA) reads everywhere and writes nowhere. Every route whose query takes
// `warehouseId` is called with the clerk's own warehouse and with another one.
import type { JWTPayload } from 'jose';
import { forbiddenMessage, type Permission } from '@almacen/shared/domain';
import { ruleOf } from '../../src/access/route-permissions';
import { CHOOSE_WAREHOUSE_MESSAGE, STOCK_LEVELS_PERMISSION } from '../../src/access/warehouse-scope';
import { client, type Client } from '../helpers/http';
import { createTestApp, TEST_ROLES_CLAIM, type TestApp } from '../helpers/test-app';
import { createCatalog, createProduct, dispatchBody, invoiceBody, today, type Catalog } from '../modules/ledger/fixtures';

jest.setTimeout(120_000);

let t: TestApp;
let admin: Client;
let catalog: Catalog;
let own: number;
let other: number;
let product: number;
let otherInvoice: number;
let ownInvoice: number;
let toOwn: number;
let otherToCentre: number;

const as = (sub: string, roles: string[]): Client => client(t, { sub, name: sub, [TEST_ROLES_CLAIM]: roles } as JWTPayload);
let clerk: Client;
let reader: Client;
let boss: Client;

function ok<T>(r: { statusCode: number; body: string; json(): { data: T } }, status = 200): T {
  if (r.statusCode !== status) throw new Error(`${r.statusCode} ${r.body}`);
  return r.json().data;
}
const forbidden = (permission: Permission) => ({ code: 'FORBIDDEN', message: forbiddenMessage(permission) });
const answer = (r: { statusCode: number; json(): { code?: string; message?: string } }) =>
  r.statusCode === 403 ? { code: r.json().code, message: r.json().message } : r.statusCode;

const enter = async (warehouseId: number, quantity: string, price: string) =>
  ok<{ id: number }>(
    await admin.post('/api/invoices', invoiceBody(t, catalog, [{ productId: product, quantity, purchasePrice: price }], { warehouseId })),
    201,
  ).id;
const transferBody = (originWarehouseId: number, destinationWarehouseId: number) => ({
  originWarehouseId,
  destinationWarehouseId,
  date: today(t),
  senderEmployeeId: catalog.employeeIds[0],
  carrier: 'Camioneta 3',
  lines: [{ productId: product, quantity: '1' }],
});

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t);
  catalog = await createCatalog(admin);
  own = ok<{ id: number }>(await admin.post('/api/warehouses', { code: 'P012', name: 'Plantel 12' }), 201).id;
  other = ok<{ id: number }>(await admin.post('/api/warehouses', { code: 'P013', name: 'Plantel 13' }), 201).id;
  product = await createProduct(admin, 'Papel bond');
  ownInvoice = await enter(own, '10', '12');
  otherInvoice = await enter(other, '10', '15');
  await enter(1, '10', '20');
  toOwn = ok<{ id: number }>(await admin.post('/api/transfers', transferBody(other, own)), 201).id;
  otherToCentre = ok<{ id: number }>(await admin.post('/api/transfers', transferBody(other, 1)), 201).id;
  clerk = as('clerk-p012', ['ALMACENISTA@P012']);
  reader = as('reader-all', ['CONSULTA']);
  boss = as('boss-p012', ['AUTORIZADOR@P012']);
});
afterAll(() => t.close());

describe('a clerk of one warehouse (ALMACENISTA@P012)', () => {
  test('/api/me: the grant with its warehouse, P012 the only warehouse to use, with what may be done there', async () => {
    const me = ok<{ roles: unknown; warehouses: Array<{ id: number; permissions: string[] }>; activeWarehouses: number }>(
      await clerk.get('/api/me'),
    );
    expect(me.roles).toEqual([{ role: 'ALMACENISTA', warehouseId: own }]);
    expect(me.warehouses.map((w) => w.id)).toEqual([own]);
    // The institution's count, whichever the clerk may use: the portal shows the transfers' pages.
    expect(me.activeWarehouses).toBe(3);
    expect(me.warehouses[0].permissions).toEqual(expect.arrayContaining(['consult', 'invoices.create', 'dispatches.create']));
  });

  test('stock: own warehouse, and by default; the other one 403; all = own rows only', async () => {
    expect((await clerk.get(`/api/stock/${product}?warehouseId=${own}`)).statusCode).toBe(200);
    expect(ok<{ availableQuantity: string }>(await clerk.get(`/api/stock/${product}`)).availableQuantity).toBe('10');
    expect(answer(await clerk.get(`/api/stock/${product}?warehouseId=${other}`))).toEqual(forbidden('consult'));
    expect(answer(await clerk.get(`/api/stock/${product}?warehouseId=1`))).toEqual(forbidden('consult'));
    const all = ok<Array<{ productId: number; availableQuantity: string; warehouses: Array<{ warehouseId: number }>; inTransit: unknown }>>(
      await clerk.get('/api/stock?warehouseId=all'),
    );
    const row = all.find((r) => r.productId === product)!;
    // Own 10 plus what travels to it (1); not P013's nor the centre's.
    expect(row.warehouses.map((w) => w.warehouseId)).toEqual([own]);
    expect(row).toMatchObject({ availableQuantity: '11', inTransit: { quantity: '1' } });
  });

  test('documents: registering in the other warehouse 403 and nothing is written; in its own, 201', async () => {
    const before = (await t.db.query('SELECT count(*) FROM invoices')).rows[0];
    const body = (warehouseId: number) =>
      invoiceBody(t, catalog, [{ productId: product, quantity: '1', purchasePrice: '10' }], { warehouseId });
    expect(answer(await clerk.post('/api/invoices', body(other)))).toEqual(forbidden('invoices.create'));
    expect((await t.db.query('SELECT count(*) FROM invoices')).rows[0]).toEqual(before);
    expect((await clerk.post('/api/invoices', body(own))).statusCode).toBe(201);
    const exit = (warehouseId: number) => dispatchBody(t, catalog, [{ productId: product, quantity: '1' }], { warehouseId });
    expect(answer(await clerk.post('/api/dispatches', exit(other)))).toEqual(forbidden('dispatches.create'));
    expect(answer(await clerk.get(`/api/invoices?warehouseId=${other}`))).toEqual(forbidden('consult'));
    expect(answer(await clerk.get(`/api/movements/invoices/${otherInvoice}`))).toEqual(forbidden('consult'));
    expect((await clerk.get(`/api/movements/invoices/${ownInvoice}`)).statusCode).toBe(200);
  });

  test("counts: the other warehouse's count by id 403 (reading, lines, its sheet); opening one there 403", async () => {
    const count = ok<{ id: number }>(
      await admin.post('/api/inventory-counts', { cutoffDate: today(t), description: 'Conteo de P013', warehouseId: other }),
      201,
    ).id;
    expect(answer(await clerk.get(`/api/inventory-counts/${count}`))).toEqual(forbidden('consult'));
    expect(answer(await clerk.put(`/api/inventory-counts/${count}/lines`, { lines: [] }))).toEqual(forbidden('counts.write'));
    expect(answer(await clerk.post(`/api/reports/inventory-counts/${count}/sheet?format=xlsx`, {}))).toEqual(forbidden('consult'));
    expect(answer(await clerk.post('/api/inventory-counts', { cutoffDate: today(t), description: 'Ajeno', warehouseId: other }))).toEqual(
      forbidden('counts.write'),
    );
    expect((await reader.get(`/api/inventory-counts/${count}`)).statusCode).toBe(200);
  });

  test('reports: its own warehouse and documents; the other ones 403', async () => {
    expect((await clerk.post(`/api/reports/stock?warehouseId=${own}&format=xlsx`, {})).statusCode).toBe(200);
    expect(answer(await clerk.post(`/api/reports/stock?warehouseId=${other}&format=xlsx`, {}))).toEqual(forbidden('consult'));
    expect(answer(await clerk.post(`/api/reports/invoices/${otherInvoice}?format=xlsx`, {}))).toEqual(forbidden('consult'));
    expect((await clerk.post(`/api/reports/invoices/${ownInvoice}?format=xlsx`, {})).statusCode).toBe(200);
    // A transfer's voucher: for whoever may consult its origin or its destination.
    expect((await clerk.post(`/api/reports/transfers/${toOwn}?format=xlsx`, {})).statusCode).toBe(200);
    expect(answer(await clerk.post(`/api/reports/transfers/${otherToCentre}?format=xlsx`, {}))).toEqual(forbidden('consult'));
  });

  test('transfers: sending from another origin 403; from its own, to any warehouse, 201; receiving at its own destination 201', async () => {
    expect(answer(await clerk.post('/api/transfers', transferBody(other, own)))).toEqual(forbidden('dispatches.create'));
    const sent = ok<{ id: number }>(await clerk.post('/api/transfers', transferBody(own, other)), 201);
    // Its reception is P013's, its withdrawal the origin's.
    expect(answer(await clerk.post(`/api/transfers/${sent.id}/reception`, { receiverEmployeeId: catalog.employeeIds[1] }))).toEqual(
      forbidden('invoices.create'),
    );
    expect(answer(await clerk.post(`/api/transfers/${sent.id}/rejection`, { reason: 'No es nuestro' }))).toEqual(
      forbidden('invoices.create'),
    );
    expect((await clerk.post(`/api/transfers/${sent.id}/withdrawal`, { reason: 'Se envió por error' })).statusCode).toBe(201);
    const received = await clerk.post(`/api/transfers/${toOwn}/reception`, { receiverEmployeeId: catalog.employeeIds[1] });
    expect([received.statusCode, received.json().data?.status]).toEqual([201, 'RECIBIDO']);
    expect((await clerk.get(`/api/transfers/${toOwn}`)).statusCode).toBe(200);
    expect(answer(await clerk.get(`/api/transfers/${otherToCentre}`))).toEqual(forbidden('consult'));
    expect(answer(await clerk.get(`/api/transfers?warehouseId=${other}`))).toEqual(forbidden('consult'));
    const listed = ok<Array<{ id: number }>>(await clerk.get('/api/transfers'));
    expect(listed.map((x) => x.id)).toEqual(expect.arrayContaining([toOwn, sent.id]));
    expect(listed.map((x) => x.id)).not.toContain(otherToCentre);
  });

  test('warehouses: its own; as destinations, every active one', async () => {
    expect(ok<Array<{ id: number }>>(await clerk.get('/api/warehouses')).map((w) => w.id)).toEqual([own]);
    const destinations = ok<Array<{ id: number; code: string }>>(await clerk.get('/api/warehouses?purpose=destinations'));
    expect(destinations.map((w) => w.code)).toEqual(['CENTRAL', 'P012', 'P013']);
  });

  test('every route whose query takes warehouseId: allowed in its own warehouse, 403 in another (when the role has the permission)', async () => {
    const doc = (
      await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { authorization: `Bearer ${await t.token()}` } })
    ).json() as {
      paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
    };
    const outcomes: string[] = [];
    const expected: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!operation.parameters?.some((p) => p.in === 'query' && p.name === 'warehouseId')) continue;
        const pattern = path.replace(/\{(\w+)\}/g, ':$1');
        const rule = ruleOf(method.toUpperCase(), pattern);
        if (!rule || rule === 'signedIn') continue;
        // A product's own routes change it: each call gets a product of its own.
        const changes = method !== 'get' && path.startsWith('/api/catalog/products/');
        const url = async (warehouseId: number) =>
          `${pattern
            .replace(':catalog', 'products')
            .replace(/:\w+/g, String(changes ? await createProduct(admin, `Producto ${method} ${warehouseId} ${checked}`) : product))}` +
          `?warehouseId=${warehouseId}&format=xlsx`;
        const call = async (warehouseId: number) => {
          const to = await url(warehouseId);
          if (method === 'get') return clerk.get(to);
          if (method === 'delete') return clerk.del(to);
          return clerk.post(to, to.includes('/barcode?') ? { barcode: `WH-${warehouseId}-${checked}` } : {});
        };
        const mine = await call(own);
        const theirs = await call(other);
        checked++;
        outcomes.push(
          `${method} ${path}: propio ${mine.statusCode === 403 ? 403 : 'permitido'}, otro ${answer(theirs) === 403 ? '' : JSON.stringify(answer(theirs))}`,
        );
        // The catalogue is the institution's: there a warehouse only says whose stock levels a call
        // shows (consult) or, in the products import, sets.
        const permission = path.startsWith('/api/catalog/imports/')
          ? path.endsWith('/export')
            ? 'consult'
            : STOCK_LEVELS_PERMISSION
          : path.startsWith('/api/catalog/products')
            ? 'consult'
            : rule;
        expected.push(`${method} ${path}: propio permitido, otro ${JSON.stringify(forbidden(permission))}`);
      }
    }
    expect(checked).toBeGreaterThan(8);
    expect(outcomes).toEqual(expected);
  });

  test('a call without a warehouse, by someone who may use several: 400 «Indica el almacén.»', async () => {
    const r = await reader.get(`/api/stock/${product}`);
    expect([r.statusCode, r.json().message]).toEqual([400, CHOOSE_WAREHOUSE_MESSAGE]);
  });
});

describe('a reader of every warehouse (CONSULTA)', () => {
  test('reads everywhere, writes nowhere', async () => {
    for (const warehouseId of [1, own, other]) {
      expect((await reader.get(`/api/stock/${product}?warehouseId=${warehouseId}`)).statusCode).toBe(200);
      expect((await reader.get(`/api/invoices?warehouseId=${warehouseId}`)).statusCode).toBe(200);
    }
    expect((await reader.get(`/api/transfers/${otherToCentre}`)).statusCode).toBe(200);
    const all = ok<Array<{ productId: number; warehouses: Array<{ warehouseId: number }> }>>(
      await reader.get('/api/stock?warehouseId=all'),
    );
    expect(all.find((r) => r.productId === product)!.warehouses.map((w) => w.warehouseId)).toEqual([1, own, other]);
    const body = invoiceBody(t, catalog, [{ productId: product, quantity: '1', purchasePrice: '10' }], { warehouseId: own });
    expect(answer(await reader.post('/api/invoices', body))).toEqual(forbidden('invoices.create'));
    expect(ok<Array<{ id: number }>>(await reader.get('/api/warehouses')).map((w) => w.id)).toEqual([1, own, other]);
    expect(answer(await reader.get('/api/warehouses?purpose=destinations'))).toEqual(forbidden('dispatches.create'));
  });
});

describe('an authorizer of one warehouse (AUTORIZADOR@P012)', () => {
  test("cancelling the other warehouse's entry 403 and nothing changes; its own, 201", async () => {
    const reason = { reason: 'Factura duplicada' };
    expect(answer(await boss.post(`/api/invoices/${otherInvoice}/cancellation`, reason))).toEqual(forbidden('invoices.cancel'));
    expect((await t.db.query('SELECT count(*) FROM document_cancellations')).rows[0]).toEqual({ count: '0' });
    const invoice = await enter(own, '1', '10');
    expect((await boss.post(`/api/invoices/${invoice}/cancellation`, reason)).statusCode).toBe(201);
  });

  test('closings: its own warehouse; the other one 403', async () => {
    const next = ok<{ until: string }>(await boss.get(`/api/period-closings/next?warehouseId=${own}`));
    expect(answer(await boss.get(`/api/period-closings?warehouseId=${other}`))).toEqual(forbidden('consult'));
    expect(answer(await boss.post('/api/period-closings', { until: next.until, warehouseId: other }))).toEqual(forbidden('periods.close'));
    expect((await t.db.query('SELECT count(*) FROM period_closings')).rows[0]).toEqual({ count: '0' });
    expect((await boss.post('/api/period-closings', { until: next.until, warehouseId: own })).statusCode).toBe(201);
  });
});
