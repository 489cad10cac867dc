// «Almacenes»: the catalogue, the warehouse every warehouse call names (or the only one), and
// books kept per warehouse — a second warehouse's entries, exits and closings never touch the
// first's, and a client that names no warehouse keeps working while there is only one.
import { client, countRows, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createCatalog, createProduct, dispatchBody, invoiceBody, LEDGER_TABLES, type Catalog } from '../ledger/fixtures';

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

const ok = <T>(r: { statusCode: number; body: string; json(): { data: T } }, status = 200): T => {
  if (r.statusCode !== status) throw new Error(`${r.statusCode} ${r.body}`);
  return r.json().data;
};

test('an existing database has one warehouse, «CENTRAL», and everything answers as before without naming it', async () => {
  const warehouses = ok<Array<{ id: number; code: string; name: string; active: boolean }>>(await c.get('/api/warehouses'));
  expect(warehouses).toEqual([expect.objectContaining({ id: 1, code: 'CENTRAL', name: 'Almacén central', active: true })]);
  const paper = await createProduct(c, 'Hojas blancas (un almacén)');
  ok(await c.post('/api/invoices', invoiceBody(t, catalog, [{ productId: paper, quantity: '10', purchasePrice: '12' }])), 201);
  expect(ok(await c.get(`/api/stock/${paper}`))).toMatchObject({ availableQuantity: '10', averagePrice: '12', value: '120' });
  expect(ok(await c.get(`/api/stock/${paper}?warehouseId=1`))).toMatchObject({ availableQuantity: '10', value: '120' });
});

test('a warehouse is created and edited by its code; bad input is a Spanish 400 and a repeated code a 409, and nothing changes', async () => {
  const before = await countRows(t, ['warehouses']);
  const bad = await c.post('/api/warehouses', { code: 'p 12', name: '' });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().errors).toMatchObject({
    code: expect.stringContaining('La clave del almacén'),
    name: 'El nombre del almacén es un campo obligatorio.',
  });
  const created = ok<{ id: number; code: string; address: string | null; active: boolean }>(
    await c.post('/api/warehouses', {
      code: 'p012',
      name: 'Plantel 12',
      address: ' Av. Juárez 10 ',
      responsibleEmployeeId: catalog.employeeIds[0],
    }),
    201,
  );
  expect(created).toMatchObject({ code: 'P012', address: 'Av. Juárez 10', active: true, responsibleEmployeeId: catalog.employeeIds[0] });
  const repeated = await c.post('/api/warehouses', { code: 'P012', name: 'Otro' });
  expect(repeated.statusCode).toBe(409);
  expect(repeated.json().message).toBe('Ya existe un almacén con la clave P012.');
  const edited = ok<{ name: string }>(await c.put(`/api/warehouses/${created.id}`, { code: 'P012', name: 'Plantel 12 «Centro»' }));
  expect(edited.name).toBe('Plantel 12 «Centro»');
  expect(await countRows(t, ['warehouses'])).toEqual({ warehouses: before.warehouses + 1 });
  expect((await c.put('/api/warehouses/9999', { code: 'X1', name: 'Nadie' })).statusCode).toBe(404);
});

