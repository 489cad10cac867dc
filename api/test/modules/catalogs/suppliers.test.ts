// Suppliers: name and a well-formed RFC (stored in capitals).
import { CATALOG_MESSAGES, MESSAGES } from '@almacen/shared/schemas';
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

describe('one supplier per RFC (entries from a CFDI find their supplier by it)', () => {
  test('a second supplier with a registered RFC → 409 naming the one that has it, under the RFC field; nothing saved', async () => {
    const first = (await api.post(S, { name: 'Papelería Sol', rfc: 'PSO010203AB1' })).json().data;
    const other = (await api.post(S, { name: 'Abarrotes Luna', rfc: 'ALU010203AB2' })).json().data;
    const before = await countRows(t, ['suppliers', 'audit_log']);
    const message = 'Ya existe el proveedor «Papelería Sol» con el RFC PSO010203AB1.';

    // Typed in lower case and with spaces, as the RFC is stored.
    const again = await api.post(S, { name: 'Papelería Sol de Toluca', rfc: ' pso010203ab1 ' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message, code: 'DUPLICATE', errors: { rfc: message } });
    const rename = await api.put(S, { id: other.id, name: 'Abarrotes Luna', rfc: 'PSO010203AB1' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().errors).toEqual({ rfc: message });
    expect(await countRows(t, ['suppliers', 'audit_log'])).toEqual(before);

    // Editing a supplier and keeping its own RFC is no duplicate.
    const kept = await api.put(S, { id: first.id, name: 'Papelería Sol, S.A.', rfc: 'PSO010203AB1' });
    expect(kept.statusCode).toBe(200);
  });

  test("SAT's generic RFCs may repeat (every foreign supplier is XEXX010101000)", async () => {
    for (const name of ['Foreign Supplies Inc.', 'Global Paper LLC']) {
      expect((await api.post(S, { name, rfc: 'XEXX010101000' })).statusCode).toBe(201);
    }
    for (const name of ['Venta al público A', 'Venta al público B']) {
      expect((await api.post(S, { name, rfc: 'XAXX010101000' })).statusCode).toBe(201);
    }
  });

  test('two creations of one RFC at the same time: one is saved, the other gets the 409', async () => {
    const answers = await Promise.all(
      ['Ferretería Uno', 'Ferretería Dos', 'Ferretería Tres'].map((name) => api.post(S, { name, rfc: 'FER010203AB3' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await t.db.query("SELECT count(*)::int AS n FROM suppliers WHERE rfc = 'FER010203AB3'");
    expect(rows.rows[0].n).toBe(1);
  });

  test('the unique index backs the rule: a direct insert of a repeated RFC fails', async () => {
    await api.post(S, { name: 'Librería Norte', rfc: 'LNO010203AB4' });
    await expect(
      t.db.query(
        "INSERT INTO suppliers (name, rfc, created_by, created_by_name, updated_by, updated_by_name) VALUES ('Otra', 'LNO010203AB4', 's', 's', 's', 's')",
      ),
    ).rejects.toMatchObject({ code: '23505', constraint: 'suppliers_rfc_key' });
  });
});
