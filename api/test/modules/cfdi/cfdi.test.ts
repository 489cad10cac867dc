// A supplier's CFDI 4.0 read for the entry wizard (POST /api/cfdi/parse), kept with the
// entry (POST /api/invoices with `cfdi`, GET /api/invoices/{id}/cfdi) and its products remembered.
// Every refusal is a Spanish 400/409 that changes nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { client, countRows, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { readPdf } from '../../reports/read-report';
import { createCatalog, createProduct, invoiceBody, type Catalog } from '../ledger/fixtures';

jest.setTimeout(120_000);

const FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'cfdi');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const TABLES = ['invoices', 'invoice_lines', 'movements', 'invoice_cfdis', 'cfdi_product_mappings'];

let t: TestApp;
let ana: Client;
let catalog: Catalog;
beforeAll(async () => {
  t = await createTestApp({ env: { INSTITUTION_RFC: 'CCT800101AB1' } });
  ana = client(t, { sub: 'user-ana', name: 'Ana Pérez' });
  catalog = await createCatalog(ana);
});
afterAll(() => t.close());

async function parse(body: Buffer | string, contentType = 'application/xml', claims?: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/cfdi/parse',
    headers: { authorization: `Bearer ${await t.token(claims)}`, 'content-type': contentType },
    payload: body,
  });
}

async function supplier(name: string, rfc: string): Promise<number> {
  const r = await ana.post('/api/catalog/suppliers', { name, rfc });
  expect(r.statusCode).toBe(201);
  return r.json().data.id;
}

