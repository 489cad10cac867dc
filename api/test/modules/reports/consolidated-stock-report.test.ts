// «Reporte de existencias · Todos los almacenes» (POST /api/reports/stock?warehouseId=all), a worked
// example across three warehouses with two transfers on the road, read back from the PDF (pdf.js)
// and the XLSX (exceljs): each product the sum of the warehouses and what travels, to the cent;
// its average value ÷ quantity to 6 decimals; a subtotal per warehouse equal to that warehouse's
// own stock report; «En tránsito»; and the grand total, Σ subtotals + in transit.
//
//   Papel:  CENTRAL 10 @ 12.00, P012 5 @ 15.00; 4 sent CENTRAL → P012 (48.00 in transit)
//           → CENTRAL 6 (72.00), P012 5 (75.00), in transit 4 (48.00): 15, 195.00, 13.000000.
//   Tóner:  CENTRAL 3.5 @ 7.777 (27.2195 → 27.22); P013 1 @ 10.00 and 2 @ 10.50 (3 @ 10.333333, 31.00);
//           1 sent P013 → P012 at 10.333333 (10.33) → P013 2 (20.67), in transit 1 (10.33):
//           6.5, 27.22 + 20.67 + 10.33 = 58.22, 58.22 ÷ 6.5 = 8.9569230… → 8.956923.
//   Subtotals: CENTRAL 99.22 (2 products), P012 75.00 (1), P013 20.67 (1); in transit 5 units,
//   58.33 (2 transfers); total 99.22 + 75.00 + 20.67 + 58.33 = 253.22 = 195.00 + 58.22.
import { compareDecimal, formatDate, todayIn } from '@almacen/shared/domain';
import { consolidatedStockReport } from '../../../src/modules/reports/consolidated-stock-report';
import { withSnapshot } from '../../../src/modules/reports/snapshot';
import { consolidatedStock } from '../../../src/modules/stock/consolidated';
import type { Row } from '../../../src/reports/model';
import { client, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { readPdf, readXlsx, type CellValue } from '../../reports/read-report';
import { createCatalog, createProduct, invoiceBody, today, type Catalog } from '../ledger/fixtures';

jest.setTimeout(180_000);

let t: TestApp;
let c: Client;
let catalog: Catalog;
const CENTRE = 1;
let p012: number;
let p013: number;
let paper: number;
let toner: number;

function ok<T>(r: { statusCode: number; body: string; json(): { data: T } }, status = 200): T {
  if (r.statusCode !== status) throw new Error(`${r.statusCode} ${r.body}`);
  return r.json().data;
}

const enter = async (warehouseId: number, productId: number, quantity: string, purchasePrice: string) =>
  ok(await c.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity, purchasePrice }], { warehouseId })), 201);

const send = async (origin: number, destination: number, productId: number, quantity: string) =>
  ok<{ id: number }>(
    await c.post('/api/transfers', {
      originWarehouseId: origin,
      destinationWarehouseId: destination,
      date: today(t),
      senderEmployeeId: catalog.employeeIds[0],
      carrier: 'Camioneta 3, Juan Pérez',
      lines: [{ productId, quantity }],
    }),
    201,
  );

beforeAll(async () => {
  t = await createTestApp();
  c = client(t);
  catalog = await createCatalog(c);
  p012 = ok<{ id: number }>(await c.post('/api/warehouses', { code: 'P012', name: 'Plantel 12 Norte' }), 201).id;
  p013 = ok<{ id: number }>(await c.post('/api/warehouses', { code: 'P013', name: 'Plantel 13 Sur' }), 201).id;
  paper = await createProduct(c, 'Papel bond carta');
  toner = await createProduct(c, 'Tóner negro 58A');
  await enter(CENTRE, paper, '10', '12.00');
  await enter(p012, paper, '5', '15.00');
  await enter(CENTRE, toner, '3.5', '7.777');
  await enter(p013, toner, '1', '10.00');
  await enter(p013, toner, '2', '10.50');
  await send(CENTRE, p012, paper, '4');
  await send(p013, p012, toner, '1');
});
afterAll(() => t.close());

const report = (format: 'pdf' | 'xlsx', query = 'warehouseId=all') => c.post(`/api/reports/stock?format=${format}&${query}`, {});

/** An XLSX number equal to a decimal string, exactly. */
const same = (cell: CellValue, expected: string) =>
  typeof cell === 'number' && compareDecimal(String(cell), expected) === 0 ? expected : { cell, expected };

