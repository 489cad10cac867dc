// A report downloaded the way a person gets it: click the button, take the browser's download,
// read the file; its text by Poppler's pdftotext.
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
 * The PDF's text by Poppler's pdftotext (.ci/run installs poppler-utils; without it the test fails
 * saying so). 'layout' keeps the page's columns side by side; 'raw' keeps the lines of one table
 * cell together, for text a cell wraps.
 */
export function pdfText(file: string, mode: 'layout' | 'raw' = 'layout'): string {
  try {
    return execFileSync('pdftotext', [`-${mode}`, file, '-'], { encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('No se encontró "pdftotext". Instala poppler-utils (apt-get).');
    throw error;
  }
}

// Opening the files with readers independent of the writer (poppler, LibreOffice): the same
// module as the API's report check (`npm run check:reports -w @almacen/api`).
export { renderPdf, xlsxAsCsv } from '../../../api/test/reports/file-readers';
