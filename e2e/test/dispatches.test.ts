// Exits in a real browser: stock seeded through the API (an invoice), part of it dispatched
// through the exit wizard (the row shows the average as exit price and what is available), the
// green confirmation, the history with "Reporte de salida" as a real PDF, and the stock page with
// the new quantity at the unchanged average. A scanner that types a product's code and Enter into
// «Código de barras» adds it, one more unit at each read.
import type { Browser } from 'playwright-core';
import { compareDecimal } from '../../shared/src/domain/decimal';
import { formatCurrencyMXN, formatPrice, formatQuantity } from '../../shared/src/domain/format';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, signIn } from './support/browser';
import { choose, main, successToast, table } from './support/catalog-ui';
import { downloadFrom, pdfText } from './support/downloads';
import { baseUrl } from './support/env';
import { AREAS, areaHeading, openFromNavigation } from './support/portal';
import { apiClient, createInvoice, createPeople, createProduct, stockOf, uniqueTag, type ApiClient } from './support/seed';
import { openProductStock } from './support/stock-ui';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const area = (label: string) => AREAS.find((candidate) => candidate.label === label)!;
const sameDecimal = (actual: string, expected: string) =>
  expect(`${actual} ${compareDecimal(actual, expected) === 0 ? '=' : '≠'} ${expected}`).toBe(`${actual} = ${expected}`);

/** The newest dispatch that moved `productId` (dispatches list only ids and dates). */
async function dispatchOf(api: ApiClient, productId: number): Promise<number> {
  const dispatches = await api<{ id: number }[]>('/api/dispatches');
  for (const { id } of [...dispatches].sort((a, b) => b.id - a.id)) {
    const movements = await api<{ productId: number }[]>(`/api/movements/dispatches/${id}`);
    if (movements.some((m) => m.productId === productId)) return id;
  }
  throw new Error(`Ninguna salida movió el producto ${productId}`);
}

