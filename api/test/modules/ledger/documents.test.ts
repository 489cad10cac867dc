// Invoices and dispatches as a clerk and an auditor see them: what is saved and answered, who and
// when, what is refused (with the form's Spanish messages) and that a refusal changes nothing,
// backdating, immutability, and the stock/movement reads.
import { auditChanges } from '@almacen/shared/domain-pages';
import { client, countRows, auditRows, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createCatalog, createProduct, dispatchBody, invoiceBody, LEDGER_TABLES, stockOf, today, type Catalog } from './fixtures';

// Each file creates and migrates its own database; on a busy machine that alone can take seconds.
jest.setTimeout(120_000);

let t: TestApp;
let ana: Client;
let catalog: Catalog;
beforeAll(async () => {
  t = await createTestApp();
  ana = client(t, { sub: 'user-ana', name: 'Ana Pérez' });
  catalog = await createCatalog(ana);
});
afterAll(() => t.close());

const shiftDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Embeddings, overrides and isolates: every free text refuses them (SECURITY.md). */
const BIDI_CONTROLS = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
const BIDI_MESSAGE = 'El texto contiene caracteres de control invisibles no permitidos.';

describe('POST /api/invoices', () => {
  test('answers 201 with the saved invoice (data.invoiceNumber), its lines and movements; records who and when; audits it', async () => {
    const productId = await createProduct(ana, 'Hojas blancas tamaño carta');
    const body = invoiceBody(
      t,
      catalog,
      [
        {
          productId,
          quantity: '12',
          purchasePrice: '116',
          observations: '  Caja con 5,000 hojas  ',
          applyValueAddedTaxToPurchasePrice: true,
          applyExciseTax: false,
          exciseTaxRate: '0',
        },
      ],
      { invoiceNumber: '  A-1029  ', invoiceType: 'DONATIVO' },
    );
    const response = await ana.post('/api/invoices', body);
    expect(response.statusCode).toBe(201);
    const invoice = response.json().data;
    expect(invoice).toMatchObject({
      id: expect.any(Number),
      invoiceNumber: 'A-1029',
      invoiceType: 'DONATIVO',
      invoiceDate: today(t),
      supplierId: catalog.supplierId,
      directorEmployeeId: catalog.employeeIds[0],
      enteredByEmployeeId: catalog.employeeIds[1],
      warehouseKeeperEmployeeId: catalog.employeeIds[2],
      createdBy: 'user-ana',
      createdByName: 'Ana Pérez',
      total: '1392',
      products: [
        {
          productId,
          productName: 'Hojas blancas tamaño carta',
          quantity: '12',
          purchasePrice: '116',
          amount: '1392',
          observations: 'Caja con 5,000 hojas',
          applyValueAddedTaxToPurchasePrice: true,
          applyExciseTax: false,
          exciseTaxRate: '0',
          movementId: expect.any(Number),
        },
      ],
    });

    const movements = await ana.get(`/api/movements/invoices/${invoice.id}`);
    expect(movements.json().data).toEqual([
      expect.objectContaining({
        id: invoice.products[0].movementId,
        productId,
        price: '116',
        quantity: '12',
        movementType: 'INVOICE',
        observations: 'Caja con 5,000 hojas',
        documentId: invoice.id,
        documentDate: today(t),
      }),
    ]);

    const { rows } = await t.db.query('SELECT created_by, created_by_name, created_at <= now() AS recorded FROM invoices WHERE id = $1', [
      invoice.id,
    ]);
    expect(rows[0]).toEqual({ created_by: 'user-ana', created_by_name: 'Ana Pérez', recorded: true });
    const audit = await auditRows(t, 'invoices', invoice.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_sub: 'user-ana', actor_name: 'Ana Pérez', action: 'create', before: null });
    expect(audit[0].after).toMatchObject({ id: invoice.id, invoiceNumber: 'A-1029', total: '1392' });
    // Who signed, by name as well as by id, as they were called that day: the Bitácora shows them.
    expect(audit[0].after).toMatchObject({
      directorEmployeeName: 'María López',
      enteredByEmployeeName: 'Jorge Ramírez',
      warehouseKeeperEmployeeName: 'Lucía Hernández',
    });
    const shown = auditChanges({ entity: 'invoices', before: null, after: audit[0].after }, 'America/Mexico_City');
    expect(shown.find((change) => change.field === 'warehouseKeeperEmployeeId')?.after).toBe(`${catalog.employeeIds[2]} · Lucía Hernández`);
    expect(shown.some((change) => change.field.endsWith('EmployeeName'))).toBe(false);
    // The answer to the client is the document itself.
    expect(invoice).not.toHaveProperty('directorEmployeeName');

    const list = (await ana.get('/api/invoices')).json().data;
    expect(list[0]).toMatchObject({ id: invoice.id, invoiceNumber: 'A-1029', invoiceType: 'DONATIVO', invoiceDate: today(t) });
    expect(list[0].supplier).toMatchObject({ id: catalog.supplierId });
  });

  test('an empty body is refused with the form messages, field by field', async () => {
    const before = await countRows(t, LEDGER_TABLES);
    const response = await ana.post('/api/invoices', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION');
    expect(response.json().errors).toEqual({
      supplierId: 'El nombre del proveedor es un campo obligatorio.',
      invoiceNumber: 'El número de factura es un campo obligatorio.',
      invoiceDate: 'La fecha de la factura es un campo obligatorio.',
      invoiceType: 'El tipo de entrada es un campo obligatorio.',
      directorEmployeeId: 'El nombre del director es un campo obligatorio.',
      enteredByEmployeeId: 'El nombre del elaborador es un campo obligatorio',
      warehouseKeeperEmployeeId: 'El nombre del almacenista es un campo obligatorio.',
      products: 'La factura debe contener por lo menos un producto.',
    });
    expect(await countRows(t, LEDGER_TABLES)).toEqual(before);
  });

  test('line rules: product required, price and quantity above 0, at most 3 decimals; JSON numbers keep their digits', async () => {
    const productId = await createProduct(ana, 'Bolígrafo azul');
    const before = await countRows(t, LEDGER_TABLES);
    const response = await ana.post(
      '/api/invoices',
      invoiceBody(t, catalog, [
        { productId: 0, quantity: '1', purchasePrice: '1' },
        { productId, quantity: 0, purchasePrice: '-1' },
        { productId, quantity: '1.0005', purchasePrice: '2.3456' },
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      'products.0.productId': 'El nombre del producto es un campo obligatorio.',
      'products.1.quantity': 'La cantidad del producto debe ser mayor a 0.',
      'products.1.purchasePrice': 'El precio del producto debe ser mayor a 0.',
      'products.2.quantity': 'El valor admite como máximo 3 decimales.',
      'products.2.purchasePrice': 'El valor admite como máximo 3 decimales.',
    });
    expect(await countRows(t, LEDGER_TABLES)).toEqual(before);

    // 33.333 and 100.005 as JSON NUMBERS (not strings) are stored digit for digit.
    const raw = JSON.stringify(invoiceBody(t, catalog, [{ productId, quantity: 'QTY', purchasePrice: 'PRICE' }]))
      .replace('"QTY"', '33.333')
      .replace('"PRICE"', '100.005');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/invoices',
      headers: { ...(await t.auth()), 'content-type': 'application/json' },
      payload: raw,
    });
    expect(saved.statusCode).toBe(201);
    const { rows } = await t.db.query(
      'SELECT l.quantity::text AS q, l.purchase_price::text AS p, m.amount::text AS amount FROM invoice_lines l JOIN movements m ON m.invoice_line_id = l.id WHERE l.invoice_id = $1',
      [saved.json().data.id],
    );
    // The line is worth 33.333 × 100.005 = 3333.466665 to the cent; the average is that value's quotient.
    expect(rows).toEqual([{ q: '33.333', p: '100.005', amount: '3333.470000000' }]);
    expect(await stockOf(ana, productId)).toMatchObject({ availableQuantity: '33.333', averagePrice: '100.0051', value: '3333.47' });
  });

  test("a bidi control (U+202A–U+202E, U+2066–U+2069) in a line observation or the invoice number: 400 with the forms' message, nothing saved", async () => {
    const productId = await createProduct(ana, 'Carpeta de argollas');
    const before = await countRows(t, LEDGER_TABLES);
    for (const control of BIDI_CONTROLS) {
      const line = await ana.post(
        '/api/invoices',
        invoiceBody(t, catalog, [
          { productId, quantity: '1', purchasePrice: '10' },
          { productId, quantity: '1', purchasePrice: '10', observations: `Caja ${control}dañada` },
        ]),
      );
      expect([control, line.statusCode, line.json().errors]).toEqual([control, 400, { 'products.1.observations': BIDI_MESSAGE }]);
      const number = await ana.post(
        '/api/invoices',
        invoiceBody(t, catalog, [{ productId, quantity: '1', purchasePrice: '10' }], { invoiceNumber: `A-${control}1029` }),
      );
      expect([control, number.statusCode, number.json().errors]).toEqual([control, 400, { invoiceNumber: BIDI_MESSAGE }]);
    }
    expect(await countRows(t, LEDGER_TABLES)).toEqual(before);
  });

  test('IEPS rate: up to 5 decimals and not negative', async () => {
    const productId = await createProduct(ana, 'Refresco de cola 600 ml');
    const tooFine = await ana.post(
      '/api/invoices',
      invoiceBody(t, catalog, [{ productId, quantity: '1', purchasePrice: '20', applyExciseTax: true, exciseTaxRate: '8.000001' }]),
    );
    expect(tooFine.statusCode).toBe(400);
    expect(tooFine.json().errors).toEqual({ 'products.0.exciseTaxRate': 'El valor admite como máximo 5 decimales.' });
    const negative = await ana.post(
      '/api/invoices',
      invoiceBody(t, catalog, [{ productId, quantity: '1', purchasePrice: '20', exciseTaxRate: '-8' }]),
    );
    expect(negative.statusCode).toBe(400);
    const ok = await ana.post(
      '/api/invoices',
      invoiceBody(t, catalog, [{ productId, quantity: '1', purchasePrice: '21.6', applyExciseTax: true, exciseTaxRate: '8.00001' }]),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.products[0]).toMatchObject({ applyExciseTax: true, exciseTaxRate: '8.00001', purchasePrice: '21.6' });
  });

  test('a date after today (in APP_TIME_ZONE) is refused; today and past dates are accepted', async () => {
    const productId = await createProduct(ana, 'Corrector líquido');
    const before = await countRows(t, LEDGER_TABLES);
    const tomorrow = await ana.post(
      '/api/invoices',
      invoiceBody(t, catalog, [{ productId, quantity: '1', purchasePrice: '1' }], { invoiceDate: shiftDays(today(t), 1) }),
    );
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json().errors).toEqual({ invoiceDate: 'La fecha no puede ser posterior a hoy.' });
    const badDate = await ana.post(
      '/api/invoices',
      invoiceBody(t, catalog, [{ productId, quantity: '1', purchasePrice: '1' }], { invoiceDate: '2025-02-30' }),
    );
    expect(badDate.statusCode).toBe(400);
    expect(await countRows(t, LEDGER_TABLES)).toEqual(before);
    const todayOk = await ana.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity: '1', purchasePrice: '1' }]));
    expect(todayOk.statusCode).toBe(201);
  });

  test('unknown supplier, employees or products → 400 naming each field; nothing is created', async () => {
    const productId = await createProduct(ana, 'Grapas estándar');
    const before = await countRows(t, LEDGER_TABLES);
    const response = await ana.post(
      '/api/invoices',
      invoiceBody(
        t,
        catalog,
        [
          { productId, quantity: '1', purchasePrice: '1' },
          { productId: 999999, quantity: '1', purchasePrice: '1' },
        ],
        {
          supplierId: 888888,
          directorEmployeeId: 777777,
          warehouseKeeperEmployeeId: 777778,
        },
      ),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION',
      message: 'El proveedor seleccionado no existe.',
      errors: {
        supplierId: 'El proveedor seleccionado no existe.',
        directorEmployeeId: 'El director seleccionado no existe.',
        warehouseKeeperEmployeeId: 'El almacenista seleccionado no existe.',
        'products.1.productId': 'El producto seleccionado no existe.',
      },
    });
    expect(await countRows(t, LEDGER_TABLES)).toEqual(before);
  });

  test('an invoice number is unique per supplier (ignoring case and spaces) → 409; another supplier may repeat it', async () => {
    const productId = await createProduct(ana, 'Carpeta de argollas');
    const first = await ana.post(
      '/api/invoices',
      invoiceBody(t, catalog, [{ productId, quantity: '1', purchasePrice: '45' }], { invoiceNumber: 'FAC-7781' }),
    );
    expect(first.statusCode).toBe(201);
    const before = await countRows(t, LEDGER_TABLES);
    const again = await ana.post(
      '/api/invoices',
      invoiceBody(t, catalog, [{ productId, quantity: '3', purchasePrice: '45' }], { invoiceNumber: ' fac-7781 ' }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DUPLICATE', errors: { invoiceNumber: expect.stringContaining('fac-7781') } });
    expect(again.json().message).toMatch(/^Ya existe la factura «fac-7781» del proveedor «Papelería del Centro/);
    expect(await countRows(t, LEDGER_TABLES)).toEqual(before);
    expect(await stockOf(ana, productId)).toMatchObject({ availableQuantity: '1' });

    const other = await createCatalog(ana);
    const otherSupplier = await ana.post(
      '/api/invoices',
      invoiceBody(t, other, [{ productId, quantity: '1', purchasePrice: '45' }], { invoiceNumber: 'FAC-7781' }),
    );
    expect(otherSupplier.statusCode).toBe(201);
  });
});

