// "Cargar partidas del clasificador": the partidas genéricas of chapter 2000
// "Materiales y suministros" of CONAC's Clasificador por Objeto del Gasto ship with Almacén as a
// file in the partidas template's format and load through the same preview and import: on an
// empty catalogue every row is new, a second load changes nothing, and they stay editable.
import { readFileSync } from 'node:fs';
import path from 'node:path';
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

const FILE = path.join(__dirname, '../../../src/modules/catalog-imports/files/partidas-capitulo-2000.csv');
const post = async (url: string, claims?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${await t.token(claims)}` } });
type Row = { row: number; status: string; reason: string | null; values: Record<string, string | null> };

test('the shipped file: the partidas template format, UTF-8, one partida genérica per row from 211 to 299', () => {
  const text = readFileSync(FILE, 'utf8');
  expect(text.startsWith('\ufeffID,Descripción\r\n')).toBe(true);
  const descriptions = text
    .slice(1)
    .split('\r\n')
    .slice(1, -1)
    .map((line) => /^,"(.*)"$/.exec(line)?.[1]);
  expect(descriptions).toHaveLength(55);
  for (const d of descriptions) expect(d).toMatch(/^2[1-9][1-9] [A-ZÁÉÍÓÚ][a-záéíóúñü]*,?( [a-záéíóúñü]+,?)*[a-záéíóúñü]$/);
  const codes = descriptions.map((d) => Number(d!.slice(0, 3)));
  expect(codes).toEqual([...codes].sort((a, b) => a - b));
  expect(new Set(codes).size).toBe(codes.length);
  // Every concept 2100 … 2900 has its partidas genéricas.
  expect([...new Set(codes.map((code) => Math.floor(code / 10)))]).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29]);
});

test('preview on an empty catalogue: every row new, no error; loading writes them; a second load is all unchanged', async () => {
  const before = await countRows(t, ['product_categories', 'audit_log']);
  expect(before.product_categories).toBe(0);
  const preview = await post('/api/catalog/imports/product-categories/classifier/preview');
  expect(preview.statusCode).toBe(200);
  const rows = preview.json().data.rows as Row[];
  expect(preview.json().data.counts).toEqual({ new: 55, unchanged: 0, updated: 0, error: 0 });
  expect(rows[0]).toEqual({
    row: 2,
    status: 'new',
    id: null,
    values: { ID: null, Descripción: '211 Materiales, útiles y equipos menores de oficina' },
    reason: null,
  });
  expect(rows.map((r) => r.values['Descripción'])).toEqual(
    expect.arrayContaining([
      '214 Materiales, útiles y equipos menores de tecnologías de la información y comunicaciones',
      '216 Material de limpieza',
      '246 Material eléctrico y electrónico',
      '253 Medicinas y productos farmacéuticos',
      '261 Combustibles, lubricantes y aditivos',
      '275 Blancos y otros productos textiles, excepto prendas de vestir',
      '299 Refacciones y accesorios menores otros bienes muebles',
    ]),
  );
  expect(await countRows(t, ['product_categories', 'audit_log'])).toEqual(before);

  const loaded = await post('/api/catalog/imports/product-categories/classifier');
  expect([loaded.statusCode, loaded.json().data.counts]).toEqual([200, { new: 55, unchanged: 0, updated: 0, error: 0 }]);
  const list = (await c.get('/api/catalog/product-categories')).json().data as Array<{ id: number; description: string }>;
  expect(list.map((p) => p.description)).toEqual(rows.map((r) => r.values['Descripción']));
  const after = await countRows(t, ['product_categories', 'audit_log']);
  expect(after.product_categories).toBe(55);

  const again = await post('/api/catalog/imports/product-categories/classifier/preview');
  expect(again.json().data.counts).toEqual({ new: 0, unchanged: 55, updated: 0, error: 0 });
  const twice = await post('/api/catalog/imports/product-categories/classifier');
  expect([twice.statusCode, twice.json().data.counts]).toEqual([200, { new: 0, unchanged: 55, updated: 0, error: 0 }]);
  expect(await countRows(t, ['product_categories', 'audit_log'])).toEqual(after);

  // Editable after loading, like any partida.
  const cleaning = list.find((p) => p.description === '216 Material de limpieza')!;
  const edited = await c.put('/api/catalog/product-categories', { id: cleaning.id, description: '2161 Material de limpieza' });
  expect(edited.statusCode).toBe(200);
  expect((await c.get('/api/catalog/product-categories')).json().data.map((p: { description: string }) => p.description)).toContain(
    '2161 Material de limpieza',
  );
});

test('two loads at once on an empty catalogue: each partida once (one import per catalogue at a time)', async () => {
  await t.db.query('DELETE FROM product_categories');
  const [a, b] = await Promise.all([
    post('/api/catalog/imports/product-categories/classifier'),
    post('/api/catalog/imports/product-categories/classifier'),
  ]);
  expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
  expect([a.json().data.counts.new, b.json().data.counts.new].sort()).toEqual([0, 55]);
  expect((await countRows(t, ['product_categories'])).product_categories).toBe(55);
});

test('only whoever may import partidas may load the classifier', async () => {
  const consulta = { sub: 'user-consulta', almacen_roles: ['CONSULTA'] };
  expect((await post('/api/catalog/imports/product-categories/classifier/preview', consulta)).statusCode).toBe(403);
  expect((await post('/api/catalog/imports/product-categories/classifier', consulta)).statusCode).toBe(403);
});
