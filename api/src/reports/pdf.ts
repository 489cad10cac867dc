// Streams a ReportDefinition as a PDF: each page is written out (pdfkit without bufferPages)
// as soon as the next one starts, so memory does not grow with the rows, and leaves in chunks of
// 64 KB (GatheredOutput, pdf-output.ts) rather than one per piece pdfkit writes.
//
// "Página N de M" without buffering pages: M is unknown until the last row, so every footer
// paints "Página N de " followed by ONE shared Form XObject that is written at the very end
// with the page count in it. PDF objects may be referenced before they are written (the xref
// table resolves them), so every viewer shows the final number, and nothing was kept in memory.
//
// Letters: pdfkit's standard Helvetica uses WinAnsiEncoding, which covers Spanish (á é í ó ú ü
// ñ Ñ ¿ ¡); the tests read the text back to prove it.
import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { formatDate } from '@almacen/shared/domain';
import { cellText, isNumericKind } from './cells';
import type { Cell, Closing, ReportDefinition, Row } from './model';
import { Pacer } from './pace';
import { type ClosingPage, drawClosing } from './pdf-closing';
import { colorOperators, num, PageReplay, pathPoint, writeContent } from './pdf-content';
import { drawFields, drawStamp, type HeadPage } from './pdf-head';
import {
  BODY_SIZE,
  BOLD,
  cellSpans,
  computeLayout,
  deflateFast,
  type Doc,
  EMPHASIS_FILL,
  FONT,
  FOOTER_SPACE,
  forgetPageDictionary,
  GRID,
  HEADER_FILL,
  INK,
  type Layout,
  MARGIN,
  PAD_X,
  PAD_Y,
  spanWidth,
} from './pdf-layout';
import { type LineText, LineWriter } from './pdf-lines';
import { fastMetrics, WidthCache, withoutKerning } from './pdf-metrics';
import { GatheredOutput } from './pdf-output';
import { SeparatorRuns } from './pdf-separators';
import { wrapLines } from './pdf-wrap';

/** doc.fillColor(INK)'s operators, and doc.lineWidth(0.4).strokeColor(GRID)'s: every row writes them. */
const INK_FILL = colorOperators(INK, false);
const GRID_STROKE = `${num(0.4)} w\n${colorOperators(GRID, true)}`;

/** A text's width and, when LineWriter built it, the operator that draws it. */
type TextMeasure = Pick<LineText, 'width' | 'show'>;
/** An empty cell's. */
const NO_TEXT: TextMeasure = { width: 0 };

export interface RenderedPdf {
  /** The file, to pipe to the client. */
  stream: NodeJS.ReadableStream & { destroyed: boolean; readableLength: number };
  /** Settles when the last byte was produced (rejects if the rows failed). */
  done: Promise<void>;
}

export function renderPdf(def: ReportDefinition): RenderedPdf {
  const doc: Doc = new PDFDocument({
    size: 'LETTER',
    layout: def.orientation,
    // A small bottom margin so that pdfkit never starts a page on its own: pages are broken here.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 12 },
    autoFirstPage: false,
    bufferPages: false,
    info: { Title: def.title, Author: def.institution, Creator: 'Almacén', Producer: 'Almacén' },
    lang: 'es-MX',
    displayTitle: true,
  });
  const output = new GatheredOutput(doc as unknown as Readable);
  const done = new PdfWriter(doc, def, output).run().catch((error: unknown) => {
    doc.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  });
  // The caller reads failures from the stream; an unobserved `done` must not crash the process.
  done.catch(() => undefined);
  return { stream: output, done };
}

class PdfWriter implements ClosingPage, HeadPage {
  private page = 0;
  // y, layout, doc, bottom, newPage and font: public for drawClosing (pdf-closing.ts) and
  // drawStamp/drawFields (pdf-head.ts).
  y = 0;
  layout!: Layout;
  private readonly pageCount: PDFKit.PDFKitReference;
  private readonly issued: string;
  private readonly widths = new WidthCache();
  private readonly lines = new LineWriter();
  /** The title block, column headers and footer caption: painted once, then repeated as bytes. */
  private readonly replay = new PageReplay();
  private readonly separators: SeparatorRuns;

