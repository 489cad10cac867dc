// An entry loaded from a CFDI is worth exactly what the CFDI says: a line carries its concept's
// Importe − Descuento plus the IVA and IEPS traslados it states (× TipoCambio), to the cent once;
// the ledger records that value and the average is its quotient. The worked examples, each defect
// that was found (they failed before the rule), the registration's own checks, and the voucher's
// "Total del CFDI".
import { client, countRows, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { readPdf } from '../../reports/read-report';
import { createCatalog, createProduct, dispatchBody, invoiceBody, stockOf, type Catalog } from '../ledger/fixtures';
import { buildCfdi, type ConceptSpec } from './build-cfdi';

jest.setTimeout(120_000);

let t: TestApp;
let c: Client;
let catalog: Catalog;
let supplierId: number;
const ISSUER = { rfc: 'CPR1001017Z2', nombre: 'COMERCIALIZADORA DE PLASTICOS' };
beforeAll(async () => {
  t = await createTestApp();
  c = client(t, { sub: 'user-almacen', name: 'Lucía Hernández' });
  catalog = await createCatalog(c);
  const r = await c.post('/api/catalog/suppliers', { name: 'Comercializadora de Plásticos', rfc: ISSUER.rfc });
  supplierId = r.json().data.id;
});
afterAll(() => t.close());

async function parse(xml: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/cfdi/parse',
    headers: { authorization: `Bearer ${await t.token()}`, 'content-type': 'application/xml' },
    payload: xml,
  });
}

/** Registers the entry as the wizard sends it: each line from its concept, carrying the value the parse showed. */
async function register(xml: string, uuid: string, lines: Array<{ productId: number; index: number; amount?: string; quantity?: string }>) {
  const analysis = (await parse(xml)).json().data;
  const body = invoiceBody(
    t,
    catalog,
    lines.map((l) => {
      const line = analysis.lines[l.index - 1];
      return {
        productId: l.productId,
        quantity: l.quantity ?? line.form.quantity,
        purchasePrice: line.purchasePrice,
        applyValueAddedTaxToPurchasePrice: line.form.applyValueAddedTaxToPurchasePrice,
        applyExciseTax: line.form.applyExciseTax,
        exciseTaxRate: line.form.exciseTaxRate,
      };
    }),
    { supplierId, invoiceNumber: `CFDI-${uuid.slice(0, 8)}` },
  );
  return c.post('/api/invoices', {
    ...body,
    cfdi: { uuid, xml },
    products: body.products.map((p: object, i: number) => ({
      ...p,
      cfdiIndex: lines[i].index,
      amount: lines[i].amount ?? analysis.lines[lines[i].index - 1].value,
    })),
  });
}

const iva16 = (base: string, importe: string) => ({ impuesto: '002' as const, tasa: '0.160000', base, importe });

describe('worked example 1: 1,200 pieces at 0.33 + IVA 16 % (Importe 396.00, IVA 63.36, Total 459.36)', () => {
  const concept: ConceptSpec = {
    noIdentificacion: 'BOL-CH',
    cantidad: '1200',
    descripcion: 'Bolsa de plástico chica',
    valorUnitario: '0.33',
    importe: '396.00',
    traslados: [iva16('396.00', '63.36')],
  };
  let productId: number;
  test('the parse: the line is worth 459.36 (0.3828 a piece, shown 0.383), the CFDI totals 459.36', async () => {
    const { xml } = buildCfdi({ issuer: ISSUER, concepts: [concept] });
    const data = (await parse(xml)).json().data;
    expect(data.lines[0]).toMatchObject({ value: '459.36', vatAmount: '63.36', purchasePrice: '0.383', errors: [], warnings: [] });
    expect(data.totalInPesos).toBe('459.36');
  });

  test('registered: the entry is worth 459.36, the stock 1,200 @ 0.3828; an exit of 1,000 leaves at 382.80 and 200 are worth 76.56', async () => {
    productId = await createProduct(c, 'Bolsa de plástico chica');
    const { xml, uuid } = buildCfdi({ issuer: ISSUER, concepts: [concept] });
    const r = await register(xml, uuid, [{ productId, index: 1 }]);
    expect(r.statusCode).toBe(201);
    expect(r.json().data).toMatchObject({ total: '459.36', cfdiTotal: '459.36' });
    expect(r.json().data.products[0]).toMatchObject({ purchasePrice: '0.383', amount: '459.36', cfdiConcept: 1, vatAmount: '63.36' });
    expect(await stockOf(c, productId)).toMatchObject({ availableQuantity: '1200', averagePrice: '0.3828', value: '459.36' });
    const out = await c.post('/api/dispatches', dispatchBody(t, catalog, [{ productId, quantity: '1000' }]));
    expect(out.statusCode).toBe(201);
    const moved = (await c.get(`/api/movements/products/${productId}`)).json().data;
    expect(moved.map((m: { movementType: string; price: string; amount: string }) => [m.movementType, m.price, m.amount])).toEqual([
      ['INVOICE', '0.3828', '459.36'],
      ['DISPATCH', '0.3828', '382.8'],
    ]);
    expect(await stockOf(c, productId)).toMatchObject({ availableQuantity: '200', averagePrice: '0.3828', value: '76.56' });
  });
});

