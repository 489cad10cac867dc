// Exits that deliver a request (POST /api/dispatches with requestId) and their cancellation: the
// exit must match the request (its lines, products, requester and head) and deliver at most what
// is pending, else nothing is saved; saving and cancelling move the request's state in the
// exit's own transaction.
import { countRows } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { dispatchBody, LEDGER_TABLES, stockOf } from '../ledger/fixtures';
import { ask, authorize, createCast, exitBody, ok, stockedProduct, type Cast } from './fixtures';

jest.setTimeout(120_000);

let t: TestApp;
let cast: Cast;
let paper: number;
let toner: number;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t);
  paper = await stockedProduct(t, cast, 'Hojas blancas');
  toner = await stockedProduct(t, cast, 'Tóner negro');
});
afterAll(() => t.close());

const TABLES = [...LEDGER_TABLES, 'material_requests', 'material_request_lines', 'material_request_events'];
const detail = async (id: number) => ok(await cast.rosa.c.get(`/api/requests/${id}`));

test('an exit without a request is as before: requestId null on it and its lines', async () => {
  const exit = ok(await cast.clerk.c.post('/api/dispatches', dispatchBody(t, cast.catalog, [{ productId: paper, quantity: '1' }])), 201);
  expect(exit).toMatchObject({ requestId: null, products: [{ requestLineId: null, quantity: '1' }] });
});

test('an exit that does not match its request: 400 or 409 naming what, and nothing saved', async () => {
  const request = await authorize(
    cast,
    await ask(cast, [
      { productId: paper, quantity: '2' },
      { productId: toner, quantity: '1' },
    ]),
  );
  const other = await authorize(cast, await ask(cast, [{ productId: paper, quantity: '1' }]));
  const sent = await ask(cast, [{ productId: paper, quantity: '1' }]);
  const good = exitBody(t, cast, request, ['1', '1']);
  const [paperLine, tonerLine] = good.products;
  const cases: Array<[string, object, number, string, string]> = [
    ['unknown request', { ...good, requestId: 999999 }, 400, 'requestId', 'La solicitud de material seleccionada no existe.'],
    [
      'a request line without its request',
      { ...good, requestId: null },
      400,
      'products.0.requestLineId',
      'Indica la solicitud (requestId) a la que pertenece el renglón.',
    ],
    [
      'a line without its request line',
      { ...good, products: [paperLine, { ...tonerLine, requestLineId: null }] },
      400,
      'products.1.requestLineId',
      `Cada producto de una salida que surte la solicitud ${request.folio} debe indicar su renglón.`,
    ],
    [
      'a line of another request',
      { ...good, products: [{ ...paperLine, requestLineId: other.lines[0].id }] },
      400,
      'products.0.requestLineId',
      `El renglón no pertenece a la solicitud ${request.folio}.`,
    ],
    [
      'another product',
      { ...good, products: [{ ...paperLine, productId: toner }] },
      400,
      'products.0.requestLineId',
      'El renglón 1 de la solicitud es de «Hojas blancas», no de este producto.',
    ],
    [
      'the same request line twice',
      { ...good, products: [paperLine, paperLine] },
      400,
      'products.1.requestLineId',
      'El renglón de la solicitud aparece más de una vez en la salida.',
    ],
    [
      'another petitioner',
      { ...good, petitionerEmployeeId: cast.otto.employeeId },
      400,
      'petitionerEmployeeId',
      `El solicitante de la salida debe ser el de la solicitud ${request.folio}: Rosa Méndez.`,
    ],
    [
      'another head',
      { ...good, personInChargeOfTheRequestingAreaEmployeeId: cast.helena.employeeId },
      400,
      'personInChargeOfTheRequestingAreaEmployeeId',
      `El responsable del área de la salida debe ser el de la solicitud ${request.folio}: Hugo Salas.`,
    ],
    [
      'more than pending',
      { ...good, products: [{ ...paperLine, quantity: '2.001' }] },
      409,
      'products.0.quantity',
      `Del renglón 1 («Hojas blancas») de la solicitud ${request.folio} quedan pendientes 2; la salida entrega 2.001.`,
    ],
    [
      'a request not authorized yet',
      exitBody(t, cast, sent, ['1']),
      409,
      '',
      `La solicitud ${sent.folio} aún no ha sido autorizada; no se puede surtir.`,
    ],
    [
      'a request line id that is not one',
      { ...good, products: [{ ...paperLine, requestLineId: 'uno' }] },
      400,
      'products.0.requestLineId',
      'El renglón de la solicitud debe ser su identificador (un número entero positivo).',
    ],
  ];
  const before = await countRows(t, TABLES);
  for (const [what, body, status, field, message] of cases) {
    const response = await cast.clerk.c.post('/api/dispatches', body);
    const answer = response.json();
    expect([what, response.statusCode, field ? answer.errors?.[field] : answer.message]).toEqual([what, status, message]);
  }
  expect(await countRows(t, TABLES)).toEqual(before);
  expect((await detail(request.id)).status).toBe('AUTORIZADA');
});