describe('POST /api/dispatches', () => {
  test('exits at the server average whatever exitPrice the form sent; answers the saved dispatch; audits it', async () => {
    const productId = await createProduct(ana, 'Papel higiénico institucional');
    await ana.post(
      '/api/invoices',
      invoiceBody(t, catalog, [
        { productId, quantity: '10', purchasePrice: '10' },
        { productId, quantity: '20', purchasePrice: '13' },
      ]),
    );
    const response = await ana.post(
      '/api/dispatches',
      dispatchBody(t, catalog, [{ productId, quantity: '4', exitPrice: '999.999', observations: 'Dirección' }]),
    );
    expect(response.statusCode).toBe(201);
    const dispatch = response.json().data;
    expect(dispatch).toMatchObject({
      dispatchDate: today(t),
      personInChargeOfTheRequestingAreaEmployeeId: catalog.employeeIds[0],
      petitionerEmployeeId: catalog.employeeIds[1],
      warehouseKeeperEmployeeId: catalog.employeeIds[2],
      createdBy: 'user-ana',
      createdByName: 'Ana Pérez',
      total: '48',
      products: [{ productId, quantity: '4', exitPrice: '12', shownExitPrice: '999.999', amount: '48', observations: 'Dirección' }],
    });
    const movements = (await ana.get(`/api/movements/dispatches/${dispatch.id}`)).json().data;
    expect(movements).toEqual([
      expect.objectContaining({ productId, price: '12', quantity: '4', movementType: 'DISPATCH', observations: 'Dirección' }),
    ]);
    expect(await stockOf(ana, productId)).toMatchObject({ availableQuantity: '26', averagePrice: '12' });
    expect((await auditRows(t, 'dispatches', dispatch.id))[0]).toMatchObject({ action: 'create', actor_sub: 'user-ana' });
    expect((await ana.get('/api/dispatches')).json().data[0]).toEqual({
      id: dispatch.id,
      dispatchDate: today(t),
      createdAt: expect.any(String),
      requestFolio: null,
      status: 'REGISTRADA',
      cancellation: null,
    });
  });

  test('a shortfall in ANY product refuses the whole document (409) and leaves nothing behind', async () => {
    const paper = await createProduct(ana, 'Hojas blancas');
    const toner = await createProduct(ana, 'Tóner cian');
    await ana.post(
      '/api/invoices',
      invoiceBody(t, catalog, [
        { productId: paper, quantity: '3.5', purchasePrice: '80' },
        { productId: toner, quantity: '10', purchasePrice: '900' },
      ]),
    );
    const before = await countRows(t, LEDGER_TABLES);
    const balances = (await t.db.query('SELECT * FROM product_balances ORDER BY product_id')).rows;

    // Two lines of the same product count together: 2 + 3 = 5 > 3.5.
    const response = await ana.post(
      '/api/dispatches',
      dispatchBody(t, catalog, [
        { productId: toner, quantity: '1' },
        { productId: paper, quantity: '2' },
        { productId: paper, quantity: '3' },
      ]),
    );
    expect(response.statusCode).toBe(409);
    const message = `Existencia insuficiente del producto «Hojas blancas» (id ${paper}): disponible 3.5, solicitado 5.`;
    expect(response.json()).toEqual({
      code: 'INSUFFICIENT_STOCK',
      message,
      errors: { 'products.1.quantity': message, 'products.2.quantity': message },
    });
    expect(await countRows(t, LEDGER_TABLES)).toEqual(before);
    expect((await t.db.query('SELECT * FROM product_balances ORDER BY product_id')).rows).toEqual(balances);
  });

  test('a product that never had stock: 409 "disponible 0" and no balance row is left behind', async () => {
    const productId = await createProduct(ana, 'Silla secretarial');
    const response = await ana.post('/api/dispatches', dispatchBody(t, catalog, [{ productId, quantity: '1' }]));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      `Existencia insuficiente del producto «Silla secretarial» (id ${productId}): disponible 0, solicitado 1.`,
    );
    expect((await t.db.query('SELECT 1 FROM product_balances WHERE product_id = $1', [productId])).rowCount).toBe(0);
  });

  test("a bidi control (U+202A–U+202E, U+2066–U+2069) in a line observation: 400 with the forms' message, nothing saved", async () => {
    const productId = await createProduct(ana, 'Cuaderno profesional');
    expect((await ana.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity: '5', purchasePrice: '30' }]))).statusCode).toBe(
      201,
    );
    const before = await countRows(t, LEDGER_TABLES);
    for (const control of BIDI_CONTROLS) {
      const r = await ana.post(
        '/api/dispatches',
        dispatchBody(t, catalog, [{ productId, quantity: '1', observations: `Para ${control}dirección` }]),
      );
      expect([control, r.statusCode, r.json().errors]).toEqual([control, 400, { 'products.0.observations': BIDI_MESSAGE }]);
    }
    expect(await countRows(t, LEDGER_TABLES)).toEqual(before);
    expect(await stockOf(ana, productId)).toMatchObject({ availableQuantity: '5' });
  });

  test('validation: header fields, at least one product, line fields, future date', async () => {
    const before = await countRows(t, LEDGER_TABLES);
    const empty = await ana.post('/api/dispatches', { products: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      dispatchDate: 'La fecha de salida es un campo obligatorio.',
      personInChargeOfTheRequestingAreaEmployeeId: 'El nombre del responsable del área es un campo obligatorio.',
      petitionerEmployeeId: 'El nombre del solicitante es un campo obligatorio.',
      warehouseKeeperEmployeeId: 'El nombre del almacenista es un campo obligatorio.',
      products: 'La salida debe contener por lo menos un producto.',
    });
    const lines = await ana.post(
      '/api/dispatches',
      dispatchBody(t, catalog, [
        { productId: 1, quantity: '0', exitPrice: '0' },
        { productId: 1, quantity: '1.2345' },
      ]),
    );
    expect(lines.json().errors).toEqual({
      'products.0.quantity': 'La cantidad del producto debe ser mayor a 0.',
      'products.0.exitPrice': 'El precio del producto debe ser mayor a 0.',
      'products.1.quantity': 'El valor admite como máximo 3 decimales.',
    });
    const future = await ana.post(
      '/api/dispatches',
      dispatchBody(t, catalog, [{ productId: 1, quantity: '1' }], { dispatchDate: shiftDays(today(t), 1) }),
    );
    expect(future.json().errors).toEqual({ dispatchDate: 'La fecha no puede ser posterior a hoy.' });
    const unknown = await ana.post(
      '/api/dispatches',
      dispatchBody(t, catalog, [{ productId: 424242, quantity: '1' }], { petitionerEmployeeId: 515151 }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({
      petitionerEmployeeId: 'El solicitante seleccionado no existe.',
      'products.0.productId': 'El producto seleccionado no existe.',
    });
    expect(await countRows(t, LEDGER_TABLES)).toEqual(before);
  });
});

