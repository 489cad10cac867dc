import fc from 'fast-check';
import {
  canonicalDecimal,
  carriesCfdiValue,
  emptyRow,
  exciseFactor,
  invoiceRowsStep,
  invoiceTotals,
  jsonDecimal,
  lineValueOf,
  purchasePriceOf,
  toCreateInvoiceBody,
  type InvoiceFormValues,
  type InvoiceRowValues,
} from './invoice-values';

const row = (patch: Partial<InvoiceRowValues>): InvoiceRowValues => ({ ...emptyRow('k'), ...patch });

test('IVA multiplies by 1.16, rounded half up to 3 decimals, and unticking gives back the typed price', () => {
  expect(purchasePriceOf(row({ basePrice: '33.333', applyValueAddedTaxToPurchasePrice: true }))).toBe('38.666');
  expect(purchasePriceOf(row({ basePrice: '33.333' }))).toBe('33.333');
  expect(purchasePriceOf(row({ basePrice: '100', applyValueAddedTaxToPurchasePrice: true }))).toBe('116');
  expect(purchasePriceOf(row({ basePrice: '2.5', applyValueAddedTaxToPurchasePrice: true }))).toBe('2.9');
  // half up: 0.003 × 1.16 = 0.00348 → 0.003; 0.004 × 1.16 = 0.00464 → 0.005
  expect(purchasePriceOf(row({ basePrice: '0.004', applyValueAddedTaxToPurchasePrice: true }))).toBe('0.005');
});

test('IEPS multiplies by 1 + rate/100, alone and with IVA in either order', () => {
  expect(exciseFactor('8')).toBe('1.08');
  expect(exciseFactor('26.5')).toBe('1.265');
  expect(exciseFactor('0.00001')).toBe('1.0000001');
  expect(purchasePriceOf(row({ basePrice: '100', applyExciseTax: true, exciseTaxRate: '8' }))).toBe('108');
  expect(purchasePriceOf(row({ basePrice: '100', applyExciseTax: true, exciseTaxRate: '26.5' }))).toBe('126.5');
  // 100 × 1.16 × 1.08 = 125.28; 100 × 1.16 × 1.265 = 146.74
  expect(
    purchasePriceOf(row({ basePrice: '100', applyExciseTax: true, exciseTaxRate: '8', applyValueAddedTaxToPurchasePrice: true })),
  ).toBe('125.28');
  expect(
    purchasePriceOf(row({ basePrice: '100', applyExciseTax: true, exciseTaxRate: '26.5', applyValueAddedTaxToPurchasePrice: true })),
  ).toBe('146.74');
  // 33.333 × 1.2528 = 41.7595824 → 41.76 (one rounding, whatever the order of the ticks)
  expect(
    purchasePriceOf(row({ basePrice: '33.333', applyExciseTax: true, exciseTaxRate: '8', applyValueAddedTaxToPurchasePrice: true })),
  ).toBe('41.76');
});

test('a price or rate that cannot be computed is left as typed, for validation to report', () => {
  expect(purchasePriceOf(row({ basePrice: '', applyValueAddedTaxToPurchasePrice: true }))).toBe('');
  expect(purchasePriceOf(row({ basePrice: '10', applyExciseTax: true, exciseTaxRate: '' }))).toBe('10');
});

const decimalText = (maxInt: number, scale: number) =>
  fc
    .tuple(fc.integer({ min: 0, max: maxInt }), fc.integer({ min: 0, max: 10 ** scale - 1 }), fc.integer({ min: 0, max: scale }))
    .map(([int, frac, places]) => (places === 0 ? String(int) : `${int}.${String(frac).padStart(scale, '0').slice(0, places)}`));

test('any sequence of ticks and unticks ends, with both boxes off, on exactly the typed price', () => {
  fc.assert(
    fc.property(
      decimalText(999_999, 3).filter((p) => Number(p) > 0),
      decimalText(300, 5),
      fc.array(fc.constantFrom<'vat' | 'ieps'>('vat', 'ieps'), { maxLength: 30 }),
      (price, rate, toggles) => {
        let state = row({ basePrice: price, exciseTaxRate: rate });
        for (const toggle of toggles) {
          state =
            toggle === 'vat'
              ? { ...state, applyValueAddedTaxToPurchasePrice: !state.applyValueAddedTaxToPurchasePrice }
              : { ...state, applyExciseTax: !state.applyExciseTax };
          const shown = purchasePriceOf(state);
          // never more than 3 decimals, never a float artefact
          expect(shown).toMatch(/^\d+(\.\d{1,3})?$/);
        }
        state = { ...state, applyValueAddedTaxToPurchasePrice: false, applyExciseTax: false };
        expect(purchasePriceOf(state)).toBe(price);
      },
    ),
    { numRuns: 500 },
  );
});

