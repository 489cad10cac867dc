// "Cierre de periodo" on real PostgreSQL: closing month ends in order (never one
// that has not ended), the stock stored at that date, the preview with late registrations, the
// 409 for every kind of backdated document (and nothing written), later dates accepted,
// reopening only the last closing (audited), Idempotency-Key, and a closing racing with
// postings: no document dated in the closed month slips in.
import fc from 'fast-check';
import { formatDate, monthEnd as monthEndOf, todayIn } from '@almacen/shared/domain';
import { auditRows, client, countRows, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createCatalog, createProduct, dispatchBody, invoiceBody, LEDGER_TABLES, postWith, type Catalog } from './fixtures';
import { registrationClock } from './registered-at';

jest.setTimeout(180_000);

let t: TestApp;
let c: Client;
let catalog: Catalog;
let paper: number;

/** The last day of the month `offset` months from today's (-1 = last month). */
const monthEnd = (offset: number): string => monthEndOf(todayIn(t.config.timeZone), offset);
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const closedMessage = (until: string) =>
  `El periodo hasta el ${formatDate(until)} está cerrado; registra el documento con una fecha posterior.`;

let M1: string;
let M2: string;
let M3: string;

beforeAll(async () => {
  t = await createTestApp({ env: { APP_TIME_ZONE: 'America/Mexico_City' } });
  c = client(t, { sub: 'user-autoriza', name: 'Rosa Méndez' });
  catalog = await createCatalog(c);
  paper = await createProduct(c, 'Papel bond carta (cierre)');
  [M1, M2, M3] = [monthEnd(-3), monthEnd(-2), monthEnd(-1)];
});
afterAll(() => t.close());

async function post(url: string, body: unknown) {
  const r = await c.post(url, body);
  if (r.statusCode !== 201) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
  return r.json().data;
}

/**
 * The date view of the paper at the end of `date` equals the fold of its movements dated up to it:
 * whether it starts from a closing's stored stock (a standing one) or not (a reopened one).
 */
async function expectDateViewIsTheFold(date: string) {
  const { rows } = await t.db.query<{ quantity: string; value: string }>(
    `SELECT trim_scale(coalesce(sum(movement_sign(movement_type) * quantity), 0))::text AS quantity,
            trim_scale(coalesce(sum(movement_sign(movement_type) * amount), 0))::text AS value
       FROM movements WHERE product_id = $1 AND dated <= $2::date`,
    [paper, date],
  );
  const stock = (await c.get(`/api/stock?date=${date}`)).json().data.find((s: { productId: number }) => s.productId === paper);
  expect({ quantity: stock.availableQuantity, value: stock.value }).toEqual(rows[0]);
}