test('a backdated document is registered in ledger order and rewrites nothing already recorded', async () => {
  const productId = await createProduct(ana, 'Jabón líquido para manos');
  const first = (await ana.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity: '10', purchasePrice: '30' }]))).json()
    .data;
  const exit = (await ana.post('/api/dispatches', dispatchBody(t, catalog, [{ productId, quantity: '4' }]))).json().data;
  const before = (await ana.get(`/api/movements/products/${productId}`)).json().data;

  const lastMonth = shiftDays(today(t), -30);
  const late = await ana.post(
    '/api/invoices',
    invoiceBody(t, catalog, [{ productId, quantity: '6', purchasePrice: '40' }], { invoiceDate: lastMonth }),
  );
  expect(late.statusCode).toBe(201);
  const after = (await ana.get(`/api/movements/products/${productId}`)).json().data;

  expect(after.slice(0, 2)).toEqual(before); // the signed exit voucher still says 30
  expect(after[1]).toMatchObject({ documentId: exit.id, price: '30', movementType: 'DISPATCH' });
  expect(after[2]).toMatchObject({
    documentId: late.json().data.id,
    documentDate: lastMonth,
    price: '40',
    balanceQuantity: '12',
    balanceAverage: '35',
  });
  expect(after.map((m: { id: number }) => m.id)).toEqual([...after.map((m: { id: number }) => m.id)].sort((a, b) => a - b));
  expect(first.id).toBeLessThan(late.json().data.id);
});

