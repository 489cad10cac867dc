// A product's «Código de barras» through the API: a GTIN with its check digit verified or an
// internal code, stored trimmed and in capitals; one product per code (409 naming the holder);
// `?barcode=` finds the product a scanner read; Almacén's internal code for a product without one
// (409 when it has one); a code given to a product without one (a CFDI's NoIdentificacion), never
// over one it has; every refusal changes nothing.
import {
  BARCODE_MESSAGES,
  checkDigitMessage,
  duplicateBarcodeMessage,
  HAS_BARCODE_MESSAGE,
  keptBarcodeMessage,
} from '@almacen/shared/domain';
import { CATALOG_MESSAGES } from '@almacen/shared/schemas';
import { auditRows, client, countRows, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
let ana: Client;
beforeAll(async () => {
  t = await createTestApp();
  ana = client(t, { sub: 'user-ana', name: 'Ana Pérez' });
});
afterAll(() => t.close());

const P = '/api/catalog/products';
const create = async (body: Record<string, unknown>) => ana.post(P, body);

test('a GTIN is kept as given (trimmed); the list, the product and the audit carry it', async () => {
  const response = await create({ name: 'Café molido 500 g', barcode: ' 7501055300075 ' });
  expect(response.statusCode).toBe(201);
  const product = response.json().data;
  expect(product.barcode).toBe('7501055300075');
  expect((await ana.get(`${P}/${product.id}`)).json().data.barcode).toBe('7501055300075');
  const list = (await ana.get(P)).json().data as Array<{ id: number; barcode: string | null }>;
  expect(list.find((p) => p.id === product.id)?.barcode).toBe('7501055300075');
  expect((await auditRows(t, 'products', product.id))[0].after).toMatchObject({ barcode: '7501055300075' });
});

test('a wrong check digit, a number of another length or a code with spaces is refused with its reason; nothing is saved', async () => {
  const before = await countRows(t, ['products', 'audit_log']);
  for (const [barcode, message] of [
    ['7501055300076', checkDigitMessage(5)],
    ['12345', BARCODE_MESSAGES.gtinLength],
    ['ALM 12', BARCODE_MESSAGES.characters],
  ] as const) {
    const response = await create({ name: 'Té verde', barcode });
    expect([barcode, response.statusCode, response.json().errors]).toEqual([barcode, 400, { barcode: message }]);
  }
  expect(await countRows(t, ['products', 'audit_log'])).toEqual(before);
});

test('one product per code: a second one is a 409 that names the first, on create and on edit', async () => {
  const first = (await create({ name: 'Azúcar 1 kg', barcode: '96385074' })).json().data;
  const second = (await create({ name: 'Sal 1 kg' })).json().data;
  const before = await countRows(t, ['products', 'audit_log']);
  const again = await create({ name: 'Azúcar morena', barcode: '96385074' });
  expect(again.statusCode).toBe(409);
  expect(again.json()).toMatchObject({ code: 'DUPLICATE', errors: { barcode: duplicateBarcodeMessage('Azúcar 1 kg', '96385074') } });
  const edit = await ana.put(P, { id: second.id, name: 'Sal 1 kg', barcode: '96385074' });
  expect(edit.statusCode).toBe(409);
  expect(await countRows(t, ['products', 'audit_log'])).toEqual(before);
  // The product keeps its own code when edited, and an edit without the field leaves it.
  expect((await ana.put(P, { id: first.id, name: 'Azúcar estándar 1 kg', barcode: '96385074' })).statusCode).toBe(200);
  expect((await ana.put(P, { id: first.id, name: 'Azúcar estándar 1 kg' })).json().data.barcode).toBe('96385074');
  // null clears it, and then the other product may take it.
  expect((await ana.put(P, { id: first.id, name: 'Azúcar estándar 1 kg', barcode: null })).json().data.barcode).toBeNull();
  expect((await ana.put(P, { id: second.id, name: 'Sal 1 kg', barcode: '96385074' })).json().data.barcode).toBe('96385074');
});

test('?barcode= answers the one product with that code (as typed or scanned), or an empty list', async () => {
  const product = (await create({ name: 'Marcador negro', barcode: 'mk-negro-01' })).json().data;
  expect(product.barcode).toBe('MK-NEGRO-01');
  const found = await ana.get(`${P}?barcode=${encodeURIComponent(' mk-negro-01')}`);
  expect(found.statusCode).toBe(200);
  expect(found.headers['cache-control']).toContain('no-store');
  expect(found.json().data).toEqual([product]);
  expect((await ana.get(`${P}?barcode=0000000000000`)).json().data).toEqual([]);
});

test('«Generar código interno»: ALM and the id; 409 when the product already has a code; 404 for none', async () => {
  const product = (await create({ name: 'Folder tamaño carta' })).json().data;
  const given = await ana.post(`${P}/${product.id}/internal-barcode`);
  expect(given.statusCode).toBe(201);
  expect(given.json().data.barcode).toBe(`ALM${String(product.id).padStart(6, '0')}`);
  expect((await auditRows(t, 'products', product.id)).map((r) => r.action)).toEqual(['create', 'update']);
  const twice = await ana.post(`${P}/${product.id}/internal-barcode`);
  expect([twice.statusCode, twice.json().code, twice.json().message]).toEqual([409, 'BARCODE_ALREADY_SET', HAS_BARCODE_MESSAGE]);
  expect((await ana.post(`${P}/999999/internal-barcode`)).statusCode).toBe(404);
});

test('a code given to a product without one is saved; one it has is kept; a code of another product or a bad one is refused', async () => {
  const product = (await create({ name: 'Hojas blancas tamaño carta, 500 hojas' })).json().data;
  const other = (await create({ name: 'Hojas de color', barcode: '7501031311309' })).json().data;
  const before = await countRows(t, ['audit_log']);
  const refusals: Array<[unknown, number, string, Record<string, string>]> = [
    [{ barcode: '7501055300076' }, 400, 'VALIDATION', { barcode: checkDigitMessage(5) }],
    [{ barcode: '' }, 400, 'VALIDATION', { barcode: CATALOG_MESSAGES.barcode }],
    [{}, 400, 'VALIDATION', { barcode: CATALOG_MESSAGES.barcode }],
    [{ barcode: '7501031311309' }, 409, 'DUPLICATE', { barcode: duplicateBarcodeMessage(other.name, '7501031311309') }],
  ];
  for (const [body, status, code, errors] of refusals) {
    const response = await ana.post(`${P}/${product.id}/barcode`, body);
    expect([body, response.statusCode, response.json().code, response.json().errors]).toEqual([body, status, code, errors]);
  }
  expect(await countRows(t, ['audit_log'])).toEqual(before);
  expect((await ana.get(`${P}/${product.id}`)).json().data.barcode).toBeNull();

  const given = await ana.post(`${P}/${product.id}/barcode`, { barcode: ' 7501000000012 ' });
  expect([given.statusCode, given.json().data.barcode]).toEqual([201, '7501000000012']);
  expect((await auditRows(t, 'products', product.id)).at(-1)).toMatchObject({ action: 'update', after: { barcode: '7501000000012' } });

  const again = await ana.post(`${P}/${product.id}/barcode`, { barcode: '4006381333931' });
  expect([again.statusCode, again.json().code, again.json().message]).toEqual([
    409,
    'BARCODE_ALREADY_SET',
    keptBarcodeMessage('7501000000012'),
  ]);
  expect((await ana.get(`${P}/${product.id}`)).json().data.barcode).toBe('7501000000012');
  expect((await ana.post(`${P}/999999/barcode`, { barcode: '4006381333931' })).statusCode).toBe(404);
});

test('the database refuses a code the API would not write', async () => {
  const product = (await create({ name: 'Engrapadora' })).json().data;
  await expect(t.db.query('UPDATE products SET barcode = $2 WHERE id = $1', [product.id, 'alm 1'])).rejects.toThrow(
    /products_barcode_format/,
  );
});
