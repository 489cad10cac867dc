// Corrections as a clerk and an auditor see them: POST /api/invoices/{id}/cancellation
// and /api/dispatches/{id}/cancellation register a NEW document whose movements reverse the
// original, which stays as it was. What is answered, what the histories and the movement calls
// show, who and when, what is refused (Spanish messages) and that a refusal changes nothing,
// a second cancellation, replays of an Idempotency-Key, and the audit trail. The arithmetic of
// each rule is in worksheet.test.ts; races in concurrency.test.ts; random sequences in
// ledger-property.test.ts.
import fc from 'fast-check';
import { auditRows, client, countRows, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createCatalog, createProduct, dispatchBody, invoiceBody, LEDGER_TABLES, postWith, stockOf, type Catalog } from './fixtures';

// Each file creates and migrates its own database; on a busy machine that alone can take seconds.
jest.setTimeout(120_000);

const ANA = { sub: 'user-ana', name: 'Ana Pérez' };
const LUIS = { sub: 'user-luis', name: 'Luis Gómez' };

let t: TestApp;
let ana: Client;
let luis: Client;
let catalog: Catalog;
beforeAll(async () => {
  t = await createTestApp();
  ana = client(t, ANA);
  luis = client(t, LUIS);
  catalog = await createCatalog(ana);
});
afterAll(() => t.close());

async function entry(lines: Array<{ productId: number; quantity: string; purchasePrice: string }>) {
  const response = await ana.post('/api/invoices', invoiceBody(t, catalog, lines));
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: number; invoiceNumber: string; products: Array<{ movementId: number }> };
}

async function exit(lines: Array<{ productId: number; quantity: string }>) {
  const response = await ana.post('/api/dispatches', dispatchBody(t, catalog, lines));
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: number; products: Array<{ movementId: number }> };
}

/** The raw rows of the original document and its movements, to prove they never change. */
async function originalRows(table: 'invoices' | 'dispatches', id: number) {
  const column = table === 'invoices' ? 'invoice_id' : 'dispatch_id';
  const header = await t.db.query(`SELECT * FROM ${table} WHERE id = $1`, [id]);
  const lines = await t.db.query(
    `SELECT * FROM ${table === 'invoices' ? 'invoice_lines' : 'dispatch_lines'} WHERE ${column} = $1 ORDER BY id`,
    [id],
  );
  const movements = await t.db.query(`SELECT * FROM movements WHERE ${column} = $1 AND cancellation_id IS NULL ORDER BY id`, [id]);
  return { header: header.rows, lines: lines.rows, movements: movements.rows };
}