test('worked example 2: the concept is worth its own Importe (3,824.15), not Cantidad × ValorUnitario (3,824.16), less its Descuento, plus its IVA', async () => {
  const { xml, uuid } = buildCfdi({
    issuer: ISSUER,
    concepts: [
      {
        noIdentificacion: 'CONT-80',
        cantidad: '3',
        descripcion: 'Contenedor de plástico 80 litros',
        valorUnitario: '1274.72',
        importe: '3824.15',
        descuento: '24.15',
        traslados: [iva16('3800.00', '608.00')],
      },
    ],
  });
  const data = (await parse(xml)).json().data;
  // 3,824.15 − 24.15 + 608.00 = 4,408.00
  expect(data.lines[0]).toMatchObject({ value: '4408', purchasePrice: '1469.333' });
  expect(data.lines[0].warnings).toEqual([
    'El importe del concepto (3824.15) no es la cantidad por el valor unitario (3824.16); se tomó el importe.',
  ]);
  const productId = await createProduct(c, 'Contenedor de plástico 80 litros');
  const r = await register(xml, uuid, [{ productId, index: 1 }]);
  expect(r.statusCode).toBe(201);
  expect(await stockOf(c, productId)).toMatchObject({ availableQuantity: '3', value: '4408', averagePrice: '1469.333333' });
});

test('worked example 3: the IVA the CFDI states (0.16 on a 399.00 concept) is the one taken, and said', async () => {
  const { xml, uuid } = buildCfdi({
    issuer: ISSUER,
    concepts: [
      {
        noIdentificacion: 'SILLA',
        cantidad: '1',
        descripcion: 'Silla apilable',
        valorUnitario: '399.00',
        importe: '399.00',
        traslados: [iva16('1', '0.16')],
      },
    ],
  });
  const data = (await parse(xml)).json().data;
  expect(data.lines[0]).toMatchObject({ value: '399.16', vatAmount: '0.16' });
  expect(data.lines[0].warnings).toEqual([
    'El IVA del concepto en el CFDI ($0.16) no es el 16 % de su importe ($63.84); se tomó el del CFDI.',
  ]);
  const productId = await createProduct(c, 'Silla apilable');
  expect((await register(xml, uuid, [{ productId, index: 1 }])).statusCode).toBe(201);
  expect(await stockOf(c, productId)).toMatchObject({ availableQuantity: '1', value: '399.16' });
});

test('IVA 0 % and Exento concepts carry no «solo suma el 16 %» warning: there is nothing to add', async () => {
  const { xml } = buildCfdi({
    issuer: ISSUER,
    concepts: [
      {
        cantidad: '2',
        descripcion: 'Libro de texto',
        valorUnitario: '150.00',
        importe: '300.00',
        traslados: [{ impuesto: '002', tasa: '0.000000', base: '300.00', importe: '0.00' }],
      },
      {
        cantidad: '1',
        descripcion: 'Curso de capacitación',
        valorUnitario: '500.00',
        importe: '500.00',
        traslados: [{ impuesto: '002', tipoFactor: 'Exento', base: '500.00' }],
      },
    ],
  });
  const data = (await parse(xml)).json().data;
  expect(data.lines.map((l: { value: string; warnings: string[] }) => [l.value, l.warnings])).toEqual([
    ['300', []],
    ['500', []],
  ]);
  expect(data.warnings).toEqual([]);
});

test('a file in the CFDI 3.3 namespace is refused as CFDI 3.3 whatever its Version says, and the message does not contradict itself', async () => {
  const { xml } = buildCfdi({
    issuer: ISSUER,
    namespace: 'http://www.sat.gob.mx/cfd/3',
    version: '4.0',
    concepts: [{ cantidad: '1', descripcion: 'Cuaderno', valorUnitario: '10', importe: '10' }],
  });
  const r = await parse(xml);
  expect(r.statusCode).toBe(400);
  expect(r.json().message).toBe('El archivo es un CFDI 3.3 (espacio de nombres http://www.sat.gob.mx/cfd/3); se necesita un CFDI 4.0.');
});

