// Suppliers: name and a well-formed RFC (stored in capitals).
import { CATALOG_MESSAGES, MESSAGES } from '@almacen/shared/domain';
import { auditRows, client, countRows, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
let api: Client;
beforeAll(async () => {
  t = await createTestApp();
  api = client(t, { sub: 'user-ana', name: 'Ana Pérez' });
});
afterAll(() => t.close());

const S = '/api/catalog/suppliers';

test('create, get one, list, edit, delete', async () => {
  const created = await api.post(S, { name: 'Papelería La Pluma, S.A. de C.V.', rfc: ' plu980312ab1 ' });
  expect(created.statusCode).toBe(201);
  const row = created.json().data;
  expect(row).toEqual({ id: expect.any(Number), name: 'Papelería La Pluma, S.A. de C.V.', rfc: 'PLU980312AB1' });
  expect((await api.get(`${S}/${row.id}`)).json()).toEqual({ data: row });
  expect((await api.get(S)).json().data).toContainEqual(row);

  const edited = await api.put(S, { id: row.id, name: 'Papelería La Pluma', rfc: 'GOMA800101H12' });
  expect(edited.json()).toEqual({ data: { id: row.id, name: 'Papelería La Pluma', rfc: 'GOMA800101H12' } });
  expect((await api.del(`${S}/${row.id}`)).statusCode).toBe(200);
  expect((await api.get(`${S}/${row.id}`)).json()).toEqual({ message: 'El proveedor solicitado no existe.', code: 'NOT_FOUND' });
  expect((await auditRows(t, 'suppliers', row.id)).map((a) => a.action)).toEqual(['create', 'update', 'delete']);
});

test('RFC missing or malformed → 400 with the form message; nothing saved', async () => {
  const before = await countRows(t, ['suppliers', 'audit_log']);
  const missing = await api.post(S, { name: 'Proveedor' });
  expect(missing.json().errors).toEqual({ rfc: CATALOG_MESSAGES.supplierRfc });
  for (const rfc of ['ABC', 'ABC011303XY9' /* month 13 */, 'AB1010203XY9', '123456789012']) {
    const response = await api.post(S, { name: 'Proveedor', rfc });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ rfc: MESSAGES.rfc });
  }
  expect((await api.post(S, { rfc: 'ABC010203XY9' })).json().errors).toEqual({ name: CATALOG_MESSAGES.supplierName });
  expect(await countRows(t, ['suppliers', 'audit_log'])).toEqual(before);
});

test('unknown ids → 404, non-numeric → 400', async () => {
  expect((await api.put(S, { id: 55555, name: 'X', rfc: 'ABC010203XY9' })).statusCode).toBe(404);
  expect((await api.del(`${S}/55555`)).statusCode).toBe(404);
  expect((await api.get(`${S}/uno`)).json().code).toBe('INVALID_ID');
});
