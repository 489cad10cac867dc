// "Existencia mínima" / "Existencia máxima" on products. Optional in the edit (the
// spec's payload without them leaves them as they are), null when unset, 3 decimals ≥ 0,
// máxima ≥ mínima (also against the stored level of the one not sent), refused with a Spanish
// message that changes nothing, and the cached, precompressed list carries them too.
import { gunzipSync } from 'node:zlib';
import { CATALOG_MESSAGES, MESSAGES } from '@almacen/shared/schemas';
import { client, countRows, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
let ana: Client;
beforeAll(async () => {
  t = await createTestApp();
  ana = client(t, { sub: 'user-ana', name: 'Ana Pérez' });
});
afterAll(() => t.close());

const P = '/api/catalog/products';

async function product(name: string): Promise<number> {
  return (await ana.post(P, { name })).json().data.id;
}

test('levels are set, answered without trailing zeros, kept by an edit without them, and cleared by null or ""', async () => {
  const id = await product('Papel bond carta');
  const set = await ana.put(P, { id, name: 'Papel bond carta', minimumStock: '10.500', maximumStock: 40 });
  expect(set.statusCode).toBe(200);
  expect(set.json().data).toMatchObject({ minimumStock: '10.5', maximumStock: '40' });
  expect((await ana.get(`${P}/${id}`)).json().data).toMatchObject({ minimumStock: '10.5', maximumStock: '40' });
  const { rows } = await t.db.query('SELECT minimum_stock::text, maximum_stock::text FROM stock_levels WHERE product_id = $1', [id]);
  expect(rows[0]).toEqual({ minimum_stock: '10.500', maximum_stock: '40.000' });

  // The spec's payload (no levels): they stay.
  const renamed = await ana.put(P, { id, name: 'Papel bond tamaño carta', categoryId: null, unitId: null });
  expect(renamed.json().data).toMatchObject({ name: 'Papel bond tamaño carta', minimumStock: '10.5', maximumStock: '40' });

  // Only one sent: the other stays.
  const onlyMax = await ana.put(P, { id, name: 'Papel bond tamaño carta', maximumStock: '12' });
  expect(onlyMax.json().data).toMatchObject({ minimumStock: '10.5', maximumStock: '12' });

  const cleared = await ana.put(P, { id, name: 'Papel bond tamaño carta', minimumStock: null, maximumStock: '' });
  expect(cleared.json().data).toMatchObject({ minimumStock: null, maximumStock: null });
  const zero = await ana.put(P, { id, name: 'Papel bond tamaño carta', minimumStock: 0, maximumStock: '0' });
  expect(zero.json().data).toMatchObject({ minimumStock: '0', maximumStock: '0' });
});

test.each([
  [{ minimumStock: -1 }, 'minimumStock', CATALOG_MESSAGES.minimumStock],
  [{ minimumStock: 'diez' }, 'minimumStock', CATALOG_MESSAGES.minimumStock],
  [{ maximumStock: '1.2345' }, 'maximumStock', MESSAGES.decimals(3)],
  [{ maximumStock: true }, 'maximumStock', CATALOG_MESSAGES.maximumStock],
  [{ maximumStock: '1000000000' }, 'maximumStock', MESSAGES.tooLarge('999999999.999')],
  [{ minimumStock: '20', maximumStock: '19.999' }, 'maximumStock', CATALOG_MESSAGES.stockLevels],
])('%j is refused on %s with a Spanish message; nothing changes', async (levels, field, message) => {
  const id = await product(`Producto ${field} ${JSON.stringify(levels)}`);
  await ana.put(P, { id, name: 'Con niveles', minimumStock: '5', maximumStock: '50' });
  const stored = () => t.db.query('SELECT p.*, l.* FROM products p LEFT JOIN stock_levels l ON l.product_id = p.id WHERE p.id = $1', [id]);
  const before = await stored();
  const counts = await countRows(t, ['audit_log']);
  const response = await ana.put(P, { id, name: 'Otro nombre', ...levels });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ code: 'VALIDATION', message, errors: { [field]: message } });
  expect((await stored()).rows).toEqual(before.rows);
  expect(await countRows(t, ['audit_log'])).toEqual(counts);
});

test('máxima ≥ mínima also against the stored level of the one not sent', async () => {
  const id = await product('Tóner negro');
  await ana.put(P, { id, name: 'Tóner negro', minimumStock: '5', maximumStock: '8' });
  const lower = await ana.put(P, { id, name: 'Tóner negro', maximumStock: '4' });
  expect(lower.statusCode).toBe(400);
  expect(lower.json()).toMatchObject({ message: CATALOG_MESSAGES.stockLevels, errors: { maximumStock: CATALOG_MESSAGES.stockLevels } });
  const higher = await ana.put(P, { id, name: 'Tóner negro', minimumStock: '9' });
  expect(higher.statusCode).toBe(400);
  expect(higher.json().errors).toEqual({ maximumStock: CATALOG_MESSAGES.stockLevels });
  expect((await ana.get(`${P}/${id}`)).json().data).toMatchObject({ minimumStock: '5', maximumStock: '8' });
  // Clearing the maximum lets the minimum rise.
  expect((await ana.put(P, { id, name: 'Tóner negro', minimumStock: '9', maximumStock: null })).json().data).toMatchObject({
    minimumStock: '9',
    maximumStock: null,
  });
});

test('the cached list (plain and gzip) shows a level change at once, like the detail', async () => {
  const id = await product('Cinta adhesiva');
  const first = await ana.get(P);
  expect(first.json().data.find((p: { id: number }) => p.id === id)).toMatchObject({ minimumStock: null, maximumStock: null });
  await ana.put(P, { id, name: 'Cinta adhesiva', minimumStock: '3', maximumStock: '12.25' });
  const detail = (await ana.get(`${P}/${id}`)).json().data;
  const plain = await ana.get(P);
  expect(plain.headers.etag).not.toBe(first.headers.etag);
  expect(plain.json().data.find((p: { id: number }) => p.id === id)).toEqual(detail);
  const gzip = await t.app.inject({ method: 'GET', url: P, headers: { ...(await t.auth()), 'accept-encoding': 'gzip' } });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  const list = JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8')).data;
  expect(list.find((p: { id: number }) => p.id === id)).toEqual({ ...detail, minimumStock: '3', maximumStock: '12.25' });
});
