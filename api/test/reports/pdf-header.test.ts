// The report header as a reader sees it: the institution's name, centred in large bold type, keeps
// a whole space between its words (Helvetica's kerning narrows a space before a capital, and
// "el Trabajo" then reads "elTrabajo"). Measured on the page poppler lays out.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Column } from '../../src/reports/model';
import { renderPdf } from '../../src/reports/pdf';
import { tool } from './file-readers';
import { tableDefinition } from './table-definition';

const COLUMNS: Column[] = [
  { header: 'Documento', kind: 'text', weight: 2, xlsxWidth: 16 },
  { header: 'Importe', kind: 'money', weight: 1, xlsxWidth: 14 },
];

async function pdfOf(orientation: 'landscape' | 'portrait'): Promise<Buffer> {
  const def = {
    ...tableDefinition(
      COLUMNS,
      (async function* () {
        yield Array.from({ length: 80 }, (_, i) => ({ cells: [`Renglón ${i + 1}`, '3.25'] }));
      })(),
    ),
    orientation,
  };
  const rendered = renderPdf(def);
  const chunks: Buffer[] = [];
  rendered.stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  await rendered.done;
  await new Promise((resolve) => setImmediate(resolve));
  return Buffer.concat(chunks);
}

interface Word {
  text: string;
  xMin: number;
  xMax: number;
  yMin: number;
}

async function headerWords(pdf: Buffer, page: number): Promise<Word[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pdf-header-'));
  try {
    const file = path.join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    const { stdout } = await tool('pdftotext', ['-f', String(page), '-l', String(page), '-bbox', file, '-']);
    const words = [...stdout.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)].map((m) => ({
      xMin: Number(m[1]),
      yMin: Number(m[2]),
      xMax: Number(m[3]),
      text: m[4]!,
    }));
    const top = Math.min(...words.map((w) => w.yMin));
    return words.filter((w) => Math.abs(w.yMin - top) < 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(['landscape', 'portrait'] as const)('the %s report header', (orientation) => {
  it.each([1, 2])('on page %i names the institution word by word, every space as wide as the others', async (page) => {
    const words = await headerWords(await pdfOf(orientation), page);
    expect(words.map((w) => w.text).join(' ')).toBe('Centro de Capacitación para el Trabajo Industrial');
    const gaps = words.slice(1).map((w, i) => `${words[i]!.text}␣${w.text}: ${(w.xMin - words[i]!.xMax).toFixed(1)} pt`);
    const widest = Math.max(...words.slice(1).map((w, i) => w.xMin - words[i]!.xMax));
    // A space of 11 pt Helvetica Bold is 3.06 pt; none may shrink.
    expect(gaps).toEqual(words.slice(1).map((w, i) => `${words[i]!.text}␣${w.text}: ${widest.toFixed(1)} pt`));
  });
});
