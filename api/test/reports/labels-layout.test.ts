// The label's geometry (labels-layout.ts) on its own: the boxes of both layouts stack without
// overlapping inside the label, and a name is cut at a word's end to the lines it has, measured
// with the same Helvetica metrics the PDF is drawn with.
import PDFDocument from 'pdfkit';
import { fitLines, LABEL_FONTS, LABEL_SIZES, labelBoxes, placeLabel, SHEETS, type Box } from '../../src/reports/labels-layout';

const doc = new PDFDocument({ autoFirstPage: false });
const measure = (text: string, font: string, size: number) => doc.font(font).fontSize(size).widthOfString(text);
const nameWidth = (text: string) => measure(text, LABEL_FONTS.name, LABEL_SIZES.name);
const bottom = (box: Box) => box.y + box.height;

test.each(Object.entries(SHEETS))('%s: name, unit, bars and code stack top to bottom inside the label', (_layout, sheet) => {
  const { name, unit, bars, code } = labelBoxes(sheet.labelWidth, sheet.labelHeight);
  expect(name.y).toBeGreaterThan(0);
  expect(bottom(name)).toBeLessThanOrEqual(unit.y);
  expect(bottom(unit)).toBeLessThan(bars.y);
  expect(bottom(bars)).toBeLessThan(code.y);
  expect(bottom(code)).toBeLessThan(sheet.labelHeight);
  for (const box of [name, unit, bars, code]) expect(box.x + box.width).toBeLessThan(sheet.labelWidth);
  // Bars tall enough for a hand scanner: at least 8 mm.
  expect(bars.height).toBeGreaterThan((8 * 72) / 25.4);
  // The letter sheet fits the page: 10 rows from ½ in, 3 columns from 3/16 in.
  expect(sheet.top + (sheet.rows - 1) * sheet.pitchY + sheet.labelHeight).toBeLessThanOrEqual(sheet.pageHeight);
  expect(sheet.left + (sheet.columns - 1) * sheet.pitchX + sheet.labelWidth).toBeLessThanOrEqual(sheet.pageWidth);
});

test('a name that fits is kept whole, in as few lines as it needs', () => {
  expect(fitLines('Café molido 500 g', 175, 2, nameWidth)).toEqual(['Café molido 500 g']);
  expect(fitLines('  ', 175, 2, nameWidth)).toEqual([]);
});

test('a long name is cut after a whole word, ends in «…», and no line is wider than the box', () => {
  const name = 'Cuaderno profesional de raya con espiral doble, 100 hojas — tamaño carta, pasta dura y separadores de colores';
  for (const width of [175, 127.7, 90]) {
    const lines = fitLines(name, width, 2, nameWidth);
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(nameWidth(line)).toBeLessThanOrEqual(width);
    const kept = lines.join(' ').slice(0, -1);
    expect(lines[1].endsWith('…')).toBe(true);
    expect(name.startsWith(kept)).toBe(true);
    expect(name.slice(kept.length)).toMatch(/^[\s,;:—–-]*\s/u);
  }
  // A dash or comma right before the cut goes with the words after it.
  expect(fitLines('Hojas blancas — tamaño carta', nameWidth('Hojas blancas —…'), 1, nameWidth)).toEqual(['Hojas blancas…']);
});

test('only a single word wider than the line is cut inside it', () => {
  const lines = fitLines('Desoxirribonucleótidohidrolasaextraordinariamentelarga azul', 60, 2, nameWidth);
  expect(lines).toHaveLength(1);
  expect(lines[0].endsWith('…')).toBe(true);
  expect(nameWidth(lines[0])).toBeLessThanOrEqual(60);
});

test('the bars are centred, as wide as the box allows with their quiet zones, never wider than 1.2 pt a module', () => {
  const { labelWidth, labelHeight } = SHEETS.LETTER_30;
  const ean = placeLabel(labelWidth, labelHeight, { name: 'Café', unit: null }, 95, measure);
  expect(ean.module).toBe(1.2);
  const wide = placeLabel(labelWidth, labelHeight, { name: 'Café', unit: null }, 400, measure);
  expect(wide.module * (400 + 22)).toBeCloseTo(wide.boxes.bars.width);
  for (const placed of [ean, wide]) {
    const left = placed.barsX - placed.boxes.bars.x;
    expect(left).toBeGreaterThanOrEqual(11 * placed.module - 1e-9);
  }
  expect(ean.unit).toBe('');
});
