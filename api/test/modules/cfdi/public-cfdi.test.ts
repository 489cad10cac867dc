// Real, public CFDI 4.0 files (api/test/fixtures/cfdi/public/README.md says where each comes from
// and under which licence) through POST /api/cfdi/parse. For every file: Σ of the lines' `value`
// equals the CFDI's own Total × TipoCambio plus its retentions × TipoCambio (the Total discounts
// them; they are no cost), each rounded to the cent, or a warning names the difference; each line
// is worth what its concept states; and no warning contradicts the file. The expected figures are
// computed here from the XML's own attributes, with exact decimal arithmetic.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import {
  addDecimal,
  compareDecimal,
  decimalPlaces,
  formatCurrency,
  multiplyDecimal,
  subtractDecimal,
  trimDecimal,
} from '@almacen/shared/domain';
import { readCfdi } from '../../../src/modules/cfdi/cfdi-reader';
import { CFDI_TEXTS, draftAnalysis } from '../../../src/modules/cfdi/cfdi.service';
import { createTestApp, type TestApp } from '../../helpers/test-app';

jest.setTimeout(120_000);

const FOLDER = path.join(__dirname, '..', '..', 'fixtures', 'cfdi', 'public');
const FILES = readdirSync(FOLDER)
  .filter((f) => f.endsWith('.xml'))
  .sort();

/** The files the import refuses, with its exact answer (README.md says why). */
const REFUSED: Record<string, string> = {
  'cfdiutils-usd-descuentos-sin-timbre.xml': CFDI_TEXTS.notStamped,
  'gobl-ieps-tasa-cuota-sin-timbre.xml': CFDI_TEXTS.notStamped,
  'gobl-addenda-mabe-sin-timbre.xml': CFDI_TEXTS.notStamped,
};

// ---------------------------------------------------------------------------------------------
// The XML's own figures, read here (not by the reader under test).

type XmlNode = Record<string, unknown>;
const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  removeNSPrefix: true,
  isArray: (name) => ['Concepto', 'Traslado', 'Retencion'].includes(name),
});
const node = (parent: unknown, name: string): XmlNode | undefined => (parent as XmlNode | undefined)?.[name] as XmlNode | undefined;
const list = (parent: unknown, name: string): XmlNode[] => (node(parent, name) as unknown as XmlNode[] | undefined) ?? [];
const text = (n: XmlNode, name: string): string | undefined => (typeof n[name] === 'string' ? (n[name] as string) : undefined);

interface Tax {
  tax: string;
  factor: string;
  rate?: string;
  amount?: string;
}
interface Concept {
  description: string;
  quantity: string;
  unitValue: string;
  amount: string;
  discount: string;
  transfers: Tax[];
  withholdings: Tax[];
}
interface Figures {
  currency: string;
  /** TipoCambio for a foreign currency, else 1: what the parse multiplies by. */
  rate: string;
  total: string;
  /** TotalImpuestosRetenidos, else the concepts' Retencion amounts. */
  withheld: string;
  concepts: Concept[];
}

const taxes = (group: XmlNode | undefined, kind: string): Tax[] =>
  list(group, kind).map((t) => ({
    tax: text(t, 'Impuesto')!,
    factor: text(t, 'TipoFactor') ?? 'Tasa',
    rate: text(t, 'TasaOCuota'),
    amount: text(t, 'Importe'),
  }));

function figuresOf(bytes: Buffer): Figures {
  // The test's own reading drops a byte-order mark; XML line ends are the parser's business.
  const root = node(xml.parse(bytes.toString('utf8').replace(/^\uFEFF/, '')), 'Comprobante')!;
  const currency = text(root, 'Moneda')!;
  const exchangeRate = text(root, 'TipoCambio');
  const concepts = list(node(root, 'Conceptos'), 'Concepto').map((c) => {
    const impuestos = node(c, 'Impuestos');
    return {
      description: text(c, 'Descripcion')!,
      quantity: text(c, 'Cantidad')!,
      unitValue: text(c, 'ValorUnitario')!,
      amount: text(c, 'Importe')!,
      discount: text(c, 'Descuento') ?? '0',
      transfers: taxes(node(impuestos, 'Traslados'), 'Traslado'),
      withholdings: taxes(node(impuestos, 'Retenciones'), 'Retencion'),
    };
  });
  const stated = text(node(root, 'Impuestos') ?? {}, 'TotalImpuestosRetenidos');
  return {
    currency,
    rate: currency !== 'MXN' && currency !== 'XXX' && exchangeRate ? exchangeRate : '1',
    total: text(root, 'Total')!,
    withheld: stated ?? addDecimal('0', ...concepts.flatMap((c) => c.withholdings.map((w) => w.amount ?? '0'))),
    concepts,
  };
}

