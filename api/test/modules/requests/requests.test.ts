// The life of a request through the API: created with its folio, authorized by the named head
// (lowered, never raised), delivered by exits, closed or received; every state change answers the
// request as it now stands, with who and when, an event and an audit row; a state that does not
// allow the change is a 409 that says what happened, and a bad body a 400 that changes nothing.
import { auditRows, countRows } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { ask, authorize, createCast, exitBody, ok, requestBody, stockedProduct, type Cast } from './fixtures';

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

const REQUEST_TABLES = ['material_requests', 'material_request_lines', 'material_request_events', 'audit_log'];

describe('creating a request', () => {
  test("ENVIADA with its folio, the requester is the signed-in person's employee, audited", async () => {
    const response = await cast.rosa.c.post('/api/requests', {
      ...requestBody(cast.hugo, [
        { productId: paper, quantity: '2.5', observations: 'Tamaño carta' },
        { productId: toner, quantity: 1 },
      ]),
      warehouseId: null,
    });
    const request = ok(response, 201);
    expect(request).toMatchObject({
      folio: `SOL-${String(request.id).padStart(6, '0')}`,
      status: 'ENVIADA',
      warehouseId: 1,
      requester: { employeeId: cast.rosa.employeeId, name: 'Rosa Méndez' },
      areaHead: { employeeId: cast.hugo.employeeId, name: 'Hugo Salas' },
      reason: 'Material para el taller de carpintería',
      lineCount: 2,
      createdBy: { sub: 'rosa', name: 'Rosa Méndez' },
      lines: [
        {
          lineNo: 1,
          productId: paper,
          productName: 'Hojas blancas',
          observations: 'Tamaño carta',
          requested: '2.5',
          authorized: null,
          delivered: '0',
          pending: '0',
          closed: '0',
          exits: [],
        },
        { lineNo: 2, productId: toner, requested: '1', authorized: null, observations: null },
      ],
      history: [{ status: 'ENVIADA', by: { sub: 'rosa', name: 'Rosa Méndez' }, reason: null, dispatchId: null }],
    });
    expect(await auditRows(t, 'material_requests', request.id)).toEqual([
      expect.objectContaining({
        action: 'create',
        actor_sub: 'rosa',
        after: expect.objectContaining({ folio: request.folio, status: 'ENVIADA', areaHeadEmployeeName: 'Hugo Salas' }),
      }),
    ]);
  });

  test.each([
    ['a warehouse that does not exist', { warehouseId: 3 }, 'warehouseId', 'El almacén indicado no existe.'],
    ['no lines', { lines: [] }, 'lines', 'La solicitud debe contener por lo menos un producto.'],
    ['a quantity of 0', { lines: [{ productId: 1, quantity: '0' }] }, 'lines.0.quantity', 'La cantidad solicitada debe ser mayor a 0.'],
    ['four decimals', { lines: [{ productId: 1, quantity: '1.0001' }] }, 'lines.0.quantity', 'El valor admite como máximo 3 decimales.'],
    [
      'a negative quantity',
      { lines: [{ productId: 1, quantity: '-1' }] },
      'lines.0.quantity',
      'La cantidad solicitada debe ser mayor a 0.',
    ],
    [
      'text for a quantity',
      { lines: [{ productId: 1, quantity: 'mucho' }] },
      'lines.0.quantity',
      'La cantidad solicitada debe ser mayor a 0.',
    ],
    ['no reason', { reason: '  ' }, 'reason', 'El motivo de la solicitud es un campo obligatorio.'],
    ['no head', { areaHeadEmployeeId: null }, 'areaHeadEmployeeId', 'Selecciona al responsable del área solicitante.'],
  ])('%s: 400 naming the field, nothing saved', async (_what, change, field, message) => {
    const before = await countRows(t, REQUEST_TABLES);
    const response = await cast.rosa.c.post('/api/requests', {
      ...requestBody(cast.hugo, [{ productId: paper, quantity: '1' }]),
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
    expect(await countRows(t, REQUEST_TABLES)).toEqual(before);
  });

  test('an unknown product or head, a repeated product, oneself as head, a head with no user: 400, nothing saved', async () => {
    const before = await countRows(t, REQUEST_TABLES);
    const cases: Array<[object, string, string]> = [
      [{ lines: [{ productId: 999999, quantity: '1' }] }, 'lines.0.productId', 'El producto seleccionado no existe.'],
      [{ areaHeadEmployeeId: 999999 }, 'areaHeadEmployeeId', 'El responsable del área seleccionado no existe.'],
      [
        {
          lines: [
            { productId: paper, quantity: '1' },
            { productId: paper, quantity: '2' },
          ],
        },
        'lines.1.productId',
        'El producto aparece más de una vez en la solicitud.',
      ],
      [
        { areaHeadEmployeeId: cast.rosa.employeeId },
        'areaHeadEmployeeId',
        'El responsable del área debe ser otra persona: nadie autoriza su propia solicitud.',
      ],
      [
        { areaHeadEmployeeId: cast.catalog.employeeIds[0] },
        'areaHeadEmployeeId',
        'María López no tiene un usuario de Almacén vinculado, así que no podría autorizar la solicitud. Pide a un administrador que vincule su usuario con el empleado en «Usuarios».',
      ],
    ];
    for (const [change, field, message] of cases) {
      const response = await cast.rosa.c.post('/api/requests', {
        ...requestBody(cast.hugo, [{ productId: paper, quantity: '1' }]),
        ...change,
      });
      expect([response.statusCode, response.json().errors?.[field]]).toEqual([400, message]);
    }
    expect(await countRows(t, REQUEST_TABLES)).toEqual(before);
  });

  test('a person with no linked employee: 409 saying an administrator links them in «Usuarios»', async () => {
    const response = await cast.unlinked.c.post('/api/requests', requestBody(cast.hugo, [{ productId: paper, quantity: '1' }]));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'NO_EMPLOYEE',
      message: 'Tu usuario no está vinculado con un empleado del catálogo. Pide a un administrador que te vincule en «Usuarios».',
    });
  });

  test('Idempotency-Key: the same key answers the first request and creates nothing new', async () => {
    const send = async () =>
      t.app.inject({
        method: 'POST',
        url: '/api/requests',
        headers: {
          authorization: `Bearer ${await t.token({ sub: 'rosa', name: 'Rosa Méndez', almacen_roles: ['SOLICITANTE'] })}`,
          'content-type': 'application/json',
          'idempotency-key': 'solicitud-1',
        },
        payload: JSON.stringify(requestBody(cast.hugo, [{ productId: paper, quantity: '1' }])),
      });
    const first = await send();
    const before = await countRows(t, REQUEST_TABLES);
    const second = await send();
    expect([first.statusCode, second.statusCode, second.headers['idempotent-replayed']]).toEqual([201, 201, 'true']);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(await countRows(t, REQUEST_TABLES)).toEqual(before);
  });
});

