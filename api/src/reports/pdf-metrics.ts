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
class Memo<T> {
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

interface StandardFontLike {
  id: string;
  ascender: number;
  encode(text: string): [string[], Array<{ xAdvance: number; advanceWidth: number; xOffset: number; yOffset: number }>];
}

interface DocInternals {
  _font?: StandardFontLike;
  _fontSize?: number;
  page?: { height: number; fonts: Record<string, unknown> };
  x: number;
  y: number;
}

/** pdfkit's number formatting in content streams (PDFObject.number). */
const num = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * One line of text, as the content-stream operators pdfkit writes for `doc.text(text, x, y,
 * { lineBreak: false, textWidth })` (its `_text` → `_line` → `_fragment` with no width, left
 * alignment, no spacing options) — the same bytes, built in one string instead of eight writes.
 * At 100,000 rows of 14 cells pdfkit's generic path — copying options, the transform matrix,
 * re-encoding and re-measuring the string it was just given the width of — was the largest part
 * of a kardex PDF (`--cpu-prof`). The text-showing operator depends only on the font, size and
 * string, so it is remembered for repeated strings (dates, types, names). `line` returns null
 * when the document is not shaped as expected (another pdfkit): the caller then uses doc.text, so
 * an upgrade can only make reports slower, not wrong. The caller writes the result with
 * `writeContent` and must do so before any other drawing call.
 */
export class LineWriter {
  private readonly measured: Memo<Measured>;
  /** The font last measured, and its AsciiMetrics (null: not a standard font). */
  private asciiFont: StandardFontLike | null = null;
  private ascii: AsciiMetrics | null = null;
  constructor(limit = 20_000) {
    this.measured = new Memo(limit);
  }

  line(doc: PDFKit.PDFDocument, text: string, x: number, y: number, textWidth: number): string | null {
    const placed = this.place(doc, text, x, y, textWidth);
    if (placed === null) return null;
    // save, flip the y axis, begin text, position, font, show, end text, restore.
    return `q\n${placed.flip}\nBT\n${placed.position}\n${placed.font}\n${placed.show}\nET\nQ`;
  }

  /**
   * Several one-line texts in the current font as ONE text object — what `line` writes for each,
   * with the save, flip, BT, font and ET, Q written once instead of per text: the same glyphs at
   * the same places (a test compares the rendered pages), in half the bytes, so less to build and
   * to compress at 14 cells × 100,000 rows. Null when any one of them cannot take the fast path.
   */
  lines(doc: PDFKit.PDFDocument, texts: LineText[]): string | null {
    if (texts.length === 0) return null;
    const parts: string[] = [];
    let head = '';
    for (const { text, x, y, width, show } of texts) {
      const placed = this.place(doc, text, x, y, width, show);
      if (placed === null) return null;
      if (!head) head = `q\n${placed.flip}\nBT\n${placed.font}`;
      parts.push(placed.position, placed.show);
    }
    return `${head}\n${parts.join('\n')}\nET\nQ`;
  }

  /** The operators of one line, and pdfkit's state as doc.text leaves it; null off the fast path. */
  private place(
    doc: PDFKit.PDFDocument,
    text: string,
    x: number,
    y: number,
    textWidth: number,
    known?: string | null,
  ): { flip: string; position: string; font: string; show: string } | null {
    const d = doc as unknown as DocInternals;
    const font = d._font;
    const fontSize = d._fontSize;
    const page = d.page;
    if (!font || typeof font.id !== 'string' || typeof font.encode !== 'function' || typeof font.ascender !== 'number') return null;
    if (typeof fontSize !== 'number' || !page || typeof page.height !== 'number' || typeof page.fonts !== 'object') return null;
    if (text.length === 0 || text.includes('\n')) return null;
    const show = known ?? this.show(font, fontSize, text);
    if (show === null) return null;
    const dy = (font.ascender / 1000) * fontSize;
    if (page.fonts[font.id] == null) page.fonts[font.id] = (font as unknown as { ref(): unknown }).ref();
    // What doc.text leaves behind: its position, then x advanced by the text's width.
    d.y = y;
    d.x = x + textWidth;
    return {
      flip: `1 0 0 -1 0 ${num(page.height)} cm`,
      position: `1 0 0 1 ${num(x)} ${num(page.height - y - dy)} Tm`,
      font: `/${font.id} ${num(fontSize)} Tf`,
      show,
    };
  }