test('a Cantidad of 1,000,000 digits is refused as the SAT pattern refuses it, before any arithmetic: a 400, not a worker held until its time runs out', async () => {
  const huge = '9'.repeat(1_000_000);
  const { xml } = buildCfdi({
    issuer: ISSUER,
    concepts: [{ cantidad: huge, descripcion: 'Cuaderno', valorUnitario: '10', importe: '10' }],
  });
  for (let i = 0; i < 3; i++) {
    const r = await parse(xml);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(
      `El archivo no es un CFDI 4.0 válido: el atributo Cantidad del concepto 1 no es un número como lo pide el SAT (a lo más 18 dígitos y 6 decimales: «${'9'.repeat(30)}…» de 1,000,000 caracteres).`,
    );
  }
  const valid = buildCfdi({ issuer: ISSUER, concepts: [{ cantidad: '2', descripcion: 'Cuaderno', valorUnitario: '10', importe: '20' }] });
  expect((await parse(valid.xml)).statusCode).toBe(200);
});

test('in a foreign currency a warning says the amount as the CFDI states it, in its currency, with what it is in pesos', async () => {
  const { xml } = buildCfdi({
    issuer: ISSUER,
    moneda: 'USD',
    tipoCambio: '17.5',
    concepts: [
      {
        cantidad: '2',
        descripcion: 'Servicio de calibración',
        valorUnitario: '50',
        importe: '100.00',
        traslados: [{ impuesto: '002', tasa: '0.080000', base: '100.00', importe: '8.00' }],
        retenciones: [{ impuesto: '001', tipoFactor: 'Tasa', tasa: '0.100000', base: '100.00', importe: '10.00' }],
      },
    ],
  });
  const line = (await parse(xml)).json().data.lines[0];
  expect(line.value).toBe('1890');
  expect(line.warnings).toEqual(
    expect.arrayContaining([
      'IVA a la tasa de 8 %: el valor incluye el IVA que declara el CFDI (8.00 USD = $140.00).',
      'Retención de ISR por 10.00 USD = $175.00: no forma parte del costo; el total del CFDI la descuenta.',
    ]),
  );
});

test('a remembered product is never matched silently to a concept with another description under the same code', async () => {
  const transport = await createProduct(c, 'Transporte de carga por carretera');
  const first = buildCfdi({
    issuer: ISSUER,
    concepts: [
      {
        noIdentificacion: 'A-100',
        cantidad: '1',
        descripcion: 'Transporte de carga por carretera',
        valorUnitario: '1000',
        importe: '1000',
      },
    ],
  });
  expect((await register(first.xml, first.uuid, [{ productId: transport, index: 1 }])).statusCode).toBe(201);
  const same = buildCfdi({
    issuer: ISSUER,
    concepts: [
      {
        noIdentificacion: 'A-100',
        cantidad: '2',
        descripcion: 'Transporte de carga  por carretera',
        valorUnitario: '1000',
        importe: '2000',
      },
    ],
  });
  expect((await parse(same.xml)).json().data.lines[0]).toMatchObject({ product: { id: transport }, rememberedDescription: null });
  const other = buildCfdi({
    issuer: ISSUER,
    concepts: [{ noIdentificacion: 'A-100', cantidad: '3', descripcion: 'Cigarros', valorUnitario: '80', importe: '240' }],
  });
  expect((await parse(other.xml)).json().data.lines[0]).toMatchObject({
    product: { id: transport, name: 'Transporte de carga por carretera' },
    rememberedDescription: 'Transporte de carga por carretera',
  });
});

test('what the entry would refuse at save is said at parse, on the concept: a price over the maximum after the exchange rate', async () => {
  const { xml } = buildCfdi({
    issuer: ISSUER,
    moneda: 'USD',
    tipoCambio: '20.000000',
    concepts: [{ cantidad: '1', descripcion: 'Torno industrial', valorUnitario: '99999999999.00', importe: '99999999999.00' }],
  });
  const line = (await parse(xml)).json().data.lines[0];
  expect(line.errors).toEqual([
    'El precio unitario que resulta (1999999999980) es mayor que el máximo que registra el almacén (999999999999.999).',
  ]);
});

