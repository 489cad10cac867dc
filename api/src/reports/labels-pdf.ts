// The labels' PDF: the bars drawn as filled rectangles (vector, sharp at any printer resolution)
// from the bar and space widths bwip-js encodes; the name, unit and human-readable code in
// pdfkit's Helvetica (WinAnsi covers Spanish). Each product is encoded once, whatever its copies.
// The file is at most MAX_LABELS labels, so it is built in memory and sent whole.
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { type LabelLayout, symbologyOf, type Symbology } from '@almacen/shared/domain-pages';
import { LABEL_FONTS, LABEL_SIZES, placeLabel, SHEETS, type Measure } from './labels-layout';

export interface LabelProduct {
  id: number;
  name: string;
  unit: string | null;
  barcode: string;
}

const BCID: Record<Symbology, string> = { EAN13: 'ean13', EAN8: 'ean8', UPCA: 'upca', CODE128: 'code128' };
const INK = '#000000';

/** Bar and space widths in modules, alternating and starting with a bar. */
export function encodeBars(code: string): number[] {
  const [symbol] = bwipjs.raw(BCID[symbologyOf(code)], code, {}) as Array<{ sbs: number[] }>;
  return symbol.sbs;
}

export function renderLabels(
  products: LabelProduct[],
  copies: number,
  layout: LabelLayout,
  meta: { title: string; author: string },
): Promise<Buffer> {
  const sheet = SHEETS[layout];
  const doc = new PDFDocument({
    size: [sheet.pageWidth, sheet.pageHeight],
    margin: 0,
    autoFirstPage: false,
    info: { Title: meta.title, Author: meta.author, Creator: 'Almacén', Producer: 'Almacén' },
    lang: 'es-MX',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const measure: Measure = (text, font, size) => doc.font(font).fontSize(size).widthOfString(text);
  const perPage = sheet.columns * sheet.rows;
  let slot = 0;
  for (const product of products) {
    const bars = encodeBars(product.barcode);
    const modules = bars.reduce((sum, width) => sum + width, 0);
    const placed = placeLabel(sheet.labelWidth, sheet.labelHeight, product, modules, measure);
    for (let copy = 0; copy < copies; copy++, slot++) {
      const onPage = slot % perPage;
      if (onPage === 0) doc.addPage({ size: [sheet.pageWidth, sheet.pageHeight], margin: 0 });
      const left = sheet.left + (onPage % sheet.columns) * sheet.pitchX;
      const top = sheet.top + Math.floor(onPage / sheet.columns) * sheet.pitchY;
      drawLabel(doc, left, top, product.barcode, bars, placed);
    }
  }
  doc.end();
  return done;
}

function drawLabel(
  doc: PDFKit.PDFDocument,
  left: number,
  top: number,
  code: string,
  bars: number[],
  placed: ReturnType<typeof placeLabel>,
): void {
  const { boxes, nameLines, unit, module } = placed;
  const text = (value: string, font: string, size: number, x: number, y: number, width: number, align: 'left' | 'center') =>
    doc
      .font(font)
      .fontSize(size)
      .fillColor(INK)
      .text(value, left + x, top + y, { width, align, lineBreak: false, height: size * 1.3 });

  nameLines.forEach((line, i) =>
    text(line, LABEL_FONTS.name, LABEL_SIZES.name, boxes.name.x, boxes.name.y + (i * boxes.name.height) / 2, boxes.name.width, 'left'),
  );
  if (unit) text(unit, LABEL_FONTS.unit, LABEL_SIZES.unit, boxes.unit.x, boxes.unit.y, boxes.unit.width, 'left');

  // One path of rectangles, filled once.
  let x = left + placed.barsX;
  bars.forEach((width, i) => {
    if (i % 2 === 0) doc.rect(x, top + boxes.bars.y, width * module, boxes.bars.height);
    x += width * module;
  });
  doc.fillColor(INK).fill();

  text(code, LABEL_FONTS.code, LABEL_SIZES.code, boxes.code.x, boxes.code.y, boxes.code.width, 'center');
}