describe('POST /api/invoices/{id}/cancellation', () => {
  test('201 with the cancellation document: reason trimmed, who (token sub and name) and when, its movements typed INVOICE_CANCELLATION carrying the reason', async () => {
    const paper = await createProduct(ana, 'Papel bond carta');
    const toner = await createProduct(ana, 'Tóner negro 58A');
    const invoice = await entry([
      { productId: paper, quantity: '10', purchasePrice: '95.5' },
      { productId: toner, quantity: '2', purchasePrice: '1450' },
    ]);
    const before = await originalRows('invoices', invoice.id);
    const started = Date.now();

    const response = await luis.post(`/api/invoices/${invoice.id}/cancellation`, { reason: '  Factura capturada dos veces  ' });
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toEqual({
      id: expect.any(Number),
      documentId: invoice.id,
      reason: 'Factura capturada dos veces',
      cancelledAt: expect.any(String),
      cancelledBy: { sub: 'user-luis', name: 'Luis Gómez' },
      movements: [
        // Last line first, each back to the balance before the invoice (nothing moved since).
        expect.objectContaining({
          productId: toner,
          productName: 'Tóner negro 58A',
          movementType: 'INVOICE_CANCELLATION',
          quantity: '2',
          price: '1450',
          amount: '2900',
          observations: 'Factura capturada dos veces',
          documentId: invoice.id,
          balanceQuantity: '0',
          balanceAverage: '0',
        }),
        expect.objectContaining({
          productId: paper,
          movementType: 'INVOICE_CANCELLATION',
          quantity: '10',
          price: '95.5',
          amount: '955',
          observations: 'Factura capturada dos veces',
          documentId: invoice.id,
          balanceQuantity: '0',
          balanceAverage: '0',
        }),
      ],
    });
    expect(Math.abs(Date.parse(data.cancelledAt) - started)).toBeLessThan(60_000);
    expect(await stockOf(ana, paper)).toMatchObject({ availableQuantity: '0', averagePrice: '0' });
    expect(await stockOf(ana, toner)).toMatchObject({ availableQuantity: '0', averagePrice: '0' });

    // The original stays exactly as it was; its movements call now shows both.
    expect(await originalRows('invoices', invoice.id)).toEqual(before);
    const movements = (await ana.get(`/api/movements/invoices/${invoice.id}`)).json().data;
    expect(movements.map((m: { movementType: string; productId: number }) => [m.movementType, m.productId])).toEqual([
      ['INVOICE', paper],
      ['INVOICE', toner],
      ['INVOICE_CANCELLATION', toner],
      ['INVOICE_CANCELLATION', paper],
    ]);
    // The kardex of the product shows it too, in ledger order.
    const kardex = (await ana.get(`/api/movements/products/${paper}`)).json().data;
    expect(kardex.map((m: { movementType: string }) => m.movementType)).toEqual(['INVOICE', 'INVOICE_CANCELLATION']);
  });

  test('GET /api/invoices: status "CANCELADA" with { reason, cancelledAt, cancelledBy } for the cancelled one, "REGISTRADA" and null for the others', async () => {
    const productId = await createProduct(ana, 'Folder manila carta');
    const kept = await entry([{ productId, quantity: '5', purchasePrice: '3' }]);
    const cancelled = await entry([{ productId, quantity: '5', purchasePrice: '4' }]);
    const answer = (await ana.post(`/api/invoices/${cancelled.id}/cancellation`, { reason: 'Precio equivocado' })).json().data;

    const list = (await ana.get('/api/invoices')).json().data as Array<Record<string, unknown>>;
    const byId = new Map(list.map((i) => [i.id, i]));
    expect(byId.get(cancelled.id)).toMatchObject({
      invoiceNumber: cancelled.invoiceNumber,
      status: 'CANCELADA',
      cancellation: { reason: 'Precio equivocado', cancelledAt: answer.cancelledAt, cancelledBy: { sub: 'user-ana', name: 'Ana Pérez' } },
    });
    expect(byId.get(kept.id)).toMatchObject({ status: 'REGISTRADA', cancellation: null });
    // Every item keeps the fields it had before.
    expect(Object.keys(byId.get(kept.id)!).sort()).toEqual([
      'cancellation',
      'cfdiUuid',
      'createdAt',
      'id',
      'invoiceDate',
      'invoiceNumber',
      'invoiceType',
      'status',
      'supplier',
    ]);
  });

  test('409 naming product, available and required when a product no longer holds the quantity; nothing changes, and it goes through once the stock is back', async () => {
    const pens = await createProduct(ana, 'Bolígrafo azul');
    const clips = await createProduct(ana, 'Clips No. 1');
    const invoice = await entry([
      { productId: pens, quantity: '10', purchasePrice: '5' },
      { productId: clips, quantity: '4.5', purchasePrice: '12' },
    ]);
    await exit([{ productId: clips, quantity: '1.25' }]);
    const before = await countRows(t, LEDGER_TABLES);
    const stockBefore = [await stockOf(ana, pens), await stockOf(ana, clips)];

    const refused = await postWith(
      t,
      `/api/invoices/${invoice.id}/cancellation`,
      { reason: 'Proveedor equivocado' },
      { 'idempotency-key': 'cancelar-1' },
      ANA,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      message: `Existencia insuficiente del producto «Clips No. 1» (id ${clips}): disponible 3.25, solicitado 4.5.`,
    });
    expect(await countRows(t, LEDGER_TABLES)).toEqual(before);
    expect([await stockOf(ana, pens), await stockOf(ana, clips)]).toEqual(stockBefore);
    expect((await ana.get('/api/invoices')).json().data.find((i: { id: number }) => i.id === invoice.id)).toMatchObject({
      status: 'REGISTRADA',
      cancellation: null,
    });

    // The refusal was not remembered: with the stock back, the same request (same key) succeeds.
    await entry([{ productId: clips, quantity: '1.25', purchasePrice: '12' }]);
    const retried = await postWith(
      t,
      `/api/invoices/${invoice.id}/cancellation`,
      { reason: 'Proveedor equivocado' },
      { 'idempotency-key': 'cancelar-1' },
      ANA,
    );
    expect(retried.statusCode).toBe(201);
    expect(await stockOf(ana, clips)).toMatchObject({ availableQuantity: '0' });
  });

  test('a product whose stock went up since also leaves at the CURRENT average (it moved), never below zero', async () => {
    const productId = await createProduct(ana, 'Cinta canela 48 mm');
    const first = await entry([{ productId, quantity: '2', purchasePrice: '30' }]);
    await entry([{ productId, quantity: '2', purchasePrice: '40' }]);
    const response = await ana.post(`/api/invoices/${first.id}/cancellation`, { reason: 'Devuelta al proveedor' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.movements).toEqual([
      expect.objectContaining({ price: '35', quantity: '2', balanceQuantity: '2', balanceAverage: '35' }),
    ]);
  });
});