  /**
   * doc.widthOfString(text) in the current font and size — the same number, from the same glyph
   * advances — taken from the encoding the line's operators are built from, so a new string (each
   * row's amounts and balances) is encoded once, not once to measure it and again to write it.
   * Null off the fast path (the caller measures with doc.widthOfString).
   */
  width(doc: PDFKit.PDFDocument, text: string): number | null {
    return this.metrics(doc, text)?.width ?? null;
  }

  /**
   * The text's width (as `width`) and its show operator, in the current font and size: a caller
   * that measures a text and then draws it passes the operator on to `lines` (LineText.show), so
   * a new string is encoded once. Null off the fast path.
   */
  metrics(doc: PDFKit.PDFDocument, text: string): Measured | null {
    const d = doc as unknown as DocInternals;
    const font = d._font;
    const fontSize = d._fontSize;
    if (!font || typeof font.id !== 'string' || typeof font.encode !== 'function' || typeof fontSize !== 'number') return null;
    return this.measure(font, fontSize, text);
  }

  /** The `[<hex> kerning …] TJ` line(s) of pdfkit's _fragment for this font, size and text. */
  private show(font: StandardFontLike, fontSize: number, text: string): string | null {
    return this.measure(font, fontSize, text)?.show ?? null;
  }

  /**
   * The text's width and show operator, from one encoding; null off the fast path. Printable ASCII
   * (amounts, dates, most names) is encoded from AsciiMetrics' arrays, cheaper than remembering
   * it: most such strings of a kardex — amounts, balances, document numbers — are new on every
   * row, and a lookup and insertion per string (hashing it first) was a tenth of the PDF's time.
   * Texts with other characters (accented names, which come back row after row) are remembered.
   */
  private measure(font: StandardFontLike, fontSize: number, text: string): Measured | null {
    if (font !== this.asciiFont) [this.asciiFont, this.ascii] = [font, AsciiMetrics.of(font)];
    const ascii = this.ascii?.measure(font, fontSize, text);
    if (ascii) return ascii;
    return this.measured.get(font.id, fontSize, 0, text, () => {
      const [encoded, positions] = font.encode(text);
      if (!Array.isArray(encoded) || !Array.isArray(positions) || encoded.length !== positions.length) return null;
      const commands: string[] = [];
      let last = 0;
      const addSegment = (cur: number) => {
        if (last < cur) {
          const advance = positions[cur - 1].xAdvance - positions[cur - 1].advanceWidth;
          commands.push(`<${encoded.slice(last, cur).join('')}> ${num(-advance)}`);
        }
        last = cur;
      };
      let advances = 0;
      for (let i = 0; i < positions.length; i++) {
        const pos = positions[i];
        if (pos.xOffset || pos.yOffset) return null; // positioned glyphs: not a standard font
        advances += pos.xAdvance;
        if (pos.xAdvance - pos.advanceWidth !== 0) addSegment(i + 1);
      }
      addSegment(positions.length);
      return { width: stringWidth(advances, fontSize, text.length), show: commands.length ? `[${commands.join(' ')}] TJ` : null };
    });
  }
}

/**
 * pdfkit's doc.widthOfString from the sum of a string's advances: × size / 1000, plus no character
 * spacing, at 100 % horizontal scaling — the same operations in the same order, the same number.
 */
const stringWidth = (advances: number, fontSize: number, length: number) => ((advances * (fontSize / 1000) + 0 * (length - 1)) * 100) / 100;

const FIRST_ASCII = 32;
const ASCII_COUNT = 127 - FIRST_ASCII;

/**
 * What font.encode gives for the printable ASCII characters (codes 32–126: the digits, signs and
 * separators of every amount and date, and most names) of one standard font — each glyph's code
 * and width, and the kerning of each pair — asked of pdfkit once per character and per pair, then
 * read from arrays. A kardex's amounts and balances are new strings on every row, and pdfkit's
 * encode (glyph names, an object per glyph, kerning looked up by name) was most of measuring
 * them. Kept per font name for the process's life (the standard fonts' metrics never change),
 * without holding any document: whatever is not known yet is asked of the font passed in.
 */
class AsciiMetrics {
  private static readonly byName = new Map<string, AsciiMetrics>();