test('cancelling an exit puts its quantities back as pending and the state back: SURTIDA → SURTIDA_PARCIAL → AUTORIZADA', async () => {
  const request = await authorize(cast, await ask(cast, [{ productId: paper, quantity: '3' }]));
  const stock = (await stockOf(cast.admin, paper)).availableQuantity;
  const first = ok(await cast.clerk.c.post('/api/dispatches', exitBody(t, cast, request, ['1'])), 201);
  const second = ok(await cast.clerk.c.post('/api/dispatches', exitBody(t, cast, request, ['2'])), 201);
  expect((await detail(request.id)).status).toBe('SURTIDA');

  ok(await cast.admin.post(`/api/dispatches/${second.id}/cancellation`, { reason: 'Se capturó dos veces' }), 201);
  let now = await detail(request.id);
  expect(now).toMatchObject({
    status: 'SURTIDA_PARCIAL',
    lines: [
      {
        authorized: '3',
        delivered: '1',
        pending: '2',
        closed: '0',
        exits: [
          { dispatchId: first.id, quantity: '1', cancelled: false },
          { dispatchId: second.id, quantity: '2', cancelled: true },
        ],
      },
    ],
  });
  expect(now.history.at(-1)).toMatchObject({
    status: 'SURTIDA_PARCIAL',
    dispatchId: second.id,
    reason: 'Se capturó dos veces',
    by: { sub: 'user-1' },
  });
  ok(await cast.admin.post(`/api/dispatches/${first.id}/cancellation`, { reason: 'Salida equivocada' }), 201);
  now = await detail(request.id);
  expect(now).toMatchObject({ status: 'AUTORIZADA', lines: [{ delivered: '0', pending: '3' }] });
  expect((await stockOf(cast.admin, paper)).availableQuantity).toBe(stock);
  // Delivered again, from the start.
  ok(await cast.clerk.c.post('/api/dispatches', exitBody(t, cast, request, ['3'])), 201);
  expect((await detail(request.id)).status).toBe('SURTIDA');
});

test('on a closed request a cancelled exit adds to what was closed; on a received one it is refused', async () => {
  const closed = await authorize(cast, await ask(cast, [{ productId: paper, quantity: '3' }]));
  const exit = ok(await cast.clerk.c.post('/api/dispatches', exitBody(t, cast, closed, ['1'])), 201);
  ok(await cast.clerk.c.post(`/api/requests/${closed.id}/closure`, { reason: 'Se agotó' }));
  ok(await cast.admin.post(`/api/dispatches/${exit.id}/cancellation`, { reason: 'No se entregó' }), 201);
  expect(await detail(closed.id)).toMatchObject({
    status: 'CERRADA',
    lines: [{ authorized: '3', delivered: '0', pending: '0', closed: '3' }],
  });

  const received = await authorize(cast, await ask(cast, [{ productId: paper, quantity: '1' }]));
  const delivered = ok(await cast.clerk.c.post('/api/dispatches', exitBody(t, cast, received, ['1'])), 201);
  ok(await cast.rosa.c.post(`/api/requests/${received.id}/receipt`, {}));
  const before = await countRows(t, TABLES);
  const response = await cast.admin.post(`/api/dispatches/${delivered.id}/cancellation`, { reason: 'Error de captura' });
  expect([response.statusCode, response.json()]).toEqual([
    409,
    {
      code: 'REQUEST_STATE',
      message: `La salida surtió la solicitud ${received.folio}, cuyo solicitante ya confirmó que la recibió; no se puede cancelar.`,
    },
  ]);
  expect(await countRows(t, TABLES)).toEqual(before);
});

test('a request is delivered by the warehouse it asks: an exit of another warehouse is a 400 naming the request, and nothing is saved', async () => {
  const request = await authorize(cast, await ask(cast, [{ productId: paper, quantity: '1' }]));
  const plantel = ok(await cast.admin.post('/api/warehouses', { code: 'P099', name: 'Plantel 99' }), 201).id;
  try {
    const before = await countRows(t, TABLES);
    const r = await cast.clerk.c.post('/api/dispatches', { ...exitBody(t, cast, request, ['1']), warehouseId: plantel });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toEqual({ requestId: `La solicitud ${request.folio} es de otro almacén: la surte ese almacén.` });
    expect(await countRows(t, TABLES)).toEqual(before);
  } finally {
    // The other tests of this file speak for the only warehouse.
    ok(await cast.admin.put(`/api/warehouses/${plantel}`, { code: 'P099', name: 'Plantel 99', active: false }));
  }
});