describe('POST /api/dispatches/{id}/cancellation', () => {
  test('201: each line comes back at its recorded exit price, typed DISPATCH_CANCELLATION; the exit stays; the history says CANCELADA', async () => {
    const productId = await createProduct(ana, 'Marcador para pizarrón');
    await entry([{ productId, quantity: '10', purchasePrice: '18.5' }]);
    const dispatch = await exit([{ productId, quantity: '4' }]);
    await entry([{ productId, quantity: '6', purchasePrice: '21' }]); // (6 × 18.5 + 6 × 21) / 12 = 19.75
    const before = await originalRows('dispatches', dispatch.id);

    const response = await ana.post(`/api/dispatches/${dispatch.id}/cancellation`, { reason: 'El área no recogió el material' });
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    // (12 × 19.75 + 4 × 18.5) / 16 = (237 + 74) / 16 = 19.4375
    expect(data).toMatchObject({
      documentId: dispatch.id,
      reason: 'El área no recogió el material',
      cancelledBy: ANA,
      movements: [
        {
          movementType: 'DISPATCH_CANCELLATION',
          quantity: '4',
          price: '18.5',
          amount: '74',
          observations: 'El área no recogió el material',
          documentId: dispatch.id,
          balanceQuantity: '16',
          balanceAverage: '19.4375',
        },
      ],
    });
    expect(await stockOf(ana, productId)).toMatchObject({ availableQuantity: '16', averagePrice: '19.4375' });
    expect(await originalRows('dispatches', dispatch.id)).toEqual(before);
    const movements = (await ana.get(`/api/movements/dispatches/${dispatch.id}`)).json().data;
    expect(movements.map((m: { movementType: string }) => m.movementType)).toEqual(['DISPATCH', 'DISPATCH_CANCELLATION']);
    const item = (await ana.get('/api/dispatches')).json().data.find((d: { id: number }) => d.id === dispatch.id);
    expect(item).toEqual({
      id: dispatch.id,
      dispatchDate: expect.any(String),
      createdAt: expect.any(String),
      requestFolio: null,
      status: 'CANCELADA',
      cancellation: { reason: 'El área no recogió el material', cancelledAt: data.cancelledAt, cancelledBy: ANA },
    });
  });
});

