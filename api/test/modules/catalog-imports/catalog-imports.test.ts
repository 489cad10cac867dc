// Catalogue import (partidas / units / products): the preview classifies each row as
// new / unchanged / updated / error with its reason and writes nothing; the import writes every
// row in one transaction, or nothing when any row has an error; UTF-8 and Windows-1252 both
// read right ("Ñandú" survives); products find their unit and partida by description; templates.
import ExcelJS from 'exceljs';
import { client, countRows, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';

jest.setTimeout(120_000);

let t: TestApp;
let c: Client;
beforeAll(async () => {
  t = await createTestApp();
  c = client(t);
});
afterAll(() => t.close());

const send = async (url: string, body: Buffer, type = 'text/csv', claims?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${await t.token(claims)}`, 'content-type': type }, payload: body });

test('partidas: preview classifies, the import writes in one go, a second run is all unchanged; Windows-1252 read right', async () => {
  const existing = (await c.post('/api/catalog/product-categories', { description: '2111 Materiales de oficina' })).json().data.id;
  const csv = `ID,Descripción\r\n${existing},2111 Materiales, útiles y equipos menores de oficina\r\n,2161 Material de limpieza\r\n,2211 Productos alimenticios: Ñandú\r\n`;
  // "2111 Materiales, útiles…" needs quotes in CSV: without them the comma splits the cell.
  const quoted = csv.replace(
    '2111 Materiales, útiles y equipos menores de oficina',
    '"2111 Materiales, útiles y equipos menores de oficina"',
  );
  const bytes = Buffer.from(quoted, 'latin1');
  const before = await countRows(t, ['product_categories', 'audit_log']);
  const preview = await send('/api/catalog/imports/product-categories/preview', bytes);
  expect(preview.statusCode).toBe(200);
  expect(
    preview
      .json()
      .data.rows.map((r: { row: number; status: string; values: Record<string, string> }) => [r.row, r.status, r.values['Descripción']]),
  ).toEqual([
    [2, 'updated', '2111 Materiales, útiles y equipos menores de oficina'],
    [3, 'new', '2161 Material de limpieza'],
    [4, 'new', '2211 Productos alimenticios: Ñandú'],
  ]);
  expect(preview.json().data.counts).toEqual({ new: 2, unchanged: 0, updated: 1, error: 0 });
  expect(await countRows(t, ['product_categories', 'audit_log'])).toEqual(before);

  const done = await send('/api/catalog/imports/product-categories', bytes);
  expect(done.statusCode).toBe(200);
  const list = (await c.get('/api/catalog/product-categories')).json().data.map((d: { description: string }) => d.description);
  expect(list).toEqual([
    '2111 Materiales, útiles y equipos menores de oficina',
    '2161 Material de limpieza',
    '2211 Productos alimenticios: Ñandú',
  ]);
  const again = await send('/api/catalog/imports/product-categories/preview', bytes);
  expect(again.json().data.counts).toEqual({ new: 0, unchanged: 3, updated: 0, error: 0 });
});

test('a file with errors: every bad row with its number and reason, and the import writes nothing', async () => {
  await c.post('/api/catalog/product-units', { description: 'Pieza' });
  const csv = 'ID,Descripción\nabc,Caja\n,Pieza\n,Paquete\n,paquete\n999999,Rollo\n,\n';
  const before = await countRows(t, ['product_units', 'audit_log']);
  const preview = (await send('/api/catalog/imports/product-units/preview', Buffer.from(csv))).json().data;
  expect(preview.rows.filter((r: { status: string }) => r.status === 'error').map((r: { reason: string }) => r.reason)).toEqual([
    'Fila 2: el ID abc no existe en el catálogo.',
    'Fila 5: «paquete» ya aparece en la fila 4.',
    'Fila 6: el ID 999999 no existe en el catálogo.',
  ]);
  expect(preview.counts).toEqual({ new: 1, unchanged: 1, updated: 0, error: 3 });
  const refused = await send('/api/catalog/imports/product-units', Buffer.from(csv));
  expect(refused.statusCode).toBe(400);
  expect(refused.json().message).toMatch(/^El archivo tiene 3 filas con errores; no se importó ningún registro\. Fila 2: /);
  expect(refused.json().errors['rows.5']).toBe('Fila 5: «paquete» ya aparece en la fila 4.');
  expect(await countRows(t, ['product_units', 'audit_log'])).toEqual(before);
});

test('products from an XLSX refer to unit and partida by description; unknown ones are errors', async () => {
  await c.post('/api/catalog/product-units', { description: 'Caja' });
  await c.post('/api/catalog/product-categories', { description: '2121 Materiales de impresión' });
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Productos');
  sheet.addRow(['ID', 'Nombre', 'Unidad', 'Partida']);
  sheet.addRow([null, 'Tóner negro 58A', 'caja', '2121 Materiales de impresión']);
  sheet.addRow([null, 'Engrapadora', 'Docena', null]);
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const preview = (await send('/api/catalog/imports/products/preview', bytes, type)).json().data;
  expect(preview.rows.map((r: { status: string; reason: string | null }) => [r.status, r.reason])).toEqual([
    ['new', null],
    ['error', 'Fila 3: la unidad «Docena» no existe.'],
  ]);
  sheet.getRow(3).getCell(3).value = 'Caja';
  const fixed = Buffer.from(await workbook.xlsx.writeBuffer());
  const done = await send('/api/catalog/imports/products', fixed, type);
  expect(done.statusCode).toBe(200);
  const products = (await c.get('/api/catalog/products')).json().data as Array<{
    name: string;
    unit: { description: string } | null;
    category: { description: string } | null;
  }>;
  expect(products.map((p) => [p.name, p.unit?.description ?? null, p.category?.description ?? null])).toEqual([
    ['Tóner negro 58A', 'Caja', '2121 Materiales de impresión'],
    ['Engrapadora', 'Caja', null],
  ]);
});

test('templates, unknown catalogue 404, and only catalogs.import may import', async () => {
  const template = await t.app.inject({ method: 'POST', url: '/api/catalog/imports/products/template', headers: await t.auth() });
  expect([template.statusCode, template.body]).toEqual([
    200,
    '\ufeffID,Nombre,Unidad,Partida,Existencia mínima,Existencia máxima,Código de barras\r\n',
  ]);
  expect(template.headers['content-disposition']).toBe('attachment; filename="plantilla-productos.csv"');
  const unknown = await send('/api/catalog/imports/roles/preview', Buffer.from('x'));
  expect(unknown.statusCode).toBe(404);
  const consulta = await send('/api/catalog/imports/product-units', Buffer.from('ID,Descripción\n,Litro\n'), 'text/csv', {
    sub: 'user-consulta',
    almacen_roles: ['CONSULTA'],
  });
  expect(consulta.statusCode).toBe(403);
});

test('suppliers are matched by RFC (validated like the form), employees by name and last name', async () => {
  const existing = (await c.post('/api/catalog/suppliers', { name: 'Papelería del Centro', rfc: 'PDC010203AB1' })).json().data.id;
  const suppliers = `Nombre,RFC\r\nPapelería del Centro S.A.,pdc010203ab1\r\nAbarrotes Ñandú,ANA991331Z9A\r\nSin RFC válido,XYZ12\r\n`;
  const preview = (await send('/api/catalog/imports/suppliers/preview', Buffer.from(suppliers, 'latin1'))).json().data;
  expect(preview.rows.map((r: { status: string; id: number | null; reason: string | null }) => [r.status, r.id, r.reason])).toEqual([
    ['updated', existing, null],
    ['error', null, 'Fila 3: el RFC «ANA991331Z9A» no es válido (12 o 13 caracteres, por ejemplo ABC010203XY9).'],
    ['error', null, 'Fila 4: el RFC «XYZ12» no es válido (12 o 13 caracteres, por ejemplo ABC010203XY9).'],
  ]);
  const fixed = `Nombre,RFC\r\nPapelería del Centro S.A.,PDC010203AB1\r\nAbarrotes Ñandú,ANA991231Z9A\r\n`;
  const done = await send('/api/catalog/imports/suppliers', Buffer.from(fixed, 'latin1'));
  expect([done.statusCode, done.json().data.counts]).toEqual([200, { new: 1, updated: 1, unchanged: 0, error: 0 }]);
  const list = (await c.get('/api/catalog/suppliers')).json().data.map((s: { name: string; rfc: string }) => [s.name, s.rfc]);
  expect(list).toEqual([
    ['Papelería del Centro S.A.', 'PDC010203AB1'],
    ['Abarrotes Ñandú', 'ANA991231Z9A'],
  ]);

  // One supplier per RFC: a row giving a supplier another's RFC, or a file repeating an RFC, is an
  // error naming who has it; SAT's generic RFCs are matched by ID only, so they never merge suppliers.
  await c.post('/api/catalog/suppliers', { name: 'Foreign Supplies Inc.', rfc: 'XEXX010101000' });
  const nandu = (await c.get('/api/catalog/suppliers')).json().data.find((s: { rfc: string }) => s.rfc === 'ANA991231Z9A').id;
  const clashes =
    `ID,Nombre,RFC\r\n${nandu},Abarrotes Ñandú,PDC010203AB1\r\n,Ferretería Uno,FER010203AB3\r\n,Ferretería Dos,fer010203ab3\r\n` +
    `,Global Paper LLC,XEXX010101000\r\n`;
  const refused = (await send('/api/catalog/imports/suppliers/preview', Buffer.from(clashes, 'latin1'))).json().data;
  expect(refused.rows.map((r: { status: string; reason: string | null }) => [r.status, r.reason])).toEqual([
    ['error', `Fila 2: ya existe el proveedor «Papelería del Centro S.A.» con el RFC PDC010203AB1 (ID ${existing}).`],
    ['new', null],
    ['error', 'Fila 4: «FER010203AB3» ya aparece en la fila 3.'],
    ['new', null],
  ]);
  const before = await countRows(t, ['suppliers']);
  expect((await send('/api/catalog/imports/suppliers', Buffer.from(clashes, 'latin1'))).statusCode).toBe(400);
  expect(await countRows(t, ['suppliers'])).toEqual(before);

  await c.post('/api/catalog/employees', { name: 'María', lastName: 'López' });
  const employees = 'Nombre,Apellidos\nmaría,lópez\nJorge,Ramírez\nLucía,\n';
  const staff = (await send('/api/catalog/imports/employees/preview', Buffer.from(employees))).json().data;
  expect(staff.rows.map((r: { status: string; reason: string | null }) => [r.status, r.reason])).toEqual([
    ['updated', null],
    ['new', null],
    ['error', 'Fila 4: faltan los apellidos.'],
  ]);
});

test("a bidi control (an embedding, override or isolate) in a name is an error row, with the forms' message; the import writes nothing", async () => {
  const tables = ['product_categories', 'products', 'employees', 'suppliers', 'audit_log'];
  const before = await countRows(t, tables);
  const files: Array<[string, string, string[]]> = [
    ['product-categories', 'ID,Descripción\n,2611 Combustibles\n,2612 \u202ELubricantes\n', ['Fila 3: Descripción: el texto']],
    ['products', 'Nombre\nTóner \u2066azul\u2069\nTóner negro\n', ['Fila 2: Nombre: el texto']],
    ['employees', 'Nombre,Apellidos\nPedro,Gómez\u202B\n', ['Fila 2: Apellidos: el texto']],
    ['suppliers', 'Nombre,RFC\nPapelería \u202Dnorte,PNO010203AB1\n', ['Fila 2: Nombre: el texto']],
  ];
  for (const [catalog, csv, reasons] of files) {
    const preview = (await send(`/api/catalog/imports/${catalog}/preview`, Buffer.from(csv))).json().data;
    expect([
      catalog,
      preview.rows.filter((r: { status: string }) => r.status === 'error').map((r: { reason: string }) => r.reason),
    ]).toEqual([catalog, reasons.map((start) => `${start} contiene caracteres de control invisibles no permitidos.`)]);
    const refused = await send(`/api/catalog/imports/${catalog}`, Buffer.from(csv));
    expect([catalog, refused.statusCode]).toEqual([catalog, 400]);
  }
  expect(await countRows(t, tables)).toEqual(before);
});

type LevelRow = { row: number; status: string; reason: string | null; values: Record<string, string | null> };
const levelsOf = async (id: number) => {
  const p = (await c.get(`/api/catalog/products/${id}`)).json().data;
  return [p.minimumStock, p.maximumStock];
};

test('"Existencia mínima" / "Existencia máxima": blank changes nothing, a changed level is "updated", the modal\'s messages', async () => {
  const create = async (name: string, minimumStock: string | null, maximumStock: string | null) => {
    const id = (await c.post('/api/catalog/products', { name })).json().data.id as number;
    expect((await c.put('/api/catalog/products', { id, name, minimumStock, maximumStock })).statusCode).toBe(200);
    return id;
  };
  const clips = await create('Clips niquelados', '5', '20');
  const glue = await create('Pegamento blanco', '10', null);
  const folders = await create('Folder tamaño carta', null, null);
  const csv = [
    'Nombre,Existencia mínima,Existencia máxima',
    'Clips niquelados,,', // blank: unchanged
    'Pegamento blanco,10.000,', // the same level written otherwise: unchanged
    'Folder tamaño carta,0,7.5', // levels set on a product that had none: updated
    'Lápiz adhesivo,2.25,', // new, no maximum
    'Cinta canela,-1,abc',
    'Marcatextos,1.2345,',
    'Borrador,8,3',
  ].join('\r\n');
  const before = await countRows(t, ['products', 'audit_log']);
  const preview = (await send('/api/catalog/imports/products/preview', Buffer.from(csv))).json().data;
  expect(preview.rows.map((r: LevelRow) => [r.row, r.status, r.reason])).toEqual([
    [2, 'unchanged', null],
    [3, 'unchanged', null],
    [4, 'updated', null],
    [5, 'new', null],
    [
      6,
      'error',
      'Fila 6: la existencia mínima debe ser un número mayor o igual a 0; la existencia máxima debe ser un número mayor o igual a 0.',
    ],
    [7, 'error', 'Fila 7: Existencia mínima «1.2345»: el valor admite como máximo 3 decimales.'],
    [8, 'error', 'Fila 8: la existencia máxima debe ser mayor o igual a la existencia mínima.'],
  ]);
  expect(await countRows(t, ['products', 'audit_log'])).toEqual(before);
  const refused = await send('/api/catalog/imports/products', Buffer.from(csv));
  expect(refused.statusCode).toBe(400);
  expect(await countRows(t, ['products', 'audit_log'])).toEqual(before);

  // A maximum under the STORED minimum (its cell blank) is refused like the modal refuses it.
  const underStored = (
    await send('/api/catalog/imports/products/preview', Buffer.from('Nombre,Existencia máxima\nPegamento blanco,9.999\n'))
  ).json().data;
  expect(underStored.rows[0].reason).toBe('Fila 2: la existencia máxima debe ser mayor o igual a la existencia mínima.');

  const good = csv.split('\r\n').slice(0, 5).join('\r\n');
  const done = await send('/api/catalog/imports/products', Buffer.from(good));
  expect([done.statusCode, done.json().data.counts]).toEqual([200, { new: 1, unchanged: 2, updated: 1, error: 0 }]);
  expect(await levelsOf(clips)).toEqual(['5', '20']);
  expect(await levelsOf(glue)).toEqual(['10', null]);
  expect(await levelsOf(folders)).toEqual(['0', '7.5']);
  const created = (await c.get('/api/catalog/products')).json().data.find((p: { name: string }) => p.name === 'Lápiz adhesivo');
  expect([created.minimumStock, created.maximumStock]).toEqual(['2.25', null]);
  // Only a level change, nothing else: "updated", and written.
  const raised = (await send('/api/catalog/imports/products', Buffer.from('Nombre,Existencia máxima\nClips niquelados,25.5\n'))).json()
    .data;
  expect(raised.counts).toEqual({ new: 0, unchanged: 0, updated: 1, error: 0 });
  expect(await levelsOf(clips)).toEqual(['5', '25.5']);
  const again = (await send('/api/catalog/imports/products/preview', Buffer.from(good))).json().data;
  expect(again.counts).toEqual({ new: 0, unchanged: 4, updated: 0, error: 0 });
});

test('levels from XLSX numeric cells: read as the decimal Excel shows, never as binary noise', async () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Productos');
  sheet.addRow(['Nombre', 'Existencia mínima', 'Existencia máxima']);
  sheet.addRow(['Hojas blancas', 0.1 + 0.2, 12.5]); // a formula's 0.30000000000000004: Excel shows 0.3
  sheet.addRow(['Sobres manila', 1.005, 999999999.999]);
  sheet.addRow(['Grapas', 0.0005, null]);
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const preview = (await send('/api/catalog/imports/products/preview', bytes, type)).json().data;
  expect(preview.rows.map((r: LevelRow) => [r.status, r.values['Existencia mínima'], r.values['Existencia máxima'], r.reason])).toEqual([
    ['new', '0.3', '12.5', null],
    ['new', '1.005', '999999999.999', null],
    ['error', '0.0005', null, 'Fila 4: Existencia mínima «0.0005»: el valor admite como máximo 3 decimales.'],
  ]);
  sheet.spliceRows(4, 1);
  const done = await send('/api/catalog/imports/products', Buffer.from(await workbook.xlsx.writeBuffer()), type);
  expect(done.statusCode).toBe(200);
  const products = (await c.get('/api/catalog/products')).json().data as Array<{
    name: string;
    minimumStock: string | null;
    maximumStock: string | null;
  }>;
  expect(
    products.filter((p) => ['Hojas blancas', 'Sobres manila'].includes(p.name)).map((p) => [p.name, p.minimumStock, p.maximumStock]),
  ).toEqual([
    ['Hojas blancas', '0.3', '12.5'],
    ['Sobres manila', '1.005', '999999999.999'],
  ]);
});

test('«Código de barras» in the products file: checked like the form, one product per code, a blank cell keeps the code', async () => {
  const held = (await c.post('/api/catalog/products', { name: 'Café molido', barcode: '7501055300075' })).json().data;
  const plain = (await c.post('/api/catalog/products', { name: 'Té negro' })).json().data;
  const csv = [
    'Nombre,Código de barras',
    'Café molido,', // blank: keeps its code, unchanged
    'Té negro, 96385074 ', // a code for a product that had none: updated
    'Azúcar mascabado,alm-az-01', // new, an internal code (stored in capitals)
    'Sal de grano,7501055300076',
    'Canela molida,7501055300075',
    'Pimienta,ALM-AZ-01',
  ].join('\r\n');
  const before = await countRows(t, ['products', 'audit_log']);
  const preview = (await send('/api/catalog/imports/products/preview', Buffer.from(csv))).json().data;
  expect(preview.rows.map((r: LevelRow) => [r.row, r.status, r.values['Código de barras'], r.reason])).toEqual([
    [2, 'unchanged', null, null],
    [3, 'updated', '96385074', null],
    [4, 'new', 'ALM-AZ-01', null],
    [
      5,
      'error',
      '7501055300076',
      'Fila 5: Código de barras «7501055300076»: el dígito verificador no corresponde: con esos dígitos, el código debe terminar en 5.',
    ],
    [6, 'error', '7501055300075', `Fila 6: ya existe el producto «Café molido» con el código de barras 7501055300075 (ID ${held.id}).`],
    [7, 'error', 'ALM-AZ-01', 'Fila 7: el código de barras ALM-AZ-01 ya aparece en la fila 4.'],
  ]);
  expect((await send('/api/catalog/imports/products', Buffer.from(csv))).statusCode).toBe(400);
  expect(await countRows(t, ['products', 'audit_log'])).toEqual(before);

  const good = csv.split('\r\n').slice(0, 4).join('\r\n');
  const done = await send('/api/catalog/imports/products', Buffer.from(good));
  expect([done.statusCode, done.json().data.counts]).toEqual([200, { new: 1, unchanged: 1, updated: 1, error: 0 }]);
  const byName = async (name: string) =>
    (await c.get('/api/catalog/products')).json().data.find((p: { name: string }) => p.name === name).barcode;
  expect([await byName('Café molido'), await byName('Té negro'), await byName('Azúcar mascabado')]).toEqual([
    '7501055300075',
    '96385074',
    'ALM-AZ-01',
  ]);
  expect((await c.get(`/api/catalog/products/${plain.id}`)).json().data.barcode).toBe('96385074');
});
