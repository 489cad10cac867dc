// «Existencia mínima» and «Existencia máxima» are per product and warehouse: the product is one
// catalogue entry for the institution, and each warehouse keeps its own levels. A call names the
// warehouse (`warehouseId`, body of a create or edit, query of the rest); with several warehouses
// and none named it is refused with «Indica el almacén.». The low-stock report, the home summary,
// the catalogue's export and import all read or write the levels of the warehouse of the call.
import ExcelJS from 'exceljs';
import { CATALOG_MESSAGES } from '@almacen/shared/schemas';
import { CHOOSE_WAREHOUSE_MESSAGE, UNKNOWN_WAREHOUSE_MESSAGE } from '../../../src/access/warehouse-scope';
import { client, countRows, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { readXlsx } from '../../reports/read-report';
import { createCatalog, createProduct, invoiceBody, type Catalog } from '../ledger/fixtures';

jest.setTimeout(120_000);

const P = '/api/catalog/products';
const CENTRAL = 1;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let t: TestApp;
let c: Client;
let catalog: Catalog;
let plantel: number;
let paper: number;
let pencil: number;
let oneWarehouseList: Awaited<ReturnType<Client['get']>>;

function ok<T>(r: { statusCode: number; body: string; json(): { data: T } }, status = 200): T {
  if (r.statusCode !== status) throw new Error(`${r.statusCode} ${r.body}`);
  return r.json().data;
}

interface Levels {
  minimumStock: string | null;
  maximumStock: string | null;
}

const levelsOf = async (id: number, warehouseId: number): Promise<Levels> => {
  const { minimumStock, maximumStock } = ok<Levels>(await c.get(`${P}/${id}?warehouseId=${warehouseId}`));
  return { minimumStock, maximumStock };
};

const setLevels = (id: number, name: string, warehouseId: number, levels: Partial<Levels>) =>
  c.put(P, { id, name, categoryId: null, unitId: null, ...levels, warehouseId });

const enter = async (warehouseId: number, productId: number, quantity: string) =>
  ok(await c.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity, purchasePrice: '10' }], { warehouseId })), 201);

const post = async (url: string, body?: Buffer, type = XLSX) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...(await t.auth()), ...(body ? { 'content-type': type } : {}) },
    ...(body ? { payload: body } : {}),
  });

/** The products of the low-stock report (XLSX) of one warehouse, by name. */
async function lowStockReport(warehouseId: number): Promise<unknown[]> {
  const r = await post(`/api/reports/low-stock?format=xlsx&warehouseId=${warehouseId}`);
  expect(r.statusCode).toBe(200);
  const { rows } = await readXlsx(r.rawPayload);
  return rows.map((row) => row[1]).filter((name) => name === 'Papel bond' || name === 'Lápiz');
}

const summary = async (warehouseId: number) =>
  ok<{ productsUnderMinimum: number }>(await c.get(`/api/stock/summary?warehouseId=${warehouseId}`)).productsUnderMinimum;

beforeAll(async () => {
  t = await createTestApp();
  c = client(t, { sub: 'user-ana', name: 'Ana Pérez' });
  catalog = await createCatalog(c);
  // Created while there is one warehouse: the calls without `warehouseId` are about it.
  paper = await createProduct(c, 'Papel bond');
  pencil = await createProduct(c, 'Lápiz');
  ok(await c.put(P, { id: paper, name: 'Papel bond', minimumStock: '10', maximumStock: '30' }));
  oneWarehouseList = await c.get(P);
  plantel = ok<{ id: number }>(await c.post('/api/warehouses', { code: 'P012', name: 'Plantel 12' }), 201).id;
  ok(await setLevels(paper, 'Papel bond', plantel, { minimumStock: '2' }));
  // 5 sheets in each warehouse: under the centre's minimum (10), over the plantel's (2).
  await enter(CENTRAL, paper, '5');
  await enter(plantel, paper, '5');
});
afterAll(() => t.close());