test('the XLSX: each product summed with what travels, its average value ÷ quantity, the subtotals, «En tránsito» and the total', async () => {
  const r = await report('xlsx');
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-disposition']).toContain('Reporte de existencias de todos los almacenes - ');
  const { sheetName, rows } = await readXlsx(r.rawPayload);
  expect(sheetName).toBe('Existencias');
  expect(rows[1][0]).toBe('REPORTE DE EXISTENCIAS · TODOS LOS ALMACENES');
  expect(rows.some((row) => row[0] === 'Almacén:' && row[2] === 'Todos los almacenes')).toBe(true);
  const row = (first: CellValue, second?: CellValue) =>
    rows.find((cells) => cells[0] === first && (second === undefined || cells[1] === second)) ?? [];
  const figures = (cells: CellValue[], columns: number[], expected: Array<string | null>) =>
    columns.map((i, k) => (expected[k] === null ? cells[i] : same(cells[i], expected[k]!)));

  // Clave, Producto, Unidad, Partida, Existencia, Costo promedio, Valor.
  expect(figures(row(String(paper)), [1, 4, 5, 6], [null, '15', '13', '195'])).toEqual(['Papel bond carta', '15', '13', '195']);
  expect(figures(row(String(toner)), [1, 4, 5, 6], [null, '6.5', '8.956923', '58.22'])).toEqual([
    'Tóner negro 58A',
    '6.5',
    '8.956923',
    '58.22',
  ]);
  const heading = rows.findIndex((cells) => cells[0] === 'Subtotales por almacén');
  expect(heading).toBeGreaterThan(0);
  // A warehouse: «code · name», its products with stock, its value; the transit line also its quantity.
  const summary = rows.slice(heading + 1).map((cells) => [cells[0], cells[2], cells[4], cells[6]]);
  const figure = (cell: CellValue, expected: string) => (cell === null ? null : same(cell, expected));
  expect(summary.map(([label, count, quantity, value]) => [label, count, figure(quantity, '5'), value])).toEqual([
    ['CENTRAL · Almacén central', '2 productos con existencia', null, 99.22],
    ['P012 · Plantel 12 Norte', '1 producto con existencia', null, 75],
    ['P013 · Plantel 13 Sur', '1 producto con existencia', null, 20.67],
    ['En tránsito', '2 traspasos enviados sin recibir', '5', 58.33],
    ['Total general', null, null, 253.22],
  ]);
  expect(summary.map(([, , , value], i) => same(value, ['99.22', '75', '20.67', '58.33', '253.22'][i]))).toEqual([
    '99.22',
    '75',
    '20.67',
    '58.33',
    '253.22',
  ]);
});

test("each warehouse's subtotal is its own stock report's total; the products' values foot to the same total", async () => {
  const { rows } = await readXlsx((await report('xlsx')).rawPayload);
  const valueOf = (label: string) => rows.find((cells) => cells[0] === label)?.[6];
  for (const [id, code] of [
    [CENTRE, 'CENTRAL · Almacén central'],
    [p012, 'P012 · Plantel 12 Norte'],
    [p013, 'P013 · Plantel 13 Sur'],
  ] as const) {
    const own = await readXlsx((await report('xlsx', `warehouseId=${id}`)).rawPayload);
    expect([code, own.rows.find((cells) => cells[0] === 'Total general')?.[6]]).toEqual([code, valueOf(code)]);
  }
  const partidas = rows.filter((cells) => typeof cells[0] === 'string' && cells[0].startsWith('Subtotal de la partida'));
  expect(partidas.map((cells) => cells[6])).toEqual([253.22]);
});

test('the PDF shows the same lines, formatted as every report', async () => {
  const r = await report('pdf');
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-type']).toBe('application/pdf');
  const { lines } = await readPdf(r.rawPayload);
  expect(lines.slice(1, 3)).toEqual([
    'REPORTE DE EXISTENCIAS · TODOS LOS ALMACENES',
    `Fecha de emisión: ${formatDate(todayIn(t.config.timeZone))}`,
  ]);
  for (const expected of [
    `${paper} | Papel bond carta | Sin unidad | Sin partida | 15 | $13.00 | $195.00`,
    `${toner} | Tóner negro 58A | Sin unidad | Sin partida | 6.5 | $8.957 | $58.22`,
    'CENTRAL · Almacén central | 2 productos con existencia | $99.22',
    'P012 · Plantel 12 Norte | 1 producto con existencia | $75.00',
    'P013 · Plantel 13 Sur | 1 producto con existencia | $20.67',
    'En tránsito | 2 traspasos enviados sin recibir | 5 | $58.33',
    'Total general | $253.22',
  ]) {
    expect(lines).toContain(expected);
  }
});

