// The block the PDF renderer (pdf.ts) draws below a report's table: the totals box, the note and
// the signature lines, each starting a new page when it does not fit above the footer.
import { formatCurrency } from '@almacen/shared/domain';
import type { Closing } from './model';
import { BOLD, type Doc, FONT, GRID, HEADER_FILL, INK, type Layout } from './pdf-layout';

/** What drawClosing needs of the page being written (PdfWriter, pdf.ts). */
export interface ClosingPage {
  readonly doc: Doc;
  readonly layout: Layout;
  /** Where the next block starts; drawClosing moves it down. */
  y: number;
  readonly bottom: number;
  newPage(): void;
  font(name: string, size: number): void;
}

export function drawClosing(page: ClosingPage, { totals = [], note, signatures = [] }: Closing): void {
  const { doc, layout } = page;
  if (totals.length) {
    const width = 230;
    const x = layout.right - width;
    const lineHeight = 14;
    if (page.y + 8 + totals.length * lineHeight > page.bottom) page.newPage();
    let y = page.y + 8;
    totals.forEach(({ label, amount }, i) => {
      const last = i === totals.length - 1;
      doc.rect(x, y, width, lineHeight).fillAndStroke(last ? HEADER_FILL : '#ffffff', GRID);
      page.font(last ? BOLD : FONT, 8.5);
      doc.fillColor(INK);
      doc.text(label, x + 4, y + 3.5, { width: 120, lineBreak: false } as PDFKit.Mixins.TextOptions);
      const text = formatCurrency(amount);
      doc.text(text, x + width - 4 - doc.widthOfString(text), y + 3.5, { lineBreak: false });
      y += lineHeight;
    });
    page.y = y;
  }
  if (note) {
    page.font(FONT, 7.5);
    const width = layout.right - layout.left;
    const height = doc.heightOfString(note, { width });
    if (page.y + 6 + height > page.bottom) page.newPage();
    doc.fillColor('#333333').text(note, layout.left, page.y + 6, { width });
    page.y += 6 + height;
    doc.fillColor(INK);
  }
  if (signatures.length) {
    const blockHeight = 92;
    if (page.y + blockHeight > page.bottom) page.newPage();
    const gap = 24;
    const width = (layout.right - layout.left - gap * (signatures.length - 1)) / signatures.length;
    const lineY = page.y + 58;
    signatures.forEach(({ role, name }, i) => {
      const x = layout.left + i * (width + gap);
      doc
        .moveTo(x + 8, lineY)
        .lineTo(x + width - 8, lineY)
        .lineWidth(0.7)
        .strokeColor(INK)
        .stroke();
      page.font(FONT, 8.5);
      doc.fillColor(INK).text(name || ' ', x, lineY + 4, { width, align: 'center' });
      page.font(BOLD, 8);
      doc.text(role, x, lineY + 16, { width, align: 'center' });
    });
    page.y += blockHeight;
  }
}
