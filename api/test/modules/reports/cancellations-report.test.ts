// Reports of cancelled documents: the kardex shows the cancellation movements with
// their labels, in the right columns (an entry's cancellation goes out, an exit's comes back),
// its totals reconcile with the balance, and a cancelled exit's voucher keeps its own total.
import { client, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { readPdf, readXlsx, type CellValue } from '../../reports/read-report';
import { createCatalog, createProduct, dispatchBody, invoiceBody, type Catalog } from '../ledger/fixtures';

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
  return (await workbookOf(url)).rows;
}

async function workbookOf(url: string) {
  const r = await t.app.inject({ method: 'POST', url: `${url}?format=xlsx`, headers: await t.auth() });
  expect(r.statusCode).toBe(200);
  return readXlsx(r.rawPayload);
}

async function pdfOf(url: string) {
  const r = await t.app.inject({ method: 'POST', url, headers: await t.auth() });
  expect(r.statusCode).toBe(200);
  return readPdf(r.rawPayload);
}

/** "DD/MM/YYYY HH:mm" of an instant in the app's time zone, computed apart from the code under test. */
function clock(iso: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: t.config.timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

test('kardex: "Cancelación de entrada" out and "Cancelación de salida" in, with their documents; totals reconcile', async () => {
  const productId = await createProduct(c, 'Papel kraft');
  const invoiceA = (
    await c.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity: '10', purchasePrice: '10' }], { invoiceNumber: 'KR-1' }))
  ).json().data;
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
  expect(body.map((r) => r[2]).filter(Boolean)).toEqual([
    'Entrada',
    'Entrada',
    'Salida',
    'Cancelación de entrada',
    'Cancelación de salida',
  ]);
  const cancelledEntry = at('Cancelación de entrada');
  expect([cancelledEntry[3], cancelledEntry[5], cancelledEntry[8], cancelledEntry[9], cancelledEntry[10], cancelledEntry[11]]).toEqual([
    'Factura KR-1',
    null,
    10,
    15,
    150,
    5,
  ]);
  expect(cancelledEntry[4]).toEqual(expect.stringContaining('Papelería del Centro'));
  const cancelledExit = at('Cancelación de salida');
  expect([cancelledExit[3], cancelledExit[5], cancelledExit[6], cancelledExit[7], cancelledExit[8], cancelledExit[11]]).toEqual([
    `Salida ${dispatch.id}`,
    5,
    15,
    75,
    null,
    10,
  ]);
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
  const total = (rows: CellValue[][]) =>
    rows.find((r) => r.some((cell) => typeof cell === 'string' && /^Total/.test(cell)))!.filter((cell) => typeof cell === 'number');
  expect(total(before)).toEqual([12]);
  expect(total(after)).toEqual(total(before));
});

test('the vouchers of a cancelled entry and exit carry "CANCELADA" with its date and reason on EVERY page (PDF) and at the top and in the page header (XLSX); others do not', async () => {
  const products: number[] = [];
  for (let i = 0; i < 70; i++) products.push(await createProduct(c, `Artículo de papelería ${i + 1}`));
  const invoice = (
    await c.post(
      '/api/invoices',
      invoiceBody(
        t,
        catalog,
        products.map((productId) => ({ productId, quantity: '2', purchasePrice: '3.5' })),
      ),
    )
  ).json().data;
  const dispatch = (
    await c.post(
      '/api/dispatches',
      dispatchBody(
        t,
        catalog,
        products.map((productId) => ({ productId, quantity: '1' })),
      ),
    )
  ).json().data;
  const other = await createProduct(c, 'Artículo de papelería sin cancelar');
  await c.post('/api/invoices', invoiceBody(t, catalog, [{ productId: other, quantity: '1', purchasePrice: '3.5' }]));
  const kept = (await c.post('/api/dispatches', dispatchBody(t, catalog, [{ productId: other, quantity: '1' }]))).json().data;
  const exitCancelled = (await c.post(`/api/dispatches/${dispatch.id}/cancellation`, { reason: 'El área no recogió el material' })).json()
    .data;
  await c.post(`/api/dispatches/${kept.id}/cancellation`, { reason: 'x' }); // refused (400): stays registered
  const entryCancelled = (await c.post(`/api/invoices/${invoice.id}/cancellation`, { reason: 'Factura del proveedor equivocado' })).json()
    .data;
  expect([exitCancelled.documentId, entryCancelled.documentId]).toEqual([dispatch.id, invoice.id]);

  for (const [url, cancellation] of [
    [`/api/reports/invoices/${invoice.id}`, entryCancelled],
    [`/api/reports/dispatches/${dispatch.id}`, exitCancelled],
  ] as const) {
    const stamp = `Cancelada el ${clock(cancellation.cancelledAt)} · Motivo: ${cancellation.reason}`;
    const pdf = await pdfOf(url);
    expect(pdf.pages.length).toBeGreaterThan(1);
    pdf.pages.forEach((page, index) => {
      const text = page.map((line) => line.join(' ')).join('\n');
      expect({ url, page: index + 1, stamped: text.includes('CANCELADA') && text.includes(stamp) }).toEqual({
        url,
        page: index + 1,
        stamped: true,
      });
    });
    const { rows, workbook } = await workbookOf(url);
    expect(rows.slice(0, 6).flat()).toEqual(expect.arrayContaining([`CANCELADA · ${stamp}`]));
    expect(workbook.worksheets[0].headerFooter.oddHeader).toContain(`CANCELADA · ${stamp}`);
  }
  const plain = await pdfOf(`/api/reports/dispatches/${kept.id}`);
  expect(plain.lines.join('\n')).not.toContain('CANCELADA');
  expect((await workbookOf(`/api/reports/dispatches/${kept.id}`)).rows.flat()).not.toEqual(
    expect.arrayContaining([expect.stringContaining('CANCELADA')]),
  );
});
