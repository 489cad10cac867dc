// What the shared schemas refuse for the forms and the API alike, in the spec's words: names
// nobody can see, document dates no one would write, and — whatever superstruct itself says —
// never an English message that repeats the input.
import { createEmployeeSchema, createProductSchema, updateSupplierSchema } from './catalogs';
import { makeDispatchSchemas, makeInvoiceSchemas } from './documents';
import { freeTextError, MESSAGES } from './primitives';
import { validateWith } from './validate';

const today = () => '2026-11-22';

describe('names must have something visible', () => {
  const invisible: Array<[string, string]> = [
    ['zero-width space, joiners, word joiner, BOM', '\u200B\u200C\u200D\u2060\uFEFF'],
    ['bidi overrides and isolates', '\u202E\u202D\u2066\u2069'],
    ['invisible characters between spaces', '  \u200B \u202E  '],
    ['a combining mark alone', '\u0301'],
    ['a Hangul filler', '\u3164'],
  ];

  it.each(invisible)('%s → the field is empty', (_label, name) => {
    expect(validateWith(createProductSchema, { name })).toEqual({
      ok: false,
      errors: { name: 'El nombre del producto es un campo requerido.' },
      message: 'El nombre del producto es un campo requerido.',
    });
    expect(validateWith(createEmployeeSchema, { name, lastName: 'Pérez' })).toMatchObject({
      errors: { name: 'El nombre del empleado es un campo requerido.' },
    });
  });

  it('a bidi override inside a name is refused (it would read differently in the reports)', () => {
    expect(validateWith(createProductSchema, { name: 'Papel \u202Efdp.exe' })).toMatchObject({
      ok: false,
      errors: { name: MESSAGES.bidiControl },
    });
  });

  it('real names pass: accents, ñ, a decomposed accent, a symbol', () => {
    for (const name of ['Lápiz del número 2', 'Año escolar', 'Jose\u0301 Núñez', 'Caja 📦', 'Cinta 3M®']) {
      expect([name, validateWith(createProductSchema, { name }).ok]).toEqual([name, true]);
    }
  });
});

describe('every free text refuses bidi controls (freeTextError), with one message', () => {
  const bidi = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];

  it.each(bidi.map((c) => [c.codePointAt(0)!.toString(16).toUpperCase(), c]))(
    'U+%s in a line observation of an entry and of an exit',
    (_code, c) => {
      const invoiceLine = makeInvoiceSchemas({ today }).line;
      const dispatchLine = makeDispatchSchemas({ today }).line;
      const observations = `Caja ${c}dañada`;
      expect(
        validateWith(invoiceLine, {
          productId: 1,
          purchasePrice: '1',
          quantity: '1',
          observations,
          applyExciseTax: false,
          applyValueAddedTaxToPurchasePrice: false,
          exciseTaxRate: 0,
        }),
      ).toMatchObject({ ok: false, errors: { observations: MESSAGES.bidiControl } });
      expect(validateWith(dispatchLine, { productId: 1, exitPrice: '1', quantity: '1', observations })).toMatchObject({
        ok: false,
        errors: { observations: MESSAGES.bidiControl },
      });
      expect(freeTextError(observations)).toBe(MESSAGES.bidiControl);
    },
  );

  it('an invoice number with an override is refused too; plain texts pass', () => {
    const header = makeInvoiceSchemas({ today }).header;
    const body = (invoiceNumber: string) => ({
      supplierId: 1,
      invoiceNumber,
      invoiceDate: '2026-05-05',
      invoiceType: 'COMPRA_DIRECTA',
      directorEmployeeId: 1,
      enteredByEmployeeId: 1,
      warehouseKeeperEmployeeId: 1,
    });
    expect(validateWith(header, body('A-\u202E1029'))).toMatchObject({ ok: false, errors: { invoiceNumber: MESSAGES.bidiControl } });
    expect(validateWith(header, body('A-1029')).ok).toBe(true);
    for (const text of ['Caja dañada — 2 piezas 📦', 'Texto en hebreo: שלום', ''])
      expect([text, freeTextError(text)]).toEqual([text, null]);
  });
});

describe('document dates: from 2000-01-01 to today', () => {
  const invoice = makeInvoiceSchemas({ today }).header;
  const dispatch = makeDispatchSchemas({ today }).header;
  const invoiceHeader = (invoiceDate: string) => ({
    supplierId: 1,
    invoiceNumber: 'A-1',
    invoiceDate,
    invoiceType: 'COMPRA_DIRECTA',
    directorEmployeeId: 1,
    enteredByEmployeeId: 1,
    warehouseKeeperEmployeeId: 1,
  });
  const dispatchHeader = (dispatchDate: string) => ({
    dispatchDate,
    personInChargeOfTheRequestingAreaEmployeeId: 1,
    petitionerEmployeeId: 1,
    warehouseKeeperEmployeeId: 1,
  });

  it.each(['0001-01-01', '1900-01-01', '1999-12-31'])('%s is refused with the floor in words', (date) => {
    expect(validateWith(invoice, invoiceHeader(date))).toMatchObject({
      ok: false,
      errors: { invoiceDate: 'La fecha no puede ser anterior al 1 de enero de 2000.' },
    });
    expect(validateWith(dispatch, dispatchHeader(date))).toMatchObject({
      ok: false,
      errors: { dispatchDate: 'La fecha no puede ser anterior al 1 de enero de 2000.' },
    });
  });

  it('the first day allowed and today pass; tomorrow is still refused', () => {
    expect(validateWith(dispatch, dispatchHeader('2000-01-01')).ok).toBe(true);
    expect(validateWith(dispatch, dispatchHeader('2026-11-22')).ok).toBe(true);
    expect(validateWith(dispatch, dispatchHeader('2026-11-23'))).toMatchObject({
      errors: { dispatchDate: 'La fecha no puede ser posterior a hoy.' },
    });
  });

  it('the invoice type used above is a valid one (so the date is what fails)', () => {
    expect(validateWith(invoice, invoiceHeader('2020-05-05')).ok).toBe(true);
  });
});

describe('superstruct’s own messages never reach a person', () => {
  it.each([null, [], 'texto <script>', 12, true])('a body that is not an object (%p) → the generic Spanish message', (input) => {
    const result = validateWith(createProductSchema, input);
    expect(result).toMatchObject({
      ok: false,
      errors: { _: 'Los datos enviados no son válidos.' },
      message: 'Los datos enviados no son válidos.',
    });
    expect(JSON.stringify(result)).not.toMatch(/Expected|received|script/);
  });

  it('a field of the wrong JSON type → a Spanish message that does not repeat the value', () => {
    const { line } = makeDispatchSchemas({ today });
    const result = validateWith(line, { key: 'x'.repeat(10) + 12345, productId: 1, exitPrice: '1', quantity: '1' });
    expect(result.ok).toBe(true);
    const wrong = validateWith(line, { key: 987654321, productId: 1, exitPrice: '1', quantity: '1' });
    expect(wrong).toEqual({
      ok: false,
      errors: { key: 'El valor de este campo no es válido.' },
      message: 'El valor de este campo no es válido.',
    });
  });

  it('messages of our own fields are kept as they are', () => {
    expect(validateWith(updateSupplierSchema, { id: 0, name: 'Papelería', rfc: 'ABC010203XY9' })).toMatchObject({
      errors: { id: 'El id del proveedor es inválido.' },
    });
  });
});
