// The glyph codes, widths and kerning of the printable ASCII characters of a standard font, read
// from arrays (AsciiMetrics), and the width and show operator LineWriter (pdf-lines.ts) builds from
// them: a kardex's amounts and balances are new strings on every row.
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
