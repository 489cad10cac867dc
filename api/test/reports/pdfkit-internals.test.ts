// pdf-layout.ts (forgetPageDictionary) reaches into one private field of pdfkit (the page tree's
// Kids, to free each page once written: flat memory for a 2,800-page kardex). pdfkit is pinned
// exactly in api/package.json; this test fails if an upgrade moves that field, so the upgrade is
// looked at, not shipped blind.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { colorOperators, num, PageReplay, pathPoint, writeContent } from '../../src/reports/pdf-content';
import { deflateFast, forgetPageDictionary } from '../../src/reports/pdf-layout';
import { LineWriter } from '../../src/reports/pdf-lines';
import { fastMetrics, WidthCache } from '../../src/reports/pdf-metrics';
import { tool } from './file-readers';

const apiPackage = JSON.parse(readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as { dependencies: Record<string, string> };

test('pdfkit is pinned exactly, and the installed copy is that version', () => {
  const pinned = apiPackage.dependencies.pdfkit;
  expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
  // The package's exports hide its package.json: walk up from its entry point.
  let dir = path.dirname(require.resolve('pdfkit'));
  while (!existsSync(path.join(dir, 'package.json')) || JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).name !== 'pdfkit')
    dir = path.dirname(dir);
  expect((JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version).toBe(pinned);
});

test('the page tree keeps its pages in _root.data.Pages.data.Kids, and forgetting one leaves a bare reference', async () => {
  const doc = new PDFDocument({ autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  doc.addPage();
  doc.text('Página uno');
  doc.addPage();
  const kids = (doc as unknown as { _root: { data: { Pages: { data: { Kids: Array<{ id: number; gen: number; data?: unknown }> } } } } })
    ._root.data.Pages.data.Kids;
  expect(kids).toHaveLength(2);
  const last = kids[1];
  expect([typeof last.id, typeof last.gen, typeof last.data]).toEqual(['number', 'number', 'object']);
  forgetPageDictionary(doc);
  expect(kids[1]).not.toBe(last);
  expect({ id: kids[1].id, gen: kids[1].gen, data: kids[1].data }).toEqual({ id: last.id, gen: last.gen, data: undefined });
  expect(Object.getPrototypeOf(kids[1])).toBe(Object.getPrototypeOf(last));
  doc.text('Página dos');
  doc.end();
  await ended;
  // Still a valid two-page PDF.
  const pdf = Buffer.concat(chunks).toString('latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);
  expect(pdf).toMatch(/\/Count 2\b/);
});

test('deflateFast: the page content pdfkit would deflate is written deflated at level 1, the same content under /FlateDecode', async () => {
  const render = async (fast: boolean): Promise<Buffer> => {
    const doc = new PDFDocument({ autoFirstPage: false, info: { CreationDate: new Date(0) } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => doc.on('end', resolve));
    for (const page of ['Página uno', 'Página dos']) {
      doc.addPage();
      if (fast) deflateFast(doc);
      for (let i = 0; i < 40; i++) doc.text(`${page}, renglón ${i}`);
    }
    doc.end();
    await ended;
    return Buffer.concat(chunks);
  };
  /** Each stream's dictionary and its inflated bytes. */
  const streams = (pdf: Buffer) =>
    [...pdf.toString('latin1').matchAll(/<<([^]*?)>>\nstream\n/g)].map((match) => {
      const start = match.index + match[0].length;
      const length = Number(/\/Length (\d+)/.exec(match[1])![1]);
      const bytes = pdf.subarray(start, start + length);
      return {
        dictionary: match[1].replace(/\/Length \d+/, ''),
        content: /FlateDecode/.test(match[1]) ? inflateSync(bytes).toString('latin1') : '',
      };
    });
  const [pdfkit, fast] = [await render(false), await render(true)];
  expect(streams(fast)).toEqual(streams(pdfkit));
  expect(streams(fast).filter((stream) => /FlateDecode/.test(stream.dictionary))).toHaveLength(2);
  expect(fast.equals(pdfkit)).toBe(false); // the level differs
});

// pdf-lines.ts writes one-line cells as the operators doc.text would write, and pdf-content.ts the
// grid's path as doc.moveTo/lineTo/stroke would: the same bytes, or the kardex would silently change.
describe('the fast paths of pdf-lines.ts and pdf-content.ts write exactly what pdfkit writes', () => {
  // Printable Latin-1 (amounts, dates, accented names, kerned pairs: AsciiMetrics' arrays) and
  // texts with other characters (pdfkit's encode: the dash, the euro sign).
  const latin1 = Array.from({ length: 96 }, (_, i) => String.fromCharCode(160 + i)).join('');
  const texts = [
    'Entrada',
    latin1,
    `Ta${latin1}Vé`,
    'Papelería — Área «Ñ» €',
    'AVATAR Tómbola',
    '$1,234,567.890123',
    '(8,765.43)',
    '31/12/2026',
    'Ñandú ¿qué? ¡sí! ü',
    'Factura K-100001',
    'To Yo Wa',
    'AVATAR LT. Vw, y.',
    '7',
  ];

  /** An uncompressed one-page PDF drawn by `draw`, with its creation date blanked. */
  async function render(draw: (doc: PDFKit.PDFDocument) => void): Promise<string> {
    const doc = new PDFDocument({ autoFirstPage: false, compress: false, info: { CreationDate: new Date(0) } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => doc.on('end', resolve));
    doc.addPage({ size: 'LETTER', layout: 'landscape' });
    for (const [font, size] of [
      ['Helvetica', 7.5],
      ['Helvetica-Bold', 7.5],
      ['Helvetica', 8.5],
    ] as const) {
      doc.font(font).fontSize(size);
      fastMetrics(doc);
      draw(doc);
    }
    doc.end();
    await ended;
    return Buffer.concat(chunks).toString('latin1');
  }

  test('one-line text', async () => {
    const widths = new WidthCache();
    const lines = new LineWriter();
    const place = (i: number) => [36 + i * 37.3333, 100.123456789 + i * 11.5] as const;
    const viaPdfkit = await render((doc) =>
      texts.forEach((text, i) => {
        const [x, y] = place(i);
        doc.text(text, x, y, { lineBreak: false, textWidth: doc.widthOfString(text), wordCount: 1 } as PDFKit.Mixins.TextOptions);
      }),
    );
    const viaFastPath = await render((doc) => {
      const written = texts.map((text, i) => {
        const [x, y] = place(i);
        const font = (doc as unknown as { _font: { name: string } })._font.name;
        const line = lines.line(doc, text, x, y, widths.width(doc, font, (doc as unknown as { _fontSize: number })._fontSize, text));
        expect(line).not.toBeNull();
        return line!;
      });
      writeContent(doc, written.join('\n'));
    });
    expect(viaFastPath).toBe(viaPdfkit);
  });

  test('widths: the one-line path measures what doc.widthOfString measures, to the last bit', async () => {
    // Amounts, quantities and balances as the reports print them, and the words above.
    const amounts = Array.from({ length: 300 }, (_, i) => {
      const n = ((i * 7919) % 100_000) * 1.37 + i / 7;
      return i % 3 === 0 ? `$${n.toLocaleString('en-US', { minimumFractionDigits: 2 })}` : i % 3 === 1 ? `(${n.toFixed(4)})` : `${i}`;
    });
    await render((doc) => {
      const lines = new LineWriter();
      const all = [...texts, ...amounts, 'Ñ', 'AV', 'To'];
      expect(all.map((text) => lines.width(doc, text))).toEqual(all.map((text) => doc.widthOfString(text)));
    });
  });

  test('fill and stroke colours, line width', async () => {
    const colors = ['#111111', '#9a9a9a', '#e4e4e4', '#B00020', '#000000', '#ffffff'];
    const viaPdfkit = await render((doc) => {
      for (const color of colors) doc.fillColor(color).lineWidth(0.4).strokeColor(color);
    });
    const viaFastPath = await render((doc) => {
      for (const color of colors) writeContent(doc, `${colorOperators(color, false)}\n${num(0.4)} w\n${colorOperators(color, true)}`);
    });
    expect(viaFastPath).toBe(viaPdfkit);
  });

  test('grid lines', async () => {
    const points: Array<[number, number]> = [
      [36, 200.25],
      [756, 200.25],
      [36.0000004, 190.1234567],
      [99.99999949, 190],
    ];
    const viaPdfkit = await render((doc) => {
      for (let i = 0; i < points.length; i += 2) doc.moveTo(...points[i]).lineTo(...points[i + 1]);
      doc.stroke();
    });
    const viaFastPath = await render((doc) => {
      const ops: string[] = [];
      for (let i = 0; i < points.length; i += 2) ops.push(pathPoint(...points[i], 'm'), pathPoint(...points[i + 1], 'l'));
      writeContent(doc, [...ops, 'S'].join('\n'));
    });
    expect(viaFastPath).toBe(viaPdfkit);
  });
});

// PageReplay repeats what pdfkit wrote for a page's title block as bytes: every page must come out
// exactly as if pdfkit had painted it again (fonts listed, wrapped and centred text, rules, colours).
test('a replayed drawing writes the same file as painting it on every page', async () => {
  async function document(replay: PageReplay | null): Promise<string> {
    const doc = new PDFDocument({ autoFirstPage: false, compress: false, info: { CreationDate: new Date(0) } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => doc.on('end', resolve));
    const top = () => {
      doc.font('Helvetica-Bold').fontSize(11);
      doc.text('Escuela de Capacitación para el Trabajo — Almacén General', 36, 28, { width: 200, align: 'center' });
      doc.moveTo(36, 70).lineTo(576, 70).lineWidth(0.8).strokeColor('#111111').stroke();
      doc.font('Helvetica').fontSize(7.5).fillColor('#333333');
      doc.text('Costo promedio', 300, 80, { width: 30, align: 'center' });
      return doc.y;
    };
    const ends: number[] = [];
    for (let page = 1; page <= 3; page++) {
      doc.addPage({ size: 'LETTER' });
      ends.push(replay ? replay.draw(doc, 'top', top) : top());
      // Something of each page's own after it, in another font than the drawing's last.
      doc.font('Helvetica-Oblique').fontSize(9).fillColor('#000000').text(`Página ${page}`, 36, 700, { lineBreak: false });
    }
    doc.end();
    await ended;
    expect(new Set(ends).size).toBe(1); // the y below the drawing, the same on every page
    return Buffer.concat(chunks).toString('latin1');
  }
  const painted = await document(null);
  const replayed = await document(new PageReplay());
  expect(replayed).toBe(painted);
});

/**
 * A one-page landscape PDF (compressed, as the reports are) with `draw` called once per font and
 * size, written to `dir` and drawn by poppler: its pixels, its words (pdftotext) and its size.
 */
async function pageOf(
  dir: string,
  name: string,
  fonts: ReadonlyArray<readonly [string, number]>,
  draw: (doc: PDFKit.PDFDocument, row: number) => void,
): Promise<{ pixels: Buffer; text: string; bytes: number }> {
  const doc = new PDFDocument({ autoFirstPage: false, info: { CreationDate: new Date(0) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  doc.addPage({ size: 'LETTER', layout: 'landscape' });
  for (const [row, [font, size]] of fonts.entries()) {
    doc.font(font).fontSize(size).fillColor('#111111');
    fastMetrics(doc);
    draw(doc, row);
  }
  doc.end();
  await ended;
  const pdf = path.join(dir, `${name}.pdf`);
  writeFileSync(pdf, Buffer.concat(chunks));
  await tool('pdftoppm', ['-r', '150', '-gray', '-singlefile', pdf, path.join(dir, name)]);
  return {
    pixels: readFileSync(path.join(dir, `${name}.pgm`)),
    text: (await tool('pdftotext', ['-layout', pdf, '-'])).stdout,
    bytes: Buffer.concat(chunks).length,
  };
}

// A row's one-line cells go out as ONE text object (LineWriter.lines): other bytes than pdfkit's
// one object per cell, so the proof is the page itself — poppler draws both files to the same
// pixels, and pdf.js reads the same words at the same places.
test('a row written as one text object looks exactly like pdfkit writing each cell', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'almacen-pdf-lines-'));
  try {
    const cells = ['Entrada', 'Cancelación de salida', '$1,234,567.890123', '31/12/2026', 'Ñandú ¿qué? ¡sí! ü', 'To Yo Wa', '7'];
    const file = (
      name: string,
      draw: (doc: PDFKit.PDFDocument, at: Array<{ text: string; x: number; y: number; width: number }>) => void,
    ) =>
      pageOf(
        dir,
        name,
        [
          ['Helvetica', 7.5],
          ['Helvetica-Bold', 7.5],
          ['Helvetica', 8.5],
        ],
        (doc, row) =>
          draw(
            doc,
            cells.map((text, i) => ({ text, x: 36.25 + i * 101.1, y: 60.123 + row * 40, width: doc.widthOfString(text) })),
          ),
      );
    const lines = new LineWriter();
    const pdfkit = await file('pdfkit', (doc, at) =>
      at.forEach((c) => doc.text(c.text, c.x, c.y, { lineBreak: false, textWidth: c.width, wordCount: 1 } as PDFKit.Mixins.TextOptions)),
    );
    const grouped = await file('grouped', (doc, at) => {
      const operators = lines.lines(doc, at);
      expect(operators).not.toBeNull();
      expect(operators!.match(/\bBT\b/g)).toHaveLength(1);
      writeContent(doc, operators!);
    });
    expect(grouped.pixels.equals(pdfkit.pixels)).toBe(true);
    expect(grouped.bytes).toBeLessThan(pdfkit.bytes);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// A cell too narrow for its text: pdf.ts takes pdfkit's own lines (WidthCache.wrapped) and writes
// each on the one-line path, one line height apart. The page must be the one doc.text(text, x, y,
// { width }) draws — same pixels, same words — for names that wrap once or more, a word longer
// than the cell, accents and a line break in the text; asking for the lines draws nothing, and
// their number gives the height heightOfString measures (the row's height in pdf.ts).
test('a wrapped cell written line by line looks exactly like pdfkit wrapping it', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'almacen-pdf-wrap-'));
  try {
    const cells = [
      'Papelería y Consumibles del Centro, S.A. de C.V.',
      'Dirección de Capacitación — Área de Mantenimiento Industrial',
      'Supercalifragilísticoespialidoso',
      'Ñandú ¿qué? ¡sí! ü pingüino',
      'Primera línea\nsegunda línea del mismo texto',
    ];
    const width = 70;
    const file = (name: string, draw: (doc: PDFKit.PDFDocument, text: string, x: number, y: number) => void) =>
      pageOf(
        dir,
        name,
        [
          ['Helvetica', 7.5],
          ['Helvetica-Bold', 7.5],
        ],
        (doc, row) => cells.forEach((text, i) => draw(doc, text, 36.25 + i * 120.5, 60.123 + row * 90)),
      );
    const widths = new WidthCache();
    const writer = new LineWriter();
    const wrapped: string[][] = [];
    const pdfkit = await file('pdfkit', (doc, text, x, y) => doc.text(text, x, y, { width }));
    const lineByLine = await file('lines', (doc, text, x, y) => {
      const internals = doc as unknown as { _font: { name: string }; _fontSize: number; x: number; y: number };
      const before = [internals.x, internals.y];
      const lines = widths.wrapped(doc, internals._font.name, internals._fontSize, text, width);
      expect(lines).not.toBeNull();
      expect([internals.x, internals.y]).toEqual(before);
      wrapped.push(lines!);
      const lineHeight = doc.currentLineHeight(true);
      // The row's height pdf.ts takes from the lines is the one heightOfString measures.
      expect(lines!.length * lineHeight).toBeCloseTo(doc.heightOfString(text, { width }), 9);
      const at = lines!
        .map((line, i) => ({ text: line.replace(/\n/g, ''), x, y: y + i * lineHeight, width: 0 }))
        .filter((line) => line.text.length > 0)
        .map((line) => ({ ...line, width: widths.width(doc, internals._font.name, internals._fontSize, line.text) }));
      const operators = writer.lines(doc, at);
      expect(operators).not.toBeNull();
      writeContent(doc, operators!);
    });
    // Every cell wraps (the proof covers the wrapped path), the long word too.
    expect(wrapped.every((lines) => lines.length >= 2)).toBe(true);
    expect(lineByLine.text).toBe(pdfkit.text);
    expect(lineByLine.pixels.equals(pdfkit.pixels)).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
