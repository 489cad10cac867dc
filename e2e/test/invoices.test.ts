// Entries in a real browser: an invoice with two products registered through the wizard
// ("Generar entrada de productos"), one line with IVA ticked; the green confirmation, the history,
// the stock of both products in the API, and "Reporte de entrada" as a real PDF.
import type { Browser } from 'playwright-core';
import { compareDecimal } from '../../shared/src/domain/decimal';
import { launchBrowser, newPage, screenshot, signIn } from './support/browser';
import { choose, main, rowWith, search, successToast, table } from './support/catalog-ui';
import { downloadFrom, pdfText } from './support/downloads';
import { AREAS, areaHeading, openFromNavigation } from './support/portal';
import { apiClient, createPeople, createProduct, stockOf, uniqueTag } from './support/seed';

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

it('registers an invoice with two products through the wizard; the stock changes and "Reporte de entrada" is a PDF', async () => {
  const api = await apiClient();
  const tag = uniqueTag();
  const people = await createPeople(api, tag);
  const paper = await createProduct(api, `Papel bond ${tag}`);
  const coffee = await createProduct(api, `Café molido ${tag}`);
  const invoiceNumber = `F-${tag}`;
  const [director, enteredBy, keeper] = people.employees.map((e) => `${e.name} ${e.lastName}`);

  const { page, log } = await newPage(browser);
  await signIn(page);
  await openFromNavigation(page, area('Generar entrada de productos'));
  expect(await areaHeading(page)).toBe('Nueva factura');

  const header = page.getByRole('group', { name: 'Datos de la factura' });
  await choose(header, 'Tienda de procedencia', people.supplier.name, tag);
  await header.getByRole('textbox', { name: 'Número de factura' }).fill(invoiceNumber);
  await choose(header, 'Tipo de entrada', 'Compra directa', 'Compra');
  await choose(header, 'Director del plantel', director, tag);
  await choose(header, 'Elaborador', enteredBy, `Elena ${tag}`);
  await choose(header, 'Almacenista', keeper, `Alma ${tag}`);
  await page.getByRole('button', { name: 'Siguiente paso', exact: true }).click();

  await page.getByRole('group', { name: 'Lista de productos' }).waitFor();
  await page.getByRole('button', { name: 'Añadir un producto', exact: true }).click();
  const first = page.getByRole('group', { name: 'Producto 1' });
  await choose(first, 'Producto', paper.name, tag);
  await first.getByRole('textbox', { name: 'Cantidad' }).fill('4');
  await first.getByRole('textbox', { name: 'Precio del artículo' }).fill('10');
  await first.getByRole('checkbox', { name: 'Agregar IVA' }).check();
  // IVA: the price becomes 10 × 1.16 and cannot be typed over while the box is ticked.
  expect(await first.getByRole('textbox', { name: 'Precio del artículo' }).inputValue()).toBe('11.6');
  expect(await first.getByRole('textbox', { name: 'Precio del artículo' }).isDisabled()).toBe(true);

  await page.getByRole('button', { name: 'Añadir un producto', exact: true }).click();
  const second = page.getByRole('group', { name: 'Producto 2' });
  await choose(second, 'Producto', coffee.name, `Café molido ${tag}`);
  await second.getByRole('textbox', { name: 'Cantidad' }).fill('3');
  await second.getByRole('textbox', { name: 'Precio del artículo' }).fill('25.5');
  await page.getByRole('button', { name: 'Ver resumen de entrada', exact: true }).click();

  const summary = page.getByRole('group', { name: 'Resumen de factura' });
  await summary.waitFor();
  expect(await summary.getByRole('textbox', { name: 'Número de factura' }).inputValue()).toBe(invoiceNumber);
  const lines = summary.getByRole('table', { name: 'Productos de la factura' });
  await rowWith(lines, paper.name).getByText('$11.60', { exact: true }).first().waitFor();
  await rowWith(lines, coffee.name).getByText('$25.50', { exact: true }).first().waitFor();
  await screenshot(page, 'invoices-01-summary');

  await page.getByRole('button', { name: 'Guardar entrada', exact: true }).click();
  await successToast(page, `Factura ${invoiceNumber} registrada correctamente.`);
  await page.waitForURL(/\/dashboard\/invoices\/history$/);
  await main(page).getByRole('heading', { level: 1, name: 'Historial de entradas', exact: true }).waitFor();

  // The stock of both products, in the API.
  const paperStock = await stockOf(api, paper.id);
  sameDecimal(paperStock.availableQuantity, '4');
  sameDecimal(paperStock.averagePrice, '11.6');
  const coffeeStock = await stockOf(api, coffee.id);
  sameDecimal(coffeeStock.availableQuantity, '3');
  sameDecimal(coffeeStock.averagePrice, '25.5');

  // The history lists it; its detail has the movements and the report.
  const invoices = await api<{ id: number; invoiceNumber: string }[]>('/api/invoices');
  const saved = invoices.filter((invoice) => invoice.invoiceNumber === invoiceNumber);
  expect(saved).toHaveLength(1);
  await search(page, invoiceNumber);
  const entries = table(page, 'Entradas');
  const row = rowWith(entries, invoiceNumber);
  await row.getByText('Compra directa', { exact: true }).waitFor();
  await row.getByRole('button', { name: 'Expandir fila' }).click();
  const movements = table(page, `Movimientos de la entrada ${saved[0].id}`);
  // Its two movements, once they are in (while they load, the table shows placeholder rows).
  await rowWith(movements, paper.name).waitFor();
  await rowWith(movements, coffee.name).waitFor();
  expect(await movements.locator('tbody tr').count()).toBe(2);
  await screenshot(page, 'invoices-02-history');

  const report = await downloadFrom(main(page).getByRole('button', { name: 'Reporte de entrada', exact: true }));
  expect(report.fileName.startsWith('Reportes de entrada - ')).toBe(true);
  expect(report.fileName).toBe(`Reportes de entrada - ${saved[0].id}.pdf`);
  expect(report.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = pdfText(report.file);
  expect(text).toContain(invoiceNumber);
  expect(text).toContain(paper.name);

  expect(log.errors).toEqual([]);
  expect(log.failures.filter((f) => f !== '404 /favicon.ico')).toEqual([]);
});
