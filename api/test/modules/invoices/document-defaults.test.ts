// The wizards start from what the person chose in their last document: GET /api/invoices/defaults
// (type and the three signers of their last entry) and GET /api/dispatches/defaults (the
// «Almacenista» of their last exit), per person (the token's sub), null before their first.
import { client, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
let ana: Client;
let luis: Client;
const people: Record<string, number> = {};
let supplierId: number;
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  ana = client(t, { sub: 'user-ana', name: 'Ana Pérez' });
  luis = client(t, { sub: 'user-luis', name: 'Luis Gómez' });
  for (const [name, lastName] of [
    ['Dora', 'Directora'],
    ['Elena', 'Elaboradora'],
    ['Alma', 'Almacenista'],
    ['Otra', 'Almacenista'],
  ])
    people[name] = (await ana.post('/api/catalog/employees', { name, lastName })).json().data.id;
  supplierId = (await ana.post('/api/catalog/suppliers', { name: 'Papelería Sol', rfc: 'PSO010203AB1' })).json().data.id;
  productId = (await ana.post('/api/catalog/products', { name: 'Papel bond' })).json().data.id;
});
afterAll(() => t.close());

const entry = (who: Client, number: string, invoiceType: string, warehouseKeeper: number) =>
  who.post('/api/invoices', {
    supplierId,
    invoiceNumber: number,
    invoiceDate: '2026-01-15',
    invoiceType,
    directorEmployeeId: people.Dora,
    enteredByEmployeeId: people.Elena,
    warehouseKeeperEmployeeId: warehouseKeeper,
    products: [
      {
        productId,
        quantity: '10',
        purchasePrice: '2.5',
        observations: '',
        applyExciseTax: false,
        applyValueAddedTaxToPurchasePrice: false,
        exciseTaxRate: 0,
      },
    ],
  });

test('before a first document: null', async () => {
  expect((await ana.get('/api/invoices/defaults')).json()).toEqual({ data: null });
  expect((await ana.get('/api/dispatches/defaults')).json()).toEqual({ data: null });
});

test("an entry's type and signers are the person's next defaults; another person's stay theirs", async () => {
  expect((await entry(ana, 'F-1', 'DONATIVO', people.Alma)).statusCode).toBe(201);
  expect((await entry(luis, 'F-2', 'COMPRA_DIRECTA', people.Otra)).statusCode).toBe(201);
  expect((await ana.get('/api/invoices/defaults')).json()).toEqual({
    data: {
      invoiceType: 'DONATIVO',
      directorEmployeeId: people.Dora,
      enteredByEmployeeId: people.Elena,
      warehouseKeeperEmployeeId: people.Alma,
    },
  });
  expect((await luis.get('/api/invoices/defaults')).json().data).toMatchObject({
    invoiceType: 'COMPRA_DIRECTA',
    warehouseKeeperEmployeeId: people.Otra,
  });

  // The last one counts.
  expect((await entry(ana, 'F-3', 'ENTRADA_DE_ALMACEN', people.Otra)).statusCode).toBe(201);
  expect((await ana.get('/api/invoices/defaults')).json().data).toMatchObject({
    invoiceType: 'ENTRADA_DE_ALMACEN',
    warehouseKeeperEmployeeId: people.Otra,
  });
});

test("an exit's «Almacenista» is the person's next one", async () => {
  const exit = await ana.post('/api/dispatches', {
    dispatchDate: '2026-01-20',
    personInChargeOfTheRequestingAreaEmployeeId: people.Dora,
    petitionerEmployeeId: people.Elena,
    warehouseKeeperEmployeeId: people.Alma,
    products: [{ productId, quantity: '1', exitPrice: '2.5', observations: '' }],
  });
  expect(exit.statusCode).toBe(201);
  expect((await ana.get('/api/dispatches/defaults')).json()).toEqual({ data: { warehouseKeeperEmployeeId: people.Alma } });
  expect((await luis.get('/api/dispatches/defaults')).json()).toEqual({ data: null });
});
