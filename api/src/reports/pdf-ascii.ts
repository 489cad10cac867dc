// The glyph codes, widths and kerning of the printable characters of Latin-1 (ASCII and the
// accented letters, ñ, ¿, ¡) of a standard font, read from arrays (AsciiMetrics), and the width and
// show operator LineWriter (pdf-lines.ts) builds from them: a kardex's amounts and balances, and a
// stock report's product names, are new strings on every row.
import { num } from './pdf-content';

export interface StandardFontLike {
  id: string;
  ascender: number;
  encode(text: string): [string[], Array<{ xAdvance: number; advanceWidth: number; xOffset: number; yOffset: number }>];
}

export interface Measured {
  width: number;
  show: string | null;
}

/**
 * pdfkit's doc.widthOfString from the sum of a string's advances: × size / 1000, plus no character
 * spacing, at 100 % horizontal scaling — the same operations in the same order, the same number.
 */
export const stringWidth = (advances: number, fontSize: number, length: number) =>
  ((advances * (fontSize / 1000) + 0 * (length - 1)) * 100) / 100;

// Codes 32–126 (printable ASCII) at indexes 0–94, codes 160–255 (printable Latin-1, which
// WinAnsiEncoding shares) at 95–190; the C0 and C1 controls and DEL have no index.
const ASCII_COUNT = 95;
const LATIN1_FIRST = 160;
const GLYPH_COUNT = ASCII_COUNT + 96;
const indexOf = (code: number) => (code >= 32 && code <= 126 ? code - 32 : code >= LATIN1_FIRST && code <= 255 ? code - 65 : -1);
const codeOf = (index: number) => (index < ASCII_COUNT ? index + 32 : index + 65);

/**
 * What font.encode gives for the printable characters of Latin-1 (codes 32–126: the digits, signs
 * and separators of every amount and date; codes 160–255: the accented letters, ñ, ¿ and ¡ of
 * Spanish names) of one standard font — each glyph's code and width, and the kerning of each pair
 * — asked of pdfkit once per character and per pair, then read from arrays. A kardex's amounts
 * and balances, and a stock report's product names, are new strings on every row, and pdfkit's
 * encode (glyph names, an object per glyph, kerning looked up by name) was most of measuring
 * them. Kept per font name for the process's life (the standard fonts' metrics never change),
 * without holding any document: whatever is not known yet is asked of the font passed in.
 */
export class AsciiMetrics {
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

  private readonly codes: string[] = new Array<string>(GLYPH_COUNT).fill('');
  private readonly widths = new Float64Array(GLYPH_COUNT).fill(Number.NaN);
  private readonly kerning = new Float64Array(GLYPH_COUNT * GLYPH_COUNT).fill(Number.NaN);

  /**
   * The width and operator LineWriter builds from font.encode(text) — the same, built as the glyphs
   * are read; null when a character is not printable Latin-1 or pdfkit answers otherwise.
   */
  measure(font: StandardFontLike, fontSize: number, text: string): Measured | null {
    const n = text.length;
    let left = indexOf(text.charCodeAt(0));
    if (left < 0 || !this.knowGlyph(font, left)) return null;
    let show = '[';
    let segment = '';
    let advances = 0;
    for (let i = 1; i <= n; i++) {
      let kern = 0;
      let right = -1;
      if (i < n) {
        right = indexOf(text.charCodeAt(i));
        if (right < 0 || !this.knowGlyph(font, right)) return null;
        kern = this.kerning[left * GLYPH_COUNT + right];
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
    const [encoded, positions] = font.encode(String.fromCharCode(codeOf(index)));
    const pos = positions?.[0];
    if (encoded?.length !== 1 || positions.length !== 1 || !pos || pos.xOffset || pos.yOffset || pos.xAdvance !== pos.advanceWidth)
      return false;
    this.codes[index] = encoded[0];
    this.widths[index] = pos.advanceWidth;
    return true;
  }

  private learnPair(font: StandardFontLike, left: number, right: number): number {
    const [encoded, positions] = font.encode(String.fromCharCode(codeOf(left), codeOf(right)));
    const pos = positions?.[0];
    if (encoded?.length !== 2 || positions.length !== 2 || !pos || pos.advanceWidth !== this.widths[left]) return Number.NaN;
    return (this.kerning[left * GLYPH_COUNT + right] = pos.xAdvance - pos.advanceWidth);
  }
}