test('the adjusted price is the exact product rounded once, independent of the order of the ticks', () => {
  fc.assert(
    fc.property(
      decimalText(99_999, 3).filter((p) => Number(p) > 0),
      decimalText(100, 5),
      (price, rate) => {
        const both = purchasePriceOf(
          row({ basePrice: price, exciseTaxRate: rate, applyExciseTax: true, applyValueAddedTaxToPurchasePrice: true }),
        );
        // exact reference with BigInt: price × 116 × (100000·100 + rate·100000) / (100 · 10^7), half up to 3 decimals
        const [pi, pf = ''] = price.split('.');
        const [ri, rf = ''] = rate.split('.');
        const p = BigInt(pi + pf.padEnd(3, '0')); // ×10^3
        const r = BigInt(ri + rf.padEnd(5, '0')); // ×10^5
        const numerator = p * 116n * (10_000_000n + r); // ×10^3 ×10^2 ×10^7
        const denominator = 100n * 10_000_000n; // back to ×10^3
        let units = numerator / denominator;
        if (2n * (numerator % denominator) >= denominator) units += 1n;
        expect(canonicalDecimal(both)).toBe(canonicalDecimal(`${units / 1000n}.${String(units % 1000n).padStart(3, '0')}`));
      },
    ),
    { numRuns: 500 },
  );
});

test('decimals go into JSON as numbers only when the number reads back as the same text', () => {
  expect(jsonDecimal('38.666')).toBe(38.666);
  expect(jsonDecimal('10.50')).toBe(10.5);
  expect(jsonDecimal('007')).toBe(7);
  expect(jsonDecimal('999999999999.999')).toBe(999999999999.999);
  // beyond a double's 15–17 significant digits the text is sent as it is
  expect(jsonDecimal('12345678901234567.8')).toBe('12345678901234567.8');
  fc.assert(
    fc.property(decimalText(999_999_999_999, 3), (text) => {
      const sent = jsonDecimal(text);
      // what the server reads (String(number) for numbers) is exactly the typed decimal
      expect(canonicalDecimal(String(sent))).toBe(canonicalDecimal(text));
    }),
    { numRuns: 1000 },
  );
});

test('the POST body carries the final unit cost and the flags', () => {
  const values: InvoiceFormValues = {
    supplierId: 3,
    invoiceNumber: ' A-100 ',
    invoiceDate: '2026-03-01',
    invoiceType: 'COMPRA_DIRECTA',
    directorEmployeeId: 1,
    enteredByEmployeeId: 2,
    warehouseKeeperEmployeeId: 4,
    products: [
      row({
        key: 'a',
        productId: 10,
        quantity: '2.5',
        basePrice: '33.333',
        applyValueAddedTaxToPurchasePrice: true,
        observations: ' caja ',
      }),
      row({ key: 'b', productId: 11, quantity: '1', basePrice: '100', applyExciseTax: true, exciseTaxRate: '26.5' }),
    ],
  };
  expect(toCreateInvoiceBody(values)).toEqual({
    supplierId: 3,
    invoiceNumber: 'A-100',
    invoiceDate: '2026-03-01',
    invoiceType: 'COMPRA_DIRECTA',
    directorEmployeeId: 1,
    enteredByEmployeeId: 2,
    warehouseKeeperEmployeeId: 4,
    products: [
      {
        productId: 10,
        purchasePrice: 38.666,
        quantity: 2.5,
        observations: 'caja',
        applyExciseTax: false,
        applyValueAddedTaxToPurchasePrice: true,
        exciseTaxRate: 0,
      },
      {
        productId: 11,
        purchasePrice: 126.5,
        quantity: 1,
        observations: null,
        applyExciseTax: true,
        applyValueAddedTaxToPurchasePrice: false,
        exciseTaxRate: 26.5,
      },
    ],
  });
});

// ---- a row filled from a CFDI carries the CFDI's value while it is left as filled ---------------

