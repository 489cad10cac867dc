// Reads a labels PDF the way a scanner and a person would, with tools independent of the code
// that drew it: poppler renders each page at 300 dpi (pdftoppm), each label is cut out of the
// page by its place on the sheet and decoded alone by zbar (zbarimg), so two copies of a code are
// two readings; the bars' rows are found in the pixels; the words and their boxes come from
// pdftotext -bbox.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LabelLayout } from '@almacen/shared/domain-pages';
import { SHEETS } from '../../src/reports/labels-layout';

const DPI = 300;
const PX = DPI / 72;

export interface LabelReading {
  page: number;
  /** 0-based place on the page, row by row. */
  slot: number;
  /** What zbar read in this label alone: `EAN-13:7501…`, `CODE-128:ALM000012`. */
  symbols: string[];
  /** The rows of bars, in points from the label's top edge (null: no bars seen). */
  bars: { top: number; bottom: number } | null;
  /** The words inside the label, boxes in points from the label's top-left corner. */
  words: Word[];
}

export interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

function run(command: string, args: string[], okStatus = [0]): string {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  if (!okStatus.includes(result.status ?? -1)) throw new Error(`${command} terminó con ${result.status}: ${result.stderr}`);
  return result.stdout;
}

interface Gray {
  width: number;
  height: number;
  pixels: Buffer;
}

/** A binary PGM (P5, 8 bits) as pdftoppm -gray writes it. */
function readPgm(file: string): Gray {
  const data = fs.readFileSync(file);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(data.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error(`${file} no es un PGM de 8 bits`);
  return { width: Number(header[1]), height: Number(header[2]), pixels: data.subarray(header[0].length) };
}

function crop(image: Gray, x0: number, y0: number, width: number, height: number): Gray {
  const pixels = Buffer.alloc(width * height, 255);
  for (let y = 0; y < height; y++) {
    const from = (y0 + y) * image.width + x0;
    image.pixels.copy(pixels, y * width, from, from + Math.min(width, image.width - x0));
  }
  return { width, height, pixels };
}

const writePgm = (file: string, image: Gray) =>
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'latin1'), image.pixels]));

/** Dark (1) or light (0) per pixel of row y. */
const rowPattern = (image: Gray, y: number) => {
  let pattern = '';
  for (let x = 0; x < image.width; x++) pattern += image.pixels[y * image.width + x] < 128 ? '1' : '0';
  return pattern;
};

/** The longest run of identical rows with at least 20 bars in them: the bars (text rows vary). */
function barRows(image: Gray): { top: number; bottom: number } | null {
  let best: { top: number; bottom: number } | null = null;
  let y = 0;
  while (y < image.height) {
    const pattern = rowPattern(image, y);
    const bars = (pattern.match(/01/g) ?? []).length;
    let end = y + 1;
    while (end < image.height && rowPattern(image, end) === pattern) end++;
    if (bars >= 20 && (!best || end - y > best.bottom - best.top)) best = { top: y, bottom: end };
    y = end;
  }
  return best && { top: best.top / PX, bottom: best.bottom / PX };
}

function readWords(pdfFile: string): Array<Word & { page: number }> {
  const html = run('pdftotext', ['-bbox', pdfFile, '-']);
  const words: Array<Word & { page: number }> = [];
  let page = 0;
  const decode = (text: string) =>
    text
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  for (const match of html.matchAll(
    /<page [^>]*>|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
  )) {
    if (match[0].startsWith('<page')) page++;
    else words.push({ page, xMin: +match[1], yMin: +match[2], xMax: +match[3], yMax: +match[4], text: decode(match[5]) });
  }
  return words;
}

/** Every label of the file that has something printed on it, in print order. */
export function readLabels(pdf: Buffer, layout: LabelLayout): LabelReading[] {
  const sheet = SHEETS[layout];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-labels-'));
  try {
    const pdfFile = path.join(dir, 'labels.pdf');
    fs.writeFileSync(pdfFile, pdf);
    run('pdftoppm', ['-r', String(DPI), '-gray', pdfFile, path.join(dir, 'page')]);
    const pages = fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.pgm'))
      .sort((a, b) => Number(/(\d+)\.pgm$/.exec(a)![1]) - Number(/(\d+)\.pgm$/.exec(b)![1]));
    const words = readWords(pdfFile);
    const labels: Array<LabelReading & { file: string }> = [];
    pages.forEach((name, pageIndex) => {
      const image = readPgm(path.join(dir, name));
      for (let slot = 0; slot < sheet.columns * sheet.rows; slot++) {
        const left = sheet.left + (slot % sheet.columns) * sheet.pitchX;
        const top = sheet.top + Math.floor(slot / sheet.columns) * sheet.pitchY;
        const cell = crop(
          image,
          Math.round(left * PX),
          Math.round(top * PX),
          Math.round(sheet.labelWidth * PX),
          Math.min(Math.round(sheet.labelHeight * PX), image.height - Math.round(top * PX)),
        );
        if (cell.pixels.every((value) => value > 250)) continue; // an empty place at the end of the last sheet
        const file = path.join(dir, `label-${pageIndex + 1}-${slot}.pgm`);
        writePgm(file, cell);
        const inside = words
          .filter((word) => word.page === pageIndex + 1)
          .filter((word) => (word.xMin + word.xMax) / 2 > left && (word.xMin + word.xMax) / 2 < left + sheet.labelWidth)
          .filter((word) => (word.yMin + word.yMax) / 2 > top && (word.yMin + word.yMax) / 2 < top + sheet.labelHeight)
          .map(({ text, xMin, yMin, xMax, yMax }) => ({ text, xMin: xMin - left, yMin: yMin - top, xMax: xMax - left, yMax: yMax - top }));
        labels.push({ page: pageIndex + 1, slot, symbols: [], bars: barRows(cell), words: inside, file });
      }
    });
    // One zbarimg for every label; --xml names the file each reading comes from. Status 4: a
    // file with no code at all (the test says which).
    const xml = run('zbarimg', ['--xml', '-q', '-Supca.enable', ...labels.map((label) => label.file)], [0, 4]);
    for (const source of xml.matchAll(/<source href='([^']+)'>([\s\S]*?)<\/source>/g)) {
      const label = labels.find((candidate) => candidate.file === source[1]);
      for (const symbol of source[2].matchAll(/<symbol type='([^']+)'[^>]*><data><!\[CDATA\[([^\]]*)\]\]><\/data>/g)) {
        label?.symbols.push(`${symbol[1]}:${symbol[2]}`);
      }
    }
    return labels.map(({ file: _file, ...label }) => label);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
