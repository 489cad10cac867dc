// What the PDF renderer (pdf.ts) draws under the title on a report's pages: the red stamp box of a
// cancelled document (every page) and the document's identity fields in two columns (first page).
import type { ReportDefinition } from './model';
import { BOLD, type Doc, FONT, INK, MARGIN, STAMP_PAD, STAMP_RED } from './pdf-layout';

/** What drawStamp and drawFields need of the page being written (PdfWriter, pdf.ts). */
export interface HeadPage {
  readonly doc: Doc;
  font(name: string, size: number): void;
}

/** A red box with the stamp's title and text, on every page (a cancelled document). */
export function drawStamp(page: HeadPage, stamp: { title: string; text: string }, top: number): number {
  const { doc } = page;
  const width = doc.page.width - 2 * MARGIN;
  const inner = width - 2 * STAMP_PAD;
  page.font(BOLD, 13);
  const titleHeight = doc.heightOfString(stamp.title, { width: inner, align: 'center' });
  page.font(FONT, 8.5);
  const textHeight = doc.heightOfString(stamp.text, { width: inner, align: 'center' });
  const height = STAMP_PAD + titleHeight + 2 + textHeight + STAMP_PAD;
  doc.rect(MARGIN, top, width, height).lineWidth(1.5).strokeColor(STAMP_RED).stroke();
  page.font(BOLD, 13);
  doc.fillColor(STAMP_RED).text(stamp.title, MARGIN + STAMP_PAD, top + STAMP_PAD, { width: inner, align: 'center' });
  page.font(FONT, 8.5);
  doc.text(stamp.text, MARGIN + STAMP_PAD, top + STAMP_PAD + titleHeight + 2, { width: inner, align: 'center' });
  doc.fillColor(INK).strokeColor(INK);
  return top + height + 6;
}

/** The document's identity in two columns of "Etiqueta: valor". */
export function drawFields(page: HeadPage, fields: ReportDefinition['fields'], top: number): number {
  const { doc } = page;
  const width = doc.page.width - 2 * MARGIN;
  const columnWidth = (width - 16) / 2;
  let y = top;
  for (let i = 0; i < fields.length; i += 2) {
    let lineHeight = 0;
    for (let j = 0; j < 2 && i + j < fields.length; j++) {
      const { label, value } = fields[i + j];
      const x = MARGIN + j * (columnWidth + 16);
      page.font(BOLD, 8.5);
      const labelText = `${label}: `;
      const labelWidth = doc.widthOfString(labelText);
      doc.fillColor(INK).text(labelText, x, y, { lineBreak: false });
      page.font(FONT, 8.5);
      const valueWidth = Math.max(columnWidth - labelWidth, 40);
      const h = doc.heightOfString(value || '—', { width: valueWidth });
      doc.text(value || '—', x + labelWidth, y, { width: valueWidth });
      lineHeight = Math.max(lineHeight, h);
    }
    y += lineHeight + 3;
  }
  return y + 5;
}