const cfdiRow = (patch: Partial<InvoiceRowValues> = {}): InvoiceRowValues => {
  const filled = {
    quantity: '1200',
    basePrice: '0.33',
    applyValueAddedTaxToPurchasePrice: true,
    applyExciseTax: false,
    exciseTaxRate: '0',
  };
  return row({
    productId: 3,
    ...filled,
    cfdi: {
      index: 1,
      description: 'Bolsa de plástico chica',
      unit: 'Pieza, H87',
      warnings: [],
      value: '459.36',
      vatAmount: '63.36',
      iepsAmount: '0',
      purchasePrice: '0.383',
      filled,
      errors: [],
      rememberedDescription: null,
      rememberedProductId: null,
    },
    ...patch,
  });
};

test('a CFDI row left as filled is worth the CFDI value (459.36), not quantity × the price shown (1,200 × 0.383 = 459.60)', () => {
  expect(carriesCfdiValue(cfdiRow())).toBe(true);
  expect(purchasePriceOf(cfdiRow())).toBe('0.383');
  expect(lineValueOf(cfdiRow())).toBe('459.36');
  expect(invoiceTotals([cfdiRow()])).toEqual({ total: '459.36', vat: '63.36', ieps: '0', net: '396' });
});

test('changing the quantity, the price or a box makes it a typed line: quantity × price to the cent, taxes split from the amount', () => {
  const edited = cfdiRow({ quantity: '1000' });
  expect(carriesCfdiValue(edited)).toBe(false);
  // 0.33 × 1.16 = 0.3828 → 0.383; 1000 × 0.383 = 383.00
  expect(purchasePriceOf(edited)).toBe('0.383');
  expect(lineValueOf(edited)).toBe('383');
  // 383 ÷ 1.16 = 330.172… → 330.17; IVA 52.83
  expect(invoiceTotals([edited])).toEqual({ total: '383', vat: '52.83', ieps: '0', net: '330.17' });
  expect(carriesCfdiValue(cfdiRow({ applyValueAddedTaxToPurchasePrice: false }))).toBe(false);
  expect(carriesCfdiValue(cfdiRow({ basePrice: '0.34' }))).toBe(false);
});

test('the body sends the CFDI value as `amount` only for a row that carries it', () => {
  const values: InvoiceFormValues = {
    supplierId: 1,
    invoiceNumber: 'A1',
    invoiceDate: '2026-11-20',
    invoiceType: 'COMPRA_DIRECTA',
    directorEmployeeId: 1,
    enteredByEmployeeId: 2,
    warehouseKeeperEmployeeId: 3,
    cfdi: { uuid: 'U', xml: '<x/>', fileName: 'a.xml', issuer: { rfc: 'R', name: 'N' }, warnings: [] },
    products: [cfdiRow(), cfdiRow({ key: 'k2', quantity: '10' })],
  };
  const body = toCreateInvoiceBody(values);
  expect(body.products[0]).toMatchObject({ cfdiIndex: 1, amount: '459.36', purchasePrice: 0.383 });
  expect(body.products[1]).toMatchObject({ cfdiIndex: 1, purchasePrice: 0.383 });
  expect(body.products[1]).not.toHaveProperty('amount');
});

test('row checks: a remembered product to confirm, a CFDI row the entry would refuse, a typed line worth less than a cent', () => {
  const remembered = cfdiRow({
    cfdi: { ...cfdiRow().cfdi!, rememberedDescription: 'Transporte de carga por carretera', rememberedProductId: 3 },
  });
  const refused = cfdiRow({
    key: 'k2',
    cfdi: { ...cfdiRow().cfdi!, errors: ['El precio unitario que resulta (…) es mayor que el máximo…'] },
  });
  const cheap = row({ key: 'k3', productId: 4, quantity: '3', basePrice: '0.001' });
  const values = { products: [remembered, refused, cheap] } as InvoiceFormValues;
  expect(invoiceRowsStep(values)).toEqual({
    'products.0.productId': 'Antes se registró «Transporte de carga por carretera» con este código; revisa el producto.',
    'products.1.basePrice': 'El precio unitario que resulta (…) es mayor que el máximo…',
    'products.2.basePrice':
      'El importe del renglón (cantidad por precio) redondeado al centavo es $0.00; el almacén registra valores desde $0.01.',
  });
  // Confirmed, or another product chosen: no longer asked.
  const confirmed = { ...remembered, cfdi: { ...remembered.cfdi!, productConfirmed: true } };
  expect(invoiceRowsStep({ products: [confirmed, { ...remembered, productId: 9 }] } as InvoiceFormValues)).toEqual({});
});
