// A product's «Código de barras»: GTIN check digits of each length, what an internal code may
// hold, and the field in the product bodies.
import { validate } from 'superstruct';
import { createProductSchema, updateProductSchema } from '../schemas';
import { BARCODE_MESSAGES, barcodeProblem, checkDigitMessage, gtinCheckDigit, internalBarcode, isGtin } from './barcode';

describe('«Código de barras»', () => {
  // Published examples of each GTIN length (GS1), and each with its last digit changed.
  const valid = {
    'GTIN-8': '96385074',
    'GTIN-12 (UPC-A)': '036000291452',
    'GTIN-13 (EAN-13)': '4006381333931',
    'GTIN-14': '10012345678902',
  };

  it.each(Object.entries(valid))('%s %s: its check digit is verified', (_kind, code) => {
    expect(barcodeProblem(code)).toBeNull();
    expect(isGtin(code)).toBe(true);
    expect(gtinCheckDigit(code.slice(0, -1))).toBe(Number(code.at(-1)));
    const wrong = code.slice(0, -1) + String((Number(code.at(-1)) + 1) % 10);
    expect(barcodeProblem(wrong)).toBe(checkDigitMessage(Number(code.at(-1))));
    expect(barcodeProblem(wrong)).toMatch(/^El dígito verificador no corresponde/);
  });

  it('digits of another length are not a GTIN; an internal code has a letter and no spaces or accents', () => {
    for (const code of ['1234567', '123456789', '12345678901', '123456789012345'])
      expect(barcodeProblem(code)).toBe(BARCODE_MESSAGES.gtinLength);
    for (const code of ['ALM000042', 'INV-2026/15', 'A.1']) expect(barcodeProblem(code)).toBeNull();
    for (const code of ['ALM 42', 'CAFÉ1', '-ALM', 'X'.repeat(41)]) expect(barcodeProblem(code)).toBe(BARCODE_MESSAGES.characters);
  });

  it("Almacén's internal code: ALM and the id in at least six digits, never a GTIN", () => {
    expect(internalBarcode(42)).toBe('ALM000042');
    expect(internalBarcode(1234567)).toBe('ALM1234567');
    expect(barcodeProblem(internalBarcode(42))).toBeNull();
    expect(isGtin(internalBarcode(42))).toBe(false);
  });

  it('is optional in «Nuevo producto» and «Editar producto»; a wrong one is refused with its reason', () => {
    expect(validate({ name: 'Café' }, createProductSchema)[0]).toBeUndefined();
    for (const barcode of [null, '', ' 4006381333931 ', 'alm000042'])
      expect(validate({ name: 'Café', barcode }, createProductSchema)[0]).toBeUndefined();
    const [error] = validate({ id: 3, name: 'Café', barcode: '4006381333932' }, updateProductSchema);
    expect(error?.failures().map((f) => [f.path.join('.'), f.message])).toEqual([['barcode', checkDigitMessage(1)]]);
    expect(validate({ name: 'Café', barcode: 4006381333931 }, createProductSchema)[0]?.failures()[0]?.message).toBe(
      BARCODE_MESSAGES.characters,
    );
  });
});
