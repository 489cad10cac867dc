// In a real browser: a full physical count ("Inventario físico") of the test's own
// partida. The session is created through "Nuevo conteo" limited to that partida; a shortage and a
// surplus (with its unit cost) are typed in place and survive a reload; two more lines come from
// an XLSX sheet uploaded through "Cargar archivo"; one line stays uncounted. "Aplicar ajustes" with
// the three signers posts the adjustments: the ledger's quantities and averages are checked exact
// through the API and on "Stock de productos". The acta is downloaded as PDF (pdftotext, and
// pdfinfo + pdftoppm as CI's report check) and XLSX (exceljs, and LibreOffice's CSV). The count
// page is checked visible at 1280×800 and at 390×844 (no cell spilling over the next). Up to 5
// minutes (LibreOffice and two phone sign-ins on a loaded two-core machine). Other test files
// share the server: every row here is found by its tag.
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { readXlsx } from '../../api/test/reports/read-report';
import { compareDecimal } from '../../shared/src/domain/decimal';
import { formatCurrency, formatCurrencyMXN, formatQuantity } from '../../shared/src/domain/format';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, signIn, type PageLog, type Viewport } from './support/browser';
import { choose, main, successToast } from './support/catalog-ui';
import { downloadFrom, pdfText, renderPdf, xlsxAsCsv } from './support/downloads';
import { ARTIFACTS, baseUrl } from './support/env';
import { openFromNavigation } from './support/portal';
import { apiClient, createInvoice, createPeople, createProduct, stockOf, uniqueTag, type ApiClient } from './support/seed';
import { openProductStock } from './support/stock-ui';
import { expectInView, expectVisible } from './support/visibility';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const sameDecimal = (what: string, actual: string, expected: string) =>
  expect(`${what}: ${actual} ${compareDecimal(actual, expected) === 0 ? '=' : '≠'} ${expected}`).toBe(`${what}: ${actual} = ${expected}`);

const cleanLog = (log: PageLog) => {
  expect(log.errors).toEqual([]);
  expect(log.failures.filter((f) => f !== '404 /favicon.ico')).toEqual([]);
};

/** The page is not wider than the window: nothing to scroll sideways but the table. */
async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Waits for the running animations (a dialog fading in) so a screenshot shows the end state. */
async function settled(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
}

interface Product {
  id: number;
  name: string;
}

/** A partida of its own and five products in it: four with stock (10 @ 12, 4 @ 20, 6 @ 5, 3 @ 7), one never entered. */
async function seed(api: ApiClient, tag: string) {
  const people = await createPeople(api, tag);
  const partida = await api<{ id: number; description: string }>('/api/catalog/product-categories', {
    method: 'POST',
    body: { description: `2111 Conteo ${tag}` },
  });
  const names = [`Papel bond ${tag}`, `Tóner ${tag}`, `Clips ${tag}`, `Grapas ${tag}`, `Folder ${tag}`];
  const products: Product[] = [];
  for (const name of names) {
    const product = await createProduct(api, name);
    await api('/api/catalog/products', { method: 'PUT', body: { id: product.id, name, categoryId: partida.id } });
    products.push(product);
  }
  const [paper, toner, clips, staples] = products;
  await createInvoice(api, people, `IF-${tag}`, [
    { productId: paper.id, quantity: '10', price: '12' },
    { productId: toner.id, quantity: '4', price: '20' },
    { productId: clips.id, quantity: '6', price: '5' },
    { productId: staples.id, quantity: '3', price: '7' },
  ]);
  return { people, partida, products };
}

const countLine = (page: Page, product: Product) =>
  main(page)
    .getByRole('table', { name: 'Líneas del conteo' })
    .locator('tbody tr')
    .filter({ has: page.getByRole('cell', { name: product.name, exact: true }) });

/** Types `value` in the line's field and leaves it (Tab), which saves it; waits for the PUT. */
async function typeInLine(page: Page, field: Locator, value: string) {
  await field.fill(value);
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && /\/api\/inventory-counts\/\d+\/lines$/.test(r.url()) && r.ok(),
  );
  await field.press('Tab');
  await saved;
}

