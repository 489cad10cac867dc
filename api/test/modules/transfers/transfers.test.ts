// «Traspasos»: the worked examples to the last decimal, and every refusal. A transfer
// leaves the origin like an exit (its share of the value, at the origin's average), travels
// (in neither warehouse's stock), and enters the destination — or returns to the origin — at
// exactly the value it left with.
import { client, countRows, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createCatalog, createProduct, invoiceBody, postWith, today, type Catalog } from '../ledger/fixtures';

jest.setTimeout(180_000);

let t: TestApp;
let c: Client;
let catalog: Catalog;
let centre: number;
let plantel: number;
beforeAll(async () => {
  t = await createTestApp();
  c = client(t);
  catalog = await createCatalog(c);
  centre = 1;
  plantel = ok<{ id: number }>(await c.post('/api/warehouses', { code: 'P012', name: 'Plantel 12' }), 201).id;
});
afterAll(() => t.close());

const TRANSFER_TABLES = ['transfers', 'transfer_lines', 'movements', 'product_balances', 'audit_log', 'idempotency_keys'];

function ok<T>(r: { statusCode: number; body: string; json(): { data: T } }, status = 200): T {
  if (r.statusCode !== status) throw new Error(`${r.statusCode} ${r.body}`);
  return r.json().data;
}

interface Transfer {
  id: number;
  status: string;
  total: string;
  lines: Array<{ productId: number; quantity: string; unitCost: string; amount: string }>;
}

const stock = async (warehouseId: number, productId: number) => {
  const s = ok<{ availableQuantity: string; averagePrice: string; value: string }>(
    await c.get(`/api/stock/${productId}?warehouseId=${warehouseId}`),
  );
  return `${s.availableQuantity} @ ${s.averagePrice} (${s.value})`;
};

const enter = async (warehouseId: number, productId: number, quantity: string, purchasePrice: string) =>
  ok(await c.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity, purchasePrice }], { warehouseId })), 201);

const transferBody = (lines: Array<{ productId: number; quantity: string }>, extra: Record<string, unknown> = {}) => ({
  originWarehouseId: centre,
  destinationWarehouseId: plantel,
  date: today(t),
  senderEmployeeId: catalog.employeeIds[0],
  carrier: 'Camioneta 3, Juan Pérez',
  lines,
  ...extra,
});

const send = async (lines: Array<{ productId: number; quantity: string }>, extra: Record<string, unknown> = {}) =>
  ok<Transfer>(await c.post('/api/transfers', transferBody(lines, extra)), 201);

/** A: P 10 @ 12.00; B: P 5 @ 15.00; 4 sent A → B. */
async function exampleStart(name: string): Promise<{ product: number; transfer: Transfer }> {
  const product = await createProduct(c, name);
  await enter(centre, product, '10', '12');
  await enter(plantel, product, '5', '15');
  const transfer = await send([{ productId: product, quantity: '4' }]);
  return { product, transfer };
}

test('example 1: sent, A keeps 6 @ 12.00 and 4 @ 12.00 travel; received, B has 9 @ 13.666667 (123.00)', async () => {
  const { product, transfer } = await exampleStart('Papel (ejemplo 1)');
  expect(transfer).toMatchObject({ status: 'ENVIADO', total: '48.00' });
  expect(transfer.lines).toEqual([expect.objectContaining({ productId: product, quantity: '4', unitCost: '12', amount: '48.00' })]);
  expect(await stock(centre, product)).toBe('6 @ 12 (72)');
  expect(await stock(plantel, product)).toBe('5 @ 15 (75)');

  const received = ok<Transfer>(
    await c.post(`/api/transfers/${transfer.id}/reception`, { receiverEmployeeId: catalog.employeeIds[1] }),
    201,
  );
  expect(received.status).toBe('RECIBIDO');
  expect(await stock(plantel, product)).toBe('9 @ 13.666667 (123)');
  expect(await stock(centre, product)).toBe('6 @ 12 (72)');
  const kardex = ok<Array<{ movementType: string; quantity: string; amount: string }>>(
    await c.get(`/api/movements/products/${product}?warehouseId=${plantel}`),
  );
  expect(kardex.map((m) => `${m.movementType} ${m.quantity} ${m.amount}`)).toEqual(['INVOICE 5 75', 'TRANSFER_IN 4 48']);
});

test('example 2: A gets 4 @ 20.00 meanwhile (10 @ 15.20); B rejects, the 4 return at 12.00: A 14 @ 14.285714 (200.00)', async () => {
  const { product, transfer } = await exampleStart('Papel (ejemplo 2)');
  await enter(centre, product, '4', '20');
  expect(await stock(centre, product)).toBe('10 @ 15.2 (152)');
  const rejected = ok<Transfer>(await c.post(`/api/transfers/${transfer.id}/rejection`, { reason: 'Llegó mojado el paquete' }), 201);
  expect(rejected.status).toBe('RECHAZADO');
  expect(await stock(centre, product)).toBe('14 @ 14.285714 (200)');
  expect(await stock(plantel, product)).toBe('5 @ 15 (75)');
});