describe('refusals that change nothing', () => {
  test('404 for an unknown document, with its Spanish texts; 400 for an id that is not one', async () => {
    const before = await countRows(t, LEDGER_TABLES);
    const invoice = await ana.post('/api/invoices/999999/cancellation', { reason: 'No existe' });
    expect([invoice.statusCode, invoice.json().message]).toEqual([404, 'No existe la entrada solicitada.']);
    const dispatch = await ana.post('/api/dispatches/999999/cancellation', { reason: 'No existe' });
    expect([dispatch.statusCode, dispatch.json().message]).toEqual([404, 'No existe la salida solicitada.']);
    for (const bad of ['0', '-1', 'abc', '1.5', '99999999999']) {
      const response = await ana.post(`/api/invoices/${bad}/cancellation`, { reason: 'Motivo válido' });
      expect({ bad, status: response.statusCode }).toEqual({ bad, status: 400 });
    }
    expect(await countRows(t, LEDGER_TABLES)).toEqual(before);
  });

  test("the reason: required, trimmed, 5–500 characters, with the form's Spanish messages", async () => {
    const productId = await createProduct(ana, 'Pegamento blanco 1 L');
    const invoice = await entry([{ productId, quantity: '3', purchasePrice: '60' }]);
    const dispatch = await exit([{ productId, quantity: '1' }]);
    const required = 'El motivo de la cancelación es un campo obligatorio.';
    const length = 'El motivo debe tener entre 5 y 500 caracteres.';
    const cases: Array<[unknown, string]> = [
      [{}, required],
      [{ reason: null }, required],
      [{ reason: 12345 }, required],
      [{ reason: '' }, required],
      [{ reason: '     ' }, required],
      [{ reason: '\u200B\u200B\u200B\u200B\u200B' }, required],
      [{ reason: 'abcd' }, length],
      [{ reason: '   abcd   ' }, length],
      [{ reason: 'x'.repeat(501) }, length],
      [{ reason: ` ${'x'.repeat(501)} ` }, length],
      [{ reason: 'Motivo \u202Eoculto' }, 'El texto contiene caracteres de control invisibles no permitidos.'],
      [{ reason: 'Motivo\tcon tabulador' }, 'El motivo contiene caracteres de control no permitidos; solo se admiten saltos de línea.'],
      [{ reason: 'Motivo\u0000con NUL' }, 'El motivo contiene caracteres de control no permitidos; solo se admiten saltos de línea.'],
    ];
    const before = await countRows(t, LEDGER_TABLES);
    for (const url of [`/api/invoices/${invoice.id}/cancellation`, `/api/dispatches/${dispatch.id}/cancellation`]) {
      for (const [body, message] of cases) {
        const response = await ana.post(url, body);
        expect({ url, body, status: response.statusCode, message: response.json().message, field: response.json().errors?.reason }).toEqual(
          { url, body, status: 400, message, field: message },
        );
      }
      for (const body of [[], 'motivo', null]) {
        const response = await ana.post(url, body);
        expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
      }
    }
    expect(await countRows(t, LEDGER_TABLES)).toEqual(before);
    // The bounds themselves pass: 5 characters (an emoji is one), and 500 after trimming.
    expect((await ana.post(`/api/dispatches/${dispatch.id}/cancellation`, { reason: ' 📦abcd ' })).statusCode).toBe(201);
    // A reason on several lines, as the dialog's multiline field lets a person type it, is kept so.
    const long = await ana.post(`/api/invoices/${invoice.id}/cancellation`, { reason: `  ${'ñ'.repeat(250)}\n${'ñ'.repeat(249)}  ` });
    expect(long.statusCode).toBe(201);
    expect(long.json().data.reason).toBe(`${'ñ'.repeat(250)}\n${'ñ'.repeat(249)}`);
  });

  test('a document is cancelled at most once: the second attempt is 409 "La entrada ya está cancelada." / "La salida ya está cancelada."', async () => {
    const productId = await createProduct(ana, 'Lápiz del No. 2');
    const invoice = await entry([{ productId, quantity: '20', purchasePrice: '3.5' }]);
    const dispatch = await exit([{ productId, quantity: '5' }]);
    expect((await ana.post(`/api/dispatches/${dispatch.id}/cancellation`, { reason: 'Salida duplicada' })).statusCode).toBe(201);
    expect((await ana.post(`/api/invoices/${invoice.id}/cancellation`, { reason: 'Entrada duplicada' })).statusCode).toBe(201);
    const before = await countRows(t, LEDGER_TABLES);

    const again = await luis.post(`/api/invoices/${invoice.id}/cancellation`, { reason: 'Otra vez' });
    expect([again.statusCode, again.json().code, again.json().message]).toEqual([
      409,
      'ALREADY_CANCELLED',
      'La entrada ya está cancelada.',
    ]);
    const againExit = await luis.post(`/api/dispatches/${dispatch.id}/cancellation`, { reason: 'Otra vez' });
    expect([againExit.statusCode, againExit.json().code, againExit.json().message]).toEqual([
      409,
      'ALREADY_CANCELLED',
      'La salida ya está cancelada.',
    ]);
    expect(await countRows(t, LEDGER_TABLES)).toEqual(before);
    expect(await stockOf(ana, productId)).toMatchObject({ availableQuantity: '0' });
  });

  test('the database refuses changing or removing a cancellation, and a second one for the same document', async () => {
    const productId = await createProduct(ana, 'Grapas estándar');
    const invoice = await entry([{ productId, quantity: '1', purchasePrice: '25' }]);
    await ana.post(`/api/invoices/${invoice.id}/cancellation`, { reason: 'Cancelada para la prueba' });
    await expect(
      t.db.query(`UPDATE document_cancellations SET reason = 'Cambiada después' WHERE invoice_id = $1`, [invoice.id]),
    ).rejects.toThrow(/inmutable/);
    await expect(t.db.query('DELETE FROM document_cancellations WHERE invoice_id = $1', [invoice.id])).rejects.toThrow(/inmutable/);
    await expect(
      t.db.query(
        `INSERT INTO document_cancellations (document_kind, invoice_id, reason, cancelled_by, cancelled_by_name) VALUES ('INVOICE', $1, 'Segunda vez', 'x', 'X')`,
        [invoice.id],
      ),
    ).rejects.toThrow(/duplicate key/);
  });
});