/** The count page's parts a clerk needs, checked on screen (not scrolled off to a side). */
async function expectCountPage(page: Page, heading: string, viewport: Viewport, open: boolean) {
  const content = main(page);
  await expectInView(content.getByRole('heading', { level: 1, name: heading, exact: true }), 'el título del conteo');
  await expectInView(content.getByRole('button', { name: 'Acta de inventario físico (PDF)', exact: true }), 'el botón del acta (PDF)');
  await expectInView(content.getByRole('button', { name: 'Acta de inventario físico (XLSX)', exact: true }), 'el botón del acta (XLSX)');
  if (open) {
    await expectInView(content.getByRole('button', { name: 'Hoja de conteo (PDF)', exact: true }), 'el botón de la hoja de conteo');
    await expectInView(content.getByRole('button', { name: 'Cargar archivo', exact: true }), 'el botón "Cargar archivo"');
    await expectInView(content.getByRole('button', { name: 'Aplicar ajustes', exact: true }), 'el botón "Aplicar ajustes"');
  }
  const lines = content.getByRole('table', { name: 'Líneas del conteo' });
  await expectVisible(lines, 'la tabla de líneas');
  // Nothing spills over the next column: every header and cell holds its content (a field or a
  // header wider than its column overlapped its neighbour at both sizes before the fix).
  const spilled = await lines.evaluate((table) =>
    [...table.querySelectorAll('th, td')]
      .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
      .map((cell) => (cell.textContent ?? '').trim() || cell.innerHTML.slice(0, 60)),
  );
  expect(spilled).toEqual([]);
  await fitsWidth(page, viewport.width);
}