const cents = (value: string) => multiplyDecimal(value, '1', 2);
const pesos = (value: string, rate: string) => cents(multiplyDecimal(value, rate, 12));
const money = (value: string) => formatCurrency(cents(value));
/** |a − b| > tolerance, with non-negative decimal texts only. */
const far = (a: string, b: string, tolerance: string) =>
  compareDecimal(compareDecimal(a, b) >= 0 ? subtractDecimal(a, b) : subtractDecimal(b, a), tolerance) > 0;
const stated = (t: Tax) => (t.tax === '002' || t.tax === '003') && t.factor !== 'Exento';

/** What a concept is worth in pesos as the CFDI states it: (Importe − Descuento + its IVA and IEPS) × TipoCambio, to the cent. */
const conceptValue = (c: Concept, rate: string) =>
  pesos(addDecimal(subtractDecimal(c.amount, c.discount), ...c.transfers.filter(stated).map((t) => t.amount ?? '0')), rate);

/** The warnings a concept's row must carry, and only those: each says something the file says. */
function expectedWarnings(c: Concept): string[] {
  const warnings: string[] = [];
  const net = subtractDecimal(c.amount, c.discount);
  const ieps = addDecimal('0', ...c.transfers.filter((t) => t.tax === '003' && stated(t)).map((t) => t.amount ?? '0'));
  for (const t of c.transfers) {
    if (t.tax !== '002' || t.factor !== 'Tasa' || t.amount === undefined) continue;
    if (compareDecimal(t.rate!, '0.16') === 0) {
      // Stated IVA 16 % far (> 1 cent) both from 16 % of the price with IEPS and of the price without it.
      const withIeps = cents(multiplyDecimal(addDecimal(net, ieps), '0.16', 12));
      if (far(t.amount, withIeps, '0.01') && far(t.amount, cents(multiplyDecimal(net, '0.16', 12)), '0.01')) {
        warnings.push(
          `El IVA del concepto en el CFDI (${money(t.amount)}) no es el 16 % de su importe (${money(withIeps)}); se tomó el del CFDI.`,
        );
      }
    } else if (compareDecimal(t.rate!, '0') > 0) {
      warnings.push(
        `IVA a la tasa de ${trimDecimal(multiplyDecimal(t.rate!, '100', 6))} %: el valor incluye el IVA que declara el CFDI (${money(t.amount)}).`,
      );
    }
  }
  for (const w of c.withholdings) {
    const name = w.tax === '001' ? 'ISR' : w.tax === '002' ? 'IVA' : w.tax;
    warnings.push(`Retención de ${name} por ${money(w.amount ?? '0')}: no forma parte del costo; el total del CFDI la descuenta.`);
  }
  const quantity = multiplyDecimal(c.quantity, '1', 3);
  if (decimalPlaces(c.quantity) > 3 && compareDecimal(quantity, c.quantity) !== 0) {
    warnings.push(`La cantidad ${c.quantity} tiene más de 3 decimales; se registra ${quantity} y el valor del concepto no cambia.`);
  }
  const rebuilt = multiplyDecimal(c.quantity, c.unitValue, 2);
  if (compareDecimal(rebuilt, cents(c.amount)) !== 0) {
    warnings.push(`El importe del concepto (${c.amount}) no es la cantidad por el valor unitario (${rebuilt}); se tomó el importe.`);
  }
  return warnings.sort();
}

// ---------------------------------------------------------------------------------------------

interface Line {
  index: number;
  description: string;
  value: string;
  vat: { kind: 'TASA' | 'EXENTO'; rate: string | null } | null;
  form: { applyValueAddedTaxToPurchasePrice: boolean };
  warnings: string[];
  errors: string[];
}
interface Analysis {
  currency: string;
  total: string;
  totalInPesos: string;
  withheldInPesos: string;
  lines: Line[];
  warnings: string[];
}