describe('documents and the ledger are immutable', () => {
  test('the database refuses UPDATE and DELETE of movements, documents and lines, and a negative balance', async () => {
    const productId = await createProduct(ana, 'Cuaderno profesional');
    const invoice = (await ana.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity: '5', purchasePrice: '25' }]))).json()
      .data;
    const dispatch = (await ana.post('/api/dispatches', dispatchBody(t, catalog, [{ productId, quantity: '1' }]))).json().data;

    const refused = [
      ['UPDATE movements SET quantity = 1000 WHERE product_id = $1', [productId]],
      ['DELETE FROM movements WHERE product_id = $1', [productId]],
      ['UPDATE invoices SET invoice_number = $2 WHERE id = $1', [invoice.id, 'X']],
      ['DELETE FROM invoices WHERE id = $1', [invoice.id]],
      ['UPDATE invoice_lines SET purchase_price = 1 WHERE invoice_id = $1', [invoice.id]],
      ['DELETE FROM invoice_lines WHERE invoice_id = $1', [invoice.id]],
      ['UPDATE dispatches SET dispatch_date = dispatch_date - 1 WHERE id = $1', [dispatch.id]],
      ['DELETE FROM dispatch_lines WHERE dispatch_id = $1', [dispatch.id]],
      ['TRUNCATE movements CASCADE', []],
    ] as const;
    for (const [sql, params] of refused) {
      await expect(t.db.query(sql, [...params])).rejects.toThrow(/inmutable/);
    }
    await expect(t.db.query('UPDATE product_balances SET quantity = -1 WHERE product_id = $1', [productId])).rejects.toThrow(
      /check constraint/,
    );
    await expect(t.db.query('DELETE FROM product_balances WHERE product_id = $1', [productId])).rejects.toThrow(/movimientos/);
    expect(await stockOf(ana, productId)).toMatchObject({ availableQuantity: '4', averagePrice: '25' });
  });

  test('a product with movements cannot be deleted from the catalogue (409, in use)', async () => {
    const productId = await createProduct(ana, 'Borrador de migajón');
    await ana.post('/api/invoices', invoiceBody(t, catalog, [{ productId, quantity: '1', purchasePrice: '4.5' }]));
    const response = await ana.del(`/api/catalog/products/${productId}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('IN_USE');
    expect((await ana.get(`/api/catalog/products/${productId}`)).statusCode).toBe(200);
  });
});

describe('reads', () => {
  test('GET /api/stock/{productId}: "0"/"0" for a product that never moved, 404 unknown, 400 not an id', async () => {
    const productId = await createProduct(ana, 'Tijeras de oficina');
    expect((await ana.get(`/api/stock/${productId}`)).json()).toEqual({
      data: { availableQuantity: '0', averagePrice: '0', value: '0', hasMovements: false },
    });
    const unknown = await ana.get('/api/stock/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'El producto solicitado no existe.' });
    expect((await ana.get('/api/stock/abc')).statusCode).toBe(400);
  });

  test("GET /api/stock/{productId} asked for many products at once (one query for all): each answer is its own product's", async () => {
    const products = [];
    for (const [name, quantity, price] of [
      ['Marcador negro', '3', '10'],
      ['Marcador rojo', '5.5', '12.25'],
      ['Marcador azul', '0.125', '8'],
    ] as const) {
      const productId = await createProduct(ana, name);
      const body = invoiceBody(t, catalog, [
        {
          productId,
          quantity,
          purchasePrice: price,
          observations: '',
          applyValueAddedTaxToPurchasePrice: false,
          applyExciseTax: false,
          exciseTaxRate: '0',
        },
      ]);
      expect((await ana.post('/api/invoices', body)).statusCode).toBe(201);
      products.push({ productId, quantity, price });
    }
    const never = await createProduct(ana, 'Marcador verde');
    const asked = [...products.map((p) => p.productId), never, 999999, products[1]!.productId];
    const answers = await Promise.all(asked.map((id) => ana.get(`/api/stock/${id}`)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 404, 200]);
    expect(answers.map((answer) => answer.json().data)).toEqual([
      { availableQuantity: '3', averagePrice: '10', value: '30', hasMovements: true },
      { availableQuantity: '5.5', averagePrice: '12.250909', value: '67.38', hasMovements: true },
      { availableQuantity: '0.125', averagePrice: '8', value: '1', hasMovements: true },
      { availableQuantity: '0', averagePrice: '0', value: '0', hasMovements: false },
      undefined,
      { availableQuantity: '5.5', averagePrice: '12.250909', value: '67.38', hasMovements: true },
    ]);
  });

  test('GET /api/movements/…: 404 for an unknown document or product, [] for a product without movements', async () => {
    const productId = await createProduct(ana, 'Regla de 30 cm');
    expect((await ana.get(`/api/movements/products/${productId}`)).json()).toEqual({ data: [], nextCursor: null });
    expect((await ana.get('/api/movements/products/999999')).json()).toEqual({
      code: 'NOT_FOUND',
      message: 'El producto solicitado no existe.',
    });
    expect((await ana.get('/api/movements/invoices/999999')).json()).toEqual({
      code: 'NOT_FOUND',
      message: 'La entrada solicitada no existe.',
    });
    expect((await ana.get('/api/movements/dispatches/999999')).json()).toEqual({
      code: 'NOT_FOUND',
      message: 'La salida solicitada no existe.',
    });
    for (const path of ['/api/movements/products/x', '/api/movements/invoices/0', '/api/movements/dispatches/1.5']) {
      expect((await ana.get(path)).statusCode).toBe(400);
    }
  });

  test('the ledger routes need a bearer token', async () => {
    for (const url of ['/api/invoices', '/api/dispatches', '/api/stock/1', '/api/movements/products/1']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/dispatches', payload: {} })).statusCode).toBe(401);
  });
});