it('a full count: created on its own partida, counts typed and uploaded, applied with three signers, the acta downloaded (PDF and XLSX)', async () => {
  const started = Date.now();
  const api = await apiClient();
  const tag = uniqueTag();
  const { people, partida, products } = await seed(api, tag);
  const [paper, toner, clips, staples, folder] = products;
  const description = `Conteo semestral ${tag}`;

  const { page, log } = await newPage(browser, DESKTOP);
  await signIn(page);
  await openFromNavigation(page, {
    label: 'Inventario físico',
    path: '/dashboard/stock/counts',
    remote: 'mf-stock',
    heading: /^Inventario físico$/,
  });
  const content = main(page);
  await content.getByRole('heading', { level: 1, name: 'Inventario físico', exact: true }).waitFor();

  // "Nuevo conteo" on the test's partida only.
  await content.getByRole('button', { name: 'Nuevo conteo', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'Nuevo conteo' });
  await expectInView(create, 'el diálogo "Nuevo conteo"');
  await create.getByRole('textbox', { name: /^Descripción/ }).fill(description);
  await create.getByRole('checkbox', { name: partida.description, exact: true }).check();
  await settled(page);
  await screenshot(page, 'inventory-count-01-new-1280');
  await create.getByRole('button', { name: 'Crear conteo', exact: true }).click();
  await successToast(page, 'Conteo creado.');
  await page.waitForURL(/\/dashboard\/stock\/counts\/\d+$/);
  const countId = Number(/\/counts\/(\d+)$/.exec(page.url())![1]);
  const heading = `Inventario físico ${countId}: ${description}`;
  await content.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();

  // The snapshot: exactly the partida's five products, with their book quantities.
  const lines = content.getByRole('table', { name: 'Líneas del conteo' }).locator('tbody tr');
  expect(await lines.count()).toBe(5);
  for (const [product, book] of [
    [paper, '10'],
    [toner, '4'],
    [clips, '6'],
    [staples, '3'],
    [folder, '0'],
  ] as const) {
    expect((await countLine(page, product).locator('td').allTextContents()).slice(0, 5)).toEqual([
      String(product.id),
      product.name,
      'Sin unidad',
      partida.description,
      formatQuantity(book),
    ]);
  }

  // Typed in place: a shortage (7.5 of 10) and a surplus (6 of 4, the two extra at 23).
  await typeInLine(page, countLine(page, paper).getByRole('textbox', { name: `Cantidad contada de ${paper.name}` }), '7.5');
  await typeInLine(page, countLine(page, toner).getByRole('textbox', { name: `Cantidad contada de ${toner.name}` }), '6');
  await typeInLine(page, countLine(page, toner).getByRole('textbox', { name: `Costo unitario de ${toner.name}` }), '23');
  await countLine(page, paper)
    .getByRole('cell', { name: `${formatQuantity('-2.5')} (${formatCurrency('-30')})`, exact: true })
    .waitFor();
  await countLine(page, toner)
    // the surplus is worth its typed cost (2 × 23), what it will enter the stock at
    .getByRole('cell', { name: `${formatQuantity('2')} (${formatCurrency('46')})`, exact: true })
    .waitFor();

  // Nothing is lost on a reload.
  await page.reload();
  await content.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  expect(
    await countLine(page, paper)
      .getByRole('textbox', { name: `Cantidad contada de ${paper.name}` })
      .inputValue(),
  ).toBe('7.5');
  expect(
    await countLine(page, toner)
      .getByRole('textbox', { name: `Costo unitario de ${toner.name}` })
      .inputValue(),
  ).toBe('23');

  // The other lines from a sheet: clips 4 of 6 (a shortage), staples 3 of 3 with a remark.
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Conteo');
  sheet.addRow(['ID', 'Cantidad contada', 'Costo unitario', 'Observaciones']);
  sheet.addRow([clips.id, 4, null, 'Caja abierta']);
  sheet.addRow([staples.id, 3, null, `Revisado ${tag}`]);
  const sheetFile = path.join(ARTIFACTS, 'downloads', `conteo-${tag}.xlsx`);
  fs.mkdirSync(path.dirname(sheetFile), { recursive: true });
  await workbook.xlsx.writeFile(sheetFile);
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    content.getByRole('button', { name: 'Cargar archivo', exact: true }).click(),
  ]);
  await chooser.setFiles(sheetFile);
  await successToast(page, 'Archivo cargado: cantidades guardadas.');
  await countLine(page, clips)
    .getByRole('cell', { name: `${formatQuantity('-2')} (${formatCurrency('-10')})`, exact: true })
    .waitFor();
  await countLine(page, staples)
    .getByRole('cell', { name: `${formatQuantity('0')} (${formatCurrency('0')})`, exact: true })
    .waitFor();
  expect(
    await countLine(page, staples)
      .getByRole('textbox', { name: `Observaciones de ${staples.name}` })
      .inputValue(),
  ).toBe(`Revisado ${tag}`);
  await content
    .getByText(`Sobrantes: 1 producto (${formatCurrency('46')}) · Faltantes: 2 productos (${formatCurrency('40')}) · Sin contar: 1`, {
      exact: true,
    })
    .waitFor();
  await expectCountPage(page, heading, DESKTOP, true);
  // At 1280 the whole sheet, observations included, is in sight: no sideways scroll, no hint.
  const countSheet = content.getByRole('table', { name: 'Líneas del conteo' });
  const fits = await countSheet.evaluate((table) => {
    const box = table.parentElement!;
    return { table: table.scrollWidth, room: box.clientWidth };
  });
  expect(fits.table).toBeLessThanOrEqual(fits.room);
  expect(await content.getByText('Desliza la tabla hacia los lados para ver todas sus columnas.', { exact: true }).count()).toBe(0);
  await screenshot(page, 'inventory-count-02-counted-1280');

  // A phone pass over the open count: the buttons and the typed figures are reachable.
  const phone = await newPage(browser, PHONE);
  await signIn(phone.page);
  await phone.page.goto(`${baseUrl()}/dashboard/stock/counts/${countId}`);
  await expectCountPage(phone.page, heading, PHONE, true);
  const phoneField = countLine(phone.page, paper).getByRole('textbox', { name: `Cantidad contada de ${paper.name}` });
  await phoneField.scrollIntoViewIfNeeded();
  await expectInView(phoneField, 'la cantidad contada del papel');
  expect(await phoneField.inputValue()).toBe('7.5');
  await screenshot(phone.page, 'inventory-count-03-counted-390');
  await phone.page.getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded();
  await screenshot(phone.page, 'inventory-count-04-top-390');
  cleanLog(phone.log);
  await phone.page.context().close();

  // "Aplicar ajustes" with the three signers.
  await content.getByRole('button', { name: 'Aplicar ajustes', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Aplicar ajustes' });
  await expectInView(confirm, 'el diálogo "Aplicar ajustes"');
  await expectVisible(confirm.getByText('3 ajustes', { exact: false }), 'el número de ajustes');
  const [director, keeper, witness] = people.employees.map((e) => `${e.name} ${e.lastName}`);
  await choose(confirm, 'Director del plantel', director);
  await choose(confirm, 'Almacenista', keeper);
  await choose(confirm, 'Testigo', witness);
  await settled(page);
  await screenshot(page, 'inventory-count-05-apply-1280');
  await expectInView(confirm.getByRole('button', { name: 'Sí, aplicar ajustes', exact: true }), 'el botón "Sí, aplicar ajustes"');
  await confirm.getByRole('button', { name: 'Sí, aplicar ajustes', exact: true }).click();
  await successToast(page, 'Ajustes aplicados al libro de almacén.');
  await content.getByText('Aplicado', { exact: true }).waitFor();
  // The lines turn read-only once the applied count is fetched again: wait for that, then count.
  const uncounted = countLine(page, folder).getByRole('cell', { name: 'Sin contar', exact: true });
  await uncounted.first().waitFor();
  expect(await uncounted.count()).toBe(1);
  await expectCountPage(page, heading, DESKTOP, false);
  await screenshot(page, 'inventory-count-06-applied-1280');

  // The ledger, exactly: paper 7.5 @ 12; toner 4 @ 20 + 2 @ 23 = 6 @ 21; clips 4 @ 5; staples and
  // the uncounted folder untouched.
  const expected: Array<[Product, string, string]> = [
    [paper, '7.5', '12'],
    [toner, '6', '21'],
    [clips, '4', '5'],
    [staples, '3', '7'],
    [folder, '0', '0'],
  ];
  for (const [product, quantity, average] of expected) {
    const stock = await stockOf(api, product.id);
    sameDecimal(`${product.name}: existencia`, stock.availableQuantity, quantity);
    sameDecimal(`${product.name}: promedio`, stock.averagePrice, average);
  }
  const movements = await api<Array<{ movementType: string; quantity: string; price: string }>>(
    `/api/movements/products/${toner.id}?limit=10`,
  );
  expect(
    movements.filter((m) => m.movementType === 'ADJUSTMENT_IN').map((m) => [m.quantity, m.price].map((v) => String(Number(v)))),
  ).toEqual([['2', '23']]);

  // The acta, PDF: signers, every line, "Sin contar", no BORRADOR; opened by poppler as in CI.
  const pdf = await downloadFrom(content.getByRole('button', { name: 'Acta de inventario físico (PDF)', exact: true }));
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = pdfText(pdf.file, 'raw').replace(/\s+/g, ' ');
  expect(text).toContain('Acta de inventario físico');
  for (const product of products) expect(text).toContain(product.name);
  for (const name of [director, keeper, witness]) expect(text).toContain(name);
  expect(text).toContain('Sin contar');
  expect(text).not.toContain('BORRADOR');
  expect(await renderPdf(pdf.file)).toBeGreaterThanOrEqual(1);

  // The acta, XLSX: the lines' figures as numbers; LibreOffice reads it too.
  const xlsx = await downloadFrom(content.getByRole('button', { name: 'Acta de inventario físico (XLSX)', exact: true }));
  expect(xlsx.fileName).toMatch(/\.xlsx$/);
  const { rows } = await readXlsx(xlsx.bytes);
  const row = (product: Product) => rows.find((r) => r.includes(product.name));
  expect(row(paper)?.slice(4, 9)).toEqual([10, 7.5, -2.5, 12, -30]);
  expect(row(toner)?.slice(4, 9)).toEqual([4, 6, 2, 23, 46]);
  expect(row(clips)?.slice(4, 9)).toEqual([6, 4, -2, 5, -10]);
  expect(row(staples)?.slice(4, 9)).toEqual([3, 3, 0, 7, 0]);
  expect(row(folder)).toContain('Sin contar');
  const csv = await xlsxAsCsv(xlsx.file);
  for (const product of products) expect(csv).toContain(product.name);
  expect(csv).toContain(witness);

  // "Stock de productos" shows the toner at its new quantity and average.
  await openFromNavigation(page, {
    label: 'Stock de productos',
    path: '/dashboard/stock',
    remote: 'mf-stock',
    heading: /^Stock de productos$/,
  });
  const stock = await openProductStock(page, toner);
  expect(await stock.available()).toBe(formatQuantity('6'));
  expect(await stock.average()).toBe(formatCurrencyMXN('21'));
  await screenshot(page, 'inventory-count-07-stock-1280');

  // The applied count on a phone.
  const after = await newPage(browser, PHONE);
  await signIn(after.page);
  await after.page.goto(`${baseUrl()}/dashboard/stock/counts/${countId}`);
  await expectCountPage(after.page, heading, PHONE, false);
  await screenshot(after.page, 'inventory-count-08-applied-390');
  cleanLog(after.log);
  await after.page.context().close();

  cleanLog(log);
  console.log(`inventory-count: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}, 300_000);