test("once received, a transfer leaves «En tránsito» for the destination's subtotal; the total is unchanged", async () => {
  const product = await createProduct(c, 'Folder tamaño carta');
  await enter(CENTRE, product, '3', '2.50');
  const { id } = await send(CENTRE, p013, product, '3');
  const before = await readXlsx((await report('xlsx')).rawPayload);
  ok(await c.post(`/api/transfers/${id}/reception`, { receiverEmployeeId: catalog.employeeIds[1] }), 201);
  const after = await readXlsx((await report('xlsx')).rawPayload);
  const line = (rows: CellValue[][], first: string) => rows.find((cells) => cells[0] === first) ?? [];
  expect([line(before.rows, 'En tránsito')[6], line(after.rows, 'En tránsito')[6]]).toEqual([65.83, 58.33]);
  expect([line(before.rows, 'P013 · Plantel 13 Sur')[6], line(after.rows, 'P013 · Plantel 13 Sur')[6]]).toEqual([20.67, 28.17]);
  expect([line(before.rows, 'Total general')[6], line(after.rows, 'Total general')[6]]).toEqual([260.72, 260.72]);
});

test('bad input: the consolidated report is of today, a warehouse that does not exist is a 400', async () => {
  const past = await report('pdf', 'warehouseId=all&date=2026-01-31');
  expect([past.statusCode, past.json().errors?.date]).toEqual([
    400,
    'La vista de todos los almacenes es la de hoy; para una fecha pasada, indica un almacén.',
  ]);
  const todayToo = await report('xlsx', `warehouseId=all&date=${today(t)}`);
  expect(todayToo.statusCode).toBe(200);
  for (const query of ['warehouseId=todos', 'warehouseId=0', 'warehouseId=all,1']) {
    const r = await report('pdf', query);
    expect([query, r.statusCode, r.json().message]).toEqual([query, 400, 'Los parámetros de la consulta no son válidos.']);
  }
  const unknown = await report('pdf', 'warehouseId=999');
  expect([unknown.statusCode, unknown.json().errors?.warehouseId]).toEqual([400, 'El almacén indicado no existe.']);
  const lowStock = await c.post('/api/reports/low-stock?warehouseId=all', {});
  expect(lowStock.statusCode).toBe(400);
});

test('over fewer warehouses (what a grant for some of them will pass): their balances and only what travels from or to them', async () => {
  // P013 holds Tóner 2 @ 10.333333 and, since the reception above, Folder 3 @ 2.50; 1 Tóner left it for P012.
  // CENTRAL → P012's paper does not touch it.
  const json = await consolidatedStock(t.db, [p013]);
  expect(json.find((row) => row.productId === toner)).toEqual({
    productId: toner,
    availableQuantity: '3',
    averagePrice: '10.333333',
    value: '31',
    warehouses: [{ warehouseId: p013, quantity: '2', value: '20.67' }],
    inTransit: { quantity: '1', value: '10.33' },
  });
  expect(json.find((row) => row.productId === paper)).toMatchObject({ availableQuantity: '0', value: '0', warehouses: [] });

  const rows = await withSnapshot(t.db, async (snapshot) => {
    const all: Row[] = [];
    const definition = consolidatedStockReport(snapshot, { institution: 'Prueba', issued: today(t), warehouseId: 0 }, [p013]);
    for await (const batch of definition.rows) all.push(...batch);
    return all;
  });
  const cells = (first: string) => rows.find((row) => row.cells[0] === first)?.cells;
  expect(cells(String(toner))?.slice(4)).toEqual(['3.000', '10.333333', '31.00']);
  expect(cells(String(paper))?.slice(4)).toEqual(['0', '0.000000', '0']);
  expect(rows.slice(rows.findIndex((row) => row.cells[0] === 'Subtotales por almacén') + 1).map((row) => row.cells)).toEqual([
    ['P013 · Plantel 13 Sur', null, '2 productos con existencia', null, null, null, '28.17'],
    ['En tránsito', null, '1 traspaso enviado sin recibir', null, '1.000', null, '10.33'],
    ['Total general', null, null, null, null, null, '38.50'],
  ]);
});