describe('the head authorizes or rejects', () => {
  test('authorization may lower a line, even to 0, never raise it; the request answers as it now stands', async () => {
    const request = await ask(cast, [
      { productId: paper, quantity: '5' },
      { productId: toner, quantity: '2' },
    ]);
    const response = await cast.hugo.c.post(`/api/requests/${request.id}/authorization`, {
      lines: [
        { lineId: request.lines[0].id, quantity: '3.5' },
        { lineId: request.lines[1].id, quantity: 0 },
      ],
    });
    const authorized = ok(response);
    expect(authorized).toMatchObject({
      status: 'AUTORIZADA',
      lines: [
        { requested: '5', authorized: '3.5', delivered: '0', pending: '3.5', closed: '0' },
        { requested: '2', authorized: '0', delivered: '0', pending: '0', closed: '0' },
      ],
    });
    expect(authorized.history.map((e: { status: string; by: { sub: string } }) => [e.status, e.by.sub])).toEqual([
      ['ENVIADA', 'rosa'],
      ['AUTORIZADA', 'hugo'],
    ]);
    expect((await auditRows(t, 'material_requests', request.id)).map((r) => [r.action, r.actor_sub, r.after.status])).toEqual([
      ['create', 'rosa', 'ENVIADA'],
      ['update', 'hugo', 'AUTORIZADA'],
    ]);
  });

  test('bad authorizations: 400 naming the line, nothing changes', async () => {
    const request = await ask(cast, [
      { productId: paper, quantity: '5' },
      { productId: toner, quantity: '2' },
    ]);
    const [a, b] = request.lines;
    const cases: Array<[object[], string, string]> = [
      [
        [
          { lineId: a.id, quantity: '6' },
          { lineId: b.id, quantity: '1' },
        ],
        'lines.0.quantity',
        'No se puede autorizar más de lo solicitado (5).',
      ],
      [[{ lineId: a.id, quantity: '1' }], 'lines', 'Falta la cantidad autorizada del renglón 2 («Tóner negro»).'],
      [
        [
          { lineId: a.id, quantity: '1' },
          { lineId: a.id, quantity: '1' },
          { lineId: b.id, quantity: '1' },
        ],
        'lines.1.lineId',
        'El renglón aparece más de una vez.',
      ],
      [
        [
          { lineId: a.id, quantity: '1' },
          { lineId: b.id, quantity: '1' },
          { lineId: 999999, quantity: '1' },
        ],
        'lines.2.lineId',
        `El renglón no pertenece a la solicitud ${request.folio}.`,
      ],
      [
        [
          { lineId: a.id, quantity: '0' },
          { lineId: b.id, quantity: '0' },
        ],
        'lines',
        'Para no autorizar ningún producto, rechaza la solicitud.',
      ],
      [
        [
          { lineId: a.id, quantity: '-1' },
          { lineId: b.id, quantity: '1' },
        ],
        'lines.0.quantity',
        'El valor debe ser un número no negativo.',
      ],
      [
        [
          { lineId: a.id, quantity: 0.1 + 0.2 },
          { lineId: b.id, quantity: '1' },
        ],
        'lines.0.quantity',
        'El valor admite como máximo 3 decimales.',
      ],
    ];
    const before = await countRows(t, REQUEST_TABLES);
    for (const [lines, field, message] of cases) {
      const response = await cast.hugo.c.post(`/api/requests/${request.id}/authorization`, { lines });
      expect([response.statusCode, response.json().errors?.[field]]).toEqual([400, message]);
    }
    expect(await countRows(t, REQUEST_TABLES)).toEqual(before);
    expect(ok(await cast.rosa.c.get(`/api/requests/${request.id}`)).status).toBe('ENVIADA');
  });

  test('rejection with its reason; then nothing else is allowed, each 409 saying what happened', async () => {
    const request = await ask(cast, [{ productId: paper, quantity: '1' }]);
    const rejected = ok(await cast.hugo.c.post(`/api/requests/${request.id}/rejection`, { reason: '  Ya se entregó el mes pasado  ' }));
    expect(rejected.status).toBe('RECHAZADA');
    expect(rejected.history[1]).toMatchObject({
      status: 'RECHAZADA',
      by: { sub: 'hugo', name: 'Hugo Salas' },
      reason: 'Ya se entregó el mes pasado',
    });
    const refusals = [
      [
        cast.hugo.c,
        'authorization',
        { lines: [{ lineId: request.lines[0].id, quantity: '1' }] },
        'La solicitud ' + request.folio + ' fue rechazada; no se puede autorizar.',
      ],
      [cast.hugo.c, 'rejection', { reason: 'Otra vez' }, `La solicitud ${request.folio} fue rechazada; no se puede rechazar.`],
      [cast.rosa.c, 'cancellation', { reason: 'Ya no lo quiero' }, `La solicitud ${request.folio} fue rechazada; no se puede cancelar.`],
      [cast.clerk.c, 'closure', { reason: 'No hay material' }, `La solicitud ${request.folio} fue rechazada; no se puede cerrar.`],
      [cast.rosa.c, 'receipt', {}, `La solicitud ${request.folio} fue rechazada; no se puede confirmar su recepción.`],
    ] as const;
    for (const [c, segment, body, message] of refusals) {
      const response = await c.post(`/api/requests/${request.id}/${segment}`, body);
      expect([segment, response.statusCode, response.json()]).toEqual([segment, 409, { code: 'REQUEST_STATE', message }]);
    }
  });

  test('a reason too short or of control characters: 400', async () => {
    const request = await ask(cast, [{ productId: paper, quantity: '1' }]);
    for (const [reason, message] of [
      ['no', 'El motivo del rechazo debe tener entre 5 y 500 caracteres.'],
      ['', 'El motivo del rechazo es un campo obligatorio.'],
      ['motivo\u0007 con campana', 'El motivo contiene caracteres de control no permitidos; solo se admiten saltos de línea.'],
    ]) {
      const response = await cast.hugo.c.post(`/api/requests/${request.id}/rejection`, { reason });
      expect([response.statusCode, response.json().errors?.reason]).toEqual([400, message]);
    }
  });
});

