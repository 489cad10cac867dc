// Physical inventory as a warehouse and an auditor see it, on real PostgreSQL:
// the snapshot, typing counts, a file with errors (nothing saved), the application with
// shortages and surpluses (balances, averages and movements exact to the last decimal), a
// refused shortage, a surplus with no cost, the after-snapshot movement case, idempotent and
// concurrent applications (exactly one), discard, and the closed period.
import ExcelJS from 'exceljs';
import { auditRows, client, countRows, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import {
  createCatalog,
  createProduct,
  dispatchBody,
  invoiceBody,
  LEDGER_TABLES,
  postWith,
  stockOf,
  today,
  type Catalog,
} from '../ledger/fixtures';

jest.setTimeout(120_000);

const COUNT_TABLES = [...LEDGER_TABLES, 'inventory_counts', 'inventory_count_lines'];

let t: TestApp;
let c: Client;
let catalog: Catalog;
beforeAll(async () => {
  t = await createTestApp();
  c = client(t, { sub: 'user-ana', name: 'Ana Pérez' });
  catalog = await createCatalog(c);
});
afterAll(() => t.close());

async function entry(productId: number, quantity: string, purchasePrice: string) {
  const r = await c.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity, purchasePrice }]));
  expect(r.statusCode).toBe(201);
}
async function exit(productId: number, quantity: string) {
  const r = await c.post('/api/dispatches', dispatchBody(t, catalog, [{ productId, quantity }]));
  expect(r.statusCode).toBe(201);
}

async function category(description: string): Promise<number> {
  const r = await c.post('/api/catalog/product-categories', { description });
  expect(r.statusCode).toBe(201);
  return r.json().data.id;
}

/** A product of a partida: created, then given its partida (the catalogue's two steps). */
async function productIn(name: string, categoryId: number): Promise<number> {
  const id = await createProduct(c, name);
  const r = await c.put('/api/catalog/products', { id, name, categoryId });
  expect(r.statusCode).toBe(200);
  return id;
}

async function openCount(categoryIds: number[], description = 'Conteo de prueba') {
  const r = await c.post('/api/inventory-counts', { cutoffDate: today(t), description, categoryIds });
  expect([r.statusCode, r.statusCode === 201 ? '' : r.body]).toEqual([201, '']);
  return r.json().data as { id: number; lines: Array<Record<string, unknown>> };
}

const signers = () => ({
  directorEmployeeId: catalog.employeeIds[0],
  warehouseKeeperEmployeeId: catalog.employeeIds[1],
  witnessEmployeeId: catalog.employeeIds[2],
});

