// pdf.ts reaches into one private field of pdfkit (the page tree's Kids, to free each page once
// written: flat memory for a 2,800-page kardex). pdfkit is pinned exactly in api/package.json;
// this test fails if an upgrade moves that field, so the upgrade is looked at, not shipped blind.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { forgetPageDictionary } from '../../src/reports/pdf';

const apiPackage = JSON.parse(readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as { dependencies: Record<string, string> };

test('pdfkit is pinned exactly, and the installed copy is that version', () => {
  const pinned = apiPackage.dependencies.pdfkit;
  expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
  // The package's exports hide its package.json: walk up from its entry point.
  let dir = path.dirname(require.resolve('pdfkit'));
  while (!existsSync(path.join(dir, 'package.json')) || JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).name !== 'pdfkit') dir = path.dirname(dir);
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
  const kids = (doc as unknown as { _root: { data: { Pages: { data: { Kids: Array<{ id: number; gen: number; data?: unknown }> } } } } })._root.data.Pages.data.Kids;
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