  constructor(
    readonly doc: Doc,
    private readonly def: ReportDefinition,
    /** What the client reads: rendering waits for it (Pacer) and stops when it is destroyed. */
    private readonly output: GatheredOutput,
  ) {
    // The page count, painted on every page, written last (see the comment at the top).
    const font = doc.ref({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: 'WinAnsiEncoding' });
    font.end(undefined);
    this.pageCount = doc.ref({ Type: 'XObject', Subtype: 'Form', BBox: [0, -4, 80, 12], Resources: { Font: { FPC: font } } });
    this.issued = formatDate(def.issued);
    this.separators = new SeparatorRuns(doc);
  }

  async run(): Promise<void> {
    const { doc, def } = this;
    this.newPage(true);
    this.tableHeader();
    const pacer = new Pacer(this.output);
    let rows = 0;
    for await (const batch of def.rows) {
      for (const row of batch) {
        this.row(row);
        const pause = pacer.step();
        if (pause) await pause;
        if (pacer.stopped) return; // the client went away: stop reading the cursor
      }
      rows += batch.length;
    }
    if (rows === 0 && def.emptyText) this.row({ cells: [def.emptyText, ...def.columns.slice(1).map(() => null)], emphasis: 'group' });
    const closing = def.closing ? await def.closing() : {};
    this.closing(closing);
    this.footer();
    this.pageCount.end(`BT /FPC 7.5 Tf 0 0 Td (${this.page}) Tj ET`);
    doc.end();
  }

  get bottom(): number {
    return this.doc.page.height - FOOTER_SPACE;
  }

