// pdf-wrap.ts finds the lines of a table cell without pdfkit's LineWrapper: for every text it
// answers, the lines must be the very ones doc.text(text, x, y, { width }) makes (pdf.ts draws and
// measures the row from them), and a text it does not know must be left to pdfkit (null). Names
// as the catalogue has them — accents, digits, periods and commas, long words — in many widths
// and both fonts, each compared with pdfkit's own wrapping.
import fc from 'fast-check';
import PDFDocument from 'pdfkit';
import { LineWriter } from '../../src/reports/pdf-lines';
import { fastMetrics, WidthCache } from '../../src/reports/pdf-metrics';
import { wrapLines } from '../../src/reports/pdf-wrap';

const doc = new PDFDocument({ autoFirstPage: false });
doc.addPage({ size: 'LETTER' });
const writer = new LineWriter();
const pdfkitLines = new WidthCache();

function compare(font: string, text: string, width: number): string[] | null {
  doc.font(font).fontSize(7.5);
  fastMetrics(doc);
  const fast = wrapLines(text, width, (word) => writer.width(doc, word));
  if (fast !== null)
    expect({ text, width, font, lines: fast }).toEqual({ text, width, font, lines: pdfkitLines.wrapped(doc, font, 7.5, text, width) });
  return fast;
}

const words = [
  'Producto',
  'de',
  'prueba',
  'número',
  '1234',
  'con',
  'nombre',
  'longitud',
  'realista',
  'Tóner',
  'Ñandú',
  'PAPELERÍA',
  'S.A.',
  'C.V.',
  'Centro,',
  '2.5',
  '1,000',
  'kg.',
  'Supercalifragilísticoespialidoso',
  'a',
  'pingüino',
  'ÁÉÍÓÚ',
];
const textArb = fc
  .array(fc.tuple(fc.constantFrom(...words), fc.constantFrom(' ', ' ', ' ', '  ')), { minLength: 1, maxLength: 12 })
  .map((parts) =>
    parts
      .map(([word, space]) => word + space)
      .join('')
      .trimEnd(),
  );

test('the lines of names in many widths are exactly pdfkit’s, in both fonts', () => {
  let answered = 0;
  fc.assert(
    fc.property(
      textArb,
      fc.double({ min: 20, max: 220, noNaN: true }),
      fc.constantFrom('Helvetica', 'Helvetica-Bold'),
      (text, width, font) => {
        if (compare(font, text, width) !== null) answered++;
      },
    ),
    { numRuns: 3000 },
  );
  // Most of them take the fast path (not a word wider than the cell, which pdfkit splits).
  expect(answered).toBeGreaterThan(1500);
});

test('the stock report’s product names in the Producto column, and the texts that wrap at other places, are left to pdfkit', () => {
  for (let n = 1; n <= 3000; n += 7) {
    expect(compare('Helvetica', `Producto de prueba número ${n} con nombre de longitud realista`, 159.8)).not.toBeNull();
  }
  for (const text of [
    ' Empieza con espacio',
    'Papel-bond carta',
    'Caja (12 piezas)',
    'Dirección de Capacitación — Área',
    'Primera línea\nsegunda',
    'No.5 de la lista',
    'Dos , comas',
    'Cinta 3/4',
    'Precio $5',
  ]) {
    expect(compare('Helvetica', text, 40)).toBeNull();
  }
});