test("each warehouse keeps its own levels: the product, the list and the other warehouse's untouched", async () => {
  expect(await levelsOf(paper, CENTRAL)).toEqual({ minimumStock: '10', maximumStock: '30' });
  expect(await levelsOf(paper, plantel)).toEqual({ minimumStock: '2', maximumStock: null });
  const inList = async (warehouseId: number) =>
    ok<Array<{ id: number } & Levels>>(await c.get(`${P}?warehouseId=${warehouseId}`)).find((p) => p.id === paper);
  expect(await inList(CENTRAL)).toMatchObject({ minimumStock: '10', maximumStock: '30' });
  expect(await inList(plantel)).toMatchObject({ minimumStock: '2', maximumStock: null });
  // The spec's payload (no levels) at the plantel changes no level anywhere.
  ok(await c.put(P, { id: paper, name: 'Papel bond', categoryId: null, unitId: null, warehouseId: plantel }));
  expect(await levelsOf(paper, plantel)).toEqual({ minimumStock: '2', maximumStock: null });
  expect(await levelsOf(paper, CENTRAL)).toEqual({ minimumStock: '10', maximumStock: '30' });
  // A product without levels somewhere shows none there.
  expect(await levelsOf(pencil, plantel)).toEqual({ minimumStock: null, maximumStock: null });
});

test('the low-stock report and the home summary use the levels of their warehouse', async () => {
  expect(await lowStockReport(CENTRAL)).toEqual(['Papel bond']);
  expect(await lowStockReport(plantel)).toEqual([]);
  expect(await summary(CENTRAL)).toBe(1);
  expect(await summary(plantel)).toBe(0);
  // Raising the plantel's minimum to its 5 sheets lists it there, and only there.
  ok(await setLevels(paper, 'Papel bond', plantel, { minimumStock: '5' }));
  expect(await lowStockReport(plantel)).toEqual(['Papel bond']);
  expect(await summary(plantel)).toBe(1);
  ok(await setLevels(paper, 'Papel bond', plantel, { minimumStock: '2' }));
  expect(await summary(plantel)).toBe(0);
  expect(await summary(CENTRAL)).toBe(1);
});

test('with several warehouses, setting a level without naming the warehouse is refused in Spanish, and so is an unknown one; nothing changes', async () => {
  const counts = await countRows(t, ['products', 'stock_levels', 'audit_log']);
  for (const r of [
    await c.put(P, { id: paper, name: 'Papel bond', minimumStock: '1' }),
    await c.put(P, { id: paper, name: 'Papel bond', maximumStock: null }),
    await c.post(P, { name: 'Clips', minimumStock: '1' }),
  ]) {
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({
      code: 'VALIDATION',
      message: CHOOSE_WAREHOUSE_MESSAGE,
      errors: { warehouseId: CHOOSE_WAREHOUSE_MESSAGE },
    });
  }
  for (const r of [await c.get(`${P}?warehouseId=999`), await setLevels(paper, 'Papel bond', 999, { minimumStock: '1' })]) {
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ message: UNKNOWN_WAREHOUSE_MESSAGE, errors: { warehouseId: UNKNOWN_WAREHOUSE_MESSAGE } });
  }
  const bad = await c.put(P, { id: paper, name: 'Papel bond', minimumStock: '1', warehouseId: 'P012' });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().errors).toEqual({ warehouseId: 'Indica un almacén válido.' });
  expect(await countRows(t, ['products', 'stock_levels', 'audit_log'])).toEqual(counts);
  expect(await levelsOf(paper, plantel)).toEqual({ minimumStock: '2', maximumStock: null });
});

test('the product stays the institution’s: without a warehouse it is read, created and renamed, with no levels shown', async () => {
  // With one warehouse the list asked for without one carried its levels; a second warehouse
  // changes that answer, under a new tag (a browser's copy is not revalidated as unchanged).
  expect(ok<Array<{ id: number } & Levels>>(oneWarehouseList).find((p) => p.id === paper)).toMatchObject({ minimumStock: '10' });
  const list = await c.get(P);
  expect(list.headers.etag).not.toBe(oneWarehouseList.headers.etag);
  const fromList = ok<Array<{ id: number } & Levels>>(list).find((p) => p.id === paper);
  expect(fromList).toMatchObject({ name: 'Papel bond', minimumStock: null, maximumStock: null });
  expect(ok<Levels>(await c.get(`${P}/${paper}`))).toMatchObject({ minimumStock: null, maximumStock: null });
  const clips = ok<{ id: number } & Levels>(await c.post(P, { name: 'Clips', minimumStock: null }), 201);
  expect(clips).toMatchObject({ name: 'Clips', minimumStock: null, maximumStock: null });
  ok(await c.put(P, { id: clips.id, name: 'Clips niquelados' }));
  ok(await c.put(P, { id: paper, name: 'Papel bond', categoryId: null, unitId: null }));
  // Each warehouse's levels are as they were.
  expect(await levelsOf(paper, CENTRAL)).toEqual({ minimumStock: '10', maximumStock: '30' });
  expect(await levelsOf(paper, plantel)).toEqual({ minimumStock: '2', maximumStock: null });
});

