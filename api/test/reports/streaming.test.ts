// How the renderers behave with many rows, without a database: a long kardex spreads over many
// pages that a reader still opens (every page and row there, "Página N de M" right), a client
// that does not read makes rendering wait instead of piling the file up in memory, and other
// work gets its turn while a report is being written.
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Column, ReportDefinition, Row } from '../../src/reports/model';
import { HIGH_WATER } from '../../src/reports/pace';
import { renderPdf } from '../../src/reports/pdf';
import { GATHER } from '../../src/reports/pdf-output';
import { renderXlsx } from '../../src/reports/xlsx';
import { readPdf, readXlsx } from './read-report';
import { tableDefinition } from './table-definition';

const COLUMNS: Column[] = [
  { header: 'Fecha', kind: 'date', weight: 1, xlsxWidth: 12 },
  { header: 'Documento', kind: 'text', weight: 2, xlsxWidth: 16 },
  { header: 'Cantidad', kind: 'quantity', weight: 1, xlsxWidth: 12 },
  { header: 'Importe', kind: 'money', weight: 1, xlsxWidth: 14 },
];

function* rowsOf(count: number): Generator<Row> {
  for (let i = 1; i <= count; i++) {
    yield { cells: ['2026-03-14', `Renglón ${i} de la tarjeta`, `${i}.5`, `${i * 3}.25`] };
  }
}

async function* batches(count: number, size = 250): AsyncGenerator<Row[]> {
  let batch: Row[] = [];
  for (const row of rowsOf(count)) {
    batch.push(row);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

function definition(rows: number): ReportDefinition {
  return tableDefinition(COLUMNS, batches(rows), [{ label: 'Producto', value: 'Tóner para impresora' }]);
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

test('a 3,000-row PDF: every page opens, every row is there in order, "Página N de M" on each page', async () => {
  const rendered = renderPdf(definition(3_000));
  const [file] = await Promise.all([collect(rendered.stream), rendered.done]);
  const pdf = await readPdf(file);
  expect(pdf.pages.length).toBeGreaterThan(40);
  pdf.pages.forEach((page, i) => {
    expect(page.map((cells) => cells.join(' | '))).toContain(
      `Tarjeta de almacén · Centro de Capacitación para el Trabajo Industrial | Página ${i + 1} de | ${pdf.pages.length}`,
    );
  });
  const numbers = pdf.lines.flatMap((line) => /^14\/03\/2026 \| Renglón (\d+) de la tarjeta \|/.exec(line)?.[1] ?? []).map(Number);
  expect(numbers).toEqual(Array.from({ length: 3_000 }, (_, i) => i + 1));
  expect(pdf.lines).toContain('14/03/2026 | Renglón 3000 de la tarjeta | 3,000.5 | $9,000.25');
}, 60_000);

test('the PDF leaves in chunks of GATHER bytes or more (the last one shorter), not one per pdfkit object', async () => {
  const rendered = renderPdf(definition(3_000));
  const chunks: number[] = [];
  for await (const chunk of rendered.stream as AsyncIterable<Buffer>) chunks.push(chunk.length);
  await rendered.done;
  expect(chunks.length).toBeGreaterThan(2);
  expect(chunks.slice(0, -1).every((bytes) => bytes >= GATHER)).toBe(true);
}, 60_000);

test.each(['pdf', 'xlsx'] as const)(
  '%s: a client that does not read makes rendering wait; reading lets it finish',
  async (format) => {
    const rendered = format === 'pdf' ? renderPdf(definition(40_000)) : renderXlsx(definition(60_000));
    let settled = false;
    void rendered.done.then(() => (settled = true));
    // Nobody reads for a while: the file must stop growing near the high-water mark.
    for (let i = 0; i < 400 && (rendered.stream as unknown as { readableLength: number }).readableLength < HIGH_WATER; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const waiting = (rendered.stream as unknown as { readableLength: number }).readableLength;
    expect(settled).toBe(false);
    expect(waiting).toBeGreaterThan(0);
    expect(waiting).toBeLessThan(HIGH_WATER + 512 * 1024);
    // Now read it all: rendering resumes and the whole file comes out.
    let bytes = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        callback();
      },
    });
    await Promise.all([pipeline(rendered.stream, sink), rendered.done]);
    expect(bytes).toBeGreaterThan(waiting + 256 * 1024);
  },
  120_000,
);

test('other work runs while a report is rendered (it yields between short slices)', async () => {
  const rendered = renderXlsx(definition(5_000));
  const reading = collect(rendered.stream);
  let turns = 0;
  let finished = false;
  void rendered.done.finally(() => (finished = true));
  while (!finished) {
    await nextTurn();
    turns++;
  }
  await reading;
  // Without yielding, the whole file would be written in one go and this loop would run once or twice.
  expect(turns).toBeGreaterThan(20);
}, 60_000);

test('the XLSX of a long table holds every row', async () => {
  const rendered = renderXlsx(definition(2_000));
  const [file] = await Promise.all([collect(rendered.stream), rendered.done]);
  const sheet = await readXlsx(file);
  const documents = sheet.rows.map((row) => row[1]).filter((value) => typeof value === 'string' && value.startsWith('Renglón '));
  expect(documents).toHaveLength(2_000);
  expect(documents.at(-1)).toBe('Renglón 2000 de la tarjeta');
}, 60_000);
