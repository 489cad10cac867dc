// Property: for random CFDIs of 1 to 12 concepts with random quantities (up to 6 decimals), unit
// values, discounts and taxes (IVA 16 %, 8 %, 0 %, Exento, IEPS at a rate), what the parse gives
// each line adds up to SubTotal − Descuento + the traslados as the CFDI states them, to the cent;
// each line is its own Importe − Descuento + its stated traslados; and, when every quantity fits
// the ledger (3 decimals), the registered entry is worth exactly that and the stock holds it.
import fc from 'fast-check';
import { addDecimal, compareDecimal, multiplyDecimal, subtractDecimal } from '@almacen/shared/domain';
import { client, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createCatalog, createProduct, invoiceBody, stockOf, type Catalog } from '../ledger/fixtures';
import { buildCfdi, type ConceptSpec, type TaxSpec } from './build-cfdi';

jest.setTimeout(300_000);

let t: TestApp;
let c: Client;
let catalog: Catalog;
let supplierId: number;
const ISSUER = { rfc: 'PRO1001017Z2', nombre: 'PROVEEDORA ALEATORIA' };
beforeAll(async () => {
  t = await createTestApp();
  c = client(t, { sub: 'user-almacen', name: 'Lucía Hernández' });
  catalog = await createCatalog(c);
  supplierId = (await c.post('/api/catalog/suppliers', { name: 'Proveedora Aleatoria', rfc: ISSUER.rfc })).json().data.id;
});
afterAll(() => t.close());

const decimal = (units: number, scale: number) => {
  const text = String(units).padStart(scale + 1, '0');
  return scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
};

const IVA = { '16': '0.160000', '8': '0.080000', '0': '0.000000' } as const;
const concept = fc
  .record({
    quantity: fc.integer({ min: 1, max: 99_999_999 }),
    quantityScale: fc.constantFrom(0, 0, 0, 3, 3, 3, 6),
    unitValue: fc.integer({ min: 1, max: 99_999_999 }),
    discountPercent: fc.constantFrom(0, 0, 5, 33),
    iva: fc.constantFrom('16', '16', '8', '0', 'Exento', null),
    ieps: fc.constantFrom(null, null, '0.080000', '0.265000'),
  })
  .map((r): ConceptSpec => {
    const cantidad = decimal(r.quantity, r.quantityScale);
    const valorUnitario = decimal(r.unitValue, 4);
    const importe = multiplyDecimal(cantidad, valorUnitario, 2);
    const descuento = r.discountPercent ? multiplyDecimal(importe, r.discountPercent / 100, 2) : undefined;
    const base = subtractDecimal(importe, descuento ?? '0');
    const traslados: TaxSpec[] = [];
    if (r.ieps) traslados.push({ impuesto: '003', tasa: r.ieps, base, importe: multiplyDecimal(base, r.ieps, 2) });
    if (r.iva === 'Exento') traslados.push({ impuesto: '002', tipoFactor: 'Exento', base });
    else if (r.iva) traslados.push({ impuesto: '002', tasa: IVA[r.iva], base, importe: multiplyDecimal(base, IVA[r.iva], 2) });
    return { cantidad, descripcion: 'Artículo', valorUnitario, importe, ...(descuento ? { descuento } : {}), traslados };
  });

/** Importe − Descuento + the traslados' Importe, as stated. */
const statedValue = (k: ConceptSpec) =>
  addDecimal(subtractDecimal(k.importe, k.descuento ?? '0'), ...(k.traslados ?? []).map((x) => x.importe ?? '0'));

test('property: a CFDI entry is worth SubTotal − Descuento + its traslados as stated, line by line and in the ledger', async () => {
  let run = 0;
  let registered = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(concept, { minLength: 1, maxLength: 12 }), async (concepts) => {
      run++;
      const described = concepts.map((k, i) => ({ ...k, descripcion: `Artículo ${run}-${i + 1}`, noIdentificacion: `A-${run}-${i + 1}` }));
      const { xml, uuid } = buildCfdi({ issuer: ISSUER, concepts: described });
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/cfdi/parse',
        headers: { authorization: `Bearer ${await t.token()}`, 'content-type': 'application/xml' },
        payload: xml,
      });
      expect(r.statusCode).toBe(200);
      const data = r.json().data as { lines: Array<{ value: string; errors: string[] }>; totalInPesos: string };
      const subTotal = addDecimal(...described.map((k) => k.importe));
      const discount = addDecimal('0', ...described.map((k) => k.descuento ?? '0'));
      const transferred = addDecimal('0', ...described.flatMap((k) => (k.traslados ?? []).map((x) => x.importe ?? '0')));
      const expected = addDecimal(subtractDecimal(subTotal, discount), transferred);
      data.lines.forEach((line, i) => expect(compareDecimal(line.value, statedValue(described[i]))).toBe(0));
      expect(compareDecimal(addDecimal(...data.lines.map((l) => l.value)), expected)).toBe(0);
      expect(compareDecimal(data.totalInPesos, expected)).toBe(0);

      // The ledger keeps 3 decimals of quantity and refuses what exceeds its maxima: only such files are registered.
      if (data.lines.some((l) => l.errors.length > 0)) return;
      const analysis = r.json().data;
      const products = await Promise.all(described.map((k) => createProduct(c, `${k.descripcion} ${uuid.slice(0, 8)}`)));
      const body = invoiceBody(
        t,
        catalog,
        analysis.lines.map((line: { form: Record<string, unknown>; purchasePrice: string }, i: number) => ({
          productId: products[i],
          quantity: line.form.quantity as string,
          purchasePrice: line.purchasePrice,
          applyValueAddedTaxToPurchasePrice: line.form.applyValueAddedTaxToPurchasePrice as boolean,
          applyExciseTax: line.form.applyExciseTax as boolean,
          exciseTaxRate: line.form.exciseTaxRate as string,
        })),
        { supplierId, invoiceNumber: `P-${uuid.slice(0, 12)}` },
      );
      const saved = await c.post('/api/invoices', {
        ...body,
        cfdi: { uuid, xml },
        products: body.products.map((p: object, i: number) => ({ ...p, cfdiIndex: i + 1, amount: analysis.lines[i].value })),
      });
      expect(saved.statusCode).toBe(201);
      registered++;
      expect(compareDecimal(saved.json().data.total, expected)).toBe(0);
      for (const [i, productId] of products.entries()) {
        const stock = await stockOf(c, productId);
        expect(compareDecimal(stock.value, statedValue(described[i]))).toBe(0);
      }
    }),
    { numRuns: 40 },
  );
  // Most files fit the ledger: the registration side of the property is not left untried.
  expect(registered).toBeGreaterThan(10);
});
