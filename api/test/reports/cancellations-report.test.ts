// Reports of cancelled documents (issue #16): the kardex shows the cancellation movements with
// their labels, in the right columns (an entry's cancellation goes out, an exit's comes back),
// its totals reconcile with the balance, and a cancelled exit's voucher keeps its own total.
import { client, type Client } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createCatalog, createProduct, dispatchBody, invoiceBody, type Catalog } from '../ledger/fixtures';
import { readXlsx, type CellValue } from './read-report';

jest.setTimeout(120_000);

let t: TestApp;
let c: Client;
let catalog: Catalog;
beforeAll(async () => {
  t = await createTestApp();
  c = client(t, { sub: 'user-reportes', name: 'Lucía Hernández' });
  catalog = await createCatalog(c);
});
afterAll(() => t.close());

async function xlsxOf(url: string): Promise<CellValue[][]> {
  const r = await t.app.inject({ method: 'POST', url: `${url}?format=xlsx`, headers: await t.auth() });
  expect(r.statusCode).toBe(200);
  return (await readXlsx(r.rawPayload)).rows;
}

test('kardex: "Cancelación de entrada" out and "Cancelación de salida" in, with their documents; totals reconcile', async () => {
  const productId = await createProduct(c, 'Papel kraft');
  const invoiceA = (await c.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity: '10', purchasePrice: '10' }], { invoiceNumber: 'KR-1' }))).json().data;
  await c.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity: '10', purchasePrice: '20' }], { invoiceNumber: 'KR-2' }));
  const dispatch = (await c.post('/api/dispatches', dispatchBody(t, catalog, [{ productId, quantity: '5' }]))).json().data;
  expect((await c.post(`/api/invoices/${invoiceA.id}/cancellation`, { reason: 'Factura duplicada' })).statusCode).toBe(201);
  expect((await c.post(`/api/dispatches/${dispatch.id}/cancellation`, { reason: 'No se entregó' })).statusCode).toBe(201);

  const rows = await xlsxOf(`/api/reports/products/${productId}`);
  const typeColumn = rows.findIndex((r) => r.includes('Tipo'));
  const header = rows[typeColumn];
  const body = rows.slice(typeColumn + 1);
  const at = (label: string) => body.find((r) => r[2] === label)!;
  // Columns: Mov., Fecha, Tipo, Documento, Proveedor o área, in (q, cost, amount), out (q, cost, amount), balance (q, avg, value)
  expect(header[2]).toBe('Tipo');
  expect(body.map((r) => r[2]).filter(Boolean)).toEqual(['Entrada', 'Entrada', 'Salida', 'Cancelación de entrada', 'Cancelación de salida']);
  const cancelledEntry = at('Cancelación de entrada');
  expect([cancelledEntry[3], cancelledEntry[5], cancelledEntry[8], cancelledEntry[9], cancelledEntry[10], cancelledEntry[11]]).toEqual(['Factura KR-1', null, 10, 15, 150, 5]);
  expect(cancelledEntry[4]).toEqual(expect.stringContaining('Papelería del Centro'));
  const cancelledExit = at('Cancelación de salida');
  expect([cancelledExit[3], cancelledExit[5], cancelledExit[6], cancelledExit[7], cancelledExit[8], cancelledExit[11]]).toEqual([`Salida ${dispatch.id}`, 5, 15, 75, null, 10]);
  expect(cancelledExit[4]).toBe('María López');
  // In: 10 + 10 + 5 = 25 (100 + 200 + 75); out: 5 + 10 = 15 (75 + 150); 25 − 15 = 10 on hand.
  const totals = body.find((r) => r[0] === 'Totales')!;
  expect([totals[5], totals[7], totals[8], totals[10], totals[11]]).toEqual([25, 375, 15, 225, 10]);
});

test("a cancelled exit's voucher keeps the exit's own total (the cancellation's movements are not added to it)", async () => {
  const productId = await createProduct(c, 'Gises blancos');
  await c.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity: '10', purchasePrice: '4' }]));
  const dispatch = (await c.post('/api/dispatches', dispatchBody(t, catalog, [{ productId, quantity: '3' }]))).json().data;
  const before = await xlsxOf(`/api/reports/dispatches/${dispatch.id}`);
  expect((await c.post(`/api/dispatches/${dispatch.id}/cancellation`, { reason: 'Salida capturada por error' })).statusCode).toBe(201);
  const after = await xlsxOf(`/api/reports/dispatches/${dispatch.id}`);
  const total = (rows: CellValue[][]) => rows.find((r) => r.some((cell) => typeof cell === 'string' && /^Total/.test(cell)))!.filter((cell) => typeof cell === 'number');
  expect(total(before)).toEqual([12]);
  expect(total(after)).toEqual(total(before));
});