describe('POST /api/cfdi/parse', () => {
  test('IVA 16 %: header, supplier by RFC, one row per concept with the price before IVA and «Agregar IVA» ticked', async () => {
    const supplierId = await supplier('Papelería del Centro', 'PCE190312AB1');
    const r = await parse(fixture('iva-16.xml'));
    expect(r.statusCode).toBe(200);
    const data = r.json().data;
    expect(data).toMatchObject({
      uuid: '5B3F2C1A-8D4E-4F6A-9B7C-1E2D3F4A5B6C',
      series: 'A',
      folio: '1029',
      date: '2026-11-20',
      currency: 'MXN',
      subtotal: '12324.00',
      total: '14295.84',
      issuer: { rfc: 'PCE190312AB1', name: 'PAPELERIA DEL CENTRO' },
      receiver: { rfc: 'CCT800101AB1' },
      supplier: { id: supplierId, name: 'Papelería del Centro', rfc: 'PCE190312AB1' },
      warnings: [],
    });
    expect(data.lines).toHaveLength(3);
    expect(data.lines[0]).toMatchObject({
      index: 1,
      description: 'Hojas blancas tamaño carta, caja con 5,000',
      productCode: 'PAP-0101',
      satProductCode: '14111507',
      satUnitCode: 'XBX',
      unitName: 'Caja',
      quantity: '12',
      unitValue: '850.00',
      discount: '0',
      amount: '10200.00',
      vat: { kind: 'TASA', rate: '0.16' },
      ieps: null,
      product: null,
      form: { quantity: '12', basePrice: '850', applyValueAddedTaxToPurchasePrice: true, applyExciseTax: false, exciseTaxRate: '0' },
      warnings: [],
    });
    expect(data.lines[2].description).toBe('Folders tamaño carta "manila" paquete con 100');
  });

  test('IVA + IEPS Tasa: «Agregar IEPS» with «Tasa del IEPS» 8 and «Agregar IVA»', async () => {
    const data = (await parse(fixture('iva-ieps-tasa.xml'))).json().data;
    expect(data.supplier).toBeNull();
    expect(data.lines[0]).toMatchObject({
      vat: { kind: 'TASA', rate: '0.16' },
      ieps: { kind: 'TASA', rate: '0.08' },
      form: { quantity: '24', basePrice: '12.5', applyValueAddedTaxToPurchasePrice: true, applyExciseTax: true, exciseTaxRate: '8' },
      warnings: [],
    });
    expect(data.warnings).toEqual([]);
  });

  test('IEPS Cuota: its stated amount is part of the value, like the IVA the CFDI states', async () => {
    const data = (await parse(fixture('ieps-cuota.xml'))).json().data;
    const line = data.lines[0];
    expect(line.ieps).toEqual({ kind: 'CUOTA', rate: '6.4555' });
    expect(line.form).toMatchObject({ applyExciseTax: false, exciseTaxRate: '0', applyValueAddedTaxToPurchasePrice: true });
    // 795.09 + IEPS 258.22 + IVA 127.21 (16 % of the importe without the IEPS: taken as stated, no warning)
    expect(line).toMatchObject({ value: '1180.52', iepsAmount: '258.22', vatAmount: '127.21', purchasePrice: '29.513', errors: [] });
    expect(line.warnings).toEqual([]);
    // «Precio del artículo» is the unit value, 19.877358 → 19.877 (a display: the value is exact).
    expect(line.form.basePrice).toBe('19.877');
    expect(data.totalInPesos).toBe('1180.52');
  });

  test('exento: vat EXENTO, nothing ticked, no warning', async () => {
    const line = (await parse(fixture('exento.xml'))).json().data.lines[0];
    expect(line.vat).toEqual({ kind: 'EXENTO', rate: null });
    expect(line.form).toEqual({
      quantity: '25',
      basePrice: '320',
      applyValueAddedTaxToPurchasePrice: false,
      applyExciseTax: false,
      exciseTaxRate: '0',
    });
    expect(line.warnings).toEqual([]);
  });

  test('a discount: «Precio del artículo» is the unit value after the line discount; the value is Importe − Descuento + IVA', async () => {
    const data = (await parse(fixture('discount.xml'))).json().data;
    expect(data.discount).toBe('63.40');
    // 6 × 89 − 53.40 = 480.60 → 80.10 each; + IVA 76.90 = 557.50
    expect(data.lines[0]).toMatchObject({ discount: '53.40', value: '557.5', form: { basePrice: '80.1' }, warnings: [] });
    // 435.99 − 10 = 425.99 → 141.996666… → 141.997 shown; + IVA 68.16 = 494.15, 164.717 each
    expect(data.lines[1]).toMatchObject({ value: '494.15', purchasePrice: '164.717', form: { basePrice: '141.997' }, warnings: [] });
    expect(data.warnings).toEqual([]);
    expect(data.totalInPesos).toBe('1051.65');
  });

  test('6-decimal quantities: recorded at 3 with a warning, the value as the CFDI states it', async () => {
    const data = (await parse(fixture('quantities-6-decimals.xml'))).json().data;
    expect(data.lines[0]).toMatchObject({
      quantity: '12.345678',
      value: '551.36',
      purchasePrice: '44.659',
      form: { quantity: '12.346', basePrice: '38.5' },
    });
    expect(data.lines[0].warnings).toEqual([
      'La cantidad 12.345678 tiene más de 3 decimales; se registra 12.346 y el valor del concepto no cambia.',
    ]);
    expect(data.lines[1]).toMatchObject({ value: '275.86', purchasePrice: '110.344', form: { quantity: '2.5', basePrice: '95.124' } });
    expect(data.lines[1].warnings).toEqual([]);
  });

  test('USD with TipoCambio: each line converted to pesos and rounded once; the total in pesos beside it', async () => {
    const data = (await parse(fixture('usd.xml'))).json().data;
    expect(data).toMatchObject({ currency: 'USD', exchangeRate: '17.2345', series: null, folio: null });
    expect(data.warnings).toEqual(['El CFDI está en USD; los precios se convirtieron a pesos con el tipo de cambio 17.2345.']);
    // (1225 + IVA 196) × 17.2345 = 24490.2245 → 24490.22; (43.75 + 7) × 17.2345 = 874.650875 → 874.65
    expect(data.lines[0]).toMatchObject({ value: '24490.22', vatAmount: '3377.96', form: { basePrice: '10556.131' } });
    expect(data.lines[1]).toMatchObject({ value: '874.65', form: { basePrice: '150.802' } });
    // 1471.75 × 17.2345 = 25364.874… → 25364.88: a cent more than the lines (each rounded once).
    expect(data.totalInPesos).toBe('25364.88');
  });

  test('IVA 8 % (border zone) and a retention: the stated IVA is in the value, the retention is not', async () => {
    const data = (await parse(fixture('iva-8-retencion.xml'))).json().data;
    const line = data.lines[0];
    expect(line.vat).toEqual({ kind: 'TASA', rate: '0.08' });
    expect(line.form.applyValueAddedTaxToPurchasePrice).toBe(false);
    expect(line).toMatchObject({ value: '1323', vatAmount: '98', iepsAmount: '0' });
    expect(line.warnings).toEqual([
      'IVA a la tasa de 8 %: el valor incluye el IVA que declara el CFDI ($98.00).',
      'Retención de ISR por $15.31: no forma parte del costo; el total del CFDI la descuenta.',
    ]);
    // Total 1307.69 = 1323.00 − 15.31
    expect(data).toMatchObject({ totalInPesos: '1307.69', withheldInPesos: '15.31' });
  });

  test('totals that do not add up are a warning, not a refusal', async () => {
    const r = await parse(fixture('totals-mismatch.xml'));
    expect(r.statusCode).toBe(200);
    expect(r.json().data.warnings).toEqual([
      'Los totales no cuadran: SubTotal 45.00 − Descuento 0 + traslados 7.2 − retenciones 0 = 52.2, pero el Total dice 99.99.',
    ]);
  });

  test.each([
    ['not-xml.xml', /^El archivo no es un CFDI 4\.0 válido: no es XML bien formado/],
    ['cfdi-33.xml', /^El archivo es un CFDI 3\.3 \(espacio de nombres http:\/\/www\.sat\.gob\.mx\/cfd\/3\); se necesita un CFDI 4\.0\.$/],
    [
      'dtd-entity-bomb.xml',
      /^El archivo no es un CFDI 4\.0 válido: contiene una declaración DOCTYPE o ENTITY, que no se acepta por seguridad\.$/,
    ],
    ['credit-note.xml', /^El CFDI es de tipo «E» \(egreso, nota de crédito\); solo se cargan facturas de ingreso \(tipo «I»\)\.$/],
    ['no-timbre.xml', /^El CFDI no está timbrado: no tiene el complemento TimbreFiscalDigital con su UUID\.$/],
  ])('%s is refused with a Spanish 400 that names the problem', async (name, message) => {
    const before = await countRows(t, TABLES);
    const r = await parse(fixture(name));
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(message);
    expect(await countRows(t, TABLES)).toEqual(before);
  });

  test('a DOCTYPE with an external entity is refused before any parsing (no XXE)', async () => {
    const xml = fixture('iva-16.xml')
      .toString('utf8')
      .replace('<cfdi:Comprobante', '<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<cfdi:Comprobante')
      .replace('PAPELERIA DEL CENTRO', '&xxe;');
    const r = await parse(xml, 'text/xml; charset=utf-8');
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/DOCTYPE/);
    expect(r.body).not.toMatch(/root:/);
  });

  test('a 3 MB file is refused with 413 and the 2 MB limit in Spanish', async () => {
    const padding = `<!-- ${'x'.repeat(3 * 1024 * 1024)} -->`;
    const big = fixture('iva-16.xml').toString('utf8').replace('</cfdi:Comprobante>', `${padding}</cfdi:Comprobante>`);
    const r = await parse(big);
    expect(r.statusCode).toBe(413);
    expect(r.json().message).toBe('El archivo XML es demasiado grande (máximo 2 MB).');
  });

  test('JSON instead of the XML is a 415', async () => {
    const r = await parse(JSON.stringify({ xml: 'x' }), 'application/json');
    expect(r.statusCode).toBe(415);
    expect(r.json().message).toMatch(/XML/);
  });

  test('a currency other than MXN without TipoCambio is refused: it cannot be converted', async () => {
    const xml = fixture('usd.xml').toString('utf8').replace(' TipoCambio="17.2345"', '');
    const r = await parse(xml);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('El CFDI está en USD y no trae TipoCambio; no se puede convertir a pesos.');
  });

  test('a receiver other than INSTITUTION_RFC is refused', async () => {
    const xml = fixture('iva-16.xml').toString('utf8').replace('Rfc="CCT800101AB1"', 'Rfc="OTR900101AA1"');
    const r = await parse(xml);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('El CFDI está emitido al RFC OTR900101AA1, no al de la institución (CCT800101AB1).');
  });

  test('a Consulta may not read a CFDI (403); an Almacenista may', async () => {
    expect((await parse(fixture('exento.xml'), 'application/xml', { sub: 'c', almacen_roles: ['CONSULTA'] })).statusCode).toBe(403);
    expect((await parse(fixture('exento.xml'), 'application/xml', { sub: 'a', almacen_roles: ['ALMACENISTA'] })).statusCode).toBe(200);
  });
});