describe('the requester cancels before the authorization, and confirms the receipt', () => {
  test('cancellation while ENVIADA; after the authorization it is a 409', async () => {
    const first = await ask(cast, [{ productId: paper, quantity: '1' }]);
    const cancelled = ok(await cast.rosa.c.post(`/api/requests/${first.id}/cancellation`, { reason: 'Lo pedí por error' }));
    expect(cancelled.status).toBe('CANCELADA');
    expect((await auditRows(t, 'material_requests', first.id)).at(-1)).toMatchObject({ action: 'cancel', actor_sub: 'rosa' });

    const second = await authorize(cast, await ask(cast, [{ productId: paper, quantity: '1' }]));
    const response = await cast.rosa.c.post(`/api/requests/${second.id}/cancellation`, { reason: 'Ya no lo necesito' });
    expect([response.statusCode, response.json().message]).toEqual([
      409,
      `La solicitud ${second.folio} ya fue autorizada; no se puede cancelar.`,
    ]);
  });

  test('delivered in two exits: SURTIDA_PARCIAL, then SURTIDA; then the receipt (RECIBIDA), once', async () => {
    const request = await authorize(
      cast,
      await ask(cast, [
        { productId: paper, quantity: '4' },
        { productId: toner, quantity: '1' },
      ]),
    );
    const early = await cast.rosa.c.post(`/api/requests/${request.id}/receipt`, {});
    expect([early.statusCode, early.json().message]).toEqual([
      409,
      `La solicitud ${request.folio} aún no se termina de surtir; su recepción se confirma cuando se surta completa o el almacén la cierre.`,
    ]);
    const exit1 = ok(await cast.clerk.c.post('/api/dispatches', exitBody(t, cast, request, ['1.5', null])), 201);
    expect(exit1).toMatchObject({ requestId: request.id, products: [{ requestLineId: request.lines[0].id, quantity: '1.5' }] });
    let now = ok(await cast.rosa.c.get(`/api/requests/${request.id}`));
    expect(now).toMatchObject({
      status: 'SURTIDA_PARCIAL',
      lines: [
        {
          authorized: '4',
          delivered: '1.5',
          pending: '2.5',
          closed: '0',
          exits: [{ dispatchId: exit1.id, quantity: '1.5', cancelled: false }],
        },
        { authorized: '1', delivered: '0', pending: '1', exits: [] },
      ],
    });
    const exit2 = ok(await cast.clerk.c.post('/api/dispatches', exitBody(t, cast, request, ['2.5', '1'])), 201);
    now = ok(await cast.rosa.c.get(`/api/requests/${request.id}`));
    expect(now.status).toBe('SURTIDA');
    expect(
      now.history.map((e: { status: string; dispatchId: number | null; by: { sub: string } }) => [e.status, e.dispatchId, e.by.sub]),
    ).toEqual([
      ['ENVIADA', null, 'rosa'],
      ['AUTORIZADA', null, 'hugo'],
      ['SURTIDA_PARCIAL', exit1.id, 'clerk'],
      ['SURTIDA', exit2.id, 'clerk'],
    ]);
    const received = ok(await cast.rosa.c.post(`/api/requests/${request.id}/receipt`, {}));
    expect(received.status).toBe('RECIBIDA');
    const again = await cast.rosa.c.post(`/api/requests/${request.id}/receipt`, {});
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      `La solicitud ${request.folio} ya fue recibida; no se puede confirmar su recepción.`,
    ]);
  });
});

