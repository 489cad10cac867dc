// The lines pdfkit's LineWrapper makes of a text in a width, found without it for the texts whose
// break opportunities are certain: words of letters and digits (Latin-1) separated by spaces, with
// a period or a comma inside or after a word. A stock report's product names are new on every
// row, and pdfkit's wrapper (a Unicode line breaker, and every word measured through its generic
// widthOfString) was a fifth of that PDF's time. Any other text answers null and pdfkit wraps it.

const isLetterOrDigit = (code: number) =>
  (code >= 48 && code <= 57) || // 0-9
  (code >= 65 && code <= 90) || // A-Z
  (code >= 97 && code <= 122) || // a-z
  (code >= 0xc0 && code <= 0xff && code !== 0xd7 && code !== 0xf7); // À-ÿ but × and ÷
const isDigit = (code: number) => code >= 48 && code <= 57;
const SPACE = 32;
const PERIOD = 46;
const COMMA = 44;

/**
 * The positions after each run of spaces and the end, where the Unicode line breaking rules that
 * pdfkit follows (its linebreak package, Unicode Standard Annex 14) allow a break in `text`; null
 * when the text has any other character, starts with a space, or puts a period or comma where
 * those rules might allow or forbid a break elsewhere (after a space, or between a letter and a
 * digit). Among letters (AL)
 * and digits (NU) nothing breaks (LB23, LB28, LB25), nothing before a space (LB7) and everything
 * after one (LB18); nothing before a period or comma (LB13), nor after one followed by a letter
 * (LB29), by a space or by a digit after a digit (LB25).
 */
function breaks(text: string): number[] | null {
  const n = text.length;
  if (n === 0 || text.charCodeAt(0) === SPACE) return null;
  const found: number[] = [];
  for (let i = 0; i < n; i++) {
    const code = text.charCodeAt(i);
    if (code === SPACE) {
      if (i + 1 < n && text.charCodeAt(i + 1) !== SPACE) found.push(i + 1);
    } else if (code === PERIOD || code === COMMA) {
      const before = text.charCodeAt(i - 1);
      const after = i + 1 < n ? text.charCodeAt(i + 1) : SPACE;
      if (!isLetterOrDigit(before)) return null;
      if (after !== SPACE && !(isLetterOrDigit(after) && (!isDigit(after) || isDigit(before)))) return null;
    } else if (!isLetterOrDigit(code)) return null;
  }
  found.push(n);
  return found;
}

// pdfkit's PDFNumber: the largest single-precision float not above n (its word widths are rounded so).
const single = new Float32Array(1);
const singleBits = new Uint32Array(single.buffer);
function pdfNumber(n: number): number {
  const rounded = Math.fround(n);
  if (rounded <= n) return rounded;
  single[0] = n;
  if (n <= 0) singleBits[0] += 1;
  else singleBits[0] -= 1;
  return single[0];
}

/**
 * The lines of `text` in `width` as pdfkit's `doc.text(text, x, y, { width })` makes them (its
 * LineWrapper.wrap with no indent, spacing, columns, ellipsis or height limit: greedy, a word with
 * its trailing spaces, measured alone and rounded as PDFNumber does), each word's width from
 * `widthOf` — doc.widthOfString's number in the current font and size. Null when the text is not
 * one whose breaks `breaks` knows, when a word is wider than the line (pdfkit splits it by
 * letters), or when `widthOf` cannot measure a word.
 */
export function wrapLines(text: string, width: number, widthOf: (word: string) => number | null): string[] | null {
  const at = breaks(text);
  if (at === null) return null;
  // LineWrapper's lineWidth, computed as it does (at 100 % horizontal scaling, one column).
  const lineWidth = (width * 100) / 100;
  const lines: string[] = [];
  let buffer = '';
  let spaceLeft = lineWidth;
  let last = 0;
  for (const position of at) {
    const word = text.slice(last, position);
    last = position;
    const measured = widthOf(word);
    if (measured === null) return null;
    const w = pdfNumber(measured);
    if (w > lineWidth) return null;
    if (w <= spaceLeft) {
      buffer += word;
      spaceLeft -= w;
    } else {
      lines.push(buffer);
      buffer = word;
      spaceLeft = lineWidth - w;
    }
  }
  lines.push(buffer);
  return lines;
}