  newPage(first = false): void {
    const { doc, def } = this;
    if (!first) this.footer(); // it writes the page's last separators
    doc.addPage({ size: 'LETTER', layout: def.orientation, margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 12 } });
    forgetPageDictionary(doc);
    deflateFast(doc);
    this.page++;
    const left = MARGIN;
    const right = doc.page.width - MARGIN;
    if (!this.layout) this.layout = computeLayout(def.columns, left, right);
    let y = this.replay.draw(doc, 'top', () => {
      let top = MARGIN - 8;
      top = this.centered(def.institution, top, 11, BOLD);
      top = this.centered(def.title.toUpperCase(), top + 1, 12.5, BOLD);
      top = this.centered(`Fecha de emisión: ${this.issued}`, top + 1, 8, FONT);
      if (def.note) top = this.centered(def.note, top + 2, 7.5, FONT);
      top += 3;
      doc.moveTo(left, top).lineTo(right, top).lineWidth(0.8).strokeColor(INK).stroke();
      top += 6;
      return def.stamp ? drawStamp(this, def.stamp, top) : top;
    });
    if (first && def.fields.length) y = drawFields(this, def.fields, y);
    this.y = y;
  }

  private centered(text: string, y: number, size: number, font: string): number {
    const { doc } = this;
    const width = doc.page.width - 2 * MARGIN;
    this.font(font, size);
    return withoutKerning(doc, () => {
      const height = doc.heightOfString(text, { width, align: 'center' });
      doc.text(text, MARGIN, y, { width, align: 'center' });
      return y + height;
    });
  }

  private footer(): void {
    this.separators.flush();
    const { doc, def } = this;
    const y = doc.page.height - FOOTER_SPACE + 12;
    const left = MARGIN;
    const right = doc.page.width - MARGIN;
    this.replay.draw(doc, 'footer', () => {
      doc
        .moveTo(left, y - 4)
        .lineTo(right, y - 4)
        .lineWidth(0.5)
        .strokeColor(GRID)
        .stroke();
      this.font(FONT, 7.5);
      doc.fillColor('#333333');
      doc.text(`${def.title} · ${def.institution}`, left, y, { lineBreak: false, width: right - left - 110 } as PDFKit.Mixins.TextOptions);
      return y;
    });
    this.font(FONT, 7.5);
    const label = `Página ${this.page} de `;
    // Room for up to five digits of the total after the label.
    const x = right - 22 - doc.widthOfString(label);
    doc.text(label, x, y, { lineBreak: false });
    const baseline = y + (7.5 * 718) / 1000;
    const pageXObjects = (doc.page as unknown as { xobjects: Record<string, unknown> }).xobjects;
    pageXObjects.PC = this.pageCount;
    doc.save();
    doc.transform(1, 0, 0, -1, x + doc.widthOfString(label), baseline);
    doc.addContent('/PC Do');
    doc.restore();
    doc.fillColor(INK);
  }

  private tableHeader(): void {
    this.y = this.replay.draw(this.doc, `header ${this.y}`, () => {
      this.paintTableHeader();
      return this.y;
    });
  }

  private paintTableHeader(): void {
    const { doc, def, layout } = this;
    const groups = def.groups ?? [];
    this.font(BOLD, BODY_SIZE);
    if (groups.length) {
      const height = BODY_SIZE + 2 * PAD_Y + 2;
      for (const group of groups) {
        const x = layout.x[group.first];
        const width = layout.x[group.first + group.span - 1] + layout.width[group.first + group.span - 1] - x;
        doc.rect(x, this.y, width, height).fillAndStroke(HEADER_FILL, GRID);
        doc.fillColor(INK).text(group.title, x, this.y + PAD_Y + 1, { width, align: 'center', lineBreak: false });
      }
      this.y += height;
    }
    const heights = def.columns.map((column, i) =>
      doc.heightOfString(column.header, { width: layout.width[i] - 2 * PAD_X, align: 'center' }),
    );
    const height = Math.max(...heights) + 2 * PAD_Y + 1;
    def.columns.forEach((column, i) => {
      doc.rect(layout.x[i], this.y, layout.width[i], height).fillAndStroke(HEADER_FILL, GRID);
      doc.fillColor(INK).text(column.header, layout.x[i] + PAD_X, this.y + (height - heights[i]) / 2, {
        width: layout.width[i] - 2 * PAD_X,
        align: 'center',
      });
    });
    this.y += height;
  }

  /** The values of def.carry's columns in the last row that had them. */
  private carried: Cell[] | null = null;

  private carryRow(label: string): Row {
    const cells: Cell[] = this.def.columns.map(() => null);
    cells[0] = label;
    this.def.carry!.columns.forEach((column, i) => (cells[column] = this.carried![i]));
    return { cells, emphasis: 'subtotal' };
  }

  private row(row: Row, carrying = false): void {
    const { doc, def, layout } = this;
    const carry = def.carry && !carrying ? def.carry : null;
    const font = row.emphasis ? BOLD : FONT;
    this.font(font, BODY_SIZE);
    const spans = cellSpans(row, def.columns);
    const texts = spans.map(({ index }) => this.cellText(index, row.cells[index]));
    // Each text measured once; the show operator that measuring builds is kept for drawing it.
    const measured = texts.map((text) => (text ? this.measure(font, text) : NO_TEXT));
    const lineHeight = doc.currentLineHeight(true);
    let height = lineHeight;
    // A wrapped text's lines, found once: they give its height (as heightOfString would) and are drawn below.
    const wrapped = spans.map(({ index, width: span }, k) => {
      const width = spanWidth(layout, index, span) - 2 * PAD_X;
      if (measured[k].width <= width) return null;
      const lines = isNumericKind(def.columns[index].kind) && span === 1 ? null : this.wrap(font, texts[k], width);
      height = Math.max(height, lines ? lines.length * lineHeight : this.widths.height(doc, font, BODY_SIZE, texts[k], width));
      return lines;
    });
    height += 2 * PAD_Y;
    // Room for the row and, when a balance is carried, for the "pasa a la siguiente hoja" row.
    const carryHeight = carry && this.carried ? this.singleLineHeight() : 0;
    this.font(font, BODY_SIZE);
    if (this.y + height + carryHeight > this.bottom) {
      if (carry && this.carried) this.row(this.carryRow(carry.after), true);
      this.newPage();
      this.tableHeader();
      if (carry && this.carried) this.row(this.carryRow(carry.before), true);
      this.font(font, BODY_SIZE);
    }
    if (carry && carry.columns.some((column) => (row.cells[column] ?? null) !== null)) {
      this.carried = carry.columns.map((column) => row.cells[column] ?? null);
    }
    const y = this.y;
    if (row.emphasis) doc.rect(layout.left, y, layout.right - layout.left, height).fill(EMPHASIS_FILL);
    // doc.fillColor(INK)'s bytes and state, without parsing the colour on every row.
    writeContent(doc, INK_FILL);
    (doc as unknown as { _fillColor?: unknown })._fillColor = [INK, undefined];
    // The one-line cells, written together as one text object (LineWriter.lines, pdf-lines.ts);
    // flushed before any other drawing call, so the page keeps the cells' order.
    const group: LineText[] = [];
    const flush = () => {
      if (!group.length) return;
      const operators = this.lines.lines(doc, group);
      if (operators !== null) writeContent(doc, operators);
      else {
        // Not the pdfkit we know: its own way, one cell at a time.
        for (const cell of group) {
          doc.text(cell.text, cell.x, cell.y, { lineBreak: false, textWidth: cell.width, wordCount: 1 } as PDFKit.Mixins.TextOptions);
        }
      }
      group.length = 0;
    };
    spans.forEach(({ index, width: span }, k) => {
      const text = texts[k];
      if (!text) return;
      const x = layout.x[index];
      const width = spanWidth(layout, index, span) - 2 * PAD_X;
      const kind = def.columns[index].kind;
      const numeric = isNumericKind(kind) && span === 1;
      const { width: textWidth, show } = measured[k];
      if (textWidth <= width) {
        // One line, placed here and with its width already known: far cheaper than pdfkit's
        // line wrapper, which matters at 100,000 rows.
        const left = numeric ? x + PAD_X + width - textWidth : kind === 'date' ? x + PAD_X + (width - textWidth) / 2 : x + PAD_X;
        group.push({ text, x: left, y: y + PAD_Y, width: textWidth, show });
      } else {
        // Wrapped: pdfkit's own lines (remembered for a text that comes back), each on the
        // one-line path, one line height apart as doc.text would place them.
        const lines = wrapped[k];
        if (lines) {
          lines.forEach((line, i) => {
            const shown = line.replace(/\n/g, ''); // what pdfkit's _fragment draws of it
            if (shown.length === 0) return;
            group.push({ text: shown, x: x + PAD_X, y: y + PAD_Y + i * lineHeight, ...this.measure(font, shown) });
          });
        } else {
          flush();
          doc.text(text, x + PAD_X, y + PAD_Y, { width, align: numeric ? 'right' : 'left' });
        }
      }
    });
    flush();
    // Grid: the row's bottom rule now (doc.moveTo/lineTo/stroke's bytes, in one write); the
    // separators between its cells go on with the rows above that have the same ones.
    writeContent(doc, [GRID_STROKE, pathPoint(layout.left, y + height, 'm'), pathPoint(layout.right, y + height, 'l'), 'S'].join('\n'));
    const separators = [layout.left, ...spans.map(({ index, width: span }) => layout.x[index + span - 1] + layout.width[index + span - 1])];
    this.separators.extend(separators, y, y + height);
    this.y = y + height;
  }

  /**
   * doc.widthOfString(text) in the current font (`font`) and BODY_SIZE and, on LineWriter's path,
   * the show operator that draws it (LineText.show).
   */
  private measure(font: string, text: string): TextMeasure {
    return this.lines.metrics(this.doc, text) ?? { width: this.widths.width(this.doc, font, BODY_SIZE, text) };
  }

  /**
   * The lines pdfkit would wrap `text` into in `width` (current font, BODY_SIZE): found by
   * wrapLines from LineWriter's widths when it knows the text's breaks (a name new on every row
   * costs no pdfkit wrapper), else pdfkit's own, remembered (WidthCache.wrapped). Null: draw with
   * doc.text.
   */
  private wrap(font: string, text: string, width: number): string[] | null {
    return (
      wrapLines(text, width, (word) => this.lines.width(this.doc, word)) ?? this.widths.wrapped(this.doc, font, BODY_SIZE, text, width)
    );
  }

  /** Each column's last value and its text: a kardex's dates, types and names come back row after row. */
  private readonly lastValues: Cell[] = [];
  private readonly lastTexts: string[] = [];

  /** cellText for column `index`, formatted again only when the value differs from the row above's. */
  private cellText(index: number, value: Cell): string {
    if (this.lastTexts[index] !== undefined && this.lastValues[index] === value) return this.lastTexts[index];
    const text = cellText(this.def.columns[index].kind, value);
    this.lastValues[index] = value;
    this.lastTexts[index] = text;
    return text;
  }

  /** The height of a one-line emphasized row (a carried balance). */
  private singleLineHeight(): number {
    this.font(BOLD, BODY_SIZE);
    return this.doc.currentLineHeight(true) + 2 * PAD_Y;
  }

  /** Selects a font and size (with fast metrics, see pdf-metrics.ts). */
  font(name: string, size: number): void {
    this.doc.font(name).fontSize(size);
    fastMetrics(this.doc);
  }

  private closing(closing: Closing): void {
    this.separators.flush();
    drawClosing(this, closing);
  }
}