describe('Idempotency-Key and the audit trail', () => {
  test('the same key twice: the first answer again, one cancellation; the same key with another reason or route is 409', async () => {
    const productId = await createProduct(ana, 'Cuaderno profesional');
    const invoice = await entry([{ productId, quantity: '8', purchasePrice: '42' }]);
    const url = `/api/invoices/${invoice.id}/cancellation`;
    const first = await postWith(t, url, { reason: 'Doble clic' }, { 'idempotency-key': 'cancelacion-7' }, ANA);
    expect(first.statusCode).toBe(201);
    const before = await countRows(t, LEDGER_TABLES);

    const second = await postWith(t, url, { reason: 'Doble clic' }, { 'idempotency-key': 'cancelacion-7' }, ANA);
    expect([second.statusCode, second.headers['idempotent-replayed']]).toEqual([201, 'true']);
    expect(second.json()).toEqual(first.json());
    expect(await countRows(t, LEDGER_TABLES)).toEqual(before);

    const otherReason = await postWith(t, url, { reason: 'Otro motivo' }, { 'idempotency-key': 'cancelacion-7' }, ANA);
    expect([otherReason.statusCode, otherReason.json().code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    const other = await createProduct(ana, 'Cuaderno de forma francesa');
    await entry([{ productId: other, quantity: '1', purchasePrice: '30' }]);
    const dispatch = await exit([{ productId: other, quantity: '1' }]);
    const otherRoute = await postWith(
      t,
      `/api/dispatches/${dispatch.id}/cancellation`,
      { reason: 'Doble clic' },
      { 'idempotency-key': 'cancelacion-7' },
      ANA,
    );
    expect([otherRoute.statusCode, otherRoute.json().code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    // Without a key the duplicate is the ordinary "already cancelled".
    expect((await ana.post(url, { reason: 'Doble clic' })).json().message).toBe('La entrada ya está cancelada.');
  });

  test('the audit trail of the document: "create" then "cancel", by whom, with the cancellation as recorded; a refusal leaves no row', async () => {
    const productId = await createProduct(ana, 'Engrapadora de escritorio');
    const invoice = await entry([{ productId, quantity: '2', purchasePrice: '150' }]);
    const dispatch = await exit([{ productId, quantity: '2' }]);
    const refused = await luis.post(`/api/invoices/${invoice.id}/cancellation`, { reason: 'Sin existencia' });
    expect(refused.statusCode).toBe(409);
    expect((await auditRows(t, 'invoices', invoice.id)).map((r) => r.action)).toEqual(['create']);

    const cancelled = (await luis.post(`/api/dispatches/${dispatch.id}/cancellation`, { reason: 'Salida sin firma' })).json().data;
    const trail = await auditRows(t, 'dispatches', dispatch.id);
    expect(trail.map((r) => [r.action, r.actor_sub, r.actor_name])).toEqual([
      ['create', 'user-ana', 'Ana Pérez'],
      ['cancel', 'user-luis', 'Luis Gómez'],
    ]);
    expect(trail[1].after).toEqual(cancelled);
    expect(trail[1].before).toBeNull();
  });
});

describe('security and fuzz', () => {
  test('without a valid token: 401, nothing cancelled', async () => {
    const productId = await createProduct(ana, 'Tijeras escolares');
    const invoice = await entry([{ productId, quantity: '3', purchasePrice: '22' }]);
    const before = await countRows(t, LEDGER_TABLES);
    for (const authorization of [undefined, 'Bearer no-es-un-token']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/invoices/${invoice.id}/cancellation`,
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        payload: JSON.stringify({ reason: 'Sin sesión' }),
      });
      expect(response.statusCode).toBe(401);
    }
    expect(await countRows(t, LEDGER_TABLES)).toEqual(before);
  });

  test('random ids, bodies and keys: never a 5xx; a refusal changes nothing; a 201 adds exactly one cancellation and its movements', async () => {
    const productId = await createProduct(ana, 'Hilo cáñamo');
    await entry([{ productId, quantity: '1000', purchasePrice: '9' }]);
    const invoices: number[] = [];
    const dispatches: number[] = [];
    for (let i = 0; i < 3; i++) {
      invoices.push((await entry([{ productId, quantity: '2', purchasePrice: '10' }])).id);
      dispatches.push((await exit([{ productId, quantity: '1' }])).id);
    }
    const pathId = fc.oneof(
      fc.constantFrom(...invoices, ...dispatches).map(String),
      fc.constantFrom('0', '-1', 'abc', '1.5', '%20', '99999999999', '2147483648', '1e3', '%00', '0x1', '+1', ' 1'),
      fc.string({ maxLength: 8 }).map(encodeURIComponent),
    );
    const reason = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.string({ unit: 'binary', minLength: 3, maxLength: 12 }),
      fc.constantFrom(
        '',
        '     ',
        'Motivo válido',
        'x'.repeat(501),
        '\u0000\u0000\u0000\u0000\u0000',
        "'; DROP TABLE movements; --",
        'Mot\u202Eivo',
      ),
      fc.anything({ maxDepth: 2 }),
    );
    const body = fc.oneof(fc.record({ reason }, { requiredKeys: [] }), fc.anything({ maxDepth: 2 }));
    const key = fc.option(fc.oneof(fc.constantFrom('k1', 'k2', ' ', 'x'.repeat(201)), fc.string({ maxLength: 6 })), { nil: undefined });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('invoices', 'dispatches'), pathId, body, key, async (kind, id, payload, idempotencyKey) => {
        const before = await countRows(t, LEDGER_TABLES);
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/${kind}/${id}/cancellation`,
          headers: {
            authorization: `Bearer ${await t.token(ANA)}`,
            'content-type': 'application/json',
            ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
          },
          payload: JSON.stringify(payload) ?? 'null',
        });
        expect({ status: response.statusCode, body: response.statusCode >= 500 ? response.body : '' }).toEqual({
          status: response.statusCode,
          body: '',
        });
        expect(response.statusCode).toBeLessThan(500);
        const after = await countRows(t, LEDGER_TABLES);
        if (response.statusCode === 201 && response.headers['idempotent-replayed'] !== 'true') {
          expect(after.document_cancellations).toBe(before.document_cancellations + 1);
          expect(after.movements).toBe(before.movements + 1);
        } else {
          expect(after).toEqual(before);
        }
      }),
      { numRuns: 150 },
    );
  });
});