test("máxima ≥ mínima is checked against the levels of the call's warehouse, not another's", async () => {
  // The plantel's minimum is 2: a maximum of 5 is fine there, while the centre's minimum is 10.
  expect(ok<Levels>(await setLevels(paper, 'Papel bond', plantel, { maximumStock: '5' }))).toMatchObject({
    minimumStock: '2',
    maximumStock: '5',
  });
  const refused = await setLevels(paper, 'Papel bond', CENTRAL, { maximumStock: '5' });
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toMatchObject({ message: CATALOG_MESSAGES.stockLevels, errors: { maximumStock: CATALOG_MESSAGES.stockLevels } });
  expect(await levelsOf(paper, CENTRAL)).toEqual({ minimumStock: '10', maximumStock: '30' });
  // Clearing both removes the plantel's levels and nothing else.
  ok(await setLevels(paper, 'Papel bond', plantel, { minimumStock: null, maximumStock: null }));
  expect((await t.db.query('SELECT warehouse_id FROM stock_levels WHERE product_id = $1', [paper])).rows).toEqual([
    { warehouse_id: CENTRAL },
  ]);
  ok(await setLevels(paper, 'Papel bond', plantel, { minimumStock: '2' }));
});

test('a change of a level is audited with its warehouse', async () => {
  ok(await setLevels(pencil, 'Lápiz', plantel, { minimumStock: '3', maximumStock: '9' }));
  const { rows } = await t.db.query<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
    `SELECT before, after FROM audit_log WHERE entity = 'products' AND entity_id = $1 ORDER BY id DESC LIMIT 1`,
    [String(pencil)],
  );
  const plantel12 = { id: plantel, code: 'P012', name: 'Plantel 12' };
  expect(rows[0].before).toMatchObject({ minimumStock: null, maximumStock: null, warehouse: plantel12 });
  expect(rows[0].after).toMatchObject({ minimumStock: '3', maximumStock: '9', warehouse: plantel12 });
});

test("the catalogue's export and import carry the levels of the warehouse of the call", async () => {
  const sheetOf = async (warehouseId: number) => {
    const r = await post(`/api/catalog/imports/products/export?warehouseId=${warehouseId}`);
    expect(r.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const row = workbook.worksheets[0].getSheetValues().find((v) => Array.isArray(v) && v[1] === paper) as unknown[];
    return [row[5] ?? null, row[6] ?? null];
  };
  expect(await sheetOf(CENTRAL)).toEqual(['10', '30']);
  expect(await sheetOf(plantel)).toEqual(['2', null]);
  const refused = await post('/api/catalog/imports/products/export');
  expect(refused.statusCode).toBe(400);
  expect(refused.json().message).toBe(CHOOSE_WAREHOUSE_MESSAGE);

  const csv = Buffer.from(`ID,Nombre,Existencia mínima,Existencia máxima\r\n${paper},Papel bond,4,12\r\n,Cinta adhesiva,1,\r\n`);
  const preview = ok<{ counts: Record<string, number> }>(
    await post(`/api/catalog/imports/products/preview?warehouseId=${plantel}`, csv, 'text/csv'),
  );
  expect(preview.counts).toMatchObject({ new: 1, updated: 1 });
  ok(await post(`/api/catalog/imports/products?warehouseId=${plantel}`, csv, 'text/csv'));
  expect(await levelsOf(paper, plantel)).toEqual({ minimumStock: '4', maximumStock: '12' });
  expect(await levelsOf(paper, CENTRAL)).toEqual({ minimumStock: '10', maximumStock: '30' });
  const tape = ok<Array<{ id: number; name: string }>>(await c.get(`${P}?warehouseId=${plantel}`)).find(
    (p) => p.name === 'Cinta adhesiva',
  )!;
  expect(await levelsOf(tape.id, plantel)).toEqual({ minimumStock: '1', maximumStock: null });
  expect(await levelsOf(tape.id, CENTRAL)).toEqual({ minimumStock: null, maximumStock: null });
});

test('deleting a product (one without movements) deletes its levels in every warehouse', async () => {
  const id = await createProduct(c, 'Marcador');
  ok(await setLevels(id, 'Marcador', CENTRAL, { minimumStock: '1' }));
  ok(await setLevels(id, 'Marcador', plantel, { minimumStock: '2' }));
  ok(await c.del(`${P}/${id}?warehouseId=${plantel}`));
  expect((await t.db.query('SELECT 1 FROM stock_levels WHERE product_id = $1', [id])).rowCount).toBe(0);
});
