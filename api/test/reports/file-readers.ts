// Report files opened by readers independent of the code that wrote them, as a person's software
// would: poppler for PDF, LibreOffice for XLSX. Used by `npm run check:reports -w @almacen/api`
// (check-files.ts) and by the browser tests (e2e/test/support/downloads.ts). Needs the Debian
// packages poppler-utils and libreoffice-calc-nogui (.ci/run installs them): a missing reader is an
// error with the package to install, never a skipped check.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs a reader; its failure (or absence) as an Error saying which and why. */
export async function tool(command: string, args: string[], timeoutMs = 180_000): Promise<{ stdout: string; stderr: string }> {
  try {
    return await run(command, args, { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const e = error as { code?: string; stderr?: string; message: string };
    if (e.code === 'ENOENT') throw new Error(`No se encontró "${command}". Instala poppler-utils y libreoffice-calc-nogui (apt-get).`);
    throw new Error(`${command} falló: ${(e.stderr || e.message).trim().slice(0, 500)}`);
  }
}

/** pdftoppm renders pages of `pdf` to PNG files named after `prefix`; fails on any reader error. */
async function renderPages(pdf: string, prefix: string, dpi: number, only?: { first: number; last: number }): Promise<string[]> {
  const range = only ? ['-f', String(only.first), '-l', String(only.last)] : [];
  const render = await tool('pdftoppm', ['-r', String(dpi), '-png', ...range, pdf, prefix]);
  if (/error/i.test(render.stderr)) throw new Error(render.stderr.trim());
  const base = path.basename(prefix);
  return readdirSync(path.dirname(prefix)).filter((f) => f.startsWith(`${base}-`) && f.endsWith('.png'));
}

/**
 * Opens a PDF: pdfinfo reads it (no error, at least one page) and pdftoppm renders every page to a
 * PNG beside it. Resolves with the page count.
 */
export async function renderPdf(file: string, dpi = 60): Promise<number> {
  const info = await tool('pdfinfo', [file]);
  if (/error/i.test(info.stderr)) throw new Error(info.stderr.trim());
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info.stdout)?.[1] ?? 0);
  if (pages < 1) throw new Error('pdfinfo no encontró páginas');
  const images = await renderPages(file, file.replace(/\.pdf$/, ''), dpi);
  if (images.length !== pages) throw new Error(`pdftoppm produjo ${images.length} imágenes para ${pages} páginas`);
  return pages;
}

/**
 * Opens an XLSX with LibreOffice headless: converted to CSV beside it (UTF-8, comma, double
 * quotes) and, with `alsoAsPdf`, to PDF too, whose first page poppler renders. Resolves with the
 * CSV text. `profile`: a LibreOffice user folder to reuse (one is made and removed otherwise).
 */
export async function xlsxAsCsv(
  file: string,
  { alsoAsPdf = false, profile }: { alsoAsPdf?: boolean; profile?: string } = {},
): Promise<string> {
  const ownProfile = profile ? null : mkdtempSync(path.join(os.tmpdir(), 'almacen-lo-profile-'));
  const soffice = ['--headless', '--norestore', '--nologo', `-env:UserInstallation=file://${profile ?? ownProfile}`];
  const dir = path.dirname(file);
  try {
    // 76 = UTF-8, 44 = comma, 34 = double quote.
    await tool('soffice', [...soffice, '--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76', '--outdir', dir, file]);
    const csv = file.replace(/\.xlsx$/, '.csv');
    if (!existsSync(csv) || statSync(csv).size === 0) throw new Error('LibreOffice no produjo el CSV');
    if (alsoAsPdf) {
      await tool('soffice', [...soffice, '--convert-to', 'pdf', '--outdir', dir, file]);
      const pdf = file.replace(/\.xlsx$/, '.pdf');
      if (!existsSync(pdf)) throw new Error('LibreOffice no produjo el PDF');
      await renderPages(pdf, file.replace(/\.xlsx$/, '-xlsx'), 60, { first: 1, last: 1 });
    }
    return readFileSync(csv, 'utf8');
  } finally {
    if (ownProfile) rmSync(ownProfile, { recursive: true, force: true });
  }
}
