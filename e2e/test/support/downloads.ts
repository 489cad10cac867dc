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