test('a withdrawal before reception has the effect of a rejection; a settled transfer settles no more (409), nothing changes', async () => {
  const { product, transfer } = await exampleStart('Papel (retiro)');
  ok(await c.post(`/api/transfers/${transfer.id}/withdrawal`, { reason: 'Se envió al plantel equivocado' }), 201);
  expect(await stock(centre, product)).toBe('10 @ 12 (120)');
  const before = await countRows(t, TRANSFER_TABLES);
  for (const [suffix, body] of [
    ['reception', { receiverEmployeeId: catalog.employeeIds[1] }],
    ['rejection', { reason: 'Otra vez rechazado' }],
    ['withdrawal', { reason: 'Otra vez retirado' }],
  ] as const) {
    const r = await c.post(`/api/transfers/${transfer.id}/${suffix}`, body);
    expect([suffix, r.statusCode, r.json().code]).toEqual([suffix, 409, 'TRANSFER_STATE']);
  }
  expect(await countRows(t, TRANSFER_TABLES)).toEqual(before);
  expect((await c.post('/api/transfers/999999/reception', { receiverEmployeeId: catalog.employeeIds[1] })).statusCode).toBe(404);
});

test('example 3: more than the origin holds is a 409 with what it has, and nothing changes', async () => {
  const product = await createProduct(c, 'Papel (ejemplo 3)');
  await enter(centre, product, '3', '12');
  const before = await countRows(t, TRANSFER_TABLES);
  const r = await c.post('/api/transfers', transferBody([{ productId: product, quantity: '4' }]));
  expect(r.statusCode).toBe(409);
  expect(r.json().errors['lines.0.quantity']).toContain('disponible 3, solicitado 4');
  expect(await countRows(t, TRANSFER_TABLES)).toEqual(before);
});

