// "Productos bajo mínimo" (POST /api/reports/low-stock, PDF and XLSX) on a worked
// example registered through the API: only products at or under their minimum, by partida,
// with their stock, levels, suggested quantity (máxima − existencia, or mínima − existencia
// without a maximum) at the average cost, subtotals, total and the "Elaboró" / "Autorizó" blocks.
import { formatCurrency, formatQuantity } from '@almacen/shared/domain';
import { client, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { readPdf, readXlsx } from '../../reports/read-report';
import { createCatalog, createProduct, dispatchBody, invoiceBody } from '../ledger/fixtures';

let t: TestApp;
let c: Client;
const ids: Record<string, number> = {};

async function levels(
  id: number,
  name: string,
  minimumStock: string | null,
  maximumStock: string | null,
  categoryId: number | null = null,
) {
  const r = await c.put('/api/catalog/products', { id, name, categoryId, unitId: null, minimumStock, maximumStock });
  if (r.statusCode !== 200) throw new Error(r.body);
}

beforeAll(async () => {
  t = await createTestApp();
  c = client(t, { sub: 'user-compras', name: 'Lucía Hernández' });
  const catalog = await createCatalog(c);
  const office = (await c.post('/api/catalog/product-categories', { description: '2111 Materiales de oficina' })).json().data.id;
  const cleaning = (await c.post('/api/catalog/product-categories', { description: '2161 Material de limpieza' })).json().data.id;
  for (const name of ['Papel bond', 'Lápiz', 'Cloro', 'Jabón', 'Tóner', 'Grapas']) ids[name] = await createProduct(c, name);
  await levels(ids['Papel bond'], 'Papel bond', '10', '50', office); // 4 at 12.5 → 46, $575.00
  await levels(ids['Lápiz'], 'Lápiz', '5', null, office); // exactly 5 worth 16.67 (5 × 3.333 = 16.665) → average 3.334; 0, $0.00
  await levels(ids.Cloro, 'Cloro', '2.5', '7.25', cleaning); // 3.5 worth 70.43; each exit of 2 takes 40.25 → 1.5 worth 30.18, average 20.12 → 5.75, $115.69
  await levels(ids['Jabón'], 'Jabón', '1', '3', cleaning); // 10 in stock: not under its minimum
  await levels(ids['Tóner'], 'Tóner', '2', '3'); // never moved, no partida → 3 at 0
  // Grapas: no minimum, never listed.
  const entry = await c.post(
    '/api/invoices',
    invoiceBody(t, catalog, [
      { productId: ids['Papel bond'], quantity: '10', purchasePrice: '12.5' },
      { productId: ids['Lápiz'], quantity: '5', purchasePrice: '3.333' },
      { productId: ids.Cloro, quantity: '3.5', purchasePrice: '20.123' },
      { productId: ids['Jabón'], quantity: '10', purchasePrice: '8' },
    ]),
  );
  expect(entry.statusCode).toBe(201);
  // 6 sheets out, and a cancelled exit of 2 liters of Cloro (3.5 − 2 + 2 − 2 = 1.5).
  expect(
    (await c.post('/api/dispatches', dispatchBody(t, catalog, [{ productId: ids['Papel bond'], quantity: '6', exitPrice: '12.5' }])))
      .statusCode,
  ).toBe(201);
  const cancelled = (
    await c.post('/api/dispatches', dispatchBody(t, catalog, [{ productId: ids.Cloro, quantity: '2', exitPrice: '20.123' }]))
  ).json().data.id;
  expect((await c.post(`/api/dispatches/${cancelled}/cancellation`, { reason: 'Capturada dos veces' })).statusCode).toBe(201);
  expect(
    (await c.post('/api/dispatches', dispatchBody(t, catalog, [{ productId: ids.Cloro, quantity: '2', exitPrice: '20.123' }]))).statusCode,
  ).toBe(201);
}, 60_000);
afterAll(() => t.close());

async function download(format: 'pdf' | 'xlsx', claims?: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `/api/reports/low-stock?format=${format}`, headers: await t.auth(claims) });
}

