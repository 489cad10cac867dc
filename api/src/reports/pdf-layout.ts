// The page geometry of the PDF renderer (pdf.ts): its fonts, sizes, margins and colours, the
// columns' x and widths (computeLayout), which columns a row's cell takes (cellSpans, spanWidth),
// forgetPageDictionary, which keeps pdfkit from holding every written page until the end, and
// deflateFast, the level a page's content stream is compressed at.
import { deflateSync } from 'node:zlib';
import { isNumericKind } from './cells';
import type { Cell, Column, Row } from './model';

export const FONT = 'Helvetica';
export const BOLD = 'Helvetica-Bold';
export const MARGIN = 36;
export const STAMP_PAD = 5;
export const STAMP_RED = '#B00020';
export const BODY_SIZE = 7.5;
export const PAD_X = 3;
export const PAD_Y = 2.5;
export const FOOTER_SPACE = 36;
export const GRID = '#9a9a9a';
export const HEADER_FILL = '#e4e4e4';
export const EMPHASIS_FILL = '#f1f1f1';
export const INK = '#111111';

export type Doc = PDFKit.PDFDocument;

export interface Layout {
  x: number[];
  width: number[];
  left: number;
  right: number;
}

/**
 * pdfkit lists every page's dictionary (with its resources and content objects) in the page
 * tree until the file ends, only to print "N 0 R" for each: a few KB per page, 2,800 pages for
 * a 100,000-movement kardex. The tree needs just the reference, so the new page's entry becomes
 * a bare reference (same class, same id) and the page is freed once written.
 */
export function forgetPageDictionary(doc: Doc): void {
  const kids = (doc as unknown as { _root?: { data?: { Pages?: { data?: { Kids?: unknown[] } } } } })._root?.data?.Pages?.data?.Kids;
  const last = kids?.[kids.length - 1] as { id?: unknown; gen?: unknown } | undefined;
  if (!kids || !last || typeof last.id !== 'number' || typeof last.gen !== 'number') return; // not the pdfkit we know
  kids[kids.length - 1] = Object.assign(Object.create(Object.getPrototypeOf(last) as object) as object, { id: last.id, gen: last.gen });
}

/** The pdfkit reference of a page's content stream (PDFReference: `compress`, `buffer`, `data`, `finalize`). */
interface ContentStream {
  compress: boolean;
  buffer: Uint8Array[];
  data: { Filter?: string };
  finalize(): void;
}

/** zlib's fastest level: page content is repetitive operators, nearly as small as at the default 6 and deflated in a fraction of its time. */
const PAGE_DEFLATE_LEVEL = 1;

/**
 * Has the current page's content stream deflated at PAGE_DEFLATE_LEVEL: pdfkit deflates every
 * stream at zlib's default level on the main thread, with no option for the level. The stream is
 * left uncompressed for pdfkit and deflated here just before pdfkit writes it, with the same
 * /FlateDecode filter; the content itself is unchanged.
 */
export function deflateFast(doc: Doc): void {
  const content = (doc.page as unknown as { content?: ContentStream } | undefined)?.content;
  if (!content || content.compress !== true || typeof content.finalize !== 'function' || !Array.isArray(content.buffer)) return; // not the pdfkit we know
  content.compress = false;
  const finalize = content.finalize;
  content.finalize = function (this: ContentStream) {
    if (this.buffer.length) {
      this.buffer = [deflateSync(Buffer.concat(this.buffer), { level: PAGE_DEFLATE_LEVEL })];
      this.data.Filter = 'FlateDecode';
    }
    finalize.call(this);
  };
}

export function computeLayout(columns: Column[], left: number, right: number): Layout {
  const total = columns.reduce((sum, c) => sum + c.weight, 0);
  const width = columns.map((c) => ((right - left) * c.weight) / total);
  const x: number[] = [];
  let at = left;
  for (const w of width) {
    x.push(at);
    at += w;
  }
  return { x, width, left, right };
}

/** Which columns each cell occupies: in an emphasized row a text cell takes the empty ones after it. */
export function cellSpans(row: Row, columns: Column[]): Array<{ index: number; width: number }> {
  const spans: Array<{ index: number; width: number }> = [];
  for (let i = 0; i < columns.length; i++) {
    let span = 1;
    const value: Cell = row.cells[i] ?? null;
    if (row.emphasis && value !== null && !isNumericKind(columns[i].kind)) {
      while (i + span < columns.length && (row.cells[i + span] ?? null) === null) span++;
    }
    spans.push({ index: i, width: span });
    i += span - 1;
  }
  return spans;
}

export function spanWidth(layout: Layout, index: number, span: number): number {
  return layout.x[index + span - 1] + layout.width[index + span - 1] - layout.x[index];
}