describe('closing months in order', () => {
  let exitInM1: number;
  beforeAll(async () => {
    const clock = await registrationClock(t);
    // Registered within M1: 10 at 5, then an exit of 2.
    await post(
      '/api/invoices',
      invoiceBody(t, catalog, [{ productId: paper, quantity: '10', purchasePrice: '5' }], { invoiceDate: plusDays(M1, -10) }),
    );
    await clock.at(`${plusDays(M1, -10)} 10:00:00`);
    exitInM1 = (await post('/api/dispatches', dispatchBody(t, catalog, [{ productId: paper, quantity: '2' }], { dispatchDate: M1 }))).id;
    await clock.at(`${M1} 23:59:59`);
    // Dated in M2 but registered five days after M2 ended: a late registration of M2.
    await post(
      '/api/invoices',
      invoiceBody(t, catalog, [{ productId: paper, quantity: '1', purchasePrice: '7' }], {
        invoiceDate: plusDays(M2, -1),
        invoiceNumber: 'TARDIA-1',
      }),
    );
    await clock.at(`${plusDays(M2, 5)} 09:00:00`);
  });

  test('nothing closed: the next is last month, with its stock value', async () => {
    const r = await c.get('/api/period-closings/next');
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ until: M3, closable: true, message: null });
    expect((await c.get('/api/period-closings')).json().data).toEqual([]);
  });

  test('bad until: 400 in Spanish (not a month end, not a date, a month not over)', async () => {
    const cases: Array<[unknown, string]> = [
      [plusDays(M1, -1), `La fecha del cierre debe ser el último día de un mes; ${formatDate(plusDays(M1, -1))} no lo es.`],
      ['31/01/2025', 'La fecha del cierre no es válida; usa el formato AAAA-MM-DD.'],
      [undefined, 'La fecha del cierre no es válida; usa el formato AAAA-MM-DD.'],
      [monthEnd(0), `El mes que termina el ${formatDate(monthEnd(0))} aún no termina; solo se cierran meses concluidos.`],
      [monthEnd(2), `El mes que termina el ${formatDate(monthEnd(2))} aún no termina; solo se cierran meses concluidos.`],
    ];
    for (const [until, message] of cases) {
      const r = await c.post('/api/period-closings', { until });
      expect({ until, status: r.statusCode, message: r.json().message }).toEqual({ until, status: 400, message });
    }
    expect(await countRows(t, ['period_closings'])).toEqual({ period_closings: 0 });
  });

  test('closing M1 stores the stock at that date (the figures of the report al …) and who closed it', async () => {
    const r = await postWith(t, '/api/period-closings', { until: M1 }, {}, { sub: 'user-autoriza', name: 'Rosa Méndez' });
    expect(r.statusCode).toBe(201);
    const closing = r.json().data;
    expect(closing).toMatchObject({
      until: M1,
      status: 'CERRADO',
      reopening: null,
      closedBy: { sub: 'user-autoriza', name: 'Rosa Méndez' },
    });
    const stock = (await c.get(`/api/stock?date=${M1}`)).json().data as Array<{
      productId: number;
      availableQuantity: string;
      averagePrice: string;
      value: string;
    }>;
    expect(stock.find((s) => s.productId === paper)).toMatchObject({ availableQuantity: '8', averagePrice: '5', value: '40' });
    expect(closing.totalValue).toBe('40.00');
    const { rows } = await t.db.query(
      `SELECT product_id AS "productId", trim_scale(quantity)::text AS "availableQuantity", trim_scale(average_cost)::text AS "averagePrice", trim_scale(value)::text AS value
         FROM period_closing_stock WHERE closing_id = $1 ORDER BY product_id`,
      [closing.id],
    );
    expect(rows).toEqual(stock.filter((s) => s.availableQuantity !== '0' || s.averagePrice !== '0'));
    const audit = await auditRows(t, 'period_closings', M1);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', actor_sub: 'user-autoriza' });
  });

  test('every document dated on or before M1 is refused with 409 and writes nothing; later dates are accepted', async () => {
    const before = await countRows(t, LEDGER_TABLES);
    const refused = [
      await c.post(
        '/api/invoices',
        invoiceBody(t, catalog, [{ productId: paper, quantity: '1', purchasePrice: '5' }], { invoiceDate: M1 }),
      ),
      await c.post(
        '/api/invoices',
        invoiceBody(t, catalog, [{ productId: paper, quantity: '1', purchasePrice: '5' }], { invoiceDate: '2000-01-01' }),
      ),
      await c.post('/api/dispatches', dispatchBody(t, catalog, [{ productId: paper, quantity: '1' }], { dispatchDate: plusDays(M1, -3) })),
    ];
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ code: 'PERIOD_CLOSED', message: closedMessage(M1) });
    }
    expect(refused[0].json().errors).toEqual({ invoiceDate: closedMessage(M1) });
    expect(refused[2].json().errors).toEqual({ dispatchDate: closedMessage(M1) });
    expect(await countRows(t, LEDGER_TABLES)).toEqual(before);
    const day = plusDays(M1, 1);
    expect(
      (
        await c.post(
          '/api/invoices',
          invoiceBody(t, catalog, [{ productId: paper, quantity: '1', purchasePrice: '5' }], { invoiceDate: day }),
        )
      ).statusCode,
    ).toBe(201);
    expect(
      (await c.post('/api/dispatches', dispatchBody(t, catalog, [{ productId: paper, quantity: '1' }], { dispatchDate: day }))).statusCode,
    ).toBe(201);
  });

  test('the next is M2: its preview lists the documents dated in M2 but registered after it ended, in registration order', async () => {
    const next = (await c.get('/api/period-closings/next')).json().data;
    expect(next).toMatchObject({ until: M2, closable: true });
    // TARDIA-1 (registered five days after M2) and the entry and exit of the previous test,
    // dated the 1st of M2 and registered today: the closing of M2 includes them.
    expect(next.lateDocuments).toEqual([
      {
        movementType: 'INVOICE',
        documentId: expect.any(Number),
        documentDate: plusDays(M2, -1),
        invoiceNumber: 'TARDIA-1',
        registeredAt: expect.any(String),
      },
      {
        movementType: 'INVOICE',
        documentId: expect.any(Number),
        documentDate: plusDays(M1, 1),
        invoiceNumber: expect.stringMatching(/^F-/),
        registeredAt: expect.any(String),
      },
      {
        movementType: 'DISPATCH',
        documentId: expect.any(Number),
        documentDate: plusDays(M1, 1),
        invoiceNumber: null,
        registeredAt: expect.any(String),
      },
    ]);
    expect(Date.parse(next.lateDocuments[0].registeredAt)).toBeLessThan(Date.parse(next.lateDocuments[1].registeredAt));
    // They count in M2, their month: 8 @ 5 (40.00) + TARDIA-1 1 @ 7 + 1 @ 5 − the exit of 1, which
    // took 52.00 × 1 / 10 = 5.20 when it was registered → 9, 46.80. The preview is the stock at M2.
    const stock = (await c.get(`/api/stock?date=${M2}`)).json().data.find((s: { productId: number }) => s.productId === paper);
    expect(next.totalValue).toBe('46.80');
    expect(stock).toMatchObject({ availableQuantity: '9', value: '46.8' });
  });

  test("a cancellation of a closed month's document is a document of the day it is registered: accepted, and the closed month is untouched", async () => {
    const atM1 = (await c.get(`/api/stock?date=${M1}`)).json().data.find((s: { productId: number }) => s.productId === paper);
    const r = await c.post(`/api/dispatches/${exitInM1}/cancellation`, { reason: 'Salida con fecha del mes cerrado' });
    expect(r.statusCode).toBe(201);
    expect(r.json().data.movements.map((m: { dated: string }) => m.dated)).toEqual([todayIn(t.config.timeZone)]);
    expect((await c.get(`/api/stock?date=${M1}`)).json().data.find((s: { productId: number }) => s.productId === paper)).toEqual(atM1);
    const closings = (await c.get('/api/period-closings')).json().data;
    expect(closings.find((x: { until: string }) => x.until === M1)).toMatchObject({ totalValue: '40.00', dateRuleDifference: null });
  });

  test('in order: M1 again and M3 before M2 are refused with 409', async () => {
    const again = await c.post('/api/period-closings', { until: M1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`El periodo hasta el ${formatDate(M1)} ya está cerrado.`);
    const skip = await c.post('/api/period-closings', { until: M3 });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe(`Los periodos se cierran en orden: el siguiente es el que termina el ${formatDate(M2)}.`);
  });

  test('Idempotency-Key: the same key closes once and replays the answer', async () => {
    const first = await postWith(t, '/api/period-closings', { until: M2 }, { 'idempotency-key': 'cierre-m2' });
    const second = await postWith(t, '/api/period-closings', { until: M2 }, { 'idempotency-key': 'cierre-m2' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM period_closings WHERE until = $1', [M2]);
    expect(rows[0].n).toBe(1);
  });

  test('reopening: only the last closing, with a reason, audited; its month accepts documents again, the earlier one does not', async () => {
    const notLast = await c.post(`/api/period-closings/${M1}/reopening`, { reason: 'Corrección de una factura' });
    expect(notLast.statusCode).toBe(409);
    expect(notLast.json().message).toBe(`Solo se puede reabrir el último periodo cerrado (hasta el ${formatDate(M2)}).`);
    const noReason = await c.post(`/api/period-closings/${M2}/reopening`, { reason: '  ab ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('El motivo de la reapertura es obligatorio y debe tener entre 5 y 500 caracteres.');
    // A free text like any other: a bidi control is told as such (and nothing is reopened, below).
    const bidi = await c.post(`/api/period-closings/${M2}/reopening`, { reason: 'Factura \u202Erecibida tarde' });
    expect([bidi.statusCode, bidi.json().errors]).toEqual([
      400,
      { reason: 'El texto contiene caracteres de control invisibles no permitidos.' },
    ]);
    // Line breaks are part of a reason; a tab or NUL is not, with the dialog's message.
    for (const reason of ['Factura\trecibida tarde', 'Factura\u0000recibida tarde']) {
      const control = await c.post(`/api/period-closings/${M2}/reopening`, { reason });
      expect([reason, control.statusCode, control.json().errors]).toEqual([
        reason,
        400,
        { reason: 'El motivo contiene caracteres de control no permitidos; solo se admiten saltos de línea.' },
      ]);
    }
    const unknown = await c.post(`/api/period-closings/${M3}/reopening`, { reason: 'Corrección de una factura' });
    expect(unknown.statusCode).toBe(404);
    const notMonthEnd = await c.post(`/api/period-closings/${plusDays(M2, -1)}/reopening`, { reason: 'Corrección de una factura' });
    expect(notMonthEnd.statusCode).toBe(400);

    // A reason on two lines, as the «Reabrir» dialog lets a person type it (its schema is the API's).
    const r = await c.post(`/api/period-closings/${M2}/reopening`, { reason: '  Factura de proveedor\nrecibida tarde  ' });
    expect(r.statusCode).toBe(201);
    expect(r.json().data).toMatchObject({
      until: M2,
      status: 'REABIERTO',
      reopening: { reason: 'Factura de proveedor\nrecibida tarde', reopenedBy: { sub: 'user-autoriza', name: 'Rosa Méndez' } },
    });
    const audit = await auditRows(t, 'period_closings', M2);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1].before).toMatchObject({ status: 'CERRADO' });
    expect(audit[1].after).toMatchObject({ status: 'REABIERTO' });

    expect(
      (
        await c.post(
          '/api/invoices',
          invoiceBody(t, catalog, [{ productId: paper, quantity: '1', purchasePrice: '5' }], { invoiceDate: M2 }),
        )
      ).statusCode,
    ).toBe(201);
    // The reopened closing's stored stock is not the start of the date view any more: the entry counts.
    await expectDateViewIsTheFold(M2);
    await expectDateViewIsTheFold(plusDays(M2, 3));
    expect(
      (
        await c.post(
          '/api/invoices',
          invoiceBody(t, catalog, [{ productId: paper, quantity: '1', purchasePrice: '5' }], { invoiceDate: M1 }),
        )
      ).statusCode,
    ).toBe(409);
    const list = (await c.get('/api/period-closings')).json().data;
    expect(list.map((l: { until: string; status: string }) => [l.until, l.status])).toEqual([
      [M2, 'REABIERTO'],
      [M1, 'CERRADO'],
    ]);
    // A reopened month closes again (a new closing row; the reopened one stays in the history).
    expect((await c.post('/api/period-closings', { until: M2 })).statusCode).toBe(201);
    expect((await c.get('/api/period-closings/next')).json().data.until).toBe(M3);
    // From the new closing's stock: the same figures, at its date, within the month after it and at M1.
    for (const date of [M1, plusDays(M1, 3), M2, plusDays(M2, 3)]) await expectDateViewIsTheFold(date);
  });

  test('a role without periods.close reads the closings but cannot close or reopen (403)', async () => {
    const consulta = client(t, { sub: 'user-consulta', almacen_roles: ['CONSULTA'] });
    expect((await consulta.get('/api/period-closings')).statusCode).toBe(200);
    expect((await consulta.post('/api/period-closings', { until: M3 })).statusCode).toBe(403);
    expect((await consulta.post(`/api/period-closings/${M2}/reopening`, { reason: 'No debería poder' })).statusCode).toBe(403);
  });

  test('closing M3 while documents dated in M3 are being posted: none slips into the closed month', async () => {
    const posts = Array.from({ length: 16 }, (_, i) =>
      c.post(
        '/api/invoices',
        invoiceBody(t, catalog, [{ productId: paper, quantity: '1', purchasePrice: String(5 + i) }], {
          invoiceDate: plusDays(M3, -(i % 5)),
        }),
      ),
    );
    const closing = c.post('/api/period-closings', { until: M3 });
    const answers = await Promise.all([...posts.slice(0, 8), closing, ...posts.slice(8)]);
    const closed = answers[8];
    expect(closed.statusCode).toBe(201);
    const documents = answers.filter((_, i) => i !== 8);
    for (const r of documents) {
      expect([201, 409]).toContain(r.statusCode);
      if (r.statusCode === 409) expect(r.json()).toMatchObject({ code: 'PERIOD_CLOSED', message: closedMessage(M3) });
    }
    // Every invoice dated on or before M3 was registered before the closing took its place in
    // the ledger: its movements are all at or before the ledger's end the closing saw.
    const { rows } = await t.db.query<{ late: number }>(
      `SELECT count(*)::int AS late FROM movements m JOIN invoices i ON i.id = m.invoice_id
        WHERE i.invoice_date <= $1 AND m.id > (SELECT last_movement_id FROM period_closings WHERE until = $1 AND reopened_at IS NULL)`,
      [M3],
    );
    expect(rows[0].late).toBe(0);
    const accepted = documents.filter((r) => r.statusCode === 201).length;
    const { rows: count } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM invoices WHERE invoice_date BETWEEN $1::date - 4 AND $1::date AND invoice_number LIKE 'F-%'`,
      [M3],
    );
    expect(count[0].n).toBe(accepted);
    // And after it, nothing dated in M3 gets in.
    const late = await c.post(
      '/api/invoices',
      invoiceBody(t, catalog, [{ productId: paper, quantity: '1', purchasePrice: '5' }], { invoiceDate: M3 }),
    );
    expect(late.statusCode).toBe(409);
  });
});

describe('security, fuzz and OpenAPI', () => {
  const state = async (): Promise<Record<string, number>> => ({
    ...(await countRows(t, ['period_closings', 'period_closing_stock', 'audit_log', 'idempotency_keys'])),
    reopened: (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM period_closings WHERE reopened_at IS NOT NULL')).rows[0].n,
  });

  test('without a valid token: 401, nothing closed or reopened', async () => {
    const before = await state();
    for (const authorization of [undefined, 'Bearer no-es-un-token']) {
      for (const [url, body] of [
        ['/api/period-closings', { until: M3 }],
        [`/api/period-closings/${M3}/reopening`, { reason: 'Sin sesión válida' }],
      ] as const) {
        const r = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
          payload: JSON.stringify(body),
        });
        expect(r.statusCode).toBe(401);
      }
    }
    expect(await state()).toEqual(before);
  });

  test('random dates, bodies and keys: never a 5xx; a refusal changes nothing', async () => {
    const dateText = fc.oneof(
      fc.constantFrom(
        M1,
        M2,
        M3,
        monthEnd(0),
        monthEnd(5),
        '2025-02-29',
        '2024-02-29',
        '0000-00-00',
        '9999-12-31',
        '1999-12-31',
        '',
        ' ',
        '%00',
        "'; DROP TABLE movements; --",
      ),
      fc.string({ maxLength: 12 }),
      fc.date({ min: new Date('1990-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    );
    const body = fc.oneof(
      fc.record(
        {
          until: fc.oneof(dateText, fc.anything({ maxDepth: 1 })),
          reason: fc.oneof(
            fc.string({ maxLength: 10 }),
            fc.constantFrom('Motivo válido de prueba', 'x'.repeat(501), 'Mot\u202Eivo'),
            fc.anything({ maxDepth: 1 }),
          ),
        },
        { requiredKeys: [] },
      ),
      fc.anything({ maxDepth: 2 }),
    );
    const key = fc.option(fc.oneof(fc.constantFrom('k1', ' ', 'x'.repeat(201)), fc.string({ maxLength: 6 })), { nil: undefined });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('close', 'reopen', 'stock', 'card'),
        dateText,
        dateText,
        body,
        key,
        async (kind, a, b, payload, idempotencyKey) => {
          const before = await state();
          const headers = {
            authorization: `Bearer ${await t.token({ sub: 'user-fuzz', name: 'Fuzz' })}`,
            'content-type': 'application/json',
            ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
          };
          const url =
            kind === 'close'
              ? '/api/period-closings'
              : kind === 'reopen'
                ? `/api/period-closings/${encodeURIComponent(a)}/reopening`
                : kind === 'stock'
                  ? `/api/stock?date=${encodeURIComponent(a)}`
                  : `/api/reports/products/${paper}?from=${encodeURIComponent(a)}&to=${encodeURIComponent(b)}&format=xlsx`;
          const method = kind === 'stock' ? 'GET' : 'POST';
          const r = await t.app.inject({
            method,
            url,
            headers,
            ...(method === 'POST' ? { payload: JSON.stringify(payload) ?? 'null' } : {}),
          });
          expect({ status: r.statusCode, body: r.statusCode >= 500 ? r.body : '' }).toEqual({ status: r.statusCode, body: '' });
          if (r.statusCode >= 400) expect(typeof r.json().message).toBe('string');
          const after = await state();
          if (r.statusCode === 201 && r.headers['idempotent-replayed'] !== 'true') {
            expect(after['audit_log']).toBe(before['audit_log'] + 1);
          } else if (kind === 'close' || kind === 'reopen') {
            expect(after).toEqual(before);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  test('OpenAPI describes the closings, the stock at a date and the report ranges', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const [path, method] of [
      ['/api/period-closings', 'get'],
      ['/api/period-closings/next', 'get'],
      ['/api/period-closings', 'post'],
      ['/api/period-closings/{until}/reopening', 'post'],
      ['/api/stock', 'get'],
    ]) {
      expect({ path, method, described: Boolean(doc.paths[path]?.[method]) }).toEqual({ path, method, described: true });
    }
    expect(doc.paths['/api/period-closings'].post.requestBody).toMatchObject({
      content: { 'application/json': { schema: { required: ['until'] } } },
    });
    expect(doc.paths['/api/period-closings/{until}/reopening'].post.requestBody).toMatchObject({
      content: { 'application/json': { schema: { required: ['reason'] } } },
    });
    const names = (path: string, method: string) =>
      (doc.paths[path][method].parameters as Array<{ name: string; in: string }>).filter((p) => p.in === 'query').map((p) => p.name);
    expect(names('/api/stock', 'get')).toEqual(['date', 'warehouseId']);
    expect(names('/api/reports/stock', 'post')).toEqual(expect.arrayContaining(['format', 'date']));
    expect(names('/api/reports/products/{id}', 'post')).toEqual(expect.arrayContaining(['format', 'from', 'to']));
    expect(Object.keys(doc.paths['/api/period-closings'].post.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '404', '409']),
    );
  });
});