describe('saving an entry with its CFDI', () => {
  test('keeps the XML byte for byte, remembers the products so the next invoice comes pre-matched; the UUID is never registered twice', async () => {
    const { rows } = await t.db.query<{ id: number }>("SELECT id FROM suppliers WHERE rfc = 'PCE190312AB1'");
    const supplierId = rows[0].id;
    const hojas = await createProduct(ana, 'Hojas blancas carta (caja)');
    const lapiz = await createProduct(ana, 'Lápiz HB');
    const folders = await createProduct(ana, 'Folder manila carta (paquete)');
    const xmlBytes = fixture('iva-16.xml');
    const analysis = (await parse(xmlBytes)).json().data;
    const body = invoiceBody(
      t,
      { ...catalog, supplierId },
      [
        { productId: hojas, quantity: '12', purchasePrice: '986', applyValueAddedTaxToPurchasePrice: true },
        { productId: lapiz, quantity: '50', purchasePrice: '5.22', applyValueAddedTaxToPurchasePrice: true },
        { productId: folders, quantity: '10', purchasePrice: '220.284', applyValueAddedTaxToPurchasePrice: true },
      ],
      { invoiceNumber: 'A1029' },
    );
    body.products.forEach((p, i) => Object.assign(p, { cfdiIndex: i + 1 }));
    const saved = await ana.post('/api/invoices', { ...body, cfdi: { uuid: analysis.uuid.toLowerCase(), xml: xmlBytes.toString('utf8') } });
    expect(saved.statusCode).toBe(201);
    const id = saved.json().data.id;
    expect(saved.json().data.cfdiUuid).toBe('5B3F2C1A-8D4E-4F6A-9B7C-1E2D3F4A5B6C');

    const list = (await ana.get('/api/invoices')).json().data;
    expect(list.find((i: { id: number }) => i.id === id).cfdiUuid).toBe('5B3F2C1A-8D4E-4F6A-9B7C-1E2D3F4A5B6C');

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${id}/cfdi`,
      headers: await t.auth({ sub: 'c', almacen_roles: ['CONSULTA'] }),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toMatch(/^application\/xml/);
    expect(download.headers['content-disposition']).toBe('attachment; filename="5B3F2C1A-8D4E-4F6A-9B7C-1E2D3F4A5B6C.xml"');
    expect(Buffer.compare(download.rawPayload, xmlBytes)).toBe(0);

    // The same CFDI again: 409 on reading and on saving, nothing changes.
    const again = await parse(xmlBytes);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('El CFDI 5B3F2C1A-8D4E-4F6A-9B7C-1E2D3F4A5B6C ya está registrado en la entrada A1029.');
    const before = await countRows(t, TABLES);
    const twice = await ana.post('/api/invoices', {
      ...body,
      invoiceNumber: 'A1029-bis',
      cfdi: { uuid: analysis.uuid, xml: xmlBytes.toString('utf8') },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('El CFDI 5B3F2C1A-8D4E-4F6A-9B7C-1E2D3F4A5B6C ya está registrado en la entrada A1029.');
    expect(await countRows(t, TABLES)).toEqual(before);

    // The second invoice of the supplier comes pre-matched (by NoIdentificacion, in its own order).
    const second = (await parse(fixture('iva-16-second.xml'))).json().data;
    expect(second.lines.map((l: { product: unknown }) => l.product)).toEqual([
      { id: lapiz, name: 'Lápiz HB' },
      { id: hojas, name: 'Hojas blancas carta (caja)' },
    ]);
  });

  test('the voucher PDF prints the UUID under the invoice number', async () => {
    const { rows } = await t.db.query<{ invoice_id: number }>('SELECT invoice_id FROM invoice_cfdis LIMIT 1');
    const r = await t.app.inject({ method: 'POST', url: `/api/reports/invoices/${rows[0].invoice_id}`, headers: await t.auth() });
    expect(r.statusCode).toBe(200);
    const pdf = await readPdf(r.rawPayload);
    const at = pdf.lines.findIndex((l) => l.startsWith('Número de factura: | A1029'));
    expect(at).toBeGreaterThan(-1);
    expect(pdf.lines.slice(at + 1)).toContain('UUID del CFDI: | 5B3F2C1A-8D4E-4F6A-9B7C-1E2D3F4A5B6C');
  });

  test('without NoIdentificacion the mapping is by ClaveProdServ + description; lines map by position', async () => {
    const supplierId = await supplier('Materiales de la Frontera', 'MBF200120AA5');
    const cemento = await createProduct(ana, 'Cemento gris 50 kg');
    const xml = fixture('iva-8-retencion.xml').toString('utf8');
    const body = invoiceBody(t, { ...catalog, supplierId }, [{ productId: cemento, quantity: '5', purchasePrice: '245' }]);
    const saved = await ana.post('/api/invoices', { ...body, cfdi: { uuid: '1B2C3D4E-5F60-4172-8839-4A5B6C7D8E9F', xml } });
    expect(saved.statusCode).toBe(201);
    const { rows } = await t.db.query('SELECT concept_key, product_id FROM cfdi_product_mappings WHERE supplier_rfc = $1', [
      'MBF200120AA5',
    ]);
    expect(rows).toEqual([{ concept_key: 'PS:30111601:CEMENTO GRIS BULTO 50 KG', product_id: cemento }]);
  });

  test('refusals on save change nothing: a UUID that is not the XML’s, a supplier that is not the issuer, a broken XML', async () => {
    const hojas = await createProduct(ana, 'Hojas (otra)');
    const xml = fixture('iva-16-second.xml').toString('utf8');
    const { rows } = await t.db.query<{ id: number }>("SELECT id FROM suppliers WHERE rfc = 'PCE190312AB1'");
    const ok = invoiceBody(t, { ...catalog, supplierId: rows[0].id }, [{ productId: hojas, quantity: '1', purchasePrice: '1' }]);
    const wrongSupplier = invoiceBody(t, catalog, [{ productId: hojas, quantity: '1', purchasePrice: '1' }]);
    const before = await countRows(t, TABLES);

    const r1 = await ana.post('/api/invoices', { ...ok, cfdi: { uuid: '00000000-0000-4000-8000-000000000000', xml } });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().message).toBe(
      'El UUID indicado (00000000-0000-4000-8000-000000000000) no es el del XML (7C1D9E2F-3A4B-4C5D-8E6F-0A1B2C3D4E5F).',
    );
    const r2 = await ana.post('/api/invoices', { ...wrongSupplier, cfdi: { uuid: '7C1D9E2F-3A4B-4C5D-8E6F-0A1B2C3D4E5F', xml } });
    expect(r2.statusCode).toBe(400);
    expect(r2.json().message).toMatch(/no es el emisor del CFDI \(RFC PCE190312AB1\)\.$/);
    const r3 = await ana.post('/api/invoices', { ...ok, cfdi: { uuid: 'x', xml: fixture('dtd-entity-bomb.xml').toString('utf8') } });
    expect(r3.statusCode).toBe(400);
    expect(r3.json().message).toMatch(/DOCTYPE/);
    const r4 = await ana.post('/api/invoices', { ...ok, cfdi: { uuid: 'x' } });
    expect(r4.statusCode).toBe(400);
    expect(r4.json().message).toBe('El CFDI adjunto debe traer su UUID y su XML.');
    expect(await countRows(t, TABLES)).toEqual(before);
  });

  test('GET /api/invoices/{id}/cfdi of an entry without CFDI, or of no entry, is a Spanish 404', async () => {
    const product = await createProduct(ana, 'Sin CFDI');
    const saved = await ana.post('/api/invoices', invoiceBody(t, catalog, [{ productId: product, quantity: '1', purchasePrice: '1' }]));
    const r = await ana.get(`/api/invoices/${saved.json().data.id}/cfdi`);
    expect(r.statusCode).toBe(404);
    expect(r.json().message).toBe('La entrada no tiene un CFDI guardado.');
    expect((await ana.get('/api/invoices/999999/cfdi')).json().message).toBe('No existe la entrada solicitada.');
  });
});
