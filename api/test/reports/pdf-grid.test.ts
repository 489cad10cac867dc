// The PDF table's vertical rules (pdf-separators.ts, SeparatorRuns): consecutive rows with the same cells
// share one line per separator, written when the cells change or the page ends. What a reader
// must see is what row-by-row segments drew: rules unbroken from the column headers to the last
// row of each page, and no rule across a cell that spans (a subtotal's label over an empty cell).
// Read off the page as poppler draws it, not off the PDF's operators.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Column, ReportDefinition, Row } from '../../src/reports/model';
import { renderPdf } from '../../src/reports/pdf';
import { tool } from './file-readers';
import { tableDefinition } from './table-definition';

// Landscape letter, 36 pt margins: 720 pt of table, weights 2:1:1:1 → rules at 36, 324, 468, 612 and 756 pt.
const COLUMNS: Column[] = [
  { header: 'Documento', kind: 'text', weight: 2, xlsxWidth: 16 },
  { header: 'Fecha', kind: 'date', weight: 1, xlsxWidth: 12 },
  { header: 'Cantidad', kind: 'quantity', weight: 1, xlsxWidth: 12 },
  { header: 'Importe', kind: 'money', weight: 1, xlsxWidth: 14 },
];
const DPI = 200;

function definition(): ReportDefinition {
  const row = (i: number): Row => ({ cells: [`Renglón ${i}`, '2026-03-14', `${i}.5`, `${i * 3}.25`] });
  const rows: Row[] = [
    ...Array.from({ length: 45 }, (_, i) => row(i + 1)),
    // Its label spans the empty "Fecha" cell: no rule at 324 pt across this row.
    { cells: ['Subtotal de la partida 2111', null, '10', '20.5'], emphasis: 'subtotal' },
    ...Array.from({ length: 45 }, (_, i) => row(i + 46)),
  ];
  return tableDefinition(
    COLUMNS,
    (async function* () {
      yield rows;
    })(),
  );
}

/** A page of the PDF drawn by poppler in grey levels: its pixels, row by row. */
async function page(
  pdf: string,
  number: number,
  dir: string,
): Promise<{ width: number; height: number; at: (x: number, y: number) => number }> {
  const base = path.join(dir, `page-${number}`);
  await tool('pdftoppm', ['-r', String(DPI), '-gray', '-f', String(number), '-l', String(number), '-singlefile', pdf, base]);
  const pgm = readFileSync(`${base}.pgm`);
  const [, width, height] = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!.map(Number);
  const offset = pgm.length - width * height;
  return { width, height, at: (x, y) => pgm[offset + y * width + x] };
}

/** The stretches (in pixels, top to bottom) where a rule at `xPt` is drawn, longer than `min`. */
function drawn(image: Awaited<ReturnType<typeof page>>, xPt: number, min = 60): Array<{ top: number; bottom: number }> {
  const x = Math.round((xPt * DPI) / 72);
  const dark = (y: number) => Math.min(image.at(x - 1, y), image.at(x, y), image.at(x + 1, y)) < 200;
  const runs: Array<{ top: number; bottom: number }> = [];
  for (let y = 0; y < image.height; y++) {
    if (!dark(y)) continue;
    const top = y;
    while (y < image.height && dark(y)) y++;
    if (y - top > min) runs.push({ top, bottom: y });
  }
  return runs;
}

test('the vertical rules run unbroken down each page and stop across a cell that spans', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'almacen-pdf-grid-'));
  try {
    const rendered = renderPdf(definition());
    const chunks: Buffer[] = [];
    for await (const chunk of rendered.stream as AsyncIterable<Buffer>) chunks.push(chunk);
    await rendered.done;
    const pdf = path.join(dir, 'grid.pdf');
    writeFileSync(pdf, Buffer.concat(chunks));
    const pages = Number(/Pages:\s+(\d+)/.exec((await tool('pdfinfo', [pdf])).stdout)![1]);
    expect(pages).toBeGreaterThanOrEqual(3);
    let spannedPages = 0;
    for (let number = 1; number <= pages; number++) {
      const image = await page(pdf, number, dir);
      // Each rule of the table: one stretch from the headers down to the page's last row.
      const rules = [36, 324, 468, 612, 756].map((x) => drawn(image, x));
      const [edge] = rules[0];
      expect({ number, stretches: rules[0].length }).toEqual({ number, stretches: 1 });
      for (const x of [2, 3, 4]) expect({ number, x, stretches: rules[x] }).toEqual({ number, x, stretches: [edge] });
      // The rule between "Documento" and "Fecha": broken once, by the subtotal row, on its page.
      if (rules[1].length === 2) {
        spannedPages++;
        const [above, below] = rules[1];
        expect(above.top).toBe(edge.top);
        expect(below.bottom).toBe(edge.bottom);
        const gap = below.top - above.bottom; // the subtotal row: about one line and its padding
        expect(gap).toBeGreaterThan(20);
        expect(gap).toBeLessThan(60);
      } else {
        expect({ number, stretches: rules[1] }).toEqual({ number, stretches: [edge] });
      }
      expect(edge.bottom - edge.top).toBeGreaterThan(image.height / 3);
    }
    expect(spannedPages).toBe(1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