const upload = async (id: number, body: Buffer, contentType: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/inventory-counts/${id}/lines/import`,
    headers: { authorization: `Bearer ${await t.token({ sub: 'user-ana', name: 'Ana Pérez' })}`, 'content-type': contentType },
    payload: body,
  });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('a count with shortage and surplus, applied', () => {
  let partida: number;
  const p: Record<string, number> = {};
  let countId: number;

  beforeAll(async () => {
    partida = await category('2111 Materiales, útiles y equipos menores de oficina');
    p.paper = await productIn('Papel bond carta', partida);
    p.toner = await productIn('Tóner negro 58A', partida);
    p.clips = await productIn('Clips estándar', partida);
    p.pencils = await productIn('Lápices del 2', partida);
    p.eraser = await productIn('Borrador blanco', partida);
    await createProduct(c, 'Fuera del alcance'); // no partida: not in a count by partida
    await entry(p.paper, '10', '95.5');
    await entry(p.toner, '3', '1450');
    await entry(p.toner, '1', '1500'); // average (4350 + 1500) / 4 = 1462.5
    await entry(p.clips, '2', '10');
    await entry(p.pencils, '6', '4.333');
  });

  test('creating snapshots every product of the partida with its book quantity and average; 201 with the lines, audited', async () => {
    const count = await openCount([partida], 'Conteo semestral');
    countId = count.id;
    expect(count).toMatchObject({
      status: 'ABIERTO',
      description: 'Conteo semestral',
      cutoffDate: today(t),
      categoryIds: [partida],
      lineCount: 5,
      countedLines: 0,
      uncountedLines: 5,
      differences: 0,
    });
    expect(count.lines.map((l) => [l.productName, l.bookQuantity, l.bookAverage, l.countedQuantity, l.category])).toEqual([
      ['Papel bond carta', '10', '95.5', null, '2111 Materiales, útiles y equipos menores de oficina'],
      ['Tóner negro 58A', '4', '1462.5', null, '2111 Materiales, útiles y equipos menores de oficina'],
      ['Clips estándar', '2', '10', null, '2111 Materiales, útiles y equipos menores de oficina'],
      // 6 × 4.333 = 25.998 → worth 26.00: the book average is 26 / 6
      ['Lápices del 2', '6', '4.333333', null, '2111 Materiales, útiles y equipos menores de oficina'],
      ['Borrador blanco', '0', '0', null, '2111 Materiales, útiles y equipos menores de oficina'],
    ]);
    expect((await auditRows(t, 'inventory_counts', countId)).map((a) => [a.action, a.actor_sub])).toEqual([['create', 'user-ana']]);
    const list = (await c.get('/api/inventory-counts')).json().data;
    expect(list[0]).toMatchObject({ id: countId, status: 'ABIERTO', lineCount: 5 });
  });

  test('bad header: 400 in Spanish, nothing created', async () => {
    const before = await countRows(t, COUNT_TABLES);
    const cases: Array<[unknown, string]> = [
      [{ cutoffDate: '2999-01-01', description: 'x' }, 'La fecha de corte no puede ser posterior a hoy.'],
      [{ cutoffDate: '31/01/2026', description: 'x' }, 'La fecha de corte es obligatoria y debe ser una fecha válida (AAAA-MM-DD).'],
      [{ cutoffDate: today(t), description: '   ' }, 'La descripción es obligatoria.'],
      [{ cutoffDate: today(t), description: 'x', categoryIds: [999999] }, 'Alguna de las partidas seleccionadas no existe.'],
      [{ cutoffDate: today(t), description: 'x', categoryIds: 'todas' }, 'Las partidas deben ser una lista de identificadores de partida.'],
    ];
    for (const [body, message] of cases) {
      const r = await c.post('/api/inventory-counts', body);
      expect({ body, status: r.statusCode, message: r.json().message }).toEqual({ body, status: 400, message });
    }
    expect(await countRows(t, COUNT_TABLES)).toEqual(before);
  });

  test('typing counts: saved, with the difference valued at the typed unit cost or else the snapshot average; bad values 400 and nothing saved', async () => {
    const bad = await c.put(`/api/inventory-counts/${countId}/lines`, {
      lines: [
        { productId: p.paper, countedQuantity: '7.5' },
        { productId: p.toner, countedQuantity: '-1' },
        { productId: p.clips, countedQuantity: '1.2345' },
        { productId: 999999, countedQuantity: '1' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      'lines.1.countedQuantity': 'La cantidad contada debe ser un número mayor o igual a 0 con a lo más 3 decimales.',
      'lines.2.countedQuantity': 'La cantidad contada debe ser un número mayor o igual a 0 con a lo más 3 decimales.',
    });
    const unknown = await c.put(`/api/inventory-counts/${countId}/lines`, { lines: [{ productId: 999999, countedQuantity: '1' }] });
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'El producto 999999 no forma parte de este conteo.']);
    expect((await c.get(`/api/inventory-counts/${countId}`)).json().data.countedLines).toBe(0);

    const r = await c.put(`/api/inventory-counts/${countId}/lines`, {
      lines: [
        { productId: p.paper, countedQuantity: '7.5', observations: '  Dos paquetes mojados  ' },
        { productId: p.toner, countedQuantity: 5, unitCost: '1470.333' },
        { productId: p.clips, countedQuantity: '3' },
        { productId: p.pencils, countedQuantity: '6' },
      ],
    });
    expect(r.statusCode).toBe(200);
    const count = r.json().data;
    expect(
      count.lines.map((l: Record<string, unknown>) => [
        l.productName,
        l.countedQuantity,
        l.difference,
        l.differenceValue,
        l.unitCost,
        l.observations,
      ]),
    ).toEqual([
      ['Papel bond carta', '7.5', '-2.5', '-238.75', null, 'Dos paquetes mojados'],
      // a surplus with a unit cost is worth what it will enter the stock at, not the average
      ['Tóner negro 58A', '5', '1', '1470.333', '1470.333', null],
      ['Clips estándar', '3', '1', '10', null, null],
      ['Lápices del 2', '6', '0', '0', null, null],
      ['Borrador blanco', null, null, null, null, null],
    ]);
    expect(count).toMatchObject({
      countedLines: 4,
      uncountedLines: 1,
      differences: 3,
      surplusQuantity: '2',
      surplusValue: '1480.333',
      surplusLines: 2,
      shortageLines: 1,
      shortageQuantity: '2.5',
      shortageValue: '238.75',
    });
    // A later PUT without unitCost/observations keeps them.
    await c.put(`/api/inventory-counts/${countId}/lines`, { lines: [{ productId: p.toner, countedQuantity: '5' }] });
    const again = (await c.get(`/api/inventory-counts/${countId}`)).json().data;
    expect(again.lines[1]).toMatchObject({ countedQuantity: '5', unitCost: '1470.333' });
  });

  test('applying: one movement per differing counted line, exact; uncounted and equal lines untouched; signers, audit; a second application 409', async () => {
    const before = { pencils: await stockOf(c, p.pencils), eraser: await stockOf(c, p.eraser) };
    const r = await postWith(
      t,
      `/api/inventory-counts/${countId}/application`,
      signers(),
      { 'idempotency-key': 'aplica-1' },
      { sub: 'user-rosa', name: 'Rosa Méndez' },
    );
    expect(r.statusCode).toBe(200);
    const { count, movements } = r.json().data;
    expect(count).toMatchObject({
      status: 'APLICADO',
      closedBy: { sub: 'user-rosa', name: 'Rosa Méndez' },
      director: { id: catalog.employeeIds[0], name: 'María López' },
      witness: { id: catalog.employeeIds[2], name: 'Lucía Hernández' },
    });
    expect(
      movements.map((m: Record<string, unknown>) => [
        m.productName,
        m.movementType,
        m.quantity,
        m.price,
        m.amount,
        m.balanceQuantity,
        m.balanceAverage,
        m.balanceValue,
        m.documentId,
        m.observations,
      ]),
    ).toEqual([
      ['Papel bond carta', 'ADJUSTMENT_OUT', '2.5', '95.5', '238.75', '7.5', '95.5', '716.25', countId, 'Dos paquetes mojados'],
      // 1 × 1470.333 → worth 1470.33; (5850 + 1470.33) / 5 = 7320.33 / 5 = 1464.066 exactly
      ['Tóner negro 58A', 'ADJUSTMENT_IN', '1', '1470.333', '1470.33', '5', '1464.066', '7320.33', countId, null],
      ['Clips estándar', 'ADJUSTMENT_IN', '1', '10', '10', '3', '10', '30', countId, null],
    ]);
    expect(count.lines.filter((l: { movementId: number | null }) => l.movementId !== null)).toHaveLength(3);
    expect(await stockOf(c, p.paper)).toMatchObject({ availableQuantity: '7.5', averagePrice: '95.5' });
    expect(await stockOf(c, p.toner)).toMatchObject({ availableQuantity: '5', averagePrice: '1464.066', value: '7320.33' });
    expect(await stockOf(c, p.pencils)).toEqual(before.pencils);
    expect(await stockOf(c, p.eraser)).toEqual(before.eraser);
    // The kardex shows them with the count as their document.
    const kardex = (await c.get(`/api/movements/products/${p.paper}`)).json().data;
    expect(kardex.at(-1)).toMatchObject({ movementType: 'ADJUSTMENT_OUT', documentId: countId, documentDate: today(t) });
    const audit = await auditRows(t, 'inventory_counts', countId);
    expect(audit.at(-1)).toMatchObject({ action: 'update', actor_sub: 'user-rosa', before: { status: 'ABIERTO' } });

    const replay = await postWith(
      t,
      `/api/inventory-counts/${countId}/application`,
      signers(),
      { 'idempotency-key': 'aplica-1' },
      { sub: 'user-rosa', name: 'Rosa Méndez' },
    );
    expect([replay.statusCode, replay.headers['idempotent-replayed']]).toEqual([200, 'true']);
    expect(replay.json().data.movements).toEqual(movements);
    const second = await c.post(`/api/inventory-counts/${countId}/application`, signers());
    expect([second.statusCode, second.json().message]).toEqual([409, 'El conteo ya fue aplicado; sus líneas ya no pueden cambiar.']);
    const edit = await c.put(`/api/inventory-counts/${countId}/lines`, { lines: [{ productId: p.paper, countedQuantity: '1' }] });
    expect(edit.statusCode).toBe(409);
    const discard = await c.post(`/api/inventory-counts/${countId}/discard`);
    expect(discard.statusCode).toBe(409);
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM movements WHERE inventory_count_id = $1', [countId]);
    expect(rows[0].n).toBe(3);
  });
});

test('movements after the snapshot stay: the adjustment is the difference at the snapshot, leaving at the current average', async () => {
  const partida = await category('2141 Materiales y útiles de tecnologías de la información');
  const usb = await productIn('Memoria USB 32 GB', partida);
  await entry(usb, '10', '3');
  const count = await openCount([partida]);
  await exit(usb, '4'); // after the snapshot: 6 @ 3
  await entry(usb, '2', '4.5'); // (18 + 9) / 8 = 3.375
  await c.put(`/api/inventory-counts/${count.id}/lines`, { lines: [{ productId: usb, countedQuantity: '8.5' }] }); // 1.5 short at the snapshot
  const r = await c.post(`/api/inventory-counts/${count.id}/application`, signers());
  expect(r.statusCode).toBe(200);
  expect(
    r
      .json()
      .data.movements.map((m: Record<string, unknown>) => [
        m.movementType,
        m.quantity,
        m.price,
        m.amount,
        m.balanceQuantity,
        m.balanceAverage,
      ]),
    // Its share of the value: 1.5 × 27 / 8 = 5.0625 → 5.06; 21.94 / 6.5 = 3.3753846… → 3.375385
  ).toEqual([['ADJUSTMENT_OUT', '1.5', '3.375', '5.06', '6.5', '3.375385']]);
});

test('a shortage larger than what is available now: 409 naming the product, nothing written, the count stays open', async () => {
  const partida = await category('2161 Material de limpieza');
  const soap = await productIn('Jabón líquido', partida);
  const mop = await productIn('Trapeador', partida);
  await entry(soap, '5', '2');
  await entry(mop, '1', '80');
  const count = await openCount([partida]);
  await exit(soap, '4'); // available 1 now
  await c.put(`/api/inventory-counts/${count.id}/lines`, {
    lines: [
      { productId: soap, countedQuantity: '2' },
      { productId: mop, countedQuantity: '3' },
    ],
  });
  const before = await countRows(t, COUNT_TABLES);
  const r = await c.post(`/api/inventory-counts/${count.id}/application`, signers());
  expect([r.statusCode, r.json().code, r.json().message]).toEqual([
    409,
    'INSUFFICIENT_STOCK',
    `Existencia insuficiente del producto «Jabón líquido» (id ${soap}): disponible 1, solicitado 3.`,
  ]);
  expect(await countRows(t, COUNT_TABLES)).toEqual(before);
  expect((await c.get(`/api/inventory-counts/${count.id}`)).json().data.status).toBe('ABIERTO');
});

test('opening balance: products that never moved need a unit cost (400 naming them), then enter at it', async () => {
  const partida = await category('2171 Materiales y útiles de enseñanza');
  const chalk = await productIn('Gis blanco', partida);
  const board = await productIn('Pizarrón blanco', partida);
  const count = await openCount([partida], 'Inventario inicial');
  await c.put(`/api/inventory-counts/${count.id}/lines`, {
    lines: [
      { productId: chalk, countedQuantity: '100' },
      { productId: board, countedQuantity: '2', unitCost: '1250.125' },
    ],
  });
  const before = await countRows(t, COUNT_TABLES);
  const refused = await c.post(`/api/inventory-counts/${count.id}/application`, signers());
  expect([refused.statusCode, refused.json().message]).toEqual([
    400,
    `Indica el costo unitario de «Gis blanco» (id ${chalk}): su costo promedio es 0.`,
  ]);
  expect(await countRows(t, COUNT_TABLES)).toEqual({ ...before, product_balances: before.product_balances });
  await c.put(`/api/inventory-counts/${count.id}/lines`, { lines: [{ productId: chalk, countedQuantity: '100', unitCost: '12.345' }] });
  const r = await c.post(`/api/inventory-counts/${count.id}/application`, signers());
  expect(r.statusCode).toBe(200);
  expect(await stockOf(c, chalk)).toMatchObject({ availableQuantity: '100', averagePrice: '12.345', value: '1234.5' });
  expect(await stockOf(c, board)).toMatchObject({ availableQuantity: '2', averagePrice: '1250.125', value: '2500.25' });
});

test('bad signers: 400 naming the field', async () => {
  const partida = await category('2181 Materiales para el registro e identificación');
  await productIn('Credencial PVC', partida);
  const count = await openCount([partida]);
  const missing = await c.post(`/api/inventory-counts/${count.id}/application`, {});
  expect(missing.json().errors).toEqual({
    directorEmployeeId: 'Selecciona al director del plantel.',
    warehouseKeeperEmployeeId: 'Selecciona al almacenista.',
    witnessEmployeeId: 'Selecciona al testigo.',
  });
  const unknown = await c.post(`/api/inventory-counts/${count.id}/application`, { ...signers(), witnessEmployeeId: 999999 });
  expect([unknown.statusCode, unknown.json().errors]).toEqual([400, { witnessEmployeeId: 'El testigo seleccionado no existe.' }]);
  expect((await c.get('/api/inventory-counts/999999')).statusCode).toBe(404);
});

test('the acta needs three different people: one employee in two roles is 400, nothing applied', async () => {
  const partida = await category('2191 Materiales de oficina diversos');
  const stapler = await productIn('Engrapadora', partida);
  await entry(stapler, '4', '120');
  const count = await openCount([partida]);
  await c.put(`/api/inventory-counts/${count.id}/lines`, { lines: [{ productId: stapler, countedQuantity: '3' }] });
  const [maria, jorge, lucia] = catalog.employeeIds;
  const message = 'El director, el almacenista y el testigo deben ser personas distintas.';
  const before = await countRows(t, COUNT_TABLES);
  const cases: Array<[Record<string, number>, string[]]> = [
    [
      { directorEmployeeId: maria, warehouseKeeperEmployeeId: maria, witnessEmployeeId: maria },
      ['directorEmployeeId', 'warehouseKeeperEmployeeId', 'witnessEmployeeId'],
    ],
    [
      { directorEmployeeId: maria, warehouseKeeperEmployeeId: maria, witnessEmployeeId: lucia },
      ['directorEmployeeId', 'warehouseKeeperEmployeeId'],
    ],
    [
      { directorEmployeeId: maria, warehouseKeeperEmployeeId: jorge, witnessEmployeeId: jorge },
      ['warehouseKeeperEmployeeId', 'witnessEmployeeId'],
    ],
    [
      { directorEmployeeId: lucia, warehouseKeeperEmployeeId: jorge, witnessEmployeeId: lucia },
      ['directorEmployeeId', 'witnessEmployeeId'],
    ],
  ];
  for (const [body, fields] of cases) {
    const r = await postWith(t, `/api/inventory-counts/${count.id}/application`, body, { 'idempotency-key': `mismos-${fields.join('-')}` });
    expect({ body, status: r.statusCode, message: r.json().message, errors: r.json().errors }).toEqual({
      body,
      status: 400,
      message,
      errors: Object.fromEntries(fields.map((f) => [f, message])),
    });
  }
  expect(await countRows(t, COUNT_TABLES)).toEqual(before);
  expect((await c.get(`/api/inventory-counts/${count.id}`)).json().data).toMatchObject({
    status: 'ABIERTO',
    director: null,
    witness: null,
  });
  expect(await stockOf(c, stapler)).toMatchObject({ availableQuantity: '4' });
  const r = await c.post(`/api/inventory-counts/${count.id}/application`, signers());
  expect(r.statusCode).toBe(200);
});

test('concurrent applications of one count: exactly one applies, the other is refused with 409', async () => {
  const partida = await category('2211 Productos alimenticios');
  const coffee = await productIn('Café soluble', partida);
  await entry(coffee, '10', '50');
  const count = await openCount([partida]);
  await c.put(`/api/inventory-counts/${count.id}/lines`, { lines: [{ productId: coffee, countedQuantity: '7' }] });
  const answers = await Promise.all(
    [1, 2, 3].map((n) => postWith(t, `/api/inventory-counts/${count.id}/application`, signers(), { 'idempotency-key': `carrera-${n}` })),
  );
  expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
  expect(await stockOf(c, coffee)).toMatchObject({ availableQuantity: '7', averagePrice: '50' });
});

test('discard: DESCARTADO, no movement, then nothing changes it', async () => {
  const partida = await category('2231 Utensilios para el servicio de alimentación');
  const cups = await productIn('Vasos desechables', partida);
  await entry(cups, '100', '0.5');
  const count = await openCount([partida]);
  await c.put(`/api/inventory-counts/${count.id}/lines`, { lines: [{ productId: cups, countedQuantity: '10' }] });
  const r = await c.post(`/api/inventory-counts/${count.id}/discard`);
  expect([r.statusCode, r.json().data.status]).toEqual([200, 'DESCARTADO']);
  expect((await c.post(`/api/inventory-counts/${count.id}/application`, signers())).statusCode).toBe(409);
  expect(
    (await c.put(`/api/inventory-counts/${count.id}/lines`, { lines: [{ productId: cups, countedQuantity: '1' }] })).json().message,
  ).toBe('El conteo fue descartado; sus líneas ya no pueden cambiar.');
  expect(await stockOf(c, cups)).toMatchObject({ availableQuantity: '100' });
  // The database refuses too, whatever the API does.
  await expect(t.db.query(`UPDATE inventory_count_lines SET counted_quantity = 5 WHERE count_id = $1`, [count.id])).rejects.toThrow(
    /no está permitido/,
  );
  await expect(t.db.query(`DELETE FROM inventory_counts WHERE id = $1`, [count.id])).rejects.toThrow(/no está permitido/);
});

describe('what a line and a header may hold, checked when saved (typed or from a file)', () => {
  const bidi = 'El texto contiene caracteres de control invisibles no permitidos.';
  let partida: number;
  let folder: number;
  let count: { id: number };
  const csv = (rows: string[]) => Buffer.from(['ID,Cantidad contada,Costo unitario,Observaciones', ...rows].join('\r\n'), 'utf8');
  const linesOf = async () =>
    (await c.get(`/api/inventory-counts/${count.id}`))
      .json()
      .data.lines.map((l: Record<string, unknown>) => [l.countedQuantity, l.unitCost, l.observations]);
  beforeAll(async () => {
    partida = await category('2112 Equipos menores de oficina');
    folder = await productIn('Folder tamaño carta', partida);
    count = await openCount([partida]);
  });

  test("a bidi control (U+202A–U+202E, U+2066–U+2069) in the description or an observation: 400 with the forms' message, nothing saved", async () => {
    const before = await countRows(t, COUNT_TABLES);
    for (const control of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      const created = await c.post('/api/inventory-counts', {
        cutoffDate: today(t),
        description: `Conteo ${control}oculto`,
        categoryIds: [partida],
      });
      expect([control, created.statusCode, created.json().errors]).toEqual([control, 400, { description: bidi }]);
      const typed = await c.put(`/api/inventory-counts/${count.id}/lines`, {
        lines: [{ productId: folder, countedQuantity: '2', observations: `Faltan ${control}dos` }],
      });
      expect([control, typed.statusCode, typed.json().errors]).toEqual([control, 400, { 'lines.0.observations': bidi }]);
      const file = await upload(count.id, csv([`${folder},2,,Faltan ${control}dos`]), 'text/csv');
      expect([control, file.statusCode, file.json().errors]).toEqual([
        control,
        400,
        { 'rows.2': 'Fila 2: Observaciones: el texto contiene caracteres de control invisibles no permitidos.' },
      ]);
    }
    expect(await countRows(t, COUNT_TABLES)).toEqual(before);
    expect(await linesOf()).toEqual([[null, null, null]]);
  });

  test("the maxima of an entry line: a counted quantity above 999999999.999 or a unit cost above 999999999999.999 is refused when saved, with the entries' message", async () => {
    const tooMuch = 'El valor no puede ser mayor a 999999999.999.';
    const tooDear = 'El valor no puede ser mayor a 999999999999.999.';
    // The same words an entry answers for the same values.
    const invoice = await c.post(
      '/api/invoices',
      invoiceBody(t, catalog, [{ productId: folder, quantity: '1000000000', purchasePrice: '9999999999999' }]),
    );
    expect(invoice.json().errors).toEqual({ 'products.0.quantity': tooMuch, 'products.0.purchasePrice': tooDear });

    const before = await countRows(t, COUNT_TABLES);
    const typed = await c.put(`/api/inventory-counts/${count.id}/lines`, {
      lines: [{ productId: folder, countedQuantity: '1000000000', unitCost: '9999999999999' }],
    });
    expect([typed.statusCode, typed.json().message, typed.json().errors]).toEqual([
      400,
      tooMuch,
      { 'lines.0.countedQuantity': tooMuch, 'lines.0.unitCost': tooDear },
    ]);
    const asNumbers = await c.put(`/api/inventory-counts/${count.id}/lines`, {
      lines: [{ productId: folder, countedQuantity: 1000000000, unitCost: 9999999999999 }],
    });
    expect(asNumbers.json().errors).toEqual({ 'lines.0.countedQuantity': tooMuch, 'lines.0.unitCost': tooDear });
    const file = await upload(count.id, csv([`${folder},1000000000,9999999999999,`]), 'text/csv');
    expect([file.statusCode, file.json().errors]).toEqual([
      400,
      {
        'rows.2':
          'Fila 2: Cantidad contada: el valor no puede ser mayor a 999999999.999; Costo unitario: el valor no puede ser mayor a 999999999999.999.',
      },
    ]);
    expect(await countRows(t, COUNT_TABLES)).toEqual(before);
    expect(await linesOf()).toEqual([[null, null, null]]);

    // The maxima themselves are saved, and the count applies with them (a surplus at that cost).
    const saved = await c.put(`/api/inventory-counts/${count.id}/lines`, {
      lines: [{ productId: folder, countedQuantity: '999999999.999', unitCost: '999999999999.999' }],
    });
    expect(saved.statusCode).toBe(200);
    expect(await linesOf()).toEqual([['999999999.999', '999999999999.999', null]]);
    const applied = await c.post(`/api/inventory-counts/${count.id}/application`, signers());
    expect([applied.statusCode, applied.statusCode === 200 ? '' : applied.body]).toEqual([200, '']);
    expect(await stockOf(c, folder)).toMatchObject({ availableQuantity: '999999999.999', averagePrice: '999999999999.999' });
  });
});

describe('import from a file', () => {
  let partida: number;
  let ink: number;
  let glue: number;
  let count: { id: number };
  beforeAll(async () => {
    partida = await category('2121 Materiales y útiles de impresión');
    ink = await productIn('Tinta para sello', partida);
    glue = await productIn('Pegamento en barra', partida);
    await entry(ink, '4', '30');
    count = await openCount([partida]);
  });

  test('a CSV with errors: every bad row with its number and reason, nothing saved', async () => {
    const csv = [
      'ID,Cantidad contada,Costo unitario,Observaciones',
      `${ink},3,,`,
      `${glue},-2,,`,
      'abc,1,,',
      ',,,',
      `999999,1,,`,
      `${glue},1.5,0,`,
      `${ink},2,,repetido`,
    ].join('\r\n');
    const r = await upload(count.id, Buffer.from(csv, 'utf8'), 'text/csv');
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toEqual({
      'rows.3': 'Fila 3: la cantidad contada debe ser un número mayor o igual a 0 con a lo más 3 decimales.',
      'rows.4': 'Fila 4: el ID "abc" no es un número de producto.',
      'rows.6': 'Fila 6: el producto 999999 no forma parte de este conteo.',
      'rows.7': `Fila 7: el producto ${glue} ya aparece en la fila 3; el costo unitario debe ser un número mayor que 0 con a lo más 3 decimales.`,
      'rows.8': `Fila 8: el producto ${ink} ya aparece en la fila 2.`,
    });
    expect(r.json().message).toMatch(/^El archivo tiene 5 filas con errores; no se aplicó ningún cambio\./);
    expect((await c.get(`/api/inventory-counts/${count.id}`)).json().data.countedLines).toBe(0);
    const noColumns = await upload(count.id, Buffer.from('Producto;Cantidad\n1;2'), 'text/csv');
    expect([noColumns.statusCode, noColumns.json().message]).toEqual([
      400,
      'El archivo debe tener una fila de encabezados con las columnas "ID" y "Cantidad contada".',
    ]);
  });

  test('a Windows-1252 CSV separated by ";" is read right ("Ñandú" survives)', async () => {
    const text = `ID;Cantidad contada;Costo unitario;Observaciones\r\n${ink};3;;\r\n${glue};12.5;8.25;Caja de Ñandú\r\n`;
    const r = await upload(count.id, Buffer.from(text, 'latin1'), 'text/csv');
    expect(r.statusCode).toBe(200);
    const lines = r.json().data.lines;
    expect(lines.map((l: Record<string, unknown>) => [l.productId, l.countedQuantity, l.unitCost, l.observations])).toEqual([
      [ink, '3', null, null],
      [glue, '12.5', '8.25', 'Caja de Ñandú'],
    ]);
  });

  test('an XLSX: the columns by name, numbers as typed', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Conteo');
    sheet.addRow(['ID', 'Producto', 'Cantidad contada', 'Observaciones']);
    sheet.addRow([ink, 'Tinta para sello', 4.125, 'Revisado']);
    sheet.addRow([glue, 'Pegamento en barra', null, null]);
    const r = await upload(count.id, Buffer.from(await workbook.xlsx.writeBuffer()), XLSX);
    expect(r.statusCode).toBe(200);
    // No "Costo unitario" column: the costs stay; an empty "Observaciones" cell clears them.
    expect(r.json().data.lines.map((l: Record<string, unknown>) => [l.countedQuantity, l.observations, l.unitCost])).toEqual([
      ['4.125', 'Revisado', null],
      [null, null, '8.25'],
    ]);
    // The quantities typed beside the column, not in it: refused, saying so; nothing changes.
    const misplaced = new ExcelJS.Workbook();
    const wrong = misplaced.addWorksheet('Conteo');
    wrong.addRow(['ID', 'Producto', 'Cantidad contada', 'Existencia']);
    wrong.addRow([ink, 'Tinta para sello', null, 7]);
    wrong.addRow([glue, 'Pegamento en barra', null, 2]);
    const before = (await c.get(`/api/inventory-counts/${count.id}`)).json().data;
    const refused = await upload(count.id, Buffer.from(await misplaced.xlsx.writeBuffer()), XLSX);
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      'El archivo no trae cantidades en la columna "Cantidad contada": todas sus celdas están vacías. Escribe cada cantidad contada en esa columna (¿quedaron en otra?); no se aplicó ningún cambio.',
    ]);
    expect((await c.get(`/api/inventory-counts/${count.id}`)).json().data).toEqual(before);
    const broken = await upload(count.id, Buffer.from('no es un xlsx'), XLSX);
    expect([broken.statusCode, broken.json().message]).toEqual([400, 'El archivo no es un libro de Excel (XLSX) válido.']);
  });
});

test('a count whose cut-off falls in a closed period cannot be applied (409), nor edited, nor opened', async () => {
  const now = today(t);
  const lastMonthEnd = new Date(Date.UTC(Number(now.slice(0, 4)), Number(now.slice(5, 7)) - 1, 0)).toISOString().slice(0, 10);
  const partida = await category('2461 Material eléctrico');
  const bulb = await productIn('Foco LED', partida);
  await entry(bulb, '3', '40');
  const r0 = await c.post('/api/inventory-counts', {
    cutoffDate: lastMonthEnd,
    description: 'Conteo de fin de mes',
    categoryIds: [partida],
  });
  expect(r0.statusCode).toBe(201);
  const count = r0.json().data;
  await c.put(`/api/inventory-counts/${count.id}/lines`, { lines: [{ productId: bulb, countedQuantity: '2' }] });
  const closing = await c.post('/api/period-closings', { until: lastMonthEnd });
  expect(closing.statusCode).toBe(201);
  const r = await c.post(`/api/inventory-counts/${count.id}/application`, signers());
  expect([r.statusCode, r.json().code]).toEqual([409, 'PERIOD_CLOSED']);
  // Its lines no longer change either, typed or from a file: the same 409 as applying.
  const before = await countRows(t, COUNT_TABLES);
  const typed = await c.put(`/api/inventory-counts/${count.id}/lines`, {
    lines: [{ productId: bulb, countedQuantity: '1', observations: 'Otro' }],
  });
  const file = await upload(count.id, Buffer.from(`ID,Cantidad contada\r\n${bulb},1\r\n`), 'text/csv');
  for (const refused of [typed, file]) expect(refused.statusCode).toBe(409);
  expect(typed.json()).toEqual(r.json());
  expect(file.json()).toEqual(r.json());
  expect(await countRows(t, COUNT_TABLES)).toEqual(before);
  expect((await c.get(`/api/inventory-counts/${count.id}`)).json().data.lines).toMatchObject([
    { countedQuantity: '2', observations: null },
  ]);
  const again = await c.post('/api/inventory-counts', { cutoffDate: lastMonthEnd, description: 'Otro', categoryIds: [partida] });
  expect([again.statusCode, again.json().code]).toEqual([409, 'PERIOD_CLOSED']);
  expect(await stockOf(c, bulb)).toMatchObject({ availableQuantity: '3' });
});