test('XLSX: per partida the products at or under their minimum with stock, levels, suggested quantity and amount; subtotals, total, signature blocks', async () => {
  const r = await download('xlsx');
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-disposition']).toContain('Productos%20bajo%20m%C3%ADnimo');
  const { sheetName, rows } = await readXlsx(r.rawPayload);
  expect(sheetName).toBe('Productos bajo mínimo');
  const header = rows.findIndex((row) => row[0] === 'Clave');
  expect(rows[header]).toEqual([
    'Clave',
    'Producto',
    'Unidad',
    'Existencia',
    'Mínima',
    'Máxima',
    'Cantidad sugerida',
    'Costo promedio',
    'Importe sugerido',
  ]);
  const body = rows.slice(header + 1).filter((row) => row.some((v) => v !== null));
  const n = (v: unknown) => (v === null ? null : Number(v));
  const table = body.slice(0, 8).map((row) => [row[0], row[1], n(row[3]), n(row[4]), n(row[5]), n(row[6]), n(row[7]), n(row[8])]);
  expect(table).toEqual([
    [String(ids['Lápiz']), 'Lápiz', 5, 5, null, 0, 3.334, 0],
    [String(ids['Papel bond']), 'Papel bond', 4, 10, 50, 46, 12.5, 575],
    ['Subtotal de la partida 2111 Materiales de oficina', null, null, null, null, null, null, 575],
    [String(ids.Cloro), 'Cloro', 1.5, 2.5, 7.25, 5.75, 20.12, 115.69],
    ['Subtotal de la partida 2161 Material de limpieza', null, null, null, null, null, null, 115.69],
    [String(ids['Tóner']), 'Tóner', 0, 2, 3, 3, 0, 0],
    ['Subtotal de la partida Sin partida', null, null, null, null, null, null, 0],
    ['Total general', null, null, null, null, null, null, 690.69],
  ]);
  const flat = rows.map((row) => row.filter((v) => v !== null));
  expect(flat).toContainEqual(['Elaboró', 'Autorizó']);
  expect(flat.flat()).not.toContain('Jabón');
  expect(flat.flat()).not.toContain('Grapas');
});

test('PDF: the same rows, the total and the signature blocks; anyone with a role may download it', async () => {
  const r = await download('pdf', { sub: 'user-consulta', almacen_roles: ['CONSULTA'] });
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-type']).toBe('application/pdf');
  const pdf = await readPdf(r.rawPayload);
  expect(pdf.lines).toContain('PRODUCTOS BAJO MÍNIMO');
  expect(pdf.lines.join('\n')).toContain('Cantidad sugerida: existencia máxima - existencia');
  expect(pdf.lines.find((line) => line.startsWith(`${ids['Papel bond']} | Papel bond`))).toBe(
    [
      ids['Papel bond'],
      'Papel bond',
      'Sin unidad',
      formatQuantity('4'),
      formatQuantity('10'),
      formatQuantity('50'),
      formatQuantity('46'),
      formatCurrency('12.5'),
      formatCurrency('575'),
    ].join(' | '),
  );
  expect(pdf.lines.some((line) => line.startsWith('Total general') && line.endsWith(formatCurrency('690.69')))).toBe(true);
  expect(pdf.lines).toContain('Elaboró | Autorizó');
  expect(pdf.lines.join('\n')).not.toContain('Jabón');
});

test('nothing under its minimum: the report says so; a bad format is a Spanish 400', async () => {
  for (const name of ['Papel bond', 'Lápiz', 'Cloro', 'Tóner']) await levels(ids[name], name, null, null);
  const { rows } = await readXlsx((await download('xlsx')).rawPayload);
  expect(rows.flat()).toContain('No hay productos con existencia igual o menor a su mínima.');
  const bad = await t.app.inject({ method: 'POST', url: '/api/reports/low-stock?format=doc', headers: await t.auth() });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().message).toBe('El formato del reporte debe ser "pdf" o "xlsx".');
});
