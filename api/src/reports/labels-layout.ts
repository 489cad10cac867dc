// Where everything on a product label goes, in PDF points (1/72 in), from the top-left corner of
// the label. Pure geometry: the PDF writer (labels-pdf.ts) draws exactly these boxes, and the
// layout's tests check them, so a long name can only ever take its own two lines — it is cut at
// the end of a word, never drawn over the bars.
//
//   ┌──────────────────────────────┐
//   │ Name in bold, up to two lines │  name box
//   │ Unit                          │  unit box
//   │ ▌▌ ▌▌▌ ▌ ▌▌ ▌▌▌ ▌ ▌ ▌▌▌ ▌▌ ▌ │  bars box (quiet zones inside it)
//   │          7501234567893        │  code box
//   └──────────────────────────────┘
import type { LabelLayout } from '@almacen/shared/domain-pages';

const MM = 72 / 25.4;

export interface Sheet {
  pageWidth: number;
  pageHeight: number;
  columns: number;
  rows: number;
  /** The first label's top-left corner and the distance from one label to the next. */
  left: number;
  top: number;
  pitchX: number;
  pitchY: number;
  labelWidth: number;
  labelHeight: number;
}

/**
 * LETTER_30: Avery 5160 and its equivalents — letter paper, 3 × 10 labels of 2⅝ × 1 in (66.7 ×
 * 25.4 mm), 3/16 in side margins, ½ in top margin, 1/8 in between columns. THERMAL_50X25: one
 * 50 × 25 mm label per page, the page being the label (what thermal printers' drivers expect).
 */
export const SHEETS: Record<LabelLayout, Sheet> = {
  LETTER_30: {
    pageWidth: 612,
    pageHeight: 792,
    columns: 3,
    rows: 10,
    left: 13.5,
    top: 36,
    pitchX: 198,
    pitchY: 72,
    labelWidth: 189,
    labelHeight: 72,
  },
  THERMAL_50X25: {
    pageWidth: 50 * MM,
    pageHeight: 25 * MM,
    columns: 1,
    rows: 1,
    left: 0,
    top: 0,
    pitchX: 50 * MM,
    pitchY: 25 * MM,
    labelWidth: 50 * MM,
    labelHeight: 25 * MM,
  },
};

export const LABEL_FONTS = { name: 'Helvetica-Bold', unit: 'Helvetica', code: 'Helvetica' } as const;
export const LABEL_SIZES = { name: 7, unit: 6.5, code: 8 } as const;
const LINE = 1.18;
const PAD_X = 7;
const PAD_Y = 5;
const GAP = 1.5;
const NAME_LINES = 2;
/** Modules of quiet zone on each side (Code 128 asks 10, EAN-13 11 on its left). */
export const QUIET_MODULES = 11;
/** The widest module drawn (0.42 mm): wider bars only waste the label. */
const MAX_MODULE = 1.2;
const ELLIPSIS = '…';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LabelBoxes {
  name: Box;
  unit: Box;
  bars: Box;
  code: Box;
}

/** Width of `text` in `font` at `size` points. */
export type Measure = (text: string, font: string, size: number) => number;

export interface PlacedLabel {
  boxes: LabelBoxes;
  /** The name's lines, each no wider than the name box. */
  nameLines: string[];
  unit: string;
  /** Width of one module and the x of the first bar, inside the bars box. */
  module: number;
  barsX: number;
}

/** The boxes of a label of this size: fixed, whatever the name. */
export function labelBoxes(width: number, height: number): LabelBoxes {
  const inner = width - 2 * PAD_X;
  const nameHeight = NAME_LINES * LABEL_SIZES.name * LINE;
  const unitHeight = LABEL_SIZES.unit * LINE;
  const codeHeight = LABEL_SIZES.code * LINE;
  const name = { x: PAD_X, y: PAD_Y, width: inner, height: nameHeight };
  const unit = { x: PAD_X, y: name.y + nameHeight, width: inner, height: unitHeight };
  const code = { x: PAD_X, y: height - PAD_Y - codeHeight, width: inner, height: codeHeight };
  const barsTop = unit.y + unitHeight + GAP;
  const bars = { x: PAD_X, y: barsTop, width: inner, height: code.y - GAP - barsTop };
  return { name, unit, bars, code };
}

/** Places one product on a label: the name cut to its lines, the bars' module from their count. */
export function placeLabel(
  width: number,
  height: number,
  product: { name: string; unit: string | null },
  modules: number,
  measure: Measure,
): PlacedLabel {
  const boxes = labelBoxes(width, height);
  const nameLines = fitLines(product.name, boxes.name.width, NAME_LINES, (text) => measure(text, LABEL_FONTS.name, LABEL_SIZES.name));
  const unit = fitLines(product.unit ?? '', boxes.unit.width, 1, (text) => measure(text, LABEL_FONTS.unit, LABEL_SIZES.unit))[0] ?? '';
  const total = modules + 2 * QUIET_MODULES;
  const module = Math.min(MAX_MODULE, boxes.bars.width / total);
  const barsX = boxes.bars.x + (boxes.bars.width - modules * module) / 2;
  return { boxes, nameLines, unit, module, barsX };
}

/**
 * The text in at most `maxLines` lines no wider than `width`, broken between words. When words
 * are left over, the last line ends in «…» after the last whole word that leaves room for it; only
 * a single word wider than a whole line is cut inside it (and ends the text there).
 */
export function fitLines(text: string, width: number, maxLines: number, widthOf: (text: string) => number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[][] = [];
  let index = 0;
  while (index < words.length && lines.length < maxLines) {
    const line: string[] = [];
    while (index < words.length && widthOf([...line, words[index]].join(' ')) <= width) line.push(words[index++]);
    if (line.length === 0) return [...lines.map((kept) => kept.join(' ')), cutToWidth(words[index], width, widthOf)];
    lines.push(line);
  }
  if (index < words.length) {
    const last = lines[lines.length - 1];
    const ended = () => `${last.join(' ').replace(/[\s,;:—–-]+$/u, '')}${ELLIPSIS}`;
    while (last.length > 1 && widthOf(ended()) > width) last.pop();
    lines[lines.length - 1] = [widthOf(ended()) > width ? cutToWidth(last.join(' '), width, widthOf) : ended()];
  }
  return lines.map((line) => line.join(' '));
}

/** As much of `word` as fits with «…» after it. */
function cutToWidth(word: string, width: number, widthOf: (text: string) => number): string {
  let end = word.length;
  while (end > 1 && widthOf(word.slice(0, end) + ELLIPSIS) > width) end--;
  return word.slice(0, end) + ELLIPSIS;
}
