// What the PDF renderer writes into a page's content stream by itself: numbers formatted as pdfkit
// formats them (num), path points (pathPoint), raw operators (writeContent), and PageReplay, which
// paints what is the same on every page once and then repeats its bytes.

/** pdfkit's number formatting in content streams (PDFObject.number). */
export const num = (n: number) => Math.round(n * 1e6) / 1e6;

/** A content-stream line `x y m` (moveTo) or `x y l` (lineTo), as pdfkit formats it. */
export const pathPoint = (x: number, y: number, op: 'm' | 'l') => `${num(x)} ${num(y)} ${op}`;

/**
 * The operators doc.fillColor(hex) (`stroke` false) or doc.strokeColor(hex) writes for a
 * '#rrggbb' colour: the colour space, then the three components as pdfkit computes them (each
 * byte ÷ 255, joined as JavaScript prints numbers). A table writes them on every row; built once,
 * they cost no colour parsing per row.
 */
export function colorOperators(hex: string, stroke: boolean): string {
  const rgb = parseInt(hex.slice(1), 16);
  const parts = [rgb >> 16, (rgb >> 8) & 0xff, rgb & 0xff].map((part) => part / 255).join(' ');
  return stroke ? `/DeviceRGB CS\n${parts} SCN` : `/DeviceRGB cs\n${parts} scn`;
}

/**
 * Appends operators to the current page's content stream: the bytes of doc.addContent(content)
 * (pdfkit adds a newline), given as one Buffer instead of being converted character by character.
 */
export function writeContent(doc: PDFKit.PDFDocument, content: string): void {
  const page = (doc as unknown as { page?: { write?: unknown } }).page;
  if (page && typeof page.write === 'function') (page.write as (chunk: Uint8Array) => void)(Buffer.from(`${content}\n`, 'latin1'));
  else doc.addContent(content);
}

interface PageInternals {
  write?: (chunk: string | Uint8Array) => unknown;
  fonts?: Record<string, unknown>;
  resources?: { data?: Record<string, unknown> };
}

/** The page's resources other than fonts (graphic states, images, patterns), to see whether a drawing added any. */
const otherResources = (page: PageInternals) =>
  JSON.stringify(
    ['ExtGState', 'XObject', 'Pattern', 'ColorSpace'].map((name) => Object.keys((page.resources?.data?.[name] as object) ?? {})),
  );

/**
 * Drawing that is the same on every page — the report's title block, the table's column
 * headers, the footer's rule and caption — painted by pdfkit once and then repeated as the bytes
 * it wrote. At 2,800 pages per 100,000-movement kardex, pdfkit's line wrapping and measuring of
 * those centred, wrapped headers was a sixth of the PDF's time (`--cpu-prof`). `draw(doc, key,
 * paint)` runs `paint` the first time for `key` while recording what it writes to the page's
 * content stream and which fonts the page then lists; later calls write those bytes and list those
 * fonts instead, and return what `paint` returned (the y below the drawing). The key must name
 * everything the drawing depends on (its top y, say). pdfkit's own state (position, current font,
 * colours) is not replayed: callers set what they use afterwards, as they do anyway. When the page
 * is not shaped as expected (another pdfkit), `paint` simply runs every time.
 */
export class PageReplay {
  private readonly recorded = new Map<string, { bytes: Buffer; fonts: Record<string, unknown>; result: number }>();

  draw(doc: PDFKit.PDFDocument, key: string, paint: () => number): number {
    const page = (doc as unknown as { page?: PageInternals }).page;
    if (!page || typeof page.write !== 'function' || typeof page.fonts !== 'object' || page.fonts === null) return paint();
    const known = this.recorded.get(key);
    if (known) {
      for (const [id, ref] of Object.entries(known.fonts)) if (page.fonts[id] == null) page.fonts[id] = ref;
      page.write(known.bytes);
      return known.result;
    }
    const chunks: Buffer[] = [];
    const resourcesBefore = otherResources(page);
    const write = page.write;
    // As PDFReference.write stores them: a string gets a newline and is read as Latin-1 bytes.
    page.write = (chunk) => {
      chunks.push(chunk instanceof Uint8Array ? Buffer.from(chunk) : Buffer.from(`${chunk}\n`, 'latin1'));
      return write.call(page, chunk);
    };
    let result: number;
    try {
      result = paint();
    } finally {
      delete page.write; // the class's own method again
    }
    if (page.write !== write) return result; // write was the page's own property: do not record
    // A drawing that needed more than fonts (an opacity, an image) is not repeated as bytes alone.
    if (otherResources(page) !== resourcesBefore) return result;
    this.recorded.set(key, { bytes: Buffer.concat(chunks), fonts: { ...page.fonts }, result });
    return result;
  }
}
