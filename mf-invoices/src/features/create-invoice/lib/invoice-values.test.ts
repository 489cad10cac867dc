import fc from 'fast-check';
import {
  canonicalDecimal,
  emptyRow,
  exciseFactor,
  jsonDecimal,
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
