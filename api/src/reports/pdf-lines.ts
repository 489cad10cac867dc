// LineWriter: a table's one-line texts written as the content-stream operators pdfkit's doc.text
// writes for them, built in one string, and the texts' widths from the same encoding.
import { AsciiMetrics, type Measured, type StandardFontLike, stringWidth } from './pdf-ascii';
import { num } from './pdf-content';
import { Memo } from './pdf-metrics';

interface DocInternals {
  _font?: StandardFontLike;
  _fontSize?: number;
  page?: { height: number; fonts: Record<string, unknown> };
  x: number;
  y: number;
}

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
   * The text's width and show operator, from one encoding; null off the fast path. Printable
   * Latin-1 (amounts, dates, names with their accents) is encoded from AsciiMetrics' arrays,
   * cheaper than remembering it: most such strings of a kardex — amounts, balances, document
   * numbers — and a stock report's product names are new on every row, and a lookup and insertion
   * per string (hashing it first) was a tenth of the PDF's time. Texts with other characters (a
   * dash, a euro sign) are remembered.
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

/** A one-line text for LineWriter.lines, at (x, y), of the width measured; `show` if already known (LineWriter.metrics). */
export interface LineText {
  text: string;
  x: number;
  y: number;
  width: number;
  show?: string | null;
}
