// A catalogue's export is the file its import reads back: the template's columns, one row per
// record in ID order, codes and levels as the text the database holds. Exported and imported
// again untouched, every row is «sin cambios»; edited in the file, the import applies the edit.
import ExcelJS from 'exceljs';
import { client, countRows, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';

jest.setTimeout(120_000);

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let t: TestApp;
let c: Client;
beforeAll(async () => {
  t = await createTestApp();
  c = client(t);
});
afterAll(() => t.close());

const post = async (url: string, body?: Buffer, claims?: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${await t.token(claims)}`, ...(body ? { 'content-type': XLSX } : {}) },
    ...(body ? { payload: body } : {}),
  });

async function exported(catalog: string, claims?: Record<string, unknown>) {
  const response = await post(`/api/catalog/imports/${catalog}/export`, undefined, claims);
  expect([response.statusCode, response.headers['content-type']]).toEqual([200, XLSX]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return { response, workbook, sheet: workbook.worksheets[0] };
}

/** The sheet's rows as arrays as wide as its header, an empty cell as null. */
const values = (sheet: ExcelJS.Worksheet) =>
  sheet
    .getSheetValues()
    .flatMap((row) => (Array.isArray(row) ? [Array.from({ length: sheet.columnCount }, (_, i) => row[i + 1] ?? null)] : []));

const bytesOf = async (workbook: ExcelJS.Workbook) => Buffer.from(await workbook.xlsx.writeBuffer());

test('products: the template’s columns, every product in ID order, codes with their leading zeros and levels as text', async () => {
  const unit = (await c.post('/api/catalog/product-units', { description: 'Caja' })).json().data.id;
  const category = (await c.post('/api/catalog/product-categories', { description: '2111 Materiales de oficina' })).json().data.id;
  const upc = (
    await c.post('/api/catalog/products', {
      name: 'Café molido «Córdoba», 500 g',
      unitId: unit,
      categoryId: category,
      minimumStock: '2.5',
      maximumStock: '10',
      barcode: '036000291452',
    })
  ).json().data.id;
  const bare = (await c.post('/api/catalog/products', { name: 'Engrapadora' })).json().data.id;
  const internal = (await c.post('/api/catalog/products', { name: 'Tóner 58A', unitId: unit })).json().data.id;
  expect((await c.post(`/api/catalog/products/${internal}/internal-barcode`)).statusCode).toBe(201);

  const { response, sheet } = await exported('products');
  expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Catálogo de productos.xlsx')}`);
  expect(sheet.name).toBe('Productos');
  expect(values(sheet)).toEqual([
    ['ID', 'Nombre', 'Unidad', 'Partida', 'Existencia mínima', 'Existencia máxima', 'Código de barras'],
    [upc, 'Café molido «Córdoba», 500 g', 'Caja', '2111 Materiales de oficina', '2.5', '10', '036000291452'],
    [bare, 'Engrapadora', null, null, null, null, null],
    [internal, 'Tóner 58A', 'Caja', null, null, null, `ALM${String(internal).padStart(6, '0')}`],
  ]);
  // A spreadsheet keeps what is typed into these columns as text (a code keeps its zeros).
  expect(sheet.getCell('G2').numFmt).toBe('@');
  expect(sheet.getCell('E2').type).toBe(ExcelJS.ValueType.String);
});

test('exported and imported again untouched, every product is unchanged; a code edited in the file is applied', async () => {
  const { workbook, sheet } = await exported('products');
  const rows = values(sheet).length - 1;
  const before = await countRows(t, ['products', 'audit_log']);
  const again = await post('/api/catalog/imports/products/preview', await bytesOf(workbook));
  expect(again.statusCode).toBe(200);
  expect(again.json().data.counts).toEqual({ new: 0, unchanged: rows, updated: 0, error: 0 });

  const engrapadora = values(sheet).findIndex((row) => row[1] === 'Engrapadora') + 1;
  sheet.getCell(`G${engrapadora}`).value = '96385074';
  sheet.getCell(`E${engrapadora}`).value = '1';
  const edited = await post('/api/catalog/imports/products', await bytesOf(workbook));
  expect(edited.statusCode).toBe(200);
  expect(edited.json().data.counts).toEqual({ new: 0, unchanged: rows - 1, updated: 1, error: 0 });
  const product = (await c.get('/api/catalog/products')).json().data.find((p: { name: string }) => p.name === 'Engrapadora');
  expect([product.barcode, product.minimumStock]).toEqual(['96385074', '1']);
  expect(await countRows(t, ['products'])).toEqual({ products: before.products });
});

test('every catalogue exports in its import’s shape and comes back unchanged', async () => {
  await c.post('/api/catalog/suppliers', { name: 'Papelería del Centro, S.A. de C.V.', rfc: 'PDC010203AB1' });
  await c.post('/api/catalog/employees', { name: 'María José', lastName: 'Ñúñez Peña' });
  const shapes: Record<string, string[]> = {
    'product-units': ['ID', 'Descripción'],
    'product-categories': ['ID', 'Descripción'],
    suppliers: ['ID', 'Nombre', 'RFC'],
    employees: ['ID', 'Nombre', 'Apellidos'],
  };
  for (const [catalog, header] of Object.entries(shapes)) {
    const { workbook, sheet } = await exported(catalog);
    const [head, ...rows] = values(sheet);
    expect([catalog, head]).toEqual([catalog, header]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row[0])).toEqual([...rows.map((row) => row[0])].sort((a, b) => Number(a) - Number(b)));
    const preview = (await post(`/api/catalog/imports/${catalog}/preview`, await bytesOf(workbook))).json().data;
    expect([catalog, preview.counts]).toEqual([catalog, { new: 0, unchanged: rows.length, updated: 0, error: 0 }]);
  }
  const employees = values((await exported('employees')).sheet);
  expect(employees.at(-1)?.slice(1)).toEqual(['María José', 'Ñúñez Peña']);
});

test('a Consulta user may export (the catalogues are anyone’s to read); an unknown catalogue is a 404 in Spanish', async () => {
  await exported('product-units', { sub: 'user-consulta', almacen_roles: ['CONSULTA'] });
  const unknown = await post('/api/catalog/imports/roles/export');
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json().message).toMatch(/^Ese catálogo no se puede importar/);
});