  /** The metrics of `font`'s name, or null when it is not one of pdfkit's AFM standard fonts. */
  static of(font: StandardFontLike): AsciiMetrics | null {
    const name = (font as unknown as { name?: unknown }).name;
    const afm = (font as unknown as { font?: { kernPairs?: unknown; glyphWidths?: unknown } }).font;
    if (typeof name !== 'string' || !afm || typeof afm.kernPairs !== 'object' || typeof afm.glyphWidths !== 'object') return null;
    let metrics = AsciiMetrics.byName.get(name);
    if (metrics === undefined) AsciiMetrics.byName.set(name, (metrics = new AsciiMetrics()));
    return metrics;
  }

  private readonly codes: string[] = new Array<string>(ASCII_COUNT).fill('');
  private readonly widths = new Float64Array(ASCII_COUNT).fill(Number.NaN);
  private readonly kerning = new Float64Array(ASCII_COUNT * ASCII_COUNT).fill(Number.NaN);

  /**
   * The width and operator LineWriter builds from font.encode(text) — the same, built as the glyphs
   * are read; null when a character is not printable ASCII or pdfkit answers otherwise.
   */
  measure(font: StandardFontLike, fontSize: number, text: string): Measured | null {
    const n = text.length;
    let left = text.charCodeAt(0) - FIRST_ASCII;
    if (!(left >= 0 && left < ASCII_COUNT) || !this.knowGlyph(font, left)) return null;
    let show = '[';
    let segment = '';
    let advances = 0;
    for (let i = 1; i <= n; i++) {
      let kern = 0;
      let right = -1;
      if (i < n) {
        right = text.charCodeAt(i) - FIRST_ASCII;
        if (!(right >= 0 && right < ASCII_COUNT) || !this.knowGlyph(font, right)) return null;
        kern = this.kerning[left * ASCII_COUNT + right];
        if (Number.isNaN(kern) && Number.isNaN((kern = this.learnPair(font, left, right)))) return null;
      }
      segment += this.codes[left];
      // pdfkit's advance: the glyph's width plus the kerning with the next one.
      advances += this.widths[left] + kern;
      // A segment ends after a kerned glyph, and at the end (the last glyph's kerning is 0).
      if (kern !== 0) {
        show += `<${segment}> ${num(-kern)} `;
        segment = '';
      }
      left = right;
    }
    show += `<${segment}> 0] TJ`;
    return { width: stringWidth(advances, fontSize, n), show };
  }

  private knowGlyph(font: StandardFontLike, index: number): boolean {
    if (!Number.isNaN(this.widths[index])) return true;
    const [encoded, positions] = font.encode(String.fromCharCode(index + FIRST_ASCII));
    const pos = positions?.[0];
    if (encoded?.length !== 1 || positions.length !== 1 || !pos || pos.xOffset || pos.yOffset || pos.xAdvance !== pos.advanceWidth)
      return false;
    this.codes[index] = encoded[0];
    this.widths[index] = pos.advanceWidth;
    return true;
  }

  private learnPair(font: StandardFontLike, left: number, right: number): number {
    const [encoded, positions] = font.encode(String.fromCharCode(left + FIRST_ASCII, right + FIRST_ASCII));
    const pos = positions?.[0];
    if (encoded?.length !== 2 || positions.length !== 2 || !pos || pos.advanceWidth !== this.widths[left]) return Number.NaN;
    return (this.kerning[left * ASCII_COUNT + right] = pos.xAdvance - pos.advanceWidth);
  }
}

export interface Measured {
  width: number;
  show: string | null;
}

/** A one-line text for LineWriter.lines, at (x, y), of the width measured; `show` if already known (LineWriter.metrics). */
export interface LineText {
  text: string;
  x: number;
  y: number;
  width: number;
  show?: string | null;
}

/** A content-stream line `x y m` (moveTo) or `x y l` (lineTo), as pdfkit formats it. */
export const pathPoint = (x: number, y: number, op: 'm' | 'l') => `${num(x)} ${num(y)} ${op}`;

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
