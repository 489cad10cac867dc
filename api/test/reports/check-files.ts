// `npm run check:reports -w @almacen/api`: produces EVERY report (4 reports × PDF and XLSX, plus
// the card of a product without movements and the stock of «Todos los almacenes») for the worksheet scenario, and opens each file with
// independent readers, failing if any cannot:
//   - PDF: poppler's `pdfinfo` (must report no error and the right page count) and `pdftoppm`
//     (renders every page to PNG);
//   - XLSX: LibreOffice headless converts it to CSV (UTF-8) and to PDF, which poppler renders.
// Needs the Debian packages poppler-utils and libreoffice-calc-nogui. Uses the PostgreSQL in
// DATABASE_URL, otherwise an embedded one on a free port. Options: --out <dir> keeps the files
// (default: a temp folder that is removed unless a check fails).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/db/embedded';
import { ADMIN_URL_ENV } from '../helpers/admin-url';
import { freePort } from '../helpers/free-port';
import { client } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { INSTITUTION, seedScenario } from '../modules/reports/scenario';
import { renderPdf, xlsxAsCsv } from './file-readers';

interface Result {
  file: string;
  check: string;
  ok: boolean;
  detail: string;
}

async function checkPdf(file: string, results: Result[]): Promise<void> {
  const name = path.basename(file);
  try {
    const pages = await renderPdf(file);
    results.push({ file: name, check: 'pdfinfo + pdftoppm', ok: true, detail: `${pages} página(s) renderizadas` });
  } catch (error) {
    results.push({ file: name, check: 'pdfinfo + pdftoppm', ok: false, detail: (error as Error).message });
  }
}

async function checkXlsx(file: string, profile: string, results: Result[]): Promise<void> {
  const name = path.basename(file);
  try {
    const text = await xlsxAsCsv(file, { alsoAsPdf: true, profile });
    if (!text.includes(INSTITUTION)) throw new Error('el CSV no contiene el encabezado del reporte');
    results.push({ file: name, check: 'LibreOffice → CSV y PDF', ok: true, detail: `${text.split('\n').length - 1} filas en CSV` });
  } catch (error) {
    results.push({ file: name, check: 'LibreOffice → CSV y PDF', ok: false, detail: (error as Error).message });
  }
}

async function main(): Promise<void> {
  const outArg = process.argv.indexOf('--out');
  const keep = outArg > 0;
  const out = keep ? path.resolve(process.argv[outArg + 1]) : mkdtempSync(path.join(os.tmpdir(), 'almacen-reportes-'));
  mkdirSync(path.join(out, 'xlsx'), { recursive: true });
  const profile = mkdtempSync(path.join(os.tmpdir(), 'almacen-lo-profile-'));

  let embedded: EmbeddedPostgres | undefined;
  let pgDir: string | undefined;
  if (!process.env[ADMIN_URL_ENV]) {
    if (process.env.DATABASE_URL) process.env[ADMIN_URL_ENV] = process.env.DATABASE_URL;
    else {
      pgDir = mkdtempSync(path.join(os.tmpdir(), 'almacen-check-pg-'));
      embedded = await startEmbeddedPostgres({ dataDir: pgDir, port: await freePort(), database: 'postgres' });
      process.env[ADMIN_URL_ENV] = embedded.adminUrl;
    }
  }

  let t: TestApp | undefined;
  const results: Result[] = [];
  try {
    t = await createTestApp({ env: { INSTITUTION_NAME: INSTITUTION } });
    const c = client(t, { sub: 'check-reports', name: 'Revisión de reportes' });
    const ids = await seedScenario(c, t.config.timeZone);
    const urls = [
      '/api/reports/stock',
      '/api/reports/stock?warehouseId=all',
      `/api/reports/products/${ids.products.soap}`,
      `/api/reports/products/${ids.products.idle}`,
      `/api/reports/invoices/${ids.invoices[0]}`,
      `/api/reports/dispatches/${ids.dispatches[0]}`,
    ];
    const files: string[] = [];
    for (const url of urls) {
      for (const format of ['pdf', 'xlsx']) {
        const response = await t.app.inject({
          method: 'POST',
          url: `${url}${url.includes('?') ? '&' : '?'}format=${format}`,
          headers: await t.auth(),
        });
        if (response.statusCode !== 200) throw new Error(`${url} (${format}) respondió ${response.statusCode}: ${response.body}`);
        const fileName = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(String(response.headers['content-disposition']))![1]);
        // XLSX conversions go to their own folder so LibreOffice's PDF does not replace the API's.
        const file = path.join(out, format === 'xlsx' ? 'xlsx' : '', fileName);
        writeFileSync(file, response.rawPayload);
        files.push(file);
      }
    }
    for (const file of files) {
      if (file.endsWith('.pdf')) await checkPdf(file, results);
      else await checkXlsx(file, profile, results);
    }
  } finally {
    await t?.close();
    await embedded?.stop();
    if (pgDir) rmSync(pgDir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }

  console.log('| Archivo | Lector | Resultado | Detalle |\n|---|---|---|---|');
  for (const r of results)
    console.log(`| ${r.file} | ${r.check} | ${r.ok ? 'ok' : 'FALLÓ'} | ${r.detail.replace(/\|/g, '/').replace(/\n/g, ' ')} |`);
  const failed = results.filter((r) => !r.ok).length;
  if (failed || results.length === 0) {
    console.error(`\n${failed} archivo(s) no se pudieron abrir. Archivos en ${out}`);
    process.exitCode = 1;
  } else {
    console.log(`\nLos ${results.length} archivos abren con lectores independientes.${keep ? ` Archivos en ${out}` : ''}`);
    if (!keep) rmSync(out, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
