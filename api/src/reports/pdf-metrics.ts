// Text measuring for tables of 100,000 rows. Profiling the kardex showed most of the time in
// pdfkit's standard-font metrics: every glyph width and kerning pair is looked up by building a
// string key ("one\0zero") and probing a large dictionary object. Two remedies, both giving the
// same numbers as pdfkit:
// - `fastMetrics(doc)` gives the document's AFM fonts lookup tables keyed by glyph (Maps built
//   once from pdfkit's own tables). It checks the shape it expects and otherwise leaves pdfkit
//   alone, so a pdfkit upgrade can only make reports slower, never wrong.
// - `WidthCache` remembers widths of repeated strings (dates, types, names, headers), each kind
//   in a bounded `Memo` (LineWriter, pdf-lines.ts, keeps its encoded texts in one too).

interface AfmFont {
  glyphWidths: Record<string, number>;
  kernPairs: Record<string, number>;
  widthOfGlyph(glyph: string): number;
  getKernPair(left: string, right: string): number;
  __almacenFast?: true;
}

/** Makes the current font's glyph metrics lookups cheap. Call after each doc.font(). */
export function fastMetrics(doc: PDFKit.PDFDocument): void {
  const afm = (doc as unknown as { _font?: { font?: AfmFont } })._font?.font;
  if (!afm || afm.__almacenFast) return;
  if (typeof afm.glyphWidths !== 'object' || typeof afm.kernPairs !== 'object') return;
  if (typeof afm.widthOfGlyph !== 'function' || typeof afm.getKernPair !== 'function') return;
  const widths = new Map(Object.entries(afm.glyphWidths));
  const kerning = new Map<string, Map<string, number>>();
  for (const [pair, amount] of Object.entries(afm.kernPairs)) {
    const cut = pair.indexOf('\0');
    if (cut < 0) return; // not the layout we know: keep pdfkit's own lookups
    const left = pair.slice(0, cut);
    let row = kerning.get(left);
    if (!row) kerning.set(left, (row = new Map()));
    row.set(pair.slice(cut + 1), amount);
  }
  afm.widthOfGlyph = (glyph) => widths.get(glyph) ?? 0;
  afm.getKernPair = (left, right) => (right === undefined ? 0 : (kerning.get(left)?.get(right) ?? 0));
  afm.__almacenFast = true;
}

/**
 * Runs `draw` with the current font's kerning pairs off. Helvetica's pairs narrow a space before
 * some capitals to two thirds ("el Trabajo" read and seen as "elTrabajo" in a centred heading of
 * large type); the headings are measured and written in `draw` alike, so they still centre.
 */
export function withoutKerning<T>(doc: PDFKit.PDFDocument, draw: () => T): T {
  const afm = (doc as unknown as { _font?: { font?: AfmFont } })._font?.font;
  if (!afm || typeof afm.getKernPair !== 'function') return draw();
  const kerned = afm.getKernPair;
  afm.getKernPair = () => 0;
  try {
    return draw();
  } finally {
    afm.getKernPair = kerned;
  }
}

/**
 * Values remembered by font, size, width and text; at most `limit` of them, then it starts over.
 * The texts of one font, size and width are one Map, found again without building a key while
 * they stay the same (a row asks hundreds of thousands of times: a key string per call — the
 * size and width printed as text — was most of the lookups' time).
 */
export class Memo<T> {
  private readonly byKey = new Map<string, Map<string, T>>();
  private size = 0;
  private font = '';
  private fontSize = Number.NaN;
  private width = Number.NaN;
  private current: Map<string, T> | null = null;
  constructor(private readonly limit: number) {}

  /** The value remembered, else `compute`'s (remembered unless null). */
  get(font: string, fontSize: number, width: number, text: string, compute: () => T): T;
  get(font: string, fontSize: number, width: number, text: string, compute: () => T | null): T | null;
  get(font: string, fontSize: number, width: number, text: string, compute: () => T | null): T | null {
    let byText = this.current;
    if (!byText || font !== this.font || fontSize !== this.fontSize || width !== this.width) {
      const key = `${font}|${fontSize}|${width}`;
      byText = this.byKey.get(key) ?? null;
      if (!byText) this.byKey.set(key, (byText = new Map()));
      [this.font, this.fontSize, this.width, this.current] = [font, fontSize, width, byText];
    }
    const known = byText.get(text);
    if (known !== undefined) return known;
    const value = compute();
    if (value === null) return null;
    if (this.size >= this.limit) {
      this.byKey.clear();
      this.size = 0;
      this.byKey.set(`${font}|${fontSize}|${width}`, (byText = new Map()));
      this.current = byText;
    }
    byText.set(text, value);
    this.size++;
    return value;
  }
}

/** Widths (and wrapped lines and heights) of strings already measured with the same font and size. Bounded. */
export class WidthCache {
  private readonly widths: Memo<number>;
  private readonly heights: Memo<number>;
  private readonly lines: Memo<string[]>;
  constructor(limit = 20_000) {
    this.widths = new Memo(limit);
    this.heights = new Memo(limit);
    this.lines = new Memo(limit);
  }

  width(doc: PDFKit.PDFDocument, font: string, size: number, text: string): number {
    return this.widths.get(font, size, 0, text, () => doc.widthOfString(text));
  }

  /**
   * The lines pdfkit's line wrapper makes of `text` in `width` with the current font, exactly as
   * `doc.text(text, x, y, { width })` would draw them one under the other — remembered, so a text
   * that comes back (a supplier's or an area's name in the kardex) is wrapped once, and each line
   * can then take LineWriter's one-line path. Null when the document has no `_text` (another
   * pdfkit): the caller draws with doc.text. It draws nothing and leaves the position as it was.
   */
  wrapped(doc: PDFKit.PDFDocument, font: string, size: number, text: string, width: number): string[] | null {
    return this.lines.get(font, size, width, text, () => {
      const d = doc as unknown as WrapInternals;
      if (typeof d._text !== 'function') return null;
      const [x, y] = [d.x, d.y];
      const found: string[] = [];
      // As heightOfString does: an unbounded height, so the wrapper never starts a page.
      d._text(text, x, y, { width, height: Infinity }, (line: string) => void found.push(line));
      [d.x, d.y] = [x, y];
      return found;
    });
  }

  /** doc.heightOfString(text, { width }) with the current font, remembered (it draws nothing). */
  height(doc: PDFKit.PDFDocument, font: string, size: number, text: string, width: number): number {
    return this.heights.get(font, size, width, text, () => doc.heightOfString(text, { width }));
  }
}

interface WrapInternals {
  x: number;
  y: number;
  _text?: (text: string, x: number, y: number, options: { width: number; height: number }, onLine: (line: string) => void) => unknown;
}