describe('with two warehouses', () => {
  let plantel: number;
  let paper: number;
  beforeAll(async () => {
    plantel = ok<{ id: number }>(await c.post('/api/warehouses', { code: 'P013', name: 'Plantel 13' }), 201).id;
    paper = await createProduct(c, 'Hojas blancas (dos almacenes)');
    ok(
      await c.post(
        '/api/invoices',
        invoiceBody(t, catalog, [{ productId: paper, quantity: '10', purchasePrice: '12' }], { warehouseId: 1 }),
      ),
      201,
    );
  });

  test('a call that names no warehouse is a 400 «Indica el almacén.» and writes nothing', async () => {
    const before = await countRows(t, LEDGER_TABLES);
    for (const url of [
      '/api/stock',
      `/api/stock/${paper}`,
      '/api/stock/summary',
      `/api/movements/products/${paper}`,
      '/api/period-closings',
      '/api/invoices',
      '/api/dispatches',
      '/api/inventory-counts',
    ]) {
      const r = await c.get(url);
      expect([url, r.statusCode, r.json().message]).toEqual([url, 400, 'Indica el almacén.']);
    }
    const entry = await c.post('/api/invoices', invoiceBody(t, catalog, [{ productId: paper, quantity: '1', purchasePrice: '1' }]));
    expect(entry.statusCode).toBe(400);
    expect(entry.json().errors).toEqual({ warehouseId: 'Indica el almacén.' });
    const unknown = await c.get(`/api/stock/${paper}?warehouseId=999`);
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'El almacén indicado no existe.']);
    expect((await c.get(`/api/stock/${paper}?warehouseId=uno`)).statusCode).toBe(400);
    expect(await countRows(t, LEDGER_TABLES)).toEqual(before);
  });

  test("each warehouse keeps its own balance, average and kardex: the plantel's entry and exit leave the centre's untouched", async () => {
    ok(
      await c.post(
        '/api/invoices',
        invoiceBody(t, catalog, [{ productId: paper, quantity: '5', purchasePrice: '15' }], { warehouseId: plantel }),
      ),
      201,
    );
    // More than the plantel holds, though the centre has 10: refused by the plantel's own stock.
    const short = await c.post(
      '/api/dispatches',
      dispatchBody(t, catalog, [{ productId: paper, quantity: '6', exitPrice: '15' }], { warehouseId: plantel }),
    );
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toContain('disponible 5, solicitado 6');
    ok(
      await c.post(
        '/api/dispatches',
        dispatchBody(t, catalog, [{ productId: paper, quantity: '2', exitPrice: '15' }], { warehouseId: plantel }),
      ),
      201,
    );
    expect(ok(await c.get(`/api/stock/${paper}?warehouseId=1`))).toMatchObject({
      availableQuantity: '10',
      averagePrice: '12',
      value: '120',
    });
    expect(ok(await c.get(`/api/stock/${paper}?warehouseId=${plantel}`))).toMatchObject({
      availableQuantity: '3',
      averagePrice: '15',
      value: '45',
    });
    const kardex = ok<Array<{ movementType: string; quantity: string }>>(
      await c.get(`/api/movements/products/${paper}?warehouseId=${plantel}`),
    );
    expect(kardex.map((m) => `${m.movementType} ${m.quantity}`)).toEqual(['INVOICE 5', 'DISPATCH 2']);
    const list = (await c.get(`/api/stock?warehouseId=${plantel}`)).json().data as Array<{ productId: number; value: string }>;
    expect(list.find((row) => row.productId === paper)).toMatchObject({ value: '45' });
    const summary = ok<{ inventoryValue: string }>(await c.get(`/api/stock/summary?warehouseId=${plantel}`));
    expect(summary.inventoryValue).toBe('45.00');
    // The histories are each warehouse's own.
    const plantelEntries = ok<Array<{ id: number }>>(await c.get(`/api/invoices?warehouseId=${plantel}`));
    const centreEntries = ok<Array<{ id: number }>>(await c.get('/api/invoices?warehouseId=1'));
    expect(plantelEntries).toHaveLength(1);
    expect(centreEntries.map((e) => e.id)).not.toContain(plantelEntries[0].id);
    expect(ok<unknown[]>(await c.get(`/api/dispatches?warehouseId=${plantel}`))).toHaveLength(1);
    expect(ok<unknown[]>(await c.get('/api/dispatches?warehouseId=1'))).toHaveLength(0);
  });

  test('an inactive warehouse takes no new documents (409) and keeps what it has', async () => {
    ok(await c.put(`/api/warehouses/${plantel}`, { code: 'P013', name: 'Plantel 13', active: false }));
    const refused = await c.post(
      '/api/invoices',
      invoiceBody(t, catalog, [{ productId: paper, quantity: '1', purchasePrice: '1' }], { warehouseId: plantel }),
    );
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      'El almacén «Plantel 13» está inactivo: no admite documentos nuevos.',
    ]);
    expect(ok(await c.get(`/api/stock/${paper}?warehouseId=${plantel}`))).toMatchObject({ availableQuantity: '3' });
    ok(await c.put(`/api/warehouses/${plantel}`, { code: 'P013', name: 'Plantel 13', active: true }));
  });
});
