// Text measuring for tables of 100,000 rows. Profiling the kardex showed most of the time in
// pdfkit's standard-font metrics: every glyph width and kerning pair is looked up by building a
// string key ("one\0zero") and probing a large dictionary object. Two remedies, both giving the
// same numbers as pdfkit:
// - `fastMetrics(doc)` gives the document's AFM fonts lookup tables keyed by glyph (Maps built
//   once from pdfkit's own tables). It checks the shape it expects and otherwise leaves pdfkit
//   alone, so a pdfkit upgrade can only make reports slower, never wrong.
// - `WidthCache` remembers widths of repeated strings (dates, types, names, headers).

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

/** Widths of strings already measured with the same font and size. Bounded. */
export class WidthCache {
  private readonly cache = new Map<string, number>();
  constructor(private readonly limit = 20_000) {}

  width(doc: PDFKit.PDFDocument, font: string, size: number, text: string): number {
    const key = `${font}|${size}|${text}`;
    let width = this.cache.get(key);
    if (width === undefined) {
      width = doc.widthOfString(text);
      if (this.cache.size >= this.limit) this.cache.clear();
      this.cache.set(key, width);
    }
    return width;
  }
}
