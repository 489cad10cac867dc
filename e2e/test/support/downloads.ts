// A report downloaded the way a person gets it: click the button, take the browser's download,
// read the file. Also the text of a PDF when Poppler's pdftotext is installed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { ARTIFACTS } from './env';

export interface Downloaded {
  fileName: string;
  bytes: Buffer;
  file: string;
}

export async function downloadFrom(button: Locator): Promise<Downloaded> {
  const page = button.page();
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), button.click()]);
  const fileName = download.suggestedFilename();
  const file = path.join(ARTIFACTS, 'downloads', fileName);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await download.saveAs(file);
  return { fileName, bytes: fs.readFileSync(file), file };
}

/**
 * The PDF's text, or null when pdftotext is not installed. 'layout' keeps the page's columns side
 * by side; 'raw' keeps the lines of one table cell together, for text a cell wraps.
 */
export function pdfText(file: string, mode: 'layout' | 'raw' = 'layout'): string | null {
  try {
    return execFileSync('pdftotext', [`-${mode}`, file, '-'], { encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Opens a PDF the way CI's report check does (api/test/reports/check-files.ts): pdfinfo reads it
 * and pdftoppm renders every page to PNG. The page count, or null when poppler is not installed.
 */
export function renderPdf(file: string): number | null {
  try {
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
    const prefix = file.replace(/\.pdf$/, '');
    execFileSync('pdftoppm', ['-r', '40', '-png', file, prefix]);
    const base = path.basename(prefix);
    const images = fs.readdirSync(path.dirname(file)).filter((f) => f.startsWith(`${base}-`) && f.endsWith('.png'));
    expect(`${images.length} imágenes de ${pages} páginas`).toBe(`${pages} imágenes de ${pages} páginas`);
    return pages;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * An XLSX as LibreOffice reads it: converted headless to CSV (UTF-8, comma, double quotes), as
 * CI's report check does; the CSV text, or null when LibreOffice is not installed.
 */
export function xlsxAsCsv(file: string): string | null {
  const profile = fs.mkdtempSync(path.join(ARTIFACTS, 'lo-profile-'));
  try {
    const dir = path.dirname(file);
    execFileSync(
      'soffice',
      ['--headless', '--norestore', '--nologo', `-env:UserInstallation=file://${profile}`, '--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76', '--outdir', dir, file],
      { stdio: 'pipe', timeout: 120_000 },
    );
    return fs.readFileSync(file.replace(/\.xlsx$/, '.csv'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  } finally {
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
