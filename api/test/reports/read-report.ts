// Reads report files back with independent readers: pdf.js for the PDF text (in a child
// process, see pdf-text.mjs) and exceljs' reader for the XLSX cell values.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';

const run = promisify(execFile);

export interface PdfText {
  /** Per page, its lines top to bottom; a line is its text pieces left to right. */
  pages: string[][][];
  /** Every line of every page as one string (cells joined by " | "). */
  lines: string[];
}

interface Item {
  str: string;
  x: number;
  y: number;
}

export async function readPdf(file: Buffer): Promise<PdfText> {
  const dir = await mkdtemp(path.join(tmpdir(), 'almacen-pdf-'));
  try {
    const pdfPath = path.join(dir, 'report.pdf');
    await writeFile(pdfPath, file);
    const { stdout } = await run(process.execPath, [path.join(__dirname, 'pdf-text.mjs'), pdfPath], { maxBuffer: 512 * 1024 * 1024 });
    const { pages } = JSON.parse(stdout) as { pages: Item[][] };
    const grouped = pages.map(toLines);
    return { pages: grouped, lines: grouped.flatMap((page) => page.map((cells) => cells.join(' | '))) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Groups text pieces by baseline, left to right; each piece pdfkit wrote (a cell) stays one string. */
function toLines(items: Item[]): string[][] {
  const rows = new Map<number, Item[]>();
  for (const item of items) {
    if (!item.str.trim()) continue;
    const key = Math.round(item.y * 2) / 2;
    rows.set(key, [...(rows.get(key) ?? []), item]);
  }
  return [...rows.entries()].sort((a, b) => b[0] - a[0]).map(([, row]) => row.sort((a, b) => a.x - b.x).map((item) => item.str.trim()));
}

export type CellValue = string | number | boolean | Date | null;

/** The first worksheet's rows as plain values (row 1 first; empty cells null). */
export async function readXlsx(file: Buffer): Promise<{ sheetName: string; rows: CellValue[][]; workbook: ExcelJS.Workbook }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: CellValue[][] = [];
  // Read once: exceljs computes columnCount by walking every row, which made this loop quadratic.
  const rowCount = sheet.rowCount;
  const columnCount = sheet.columnCount;
  for (let r = 1; r <= rowCount; r++) {
    const row = sheet.getRow(r);
    const values: CellValue[] = [];
    for (let c = 1; c <= columnCount; c++) {
      const cell = row.getCell(c);
      // A merged cell repeats its master's value in exceljs; keep it only on the master.
      const value = cell.isMerged && cell.master.address !== cell.address ? null : (cell.value as CellValue);
      values.push(value === undefined ? null : value);
    }
    rows.push(values);
  }
  return { sheetName: sheet.name, rows, workbook };
}