describe('the warehouse closes what it will not deliver', () => {
  test('closed after a partial delivery: the pending becomes closed, and the requester may confirm what came', async () => {
    const request = await authorize(cast, await ask(cast, [{ productId: paper, quantity: '3' }]));
    ok(await cast.clerk.c.post('/api/dispatches', exitBody(t, cast, request, ['1'])), 201);
    const closed = ok(await cast.clerk.c.post(`/api/requests/${request.id}/closure`, { reason: 'Se agotó el papel carta' }));
    expect(closed).toMatchObject({ status: 'CERRADA', lines: [{ authorized: '3', delivered: '1', pending: '0', closed: '2' }] });
    expect(closed.history.at(-1)).toMatchObject({ status: 'CERRADA', by: { sub: 'clerk' }, reason: 'Se agotó el papel carta' });
    expect(ok(await cast.rosa.c.post(`/api/requests/${request.id}/receipt`, {})).status).toBe('RECIBIDA');
  });

  test('closed with nothing delivered: there is nothing to receive; an ENVIADA one cannot be closed', async () => {
    const sent = await ask(cast, [{ productId: paper, quantity: '3' }]);
    const early = await cast.clerk.c.post(`/api/requests/${sent.id}/closure`, { reason: 'No hay material' });
    expect([early.statusCode, early.json().message]).toEqual([
      409,
      `La solicitud ${sent.folio} aún no ha sido autorizada; no se puede cerrar.`,
    ]);
    const request = await authorize(cast, sent);
    ok(await cast.clerk.c.post(`/api/requests/${request.id}/closure`, { reason: 'No hay material' }));
    const response = await cast.rosa.c.post(`/api/requests/${request.id}/receipt`, {});
    expect([response.statusCode, response.json().message]).toEqual([
      409,
      `La solicitud ${request.folio} se cerró sin entregar nada; no hay qué recibir.`,
    ]);
  });
});