it('dispatches part of a product\'s stock through the wizard at its average; stock page and "Reporte de salida" agree', async () => {
  const api = await apiClient();
  const tag = uniqueTag();
  const people = await createPeople(api, tag);
  const product = await createProduct(api, `Cuaderno ${tag}`);
  await createInvoice(api, people, `F-${tag}`, [
    { productId: product.id, quantity: '10', price: '12' },
    { productId: product.id, quantity: '5', price: '15' },
  ]);
  const before = await stockOf(api, product.id);
  sameDecimal(before.availableQuantity, '15');
  const [areaHead, petitioner, keeper] = people.employees.map((e) => `${e.name} ${e.lastName}`);

  const { page, log } = await newPage(browser);
  await signIn(page);
  await openFromNavigation(page, area('Generar salida de productos'));
  expect(await areaHeading(page)).toBe('Nueva salida');

  const header = page.getByRole('group', { name: 'Datos de la salida' });
  await choose(header, 'Responsable del área solicitante', areaHead, `Dora ${tag}`);
  await choose(header, 'Solicitante', petitioner, `Elena ${tag}`);
  await choose(header, 'Almacenista', keeper, `Alma ${tag}`);
  await page.getByRole('button', { name: 'Siguiente paso', exact: true }).click();

  await page.getByRole('group', { name: 'Lista de productos' }).waitFor();
  await page.getByRole('button', { name: 'Añadir un producto', exact: true }).click();
  const line = page.getByRole('group', { name: 'Producto 1' });
  await choose(line, 'Producto', product.name, tag);
  // Choosing the product shows what is available and takes its average as the exit price.
  await line.getByText(`Disponible: ${formatQuantity(before.availableQuantity)}`, { exact: true }).waitFor();
  const exitPrice = line.getByRole('textbox', { name: 'Precio de salida' });
  expect(await exitPrice.inputValue()).toBe(formatPrice(before.averagePrice));
  expect(await exitPrice.getAttribute('readonly')).not.toBeNull();
  await line.getByRole('textbox', { name: 'Cantidad' }).fill('4.5');
  await line.getByRole('textbox', { name: 'Observaciones' }).fill(`Taller ${tag}`);
  await page.getByRole('button', { name: 'Ver resumen de salida', exact: true }).click();

  const summary = page.getByRole('group', { name: 'Resumen de salida' });
  const lines = summary.getByRole('table', { name: 'Productos de la salida' });
  const summaryRow = lines.locator('tbody tr').filter({ hasText: product.name });
  await summaryRow.waitFor();
  await summaryRow.getByText(formatPrice(before.averagePrice), { exact: true }).waitFor();
  await summaryRow.getByText('4.5', { exact: true }).waitFor();
  await screenshot(page, 'dispatches-01-summary');

  await page.getByRole('button', { name: 'Guardar salida', exact: true }).click();
  await successToast(page, 'Salida registrada correctamente.');
  await page.waitForURL(/\/dashboard\/dispatches\/history$/);
  await main(page).getByRole('heading', { level: 1, name: 'Historial de salidas', exact: true }).waitFor();

  const after = await stockOf(api, product.id);
  sameDecimal(after.availableQuantity, '10.5');
  sameDecimal(after.averagePrice, before.averagePrice);

  // The history row of this exit, its movements and its report.
  const dispatchId = await dispatchOf(api, product.id);
  const row = table(page, 'Salidas')
    .locator('tbody tr')
    .filter({ has: page.getByRole('cell', { name: String(dispatchId), exact: true }) });
  await row.getByRole('button', { name: 'Expandir fila' }).click();
  const movements = table(page, `Movimientos de la salida ${dispatchId}`);
  await movements.getByText(`Taller ${tag}`, { exact: true }).waitFor();
  await screenshot(page, 'dispatches-02-history');
  const report = await downloadFrom(main(page).getByRole('button', { name: 'Reporte de salida', exact: true }));
  expect(report.fileName.startsWith('Reportes de salida - ')).toBe(true);
  expect(report.fileName).toBe(`Reportes de salida - ${dispatchId}.pdf`);
  expect(report.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = pdfText(report.file);
  expect(text).toContain(product.name);

  // The stock page: the new quantity at the same average.
  await openFromNavigation(page, area('Stock de productos'));
  const stock = await openProductStock(page, product);
  expect(await stock.available()).toBe(formatQuantity(after.availableQuantity));
  expect(await stock.average()).toBe(formatCurrencyMXN(before.averagePrice));
  await screenshot(page, 'dispatches-03-stock');

  expect(log.errors).toEqual([]);
  expect(log.failures.filter((f) => f !== '404 /favicon.ico')).toEqual([]);
});

it.each([
  ['1280', DESKTOP],
  ['390', PHONE],
])('at %s a scanner (a code typed fast and Enter) adds the product to the exit, one more unit at each read', async (width, viewport) => {
  const api = await apiClient();
  const tag = uniqueTag();
  const people = await createPeople(api, tag);
  const product = await createProduct(api, `Engrapadora ${tag}`);
  const code = `SCAN-${tag}`;
  await api('/api/catalog/products', { method: 'PUT', body: { id: product.id, name: product.name, barcode: code } });
  await createInvoice(api, people, `S-${tag}`, [{ productId: product.id, quantity: '6', price: '80' }]);
  const [areaHead, petitioner, keeper] = people.employees.map((e) => `${e.name} ${e.lastName}`);

  const { page, log } = await newPage(browser, viewport);
  await signIn(page);
  await page.goto(`${baseUrl()}/dashboard/dispatches/generate`);
  const header = page.getByRole('group', { name: 'Datos de la salida' });
  await choose(header, 'Responsable del área solicitante', areaHead, `Dora ${tag}`);
  await choose(header, 'Solicitante', petitioner, `Elena ${tag}`);
  await choose(header, 'Almacenista', keeper, `Alma ${tag}`);
  await page.getByRole('button', { name: 'Siguiente paso', exact: true }).click();

  const scan = page.getByRole('group', { name: 'Lista de productos' }).getByRole('textbox', { name: 'Código de barras', exact: true });
  await scan.waitFor();
  // A keyboard-wedge scanner: the characters a few milliseconds apart, then Enter.
  await scan.pressSequentially(code.toLowerCase(), { delay: 5 });
  await scan.press('Enter');
  const line = page.getByRole('group', { name: 'Producto 1' });
  await line.getByText(`Disponible: ${formatQuantity('6')}`, { exact: true }).waitFor();
  expect(await line.getByRole('combobox', { name: 'Producto' }).inputValue()).toBe(product.name);
  expect(await line.getByRole('textbox', { name: 'Cantidad' }).inputValue()).toBe('1');
  await scan.pressSequentially(code, { delay: 5 });
  await scan.press('Enter');
  await page.waitForFunction(
    (el) => (el as HTMLInputElement).value === '2',
    await line.getByRole('textbox', { name: 'Cantidad' }).elementHandle(),
  );
  await page.getByText(`Agregado: ${product.name}.`, { exact: true }).waitFor();
  expect(await page.getByRole('group', { name: /^Producto \d+$/ }).count()).toBe(1);
  await screenshot(page, `dispatches-02-scanned-${width}`);
  expect(log.errors).toEqual([]);
});