test('example 3: two clerks sending the last units at once — exactly one succeeds', async () => {
  for (let round = 0; round < 4; round++) {
    const product = await createProduct(c, `Papel (carrera ${round})`);
    await enter(centre, product, '5', '10');
    const results = await Promise.all([
      c.post('/api/transfers', transferBody([{ productId: product, quantity: '5' }])),
      c.post('/api/transfers', transferBody([{ productId: product, quantity: '5' }])),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await stock(centre, product)).toBe('0 @ 10 (0)');
  }
});

test('bad input is a Spanish 400 naming the field, and nothing is written', async () => {
  const product = await createProduct(c, 'Papel (errores)');
  await enter(centre, product, '5', '10');
  const before = await countRows(t, TRANSFER_TABLES);
  const cases: Array<[Record<string, unknown>, string, string]> = [
    [{ destinationWarehouseId: centre }, 'destinationWarehouseId', 'El almacén de destino debe ser distinto del de origen.'],
    [{ originWarehouseId: 999 }, 'originWarehouseId', 'El almacén indicado no existe.'],
    [{ lines: [] }, 'lines', 'Agrega al menos un producto al traspaso.'],
    [{ lines: [{ productId: product, quantity: '0' }] }, 'lines.0.quantity', 'La cantidad debe ser mayor que cero, con hasta 3 decimales.'],
    [{ senderEmployeeId: 999999 }, 'senderEmployeeId', 'El empleado que envía no existe.'],
    [
      {
        lines: [
          { productId: product, quantity: '1' },
          { productId: product, quantity: '1' },
        ],
      },
      'lines.1.productId',
      'El producto ya está en otro renglón del traspaso.',
    ],
  ];
  for (const [change, field, message] of cases) {
    const r = await c.post('/api/transfers', { ...transferBody([{ productId: product, quantity: '1' }]), ...change });
    expect([field, r.statusCode, r.json().errors?.[field]]).toEqual([field, 400, message]);
  }
  const reason = await c.post('/api/transfers/1/rejection', { reason: 'no' });
  expect(reason.statusCode).toBe(400);
  expect(await countRows(t, TRANSFER_TABLES)).toEqual(before);
});

test('an Idempotency-Key sends once: the repeat answers the same transfer and moves nothing more', async () => {
  const product = await createProduct(c, 'Papel (idempotencia)');
  await enter(centre, product, '5', '10');
  const body = transferBody([{ productId: product, quantity: '2' }]);
  const first = await postWith(t, '/api/transfers', body, { 'idempotency-key': 'traspaso-1' });
  const again = await postWith(t, '/api/transfers', body, { 'idempotency-key': 'traspaso-1' });
  expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(again.json().data.id).toBe(first.json().data.id);
  expect(await stock(centre, product)).toBe('3 @ 10 (30)');
});

test("the list shows a warehouse's transfers sent and to receive, by status", async () => {
  const { transfer } = await exampleStart('Papel (lista)');
  const toReceive = ok<Transfer[]>(await c.get(`/api/transfers?warehouseId=${plantel}&status=ENVIADO`));
  expect(toReceive.map((x) => x.id)).toContain(transfer.id);
  expect(toReceive.every((x) => x.status === 'ENVIADO')).toBe(true);
  const bad = await c.get(`/api/transfers?warehouseId=${plantel}&status=PERDIDO`);
  expect(bad.statusCode).toBe(400);
});

test("the menu's count: transfers on their way to a warehouse, until received", async () => {
  const toReceive = async (warehouseId: number) =>
    ok<{ toReceive: number }>(await c.get(`/api/transfers/counts?warehouseId=${warehouseId}`)).toReceive;
  const [atPlantel, atCentre] = [await toReceive(plantel), await toReceive(centre)];
  const { transfer } = await exampleStart('Papel (por recibir)');
  expect([await toReceive(plantel), await toReceive(centre)]).toEqual([atPlantel + 1, atCentre]);
  ok(await c.post(`/api/transfers/${transfer.id}/reception`, { receiverEmployeeId: catalog.employeeIds[1] }), 201);
  expect(await toReceive(plantel)).toBe(atPlantel);
  expect((await c.get('/api/transfers/counts?warehouseId=999')).statusCode).toBe(400);
});

test('«Todos los almacenes»: each product is the sum of the warehouses plus what travels, the average value ÷ quantity', async () => {
  const { product, transfer } = await exampleStart('Papel (consolidado)');
  interface Line {
    productId: number;
    availableQuantity: string;
    averagePrice: string;
    value: string;
    warehouses: Array<{ warehouseId: number; quantity: string; value: string }>;
    inTransit: { quantity: string; value: string };
  }
  const line = async () => ((await c.get('/api/stock?warehouseId=all')).json().data as Line[]).find((l) => l.productId === product)!;
  expect(await line()).toEqual({
    productId: product,
    availableQuantity: '15',
    averagePrice: '13',
    value: '195',
    warehouses: [
      { warehouseId: centre, quantity: '6', value: '72' },
      { warehouseId: plantel, quantity: '5', value: '75' },
    ],
    inTransit: { quantity: '4', value: '48' },
  });
  ok(await c.post(`/api/transfers/${transfer.id}/reception`, { receiverEmployeeId: catalog.employeeIds[1] }), 201);
  expect(await line()).toMatchObject({
    availableQuantity: '15',
    value: '195',
    warehouses: [
      { warehouseId: centre, quantity: '6', value: '72' },
      { warehouseId: plantel, quantity: '9', value: '123' },
    ],
    inTransit: { quantity: '0', value: '0' },
  });
  const past = await c.get('/api/stock?warehouseId=all&date=2026-01-31');
  expect([past.statusCode, past.json().errors?.date]).toEqual([
    400,
    'La vista de todos los almacenes es la de hoy; para una fecha pasada, indica un almacén.',
  ]);
});

test("each warehouse closes its own month: a shipment dated in the origin's closed month is a 409, the plantel's month is still open", async () => {
  const product = await createProduct(c, 'Papel (cierre)');
  const monthEnd = (() => {
    const d = new Date(`${today(t).slice(0, 8)}01T12:00:00Z`);
    d.setUTCDate(0);
    return d.toISOString().slice(0, 10);
  })();
  await enter(centre, product, '5', '10');
  ok(
    await c.post(
      '/api/invoices',
      invoiceBody(t, catalog, [{ productId: product, quantity: '5', purchasePrice: '10' }], {
        warehouseId: plantel,
        invoiceDate: monthEnd,
      }),
    ),
    201,
  );
  ok(await c.post('/api/period-closings', { until: monthEnd, warehouseId: centre }), 201);
  const closed = await c.post('/api/transfers', transferBody([{ productId: product, quantity: '1' }], { date: monthEnd }));
  expect([closed.statusCode, closed.json().code]).toEqual([409, 'PERIOD_CLOSED']);
  const open = await c.post(
    '/api/transfers',
    transferBody([{ productId: product, quantity: '1' }], { date: monthEnd, originWarehouseId: plantel, destinationWarehouseId: centre }),
  );
  expect(open.statusCode).toBe(201);
  expect(ok<Array<{ until: string }>>(await c.get(`/api/period-closings?warehouseId=${plantel}`))).toEqual([]);
});