test('the views and the counts', async () => {
  const mine = ok(await cast.otto.c.post('/api/requests', requestBody(cast.helena, [{ productId: paper, quantity: '1' }])), 201);
  const other = ok(await cast.otto.c.post('/api/requests', requestBody(cast.helena, [{ productId: toner, quantity: '1' }])), 201);
  const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);
  expect(ids(ok(await cast.otto.c.get('/api/requests?view=mine')))).toEqual([other.id, mine.id]);
  expect(ids(ok(await cast.helena.c.get('/api/requests?view=to-authorize')))).toEqual([mine.id, other.id]);
  expect(ok(await cast.helena.c.get('/api/requests?view=mine'))).toEqual([]);
  expect(ok(await cast.helena.c.get('/api/requests/counts'))).toEqual({ toAuthorize: 2, toFulfil: 0, mine: 0 });
  const authorized = await authorize(cast, mine, undefined, cast.helena);
  expect(ids(ok(await cast.helena.c.get('/api/requests?view=to-authorize')))).toEqual([other.id]);
  expect(ids(ok(await cast.otto.c.get('/api/requests?view=mine&status=AUTORIZADA')))).toEqual([mine.id]);
  const toFulfil = ids(ok(await cast.clerk.c.get('/api/requests?view=to-fulfil')));
  expect(toFulfil).toContain(authorized.id);
  expect(toFulfil).toEqual([...toFulfil].sort((a, b) => a - b));
  expect(ok(await cast.clerk.c.get('/api/requests/counts'))).toEqual({ toAuthorize: 0, toFulfil: toFulfil.length, mine: 0 });
  expect(ids(ok(await cast.consulta.c.get('/api/requests?view=all')))).toEqual(
    (await t.db.query<{ id: number }>('SELECT id FROM material_requests ORDER BY id DESC')).rows.map((r) => r.id),
  );
  for (const [query, message] of [
    ['view=todas', 'La vista debe ser una de: mine, to-authorize, to-fulfil, all.'],
    [
      'status=ABIERTA',
      'El estado debe ser uno de: ENVIADA, AUTORIZADA, RECHAZADA, CANCELADA, SURTIDA_PARCIAL, SURTIDA, CERRADA, RECIBIDA.',
    ],
  ]) {
    const response = await cast.otto.c.get(`/api/requests?${query}`);
    expect([response.statusCode, response.json().message]).toEqual([400, message]);
  }
  // mine: what waits for me to confirm the receipt.
  ok(
    await cast.clerk.c.post('/api/dispatches', {
      ...exitBody(t, cast, authorized, ['1']),
      personInChargeOfTheRequestingAreaEmployeeId: cast.helena.employeeId,
      petitionerEmployeeId: cast.otto.employeeId,
    }),
    201,
  );
  expect(ok(await cast.otto.c.get('/api/requests/counts'))).toEqual({ toAuthorize: 0, toFulfil: 0, mine: 1 });
});

test("the form's choices: every product with what the warehouse has of it (never a price), and the people who may be named head but oneself", async () => {
  const choices = ok(await cast.rosa.c.get('/api/requests/choices'));
  // The same figure the warehouse's stock shows (read as an administrator).
  const available = async (id: number) =>
    ok(await t.app.inject({ method: 'GET', url: `/api/stock/${id}`, headers: await t.auth() })).availableQuantity;
  expect(choices.products).toEqual(
    expect.arrayContaining([
      { id: paper, name: 'Hojas blancas', unit: null, barcode: null, availableQuantity: await available(paper) },
      { id: toner, name: 'Tóner negro', unit: null, barcode: null, availableQuantity: await available(toner) },
    ]),
  );
  expect(JSON.stringify(choices)).not.toMatch(/price|average|cost|value/i);
  expect(choices.areaHeads).toEqual([
    { employeeId: cast.helena.employeeId, name: 'Helena Cruz' },
    { employeeId: cast.hugo.employeeId, name: 'Hugo Salas' },
    { employeeId: cast.otto.employeeId, name: 'Otto Rivas' },
  ]);
  const response = await cast.consulta.c.get('/api/requests/choices');
  expect([response.statusCode, response.json().message]).toEqual([403, 'No tienes permiso para hacer solicitudes de material.']);
});
