// Partidas, units of measure and roles: the same {id, description} contract, checked for each.
import { CATALOG_MESSAGES } from '@almacen/shared/schemas';
import { auditRows, client, countRows, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
let api: Client;
beforeAll(async () => {
  t = await createTestApp();
  api = client(t, { sub: 'user-ana', name: 'Ana Pérez' });
});
afterAll(() => t.close());

const CASES = [
  {
    path: '/api/catalog/product-categories',
    table: 'product_categories',
    sample: '2111 Materiales, útiles y equipos menores de oficina',
    required: CATALOG_MESSAGES.categoryDescription,
    badId: CATALOG_MESSAGES.categoryId,
    notFound: 'La partida solicitada no existe.',
    duplicate: 'Ya existe una partida con esa descripción.',
  },
  {
    path: '/api/catalog/product-units',
    table: 'product_units',
    sample: 'Caja con 10 piezas',
    required: CATALOG_MESSAGES.unitDescription,
    badId: CATALOG_MESSAGES.unitId,
    notFound: 'La unidad de medida solicitada no existe.',
    duplicate: 'Ya existe una unidad de medida con esa descripción.',
  },
  {
    path: '/api/catalog/roles',
    table: 'roles',
    sample: 'Almacenista',
    required: CATALOG_MESSAGES.roleDescription,
    badId: CATALOG_MESSAGES.roleId,
    notFound: 'El rol solicitado no existe.',
    duplicate: 'Ya existe un rol con esa descripción.',
  },
];

describe.each(CASES)('$path', (c) => {
  test('create, list, edit and delete, each answering the saved row and audited', async () => {
    const created = await api.post(c.path, { description: ` ${c.sample} ` });
    expect(created.statusCode).toBe(201);
    const row = created.json().data;
    expect(row).toEqual({ id: expect.any(Number), description: c.sample });
    expect((await api.get(c.path)).json()).toEqual({ data: [row] });

    const edited = await api.put(c.path, { id: row.id, description: `${c.sample} (editado)` });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ data: { id: row.id, description: `${c.sample} (editado)` } });

    const deleted = await api.del(`${c.path}/${row.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ data: { id: row.id, description: `${c.sample} (editado)` } });
    expect((await api.get(c.path)).json()).toEqual({ data: [] });

    expect(
      (await auditRows(t, c.table, row.id)).map((a) => [a.action, a.before?.description ?? null, a.after?.description ?? null]),
    ).toEqual([
      ['create', null, c.sample],
      ['update', c.sample, `${c.sample} (editado)`],
      ['delete', `${c.sample} (editado)`, null],
    ]);
  });

  test('blank or missing description → 400 with the form message; nothing saved', async () => {
    const before = await countRows(t, [c.table, 'audit_log']);
    for (const body of [{ description: '' }, { description: '  \t ' }, {}, { description: 42 }]) {
      const response = await api.post(c.path, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: c.required, code: 'VALIDATION', errors: { description: c.required } });
    }
    const badId = await api.put(c.path, { id: 0, description: 'x' });
    expect(badId.json()).toEqual({ message: c.badId, code: 'VALIDATION', errors: { id: c.badId } });
    expect(await countRows(t, [c.table, 'audit_log'])).toEqual(before);
  });

  test('unknown id → 404 on edit and delete; non-numeric id → 400', async () => {
    expect((await api.put(c.path, { id: 424242, description: 'x' })).json()).toEqual({ message: c.notFound, code: 'NOT_FOUND' });
    expect((await api.del(`${c.path}/424242`)).statusCode).toBe(404);
    const bad = await api.del(`${c.path}/abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_ID');
  });

  test('the same description twice (any capitalisation) → 409 DUPLICATE, on create and on edit', async () => {
    const first = (await api.post(c.path, { description: `${c.sample} único` })).json().data;
    const other = (await api.post(c.path, { description: `${c.sample} otro` })).json().data;
    const before = await countRows(t, [c.table, 'audit_log']);

    const again = await api.post(c.path, { description: `${c.sample} ÚNICO`.toUpperCase() });
    expect(again.statusCode).toBe(409);
    // The message also under the field, so the form says it there and keeps what was typed.
    expect(again.json()).toEqual({ message: c.duplicate, code: 'DUPLICATE', errors: { description: c.duplicate } });
    const rename = await api.put(c.path, { id: other.id, description: `${c.sample} único` });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().errors).toEqual({ description: c.duplicate });
    expect(await countRows(t, [c.table, 'audit_log'])).toEqual(before);
    expect((await api.get(c.path)).json().data).toContainEqual(first);
  });
});
