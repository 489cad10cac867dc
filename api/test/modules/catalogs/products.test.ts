// Products: the list nests unit and partida; create/edit/delete answer the saved row, record
// who and when, write an audit row, and refuse unknown ids and references clearly.
import { CATALOG_MESSAGES } from '@almacen/shared/schemas';
import { auditRows, client, countRows, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
let ana: Client;
let luis: Client;
beforeAll(async () => {
  t = await createTestApp();
  ana = client(t, { sub: 'user-ana', name: 'Ana Pérez' });
  luis = client(t, { sub: 'user-luis', name: 'Luis Gómez' });
});
afterAll(() => t.close());

const P = '/api/catalog/products';
/** The warehouse of a one-warehouse deployment, as the audit log names it beside a product's levels. */
const CENTRAL = { id: 1, code: 'CENTRAL', name: 'Almacén central' };

async function category(description: string) {
  return (await ana.post('/api/catalog/product-categories', { description })).json().data as { id: number; description: string };
}
async function unit(description: string) {
  return (await ana.post('/api/catalog/product-units', { description })).json().data as { id: number; description: string };
}

test('create answers 201 with the saved row (trimmed, no unit or partida yet) and audits it', async () => {
  const response = await ana.post(P, { name: '  Papel bond carta  ' });
  expect(response.statusCode).toBe(201);
  const product = response.json().data;
  expect(product).toEqual({
    id: expect.any(Number),
    name: 'Papel bond carta',
    unit: null,
    category: null,
    minimumStock: null,
    maximumStock: null,
    barcode: null,
  });

  const { rows } = await t.db.query('SELECT created_by, created_by_name, updated_by FROM products WHERE id = $1', [product.id]);
  expect(rows[0]).toEqual({ created_by: 'user-ana', created_by_name: 'Ana Pérez', updated_by: 'user-ana' });
  expect(await auditRows(t, 'products', product.id)).toEqual([
    {
      actor_sub: 'user-ana',
      actor_name: 'Ana Pérez',
      action: 'create',
      entity: 'products',
      entity_id: String(product.id),
      before: null,
      // The levels are a warehouse's: the log names it beside them.
      after: { ...product, warehouse: CENTRAL },
    },
  ]);
});

test("a blank name is refused with the form's message and creates nothing", async () => {
  const before = await countRows(t, ['products', 'audit_log']);
  const response = await ana.post(P, { name: '   ' });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    message: CATALOG_MESSAGES.productName,
    code: 'VALIDATION',
    errors: { name: CATALOG_MESSAGES.productName },
  });
  expect(await countRows(t, ['products', 'audit_log'])).toEqual(before);
});

test('edit sets partida and unit; the list and the detail show them nested; who edited is recorded', async () => {
  const created = (await ana.post(P, { name: 'Tóner negro' })).json().data;
  const partida = await category('2141 Materiales, útiles y equipos menores de tecnologías de la información y comunicaciones');
  const pieza = await unit('Pieza');

  const response = await luis.put(P, { id: created.id, name: 'Tóner negro HP 58A', categoryId: partida.id, unitId: pieza.id });
  expect(response.statusCode).toBe(200);
  const expected = {
    id: created.id,
    name: 'Tóner negro HP 58A',
    unit: pieza,
    category: partida,
    minimumStock: null,
    maximumStock: null,
    barcode: null,
  };
  expect(response.json().data).toEqual(expected);
  expect((await ana.get(`${P}/${created.id}`)).json()).toEqual({ data: expected });
  expect((await ana.get(P)).json().data).toContainEqual(expected);

  const { rows } = await t.db.query(
    'SELECT created_by, updated_by, updated_by_name, updated_at >= created_at AS ordered FROM products WHERE id = $1',
    [created.id],
  );
  expect(rows[0]).toEqual({ created_by: 'user-ana', updated_by: 'user-luis', updated_by_name: 'Luis Gómez', ordered: true });
  const audit = await auditRows(t, 'products', created.id);
  expect(audit.map((a) => [a.action, a.actor_sub])).toEqual([
    ['create', 'user-ana'],
    ['update', 'user-luis'],
  ]);
  expect(audit[1].before).toEqual({
    id: created.id,
    name: 'Tóner negro',
    unit: null,
    category: null,
    minimumStock: null,
    maximumStock: null,
    barcode: null,
    warehouse: CENTRAL,
  });
  expect(audit[1].after).toEqual({ ...expected, warehouse: CENTRAL });

  // null clears them again
  const cleared = await ana.put(P, { id: created.id, name: 'Tóner negro HP 58A', categoryId: null, unitId: null });
  expect(cleared.json().data).toEqual({
    id: created.id,
    name: 'Tóner negro HP 58A',
    unit: null,
    category: null,
    minimumStock: null,
    maximumStock: null,
    barcode: null,
  });
});

