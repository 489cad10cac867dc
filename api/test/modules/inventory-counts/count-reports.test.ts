// "Acta de inventario físico" and "Hoja de conteo", read back from the files: the
// lines with book, counted, difference and value, "Sin contar", the totals, the three signers,
// "BORRADOR" until applied; the sheet with or without the book quantity, and a filled XLSX sheet
// uploads back as it was downloaded.
import ExcelJS from 'exceljs';
import { client, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { readPdf, readXlsx } from '../../reports/read-report';
import { createCatalog, createProduct, invoiceBody, today, type Catalog } from '../ledger/fixtures';

jest.setTimeout(120_000);

let t: TestApp;
let c: Client;
let catalog: Catalog;
let countId: number;
let paper: number;
let toner: number;
let clips: number;
beforeAll(async () => {
  t = await createTestApp();
  c = client(t);
  catalog = await createCatalog(c);
  const partida = (await c.post('/api/catalog/product-categories', { description: '2111 Materiales de oficina' })).json().data.id;
  for (const [name, set] of [
    ['Papel bond carta', (id: number) => (paper = id)],
    ['Tóner negro 58A', (id: number) => (toner = id)],
    ['Clips estándar', (id: number) => (clips = id)],
  ] as const) {
    const id = await createProduct(c, name);
    await c.put('/api/catalog/products', { id, name, categoryId: partida });
    set(id);
  }
  await c.post(
    '/api/invoices',
    invoiceBody(t, catalog, [
      { productId: paper, quantity: '10', purchasePrice: '95.5' },
      { productId: toner, quantity: '4', purchasePrice: '1462.5' },
    ]),
  );
  countId = (
    await c.post('/api/inventory-counts', { cutoffDate: today(t), description: 'Conteo semestral', categoryIds: [partida] })
  ).json().data.id;
  await c.put(`/api/inventory-counts/${countId}/lines`, {
    lines: [
      { productId: paper, countedQuantity: '7.5' },
      { productId: toner, countedQuantity: '5', unitCost: '1470' },
    ],
  });
});
afterAll(() => t.close());

async function download(url: string) {
  const r = await t.app.inject({ method: 'POST', url, headers: await t.auth() });
  expect([r.statusCode, r.statusCode === 200 ? '' : r.body]).toEqual([200, '']);
  return r.rawPayload;
}
const pageText = (pages: string[][][]) => pages.map((page) => page.map((line) => line.join(' ')).join('\n'));

test('the acta of an open count: every line with book, counted, difference and its value, "Sin contar", totals, BORRADOR on every page', async () => {
  const pdf = await readPdf(await download(`/api/reports/inventory-counts/${countId}`));
  const pages = pageText(pdf.pages);
  for (const text of pages) expect(text).toContain('BORRADOR');
  const all = pages.join('\n');
  expect(all).toContain('Acta de inventario físico');
  expect(all).toContain('Director del plantel');
  expect(all).toContain('Testigo');
  expect(pdf.lines.find((l) => l.includes('Papel bond carta'))).toContain('-2.5');
  expect(pdf.lines.find((l) => l.includes('Clips estándar'))).toContain('Sin contar');

  const { rows } = await readXlsx(await download(`/api/reports/inventory-counts/${countId}?format=xlsx`));
  const line = (name: string) => rows.find((r) => r.includes(name))!;
  expect(line('Papel bond carta').slice(4, 10)).toEqual([10, 7.5, -2.5, 95.5, -238.75, null]);
  // the surplus with a unit cost typed is valued at that cost, as it enters the stock
  expect(line('Tóner negro 58A').slice(4, 9)).toEqual([4, 5, 1, 1470, 1470]);
  expect(line('Clips estándar').slice(4, 10)).toEqual([0, null, null, 0, null, 'Sin contar']);
  const flat = rows.map((r) => r.filter((v) => v !== null).join(' | '));
  expect(flat.some((r) => r.includes('BORRADOR'))).toBe(true);
  // how many products, never a sum of quantities of different units
  expect(flat.find((r) => r.startsWith('Sobrantes'))).toBe('Sobrantes (1 producto) | 1470');
  expect(flat.find((r) => r.startsWith('Faltantes'))).toBe('Faltantes (1 producto) | 238.75');
  expect(flat.find((r) => r.startsWith('Diferencia neta'))).toMatch(/1231\.25/);
  // the footnote's words print in the PDF's font (no minus sign it lacks)
  expect(all).toContain('Diferencia: cantidad contada menos existencia en libros al abrir el conteo.');
});

test('the sheet: with the book quantity or blind; a filled XLSX sheet uploads back', async () => {
  const withBook = await readXlsx(await download(`/api/reports/inventory-counts/${countId}/sheet?format=xlsx`));
  const header = withBook.rows.find((r) => r.includes('ID'))!;
  expect(header.filter((v) => v !== null)).toEqual([
    'ID',
    'Producto',
    'Unidad',
    'Partida',
    'Existencia en libros',
    'Cantidad contada',
    'Costo unitario',
    'Observaciones',
  ]);
  const blindFile = await download(`/api/reports/inventory-counts/${countId}/sheet?format=xlsx&book=false`);
  const blind = await readXlsx(blindFile);
  expect(blind.rows.find((r) => r.includes('ID'))!.filter((v) => v !== null)).toEqual([
    'ID',
    'Producto',
    'Unidad',
    'Partida',
    'Cantidad contada',
    'Costo unitario',
    'Observaciones',
  ]);
  const pdf = pageText((await readPdf(await download(`/api/reports/inventory-counts/${countId}/sheet?book=false`))).pages).join('\n');
  expect(pdf).toContain('Hoja de conteo');
  expect(pdf).not.toContain('Existencia en libros');
  const bad = await t.app.inject({
    method: 'POST',
    url: `/api/reports/inventory-counts/${countId}/sheet?book=tal-vez`,
    headers: await t.auth(),
  });
  expect([bad.statusCode, bad.json().message]).toEqual([400, 'El parámetro book debe ser "true" o "false".']);

  // Fill the blind sheet's "Cantidad contada" for the clips and send it back.
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(blindFile as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  let idColumn = 0;
  let countedColumn = 0;
  sheet.eachRow((row) => {
    (row.values as unknown[]).forEach((v, i) => {
      if (v === 'ID') idColumn = i;
      if (v === 'Cantidad contada') countedColumn = i;
    });
  });
  sheet.eachRow((row) => {
    if (String(row.getCell(idColumn).value) === String(clips)) row.getCell(countedColumn).value = 250;
  });
  const filled = Buffer.from(await workbook.xlsx.writeBuffer());
  const r = await t.app.inject({
    method: 'POST',
    url: `/api/inventory-counts/${countId}/lines/import`,
    headers: { ...(await t.auth()), 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    payload: filled,
  });
  expect([r.statusCode, r.statusCode === 200 ? '' : r.body]).toEqual([200, '']);
  expect(r.json().data.lines.map((l: { countedQuantity: string | null }) => l.countedQuantity)).toEqual(['7.5', '5', '250']);
});

test('once applied: no BORRADOR, the three signers under their captions; unknown count 404', async () => {
  await c.put(`/api/inventory-counts/${countId}/lines`, { lines: [{ productId: clips, countedQuantity: '250', unitCost: '0.35' }] });
  const applied = await c.post(`/api/inventory-counts/${countId}/application`, {
    directorEmployeeId: catalog.employeeIds[0],
    warehouseKeeperEmployeeId: catalog.employeeIds[1],
    witnessEmployeeId: catalog.employeeIds[2],
  });
  expect(applied.statusCode).toBe(200);
  const text = pageText((await readPdf(await download(`/api/reports/inventory-counts/${countId}`))).pages).join('\n');
  expect(text).not.toContain('BORRADOR');
  for (const name of ['María López', 'Jorge Ramírez', 'Lucía Hernández']) expect(text).toContain(name);
  const missing = await t.app.inject({ method: 'POST', url: '/api/reports/inventory-counts/999999', headers: await t.auth() });
  expect([missing.statusCode, missing.json().message]).toEqual([404, 'El conteo de inventario no existe.']);
});
