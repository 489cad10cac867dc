// What an auditor reads of a transfer: the «Vale de traspaso» (PDF and XLSX) with who sent,
// carried and received it and the value each line left with, and the kardex of each warehouse,
// whose transfer lines name the other warehouse.
import { client, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { readPdf, readXlsx } from '../../reports/read-report';
import { createCatalog, createProduct, invoiceBody, today, type Catalog } from '../ledger/fixtures';

jest.setTimeout(180_000);

let t: TestApp;
let c: Client;
let catalog: Catalog;
let plantel: number;
let product: number;
let transferId: number;
beforeAll(async () => {
  t = await createTestApp();
  c = client(t);
  catalog = await createCatalog(c);
  plantel = (await c.post('/api/warehouses', { code: 'P012', name: 'Plantel 12 Norte' })).json().data.id;
  product = await createProduct(c, 'Tóner negro 58A');
  await c.post('/api/invoices', invoiceBody(t, catalog, [{ productId: product, quantity: '10', purchasePrice: '12' }], { warehouseId: 1 }));
  const sent = await c.post('/api/transfers', {
    originWarehouseId: 1,
    destinationWarehouseId: plantel,
    date: today(t),
    senderEmployeeId: catalog.employeeIds[0],
    carrier: 'Juan Pérez, camioneta 3',
    lines: [{ productId: product, quantity: '4', observations: 'Caja sellada' }],
  });
  transferId = sent.json().data.id;
  await c.post(`/api/transfers/${transferId}/reception`, { receiverEmployeeId: catalog.employeeIds[1] });
});
afterAll(() => t.close());

test('the «Vale de traspaso» as PDF names both warehouses, the three people and the value that travelled', async () => {
  const r = await c.post(`/api/reports/transfers/${transferId}?format=pdf`, {});
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-disposition']).toContain(`Vale de traspaso - ${transferId}`);
  const text = (await readPdf(r.rawPayload)).lines.join('\n');
  for (const expected of [
    'Vale de traspaso',
    'Almacén central',
    'Plantel 12 Norte',
    'Juan Pérez, camioneta 3',
    'Recibido',
    'Tóner negro 58A',
    'Caja sellada',
    '$48.00',
  ]) {
    expect(text).toContain(expected);
  }
  const names = await c.get('/api/catalog/employees');
  const [sender, receiver] = catalog.employeeIds.map((id) => {
    const e = (names.json().data as Array<{ id: number; name: string; lastName: string }>).find((x) => x.id === id)!;
    return `${e.name} ${e.lastName}`;
  });
  expect(text).toContain(sender);
  expect(text).toContain(receiver);
});

test('the XLSX holds the exact figures', async () => {
  const r = await c.post(`/api/reports/transfers/${transferId}?format=xlsx`, {});
  expect(r.statusCode).toBe(200);
  const { sheetName, rows } = await readXlsx(r.rawPayload);
  expect(sheetName).toBe('Vale de traspaso');
  const line = rows.find((row) => row.includes('Tóner negro 58A'))!;
  expect(line).toEqual(expect.arrayContaining(['Tóner negro 58A', 4, 12, 48]));
  expect((await c.post('/api/reports/transfers/999999?format=pdf', {})).statusCode).toBe(404);
});

test("each warehouse's kardex names the other warehouse on its transfer line", async () => {
  const kardex = async (warehouseId: number) =>
    (await readPdf((await c.post(`/api/reports/products/${product}?format=pdf&warehouseId=${warehouseId}`, {})).rawPayload)).lines.join(
      '\n',
    );
  const centre = await kardex(1);
  // The type's label wraps in its column: "Traspaso" on the row's line, "enviado" under it.
  expect(centre).toMatch(new RegExp(`\\| Traspaso \\| Traspaso ${transferId} \\| Plantel 12 Norte \\|[^\\n]*\\nenviado`));
  const destination = await kardex(plantel);
  expect(destination).toMatch(new RegExp(`\\| Traspaso \\| Traspaso ${transferId} \\| Almacén central \\|[^\\n]*\\nrecibido`));
});
