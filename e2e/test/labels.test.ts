// «Imprimir etiquetas» in a real browser, at 1280×800 and at 390×844: two products found by the
// table's search and ticked, one of them without a code (the dialog names it and «Generar código
// interno» gives it one), copies and the sheet chosen, and the PDF the browser downloads is cut
// into its labels and each one decoded by zbar (the same reader as the API's test); «Exportar»
// gives the catalogue with the codes in the import's columns.
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { readLabels } from '../../api/test/reports/read-labels';
import { gtinCheckDigit } from '../../shared/src/domain/barcode';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, signIn, type PageLog, type Viewport } from './support/browser';
import { choose, dialog, main, rowWith, search, table } from './support/catalog-ui';
import { downloadFrom } from './support/downloads';
import { baseUrl } from './support/env';
import { apiClient, uniqueTag, type ApiClient } from './support/seed';

let browser: Browser;
let api: ApiClient;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await apiClient();
});
afterAll(async () => {
  await browser?.close();
});

/** A GTIN-13 no other run has: GS1's prefix 2 (restricted circulation) and the clock. */
const uniqueGtin = () => {
  const body = `2${String(Date.now() % 1e11).padStart(11, '0')}`;
  return body + gtinCheckDigit(body);
};

const cases: Array<{ size: Viewport; name: string; layout: 'LETTER_30' | 'THERMAL_50X25'; format: string; typed: string; copies: number }> =
  [
    { size: DESKTOP, name: 'escritorio', layout: 'LETTER_30', format: 'Hoja carta de 30 (5160)', typed: 'carta', copies: 2 },
    { size: PHONE, name: 'telefono', layout: 'THERMAL_50X25', format: 'Etiqueta térmica 50 × 25 mm', typed: 'térmica', copies: 1 },
  ];

describe.each(cases)('a $size.width×$size.height', ({ size, name, layout, format, typed, copies }) => {
  let page: Page;
  let log: PageLog;

  beforeAll(async () => {
    ({ page, log } = await newPage(browser, size));
    await signIn(page);
  });
  afterAll(() => page.context().close());

  it('prints the labels of two ticked products and the PDF decodes to their codes', async () => {
    const tag = uniqueTag();
    const unit = await api<{ id: number }>('/api/catalog/product-units', { method: 'POST', body: { description: `Pieza ${tag}` } });
    const withCode = await api<{ id: number; barcode: string }>('/api/catalog/products', {
      method: 'POST',
      body: {
        name: `Cuaderno profesional de raya con espiral doble, 100 hojas — tamaño carta ${tag}`,
        unitId: unit.id,
        barcode: uniqueGtin(),
      },
    });
    const without = await api<{ id: number }>('/api/catalog/products', {
      method: 'POST',
      body: { name: `Señalador fosforescente amarillo ${tag}`, unitId: unit.id },
    });

    await page.goto(`${baseUrl()}/dashboard/catalogs/products`);
    const rows = table(page, 'Productos');
    await rows.waitFor();
    await search(page, tag);
    await rowWith(rows, `Señalador fosforescente amarillo ${tag}`).waitFor();
    await rows.getByRole('checkbox', { name: `Elegir el producto ${withCode.id}`, exact: true }).check();
    await rows.getByRole('checkbox', { name: `Elegir el producto ${without.id}`, exact: true }).check();
    await screenshot(page, `labels-table-${name}`);
    await main(page).getByRole('button', { name: 'Imprimir etiquetas (2)', exact: true }).click();

    const form = await dialog(page, 'Imprimir etiquetas');
    await form.getByText(`El producto no. ${without.id} «Señalador fosforescente amarillo ${tag}» no tiene código de barras`).waitFor();
    await screenshot(page, `labels-missing-code-${name}`);
    await form.getByRole('button', { name: 'Generar código interno', exact: true }).click();
    await form.getByText('Se imprimirán 2 etiquetas.').waitFor();
    const internal = (await api<{ barcode: string }>(`/api/catalog/products/${without.id}`)).barcode;
    expect(internal).toBe(`ALM${String(without.id).padStart(6, '0')}`);

    await form.getByRole('spinbutton', { name: 'Copias por producto' }).fill(String(copies));
    await choose(form, 'Formato', format, typed);
    await form.getByText(`Se imprimirán ${2 * copies} etiquetas.`).waitFor();
    await screenshot(page, `labels-dialog-${name}`);
    const file = await downloadFrom(form.getByRole('button', { name: 'Imprimir', exact: true }));
    await form.waitFor({ state: 'hidden' });

    expect(file.fileName).toMatch(/^Etiquetas - \d{4}-\d{2}-\d{2}\.pdf$/);
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const read = readLabels(file.bytes, layout);
    const each = (symbol: string) => Array.from({ length: copies }, () => [symbol]);
    expect(read.map((label) => label.symbols)).toEqual([...each(`EAN-13:${withCode.barcode}`), ...each(`CODE-128:${internal}`)]);
    expect(log.errors).toEqual([]);
    expect(log.failures.filter((failure) => failure !== '404 /favicon.ico')).toEqual([]);
  });

  it('«Exportar» downloads the catalogue with every product’s code, as the import reads it', async () => {
    const product = await api<{ id: number; barcode: string }>('/api/catalog/products', {
      method: 'POST',
      body: { name: `Borrador blanco ${uniqueTag()}`, barcode: uniqueGtin() },
    });
    await page.goto(`${baseUrl()}/dashboard/catalogs/products`);
    await table(page, 'Productos').waitFor();
    const button = main(page).getByRole('button', { name: 'Exportar', exact: true });
    await expect(button.isVisible()).resolves.toBe(true);
    await screenshot(page, `catalog-export-${name}`);
    const file = await downloadFrom(button);
    expect(file.fileName).toBe('Catálogo de productos.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'ID',
      'Nombre',
      'Unidad',
      'Partida',
      'Existencia mínima',
      'Existencia máxima',
      'Código de barras',
    ]);
    const rows = sheet.getSheetValues().filter(Array.isArray);
    expect(rows.find((row) => row[1] === product.id)?.[7]).toBe(product.barcode);
    expect(log.errors).toEqual([]);
  });
});