/** Everything this test asks of an analysis of `bytes`, whichever way it was obtained. */
function checkAnalysis(bytes: Buffer, data: Analysis) {
  const f = figuresOf(bytes);
  expect(data.lines).toHaveLength(f.concepts.length);

  // The CFDI's own figures in pesos, as the voucher's «Total del CFDI» and the retentions it discounts.
  const total = pesos(f.total, f.rate);
  const withheld = pesos(f.withheld, f.rate);
  expect({ totalInPesos: data.totalInPesos, withheldInPesos: data.withheldInPesos }).toEqual({
    totalInPesos: total,
    withheldInPesos: withheld,
  });

  // Σ of the lines = Total × TipoCambio + retentions × TipoCambio, to the cent; or a warning names the difference.
  const sum = addDecimal('0', ...data.lines.map((l) => l.value));
  const expected = addDecimal(total, withheld);
  if (compareDecimal(sum, expected) !== 0) {
    const difference = compareDecimal(sum, expected) > 0 ? subtractDecimal(sum, expected) : `-${subtractDecimal(expected, sum)}`;
    expect({ sum, expected, difference, warnings: data.warnings }).toEqual(
      expect.objectContaining({
        warnings: expect.arrayContaining([
          expect.stringMatching(new RegExp(`^Los totales no cuadran: .* el Total dice ${f.total.replace('.', '\\.')}\\.$`)),
        ]),
      }),
    );
  }

  f.concepts.forEach((c, i) => {
    const line = data.lines[i];
    // Each line is worth what its concept states, in pesos.
    expect({ index: line.index, value: line.value }).toEqual({ index: i + 1, value: conceptValue(c, f.rate) });
    expect(line.errors).toEqual([]);
    // Its warnings are exactly the ones the file gives reason for: none says «16 %» of a 0 % or
    // exempt concept, no retention is named where the concept has none, no foreign tax appears.
    expect([...line.warnings].sort()).toEqual(expectedWarnings(c));
    // «Agregar IVA» is ticked only for IVA at 16 %; the IVA the row shows is the concept's.
    const iva = c.transfers.find((t) => t.tax === '002');
    const vat = !iva ? null : iva.factor === 'Exento' ? { kind: 'EXENTO', rate: null } : { kind: 'TASA', rate: trimDecimal(iva.rate!) };
    expect(line.vat).toEqual(vat);
    expect(line.form.applyValueAddedTaxToPurchasePrice).toBe(vat?.kind === 'TASA' && compareDecimal(vat.rate!, '0.16') === 0);
  });

  // The header's warnings: the currency when it is not pesos, each row's warnings, nothing else.
  const header =
    f.currency !== 'MXN' && f.currency !== 'XXX'
      ? [`El CFDI está en ${f.currency}; los precios se convirtieron a pesos con el tipo de cambio ${f.rate}.`]
      : [];
  const rows = data.lines.flatMap((l) => [...l.errors, ...l.warnings].map((w) => `Concepto ${l.index} (${l.description}): ${w}`));
  expect(data.warnings.filter((w) => !w.startsWith('Los totales no cuadran'))).toEqual([...header, ...rows]);
}

let t: TestApp;
beforeAll(async () => {
  // INSTITUTION_RFC unset: these files are issued to whoever their authors chose.
  t = await createTestApp();
});
afterAll(() => t.close());

async function parse(bytes: Buffer) {
  return t.app.inject({
    method: 'POST',
    url: '/api/cfdi/parse',
    headers: { authorization: `Bearer ${await t.token()}`, 'content-type': 'application/xml' },
    payload: bytes,
  });
}

describe('public CFDI 4.0 files (fixtures/cfdi/public)', () => {
  test('the folder holds the files README.md describes, most of them accepted', () => {
    const readme = readFileSync(path.join(FOLDER, 'README.md'), 'utf8');
    const described = [...readme.matchAll(/^\| `([^`]+\.xml)` \|/gm)].map((m) => m[1]).sort();
    expect(FILES).toEqual(described);
    for (const name of Object.keys(REFUSED)) expect(FILES).toContain(name);
    expect(FILES.length - Object.keys(REFUSED).length).toBeGreaterThan(FILES.length / 2);
  });

  test('the derived files are their sources with CRLF line ends and with a UTF-8 byte-order mark', () => {
    const crlf = readFileSync(path.join(FOLDER, 'cfdiutils-valid-descuento-crlf.xml'));
    const lf = readFileSync(path.join(FOLDER, 'cfdiutils-valid-descuento.xml'));
    expect(crlf.includes('\r\n')).toBe(true);
    expect(crlf.toString('utf8').replace(/\r\n/g, '\n')).toBe(lf.toString('utf8'));
    const bom = readFileSync(path.join(FOLDER, 'cfdi-expresiones-real-iva16-bom.xml'));
    expect([...bom.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bom.subarray(3).equals(readFileSync(path.join(FOLDER, 'cfdi-expresiones-real-iva16.xml')))).toBe(true);
  });

  test.each(FILES)('%s: the parse answers it; the lines add up to the CFDI’s Total; no warning contradicts the file', async (name) => {
    const bytes = readFileSync(path.join(FOLDER, name));
    const r = await parse(bytes);
    if (REFUSED[name]) {
      expect({ status: r.statusCode, message: r.json().message }).toEqual({ status: 400, message: REFUSED[name] });
      // Refused for the import's own rule; its figures are still read and valued as they would be.
      const cfdi = readCfdi(bytes);
      checkAnalysis(bytes, draftAnalysis({ ...cfdi, uuid: cfdi.uuid ?? '00000000-0000-4000-8000-000000000000' }));
      return;
    }
    expect({ status: r.statusCode, message: r.statusCode === 200 ? undefined : r.json().message }).toEqual({
      status: 200,
      message: undefined,
    });
    checkAnalysis(bytes, r.json().data);
  });
});