describe('the registration reads the XML again and values the line from it', () => {
  const concept: ConceptSpec = {
    noIdentificacion: 'CUB',
    cantidad: '10',
    descripcion: 'Cubeta de 19 litros',
    valorUnitario: '45.50',
    importe: '455.00',
    traslados: [iva16('455.00', '72.80')],
  };
  test("another amount, or the concept's with another quantity, is a Spanish 400 and writes nothing; without a CFDI a line carries no amount", async () => {
    const productId = await createProduct(c, 'Cubeta de 19 litros');
    const before = await countRows(t, ['invoices', 'movements']);
    const { xml, uuid } = buildCfdi({ issuer: ISSUER, concepts: [concept] });
    const wrong = await register(xml, uuid, [{ productId, index: 1, amount: '527.81' }]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors['products.0.amount']).toBe('El importe del renglón 1 no es el del concepto 1 del CFDI (527.8).');
    const edited = await register(xml, uuid, [{ productId, index: 1, quantity: '9' }]);
    expect(edited.statusCode).toBe(400);
    expect(edited.json().errors['products.0.quantity']).toBe(
      'La cantidad del renglón 1 no es la del concepto 1 del CFDI (10); un renglón con otra cantidad se registra con el precio tecleado.',
    );
    const typed = await c.post('/api/invoices', {
      ...invoiceBody(t, catalog, [{ productId, quantity: '10', purchasePrice: '52.78' }]),
      products: [
        {
          productId,
          quantity: '10',
          purchasePrice: '52.78',
          applyValueAddedTaxToPurchasePrice: false,
          applyExciseTax: false,
          exciseTaxRate: '0',
          amount: '527.8',
        },
      ],
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().errors['products.0.amount']).toBe(
      'Solo un renglón que viene de un concepto del CFDI lleva su importe; indica el precio del artículo.',
    );
    expect(await countRows(t, ['invoices', 'movements'])).toEqual(before);
  });

  test('a line of the CFDI sent without its amount is a typed line: quantity × the price shown, to the cent', async () => {
    const productId = await createProduct(c, 'Cubeta de 19 litros (tecleada)');
    const { xml, uuid } = buildCfdi({
      issuer: ISSUER,
      concepts: [{ ...concept, cantidad: '7', importe: '318.50', traslados: [iva16('318.50', '50.96')] }],
    });
    const analysis = (await parse(xml)).json().data;
    const body = invoiceBody(t, catalog, [{ productId, quantity: '7', purchasePrice: analysis.lines[0].purchasePrice }], { supplierId });
    const r = await c.post('/api/invoices', {
      ...body,
      cfdi: { uuid, xml },
      products: body.products.map((p: object) => ({ ...p, cfdiIndex: 1 })),
    });
    expect(r.statusCode).toBe(201);
    // 369.46 / 7 = 52.78 shown; typed: 7 × 52.78 = 369.46 (here the same, to the cent)
    expect(r.json().data.products[0]).toMatchObject({ purchasePrice: '52.78', amount: '369.46', cfdiConcept: null });
  });
});

test('the voucher prints "Total del CFDI" beside the entry\'s total when they differ, with the retentions named', async () => {
  const productId = await createProduct(c, 'Cemento gris bulto 50 kg (retención)');
  const { xml, uuid } = buildCfdi({
    issuer: ISSUER,
    concepts: [
      {
        cantidad: '5',
        descripcion: 'Cemento gris bulto 50 kg',
        valorUnitario: '245.00',
        importe: '1225.00',
        traslados: [{ impuesto: '002', tasa: '0.080000', base: '1225.00', importe: '98.00' }],
        retenciones: [{ impuesto: '001', tipoFactor: 'Tasa', tasa: '0.012500', base: '1225.00', importe: '15.31' }],
      },
    ],
  });
  const r = await register(xml, uuid, [{ productId, index: 1 }]);
  expect(r.statusCode).toBe(201);
  expect(r.json().data).toMatchObject({ total: '1323', cfdiTotal: '1307.69', cfdiWithheld: '15.31' });
  const voucher = await t.app.inject({ method: 'POST', url: `/api/reports/invoices/${r.json().data.id}`, headers: await t.auth() });
  expect(voucher.statusCode).toBe(200);
  const text = (await readPdf(voucher.rawPayload)).lines.join('\n');
  expect(text).toMatch(/Total \| \$1,323\.00/);
  expect(text).toMatch(/Total del CFDI \| \$1,307\.69/);
  expect(text).toMatch(/Retenciones del CFDI \| \$15\.31/);
  expect(text).toMatch(/Diferencia con el CFDI \| \$15\.31/);
});