test('unknown partida or unit → 400 naming the field; nothing changes', async () => {
  const created = (await ana.post(P, { name: 'Grapas' })).json().data;
  const snapshot = await t.db.query('SELECT * FROM products WHERE id = $1', [created.id]);
  const audits = await countRows(t, ['audit_log']);

  const response = await ana.put(P, { id: created.id, name: 'Grapas estándar', categoryId: 999999, unitId: 888888 });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    message: 'La partida seleccionada no existe.',
    code: 'VALIDATION',
    errors: { categoryId: 'La partida seleccionada no existe.', unitId: 'La unidad de medida seleccionada no existe.' },
  });
  const onlyUnit = await ana.put(P, { id: created.id, name: 'Grapas estándar', unitId: 888888 });
  expect(onlyUnit.json().errors).toEqual({ unitId: 'La unidad de medida seleccionada no existe.' });

  expect((await t.db.query('SELECT * FROM products WHERE id = $1', [created.id])).rows).toEqual(snapshot.rows);
  expect(await countRows(t, ['audit_log'])).toEqual(audits);
});

test('unknown ids answer 404; non-numeric ids 400', async () => {
  expect((await ana.get(`${P}/999999`)).json()).toEqual({ message: 'El producto solicitado no existe.', code: 'NOT_FOUND' });
  expect((await ana.get(`${P}/999999`)).statusCode).toBe(404);
  expect((await ana.put(P, { id: 999999, name: 'X' })).statusCode).toBe(404);
  expect((await ana.del(`${P}/999999`)).statusCode).toBe(404);
  for (const bad of ['abc', '1.5', '-3', '0', '99999999999']) {
    const response = await ana.get(`${P}/${bad}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_ID');
  }
  const badPut = await ana.put(P, { id: 'uno', name: 'X' });
  expect(badPut.statusCode).toBe(400);
  expect(badPut.json().errors).toEqual({ id: CATALOG_MESSAGES.productId });
});

test('delete answers the deleted row, audits it, and the product is gone', async () => {
  const created = (await ana.post(P, { name: 'Clips' })).json().data;
  const response = await luis.del(`${P}/${created.id}`);
  expect(response.statusCode).toBe(200);
  expect(response.json().data).toEqual(created);
  expect((await ana.get(`${P}/${created.id}`)).statusCode).toBe(404);
  const audit = await auditRows(t, 'products', created.id);
  expect(audit.at(-1)).toMatchObject({ action: 'delete', actor_sub: 'user-luis', before: created, after: null });
});

test('a product something refers to cannot be deleted: 409 with the reason, nothing deleted', async () => {
  const created = (await ana.post(P, { name: 'Cinta adhesiva' })).json().data;
  // Stands for any table that refers to products (the ledger's movements, for instance): the
  // refusal comes from the foreign key, whatever table holds it.
  await t.db.query('CREATE TABLE IF NOT EXISTS fixture_product_refs (product_id integer NOT NULL REFERENCES products (id))');
  await t.db.query('INSERT INTO fixture_product_refs VALUES ($1)', [created.id]);
  const audits = await countRows(t, ['audit_log']);

  const response = await ana.del(`${P}/${created.id}`);
  expect(response.statusCode).toBe(409);
  expect(response.json()).toEqual({ message: 'No se puede eliminar el producto: está en uso en otros registros.', code: 'IN_USE' });
  expect((await ana.get(`${P}/${created.id}`)).statusCode).toBe(200);
  expect(await countRows(t, ['audit_log'])).toEqual(audits);
});

test('a partida or unit used by a product cannot be deleted', async () => {
  const partida = await category('2161 Material de limpieza');
  const litro = await unit('Litro');
  const created = (await ana.post(P, { name: 'Cloro' })).json().data;
  await ana.put(P, { id: created.id, name: 'Cloro', categoryId: partida.id, unitId: litro.id });

  const c = await ana.del(`/api/catalog/product-categories/${partida.id}`);
  expect(c.statusCode).toBe(409);
  expect(c.json()).toEqual({ message: 'No se puede eliminar la partida: está en uso en productos.', code: 'IN_USE' });
  const u = await ana.del(`/api/catalog/product-units/${litro.id}`);
  expect(u.statusCode).toBe(409);
  expect(u.json().message).toBe('No se puede eliminar la unidad de medida: está en uso en productos.');
  expect((await ana.get(`${P}/${created.id}`)).json().data.category).toEqual(partida);
});

test('the list: every product in id order, each exactly as its detail answers it (unit and partida nested or null, accents and quotes intact)', async () => {
  const partida = await category('Materiales "de" oficina');
  const pieza = await unit('Paquete de lista');
  const plain = (await ana.post(P, { name: 'Café  soluble ñ' })).json().data as { id: number };
  const full = (await ana.post(P, { name: 'Tóner "negro" \\ 85A' })).json().data as { id: number };
  await ana.put(P, { id: full.id, name: 'Tóner "negro" \\ 85A', categoryId: partida.id, unitId: pieza.id });

  const response = await ana.get(P);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  const list = response.json().data as Array<{ id: number }>;
  expect(list.map((p) => p.id)).toEqual([...list.map((p) => p.id)].sort((a, b) => a - b));
  for (const id of [plain.id, full.id]) {
    expect(list.find((p) => p.id === id)).toEqual((await ana.get(`${P}/${id}`)).json().data);
  }
  expect(list.find((p) => p.id === full.id)).toEqual({
    id: full.id,
    name: 'Tóner "negro" \\ 85A',
    unit: { id: pieza.id, description: 'Paquete de lista' },
    category: { id: partida.id, description: 'Materiales "de" oficina' },
    minimumStock: null,
    maximumStock: null,
    barcode: null,
  });
  expect(list.find((p) => p.id === plain.id)).toMatchObject({ unit: null, category: null });
});

test('the list carries an ETag: an unchanged catalogue answers 304 without a body; any change to a product, unit or partida — through the API or straight in SQL — gives a new list and tag', async () => {
  const first = await ana.get(P);
  const tag = first.headers.etag as string;
  expect(tag).toMatch(/^W\/"[0-9a-f-]{36}-\d+"$/);
  expect(first.headers['cache-control']).toBe('private, no-cache');

  const unchanged = await t.app.inject({ method: 'GET', url: P, headers: { ...(await t.auth()), 'if-none-match': tag } });
  expect(unchanged.statusCode).toBe(304);
  expect(unchanged.body).toBe('');
  expect(
    (await t.app.inject({ method: 'GET', url: P, headers: { ...(await t.auth()), 'if-none-match': `"otra", ${tag.slice(2)}` } }))
      .statusCode,
  ).toBe(304);

  // A unit renamed: the products that use it show the new name under a new tag.
  const caja = await unit('Caja de etiqueta');
  const product = (await ana.post(P, { name: 'Etiquetas adheribles' })).json().data as { id: number };
  await ana.put(P, { id: product.id, name: 'Etiquetas adheribles', categoryId: null, unitId: caja.id });
  const withUnit = await t.app.inject({ method: 'GET', url: P, headers: { ...(await t.auth()), 'if-none-match': tag } });
  expect(withUnit.statusCode).toBe(200);
  const tag2 = withUnit.headers.etag as string;
  expect(tag2).not.toBe(tag);
  await ana.put('/api/catalog/product-units', { id: caja.id, description: 'Caja con 100' });
  const renamed = await t.app.inject({ method: 'GET', url: P, headers: { ...(await t.auth()), 'if-none-match': tag2 } });
  expect(renamed.statusCode).toBe(200);
  expect(renamed.json().data.find((p: { id: number }) => p.id === product.id).unit).toEqual({ id: caja.id, description: 'Caja con 100' });

  // Written by someone else entirely (psql, a seed): the triggers still move the tag.
  const tag3 = renamed.headers.etag as string;
  await t.db.query(
    `INSERT INTO products (name, created_by, created_by_name, updated_by, updated_by_name) VALUES ('Alta directa en SQL', 's', 'S', 's', 'S')`,
  );
  const direct = await t.app.inject({ method: 'GET', url: P, headers: { ...(await t.auth()), 'if-none-match': tag3 } });
  expect(direct.statusCode).toBe(200);
  expect(direct.json().data.map((p: { name: string }) => p.name)).toContain('Alta directa en SQL');
  expect(direct.headers.etag).not.toBe(tag3);
});

describe('create with what «Editar producto» sets (one trip); the name alone stays valid', () => {
  test('partida, unit and stock levels on create: saved, answered and audited as the row', async () => {
    const papeleria = await category('Papelería de alta');
    const caja = await unit('Caja de alta');
    const response = await ana.post(P, {
      name: 'Folder tamaño carta',
      categoryId: papeleria.id,
      unitId: caja.id,
      minimumStock: '5.500',
      maximumStock: 20,
    });
    expect(response.statusCode).toBe(201);
    const product = response.json().data;
    expect(product).toEqual({
      id: expect.any(Number),
      name: 'Folder tamaño carta',
      unit: caja,
      category: papeleria,
      minimumStock: '5.5',
      maximumStock: '20',
      barcode: null,
    });
    expect((await ana.get(`${P}/${product.id}`)).json().data).toEqual(product);
    expect((await auditRows(t, 'products', product.id))[0].after).toEqual({ ...product, warehouse: CENTRAL });
  });

  test('empty optional fields (null, "") are no partida, no unit, no levels', async () => {
    const response = await ana.post(P, { name: 'Clip', categoryId: null, unitId: null, minimumStock: '', maximumStock: null });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ unit: null, category: null, minimumStock: null, maximumStock: null });
  });

  test('an unknown partida or unit, a bad level or máxima < mínima → 400 on that field; nothing created', async () => {
    const before = await countRows(t, ['products', 'audit_log']);
    const unknown = await ana.post(P, { name: 'Goma', categoryId: 999999, unitId: 999998 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({
      categoryId: 'La partida seleccionada no existe.',
      unitId: 'La unidad de medida seleccionada no existe.',
    });
    const inverted = await ana.post(P, { name: 'Goma', minimumStock: '10', maximumStock: '2' });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().errors).toEqual({ maximumStock: CATALOG_MESSAGES.stockLevels });
    const negative = await ana.post(P, { name: 'Goma', minimumStock: '-1' });
    expect(negative.json().errors).toEqual({ minimumStock: CATALOG_MESSAGES.minimumStock });
    expect((await ana.post(P, { name: 'Goma', unitId: 'caja' })).statusCode).toBe(400);
    expect(await countRows(t, ['products', 'audit_log'])).toEqual(before);
  });
});
