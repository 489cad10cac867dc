// In a real browser: the home page (/dashboard) with data shows mf-stock's figures as
// GET /api/stock/summary has them (es-MX), the three charts drawn, and the recent movements; a
// product set under its minimum is in the "Productos bajo mínimo" figure, which links to the
// stock page filtered to it with its "Bajo mínimo" badge, and in the "Productos bajo mínimo"
// report. With mf-stock unreachable the home page still greets and shows the release notes.
// Screenshots at 1280 px and 390 px.
import type { Browser, Page } from 'playwright-core';
import { readXlsx } from '../../api/test/reports/read-report';
import { formatCurrency } from '../../shared/src/domain/format';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, signIn } from './support/browser';
import { main } from './support/catalog-ui';
import { downloadFrom, pdfText } from './support/downloads';
import { ARTIFACTS, baseUrl } from './support/env';
import { navigation } from './support/portal';
import { apiClient, createDispatch, createInvoice, createPeople, createProduct, today, uniqueTag } from './support/seed';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Summary {
  inventoryValue: string;
  productsWithStock: number;
  productsUnderMinimum: number;
  entries: { count: number; amount: string };
  exits: { count: number; amount: string };
}

const figure = (page: Page, label: string) => main(page).getByRole('group', { name: label });
const integer = new Intl.NumberFormat('es-MX');

let tag: string;
let low: { id: number; name: string };
let countId: number;

beforeAll(async () => {
  const api = await apiClient();
  tag = uniqueTag();
  const people = await createPeople(api, tag);
  const partidas = [];
  // Real partida names are long: the bars must still get their room beside them.
  for (const description of [
    `2111 Materiales, útiles y equipos menores de oficina ${tag}`,
    `2161 Material de limpieza ${tag}`,
    `2141 Materiales, útiles y equipos menores de tecnologías de la información y comunicaciones ${tag}`,
  ]) {
    partidas.push((await api<{ id: number }>('/api/catalog/product-categories', { method: 'POST', body: { description } })).id);
  }
  const products = [];
  for (const [i, name] of [
    `Papel bond ${tag}`,
    `Cloro ${tag}`,
    `Tóner para impresora láser, cartucho de alto rendimiento ${tag}`,
    `Marcador ${tag}`,
  ].entries()) {
    const product = await createProduct(api, name);
    await api('/api/catalog/products', { method: 'PUT', body: { id: product.id, name, categoryId: partidas[i % 3] } });
    products.push(product);
  }
  low = products[1];
  await api('/api/catalog/products', {
    method: 'PUT',
    body: { id: low.id, name: low.name, categoryId: partidas[1], minimumStock: '10', maximumStock: '40' },
  });
  await createInvoice(api, people, `F-${tag}-1`, [
    { productId: products[0].id, quantity: '120', price: '95.5' },
    { productId: products[1].id, quantity: '12', price: '32.75' },
    { productId: products[2].id, quantity: '8', price: '1450' },
    { productId: products[3].id, quantity: '40', price: '18.3' },
  ]);
  await createDispatch(api, people, [
    { productId: products[1].id, quantity: '5' },
    { productId: products[0].id, quantity: '20' },
  ]);
  // A count of the markers' partida finds 2 missing: the newest movement is its adjustment.
  const count = await api<{ id: number }>('/api/inventory-counts', {
    method: 'POST',
    body: { cutoffDate: today(), description: `Conteo ${tag}`, categoryIds: [partidas[0]] },
  });
  await api(`/api/inventory-counts/${count.id}/lines`, {
    method: 'PUT',
    body: { lines: [{ productId: products[3].id, countedQuantity: '38' }] },
  });
  const [director, keeper, witness] = people.employees.map((e) => e.id);
  await api(`/api/inventory-counts/${count.id}/application`, {
    method: 'POST',
    body: { directorEmployeeId: director, warehouseKeeperEmployeeId: keeper, witnessEmployeeId: witness },
  });
  countId = count.id;
});

it('shows the figures as the API has them, the three charts and the recent movements; "Productos bajo mínimo" leads to the filtered stock and its report', async () => {
  const api = await apiClient();
  const summary = await api<Summary>('/api/stock/summary');
  expect(summary.productsUnderMinimum).toBeGreaterThanOrEqual(1);

  const { page, log } = await newPage(browser);
  await signIn(page);
  await figure(page, 'Valor del inventario').waitFor();
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^¡Hola, /);
  expect(await figure(page, 'Valor del inventario').textContent()).toContain(formatCurrency(summary.inventoryValue));
  expect(await figure(page, 'Productos con existencia').textContent()).toContain(integer.format(summary.productsWithStock));
  expect(await figure(page, 'Productos bajo mínimo').textContent()).toContain(integer.format(summary.productsUnderMinimum));
  expect(await figure(page, 'Entradas del mes').textContent()).toContain(formatCurrency(summary.entries.amount));
  expect(await figure(page, 'Salidas del mes').textContent()).toContain(formatCurrency(summary.exits.amount));

  // The three charts are drawn (SVG bars), each with its table toggle.
  for (const title of ['Valor del inventario por partida', 'Entradas y salidas por mes (últimos 12 meses)', 'Productos con mayor valor']) {
    const region = main(page).getByRole('region', { name: title });
    await region.locator('svg').first().waitFor();
    await page.waitForFunction((name) => document.querySelector(`main [aria-label="${name}"] svg rect`) !== null, title);
    expect(await region.locator('svg rect').count()).toBeGreaterThan(0);
    // Every bar is drawn inside the chart with a width, whatever the labels beside it.
    const bars = await region
      .locator('svg rect')
      .evaluateAll((rects) => rects.map((r) => r.getBoundingClientRect()).map((b) => ({ w: b.width, h: b.height })));
    expect(bars.some((b) => b.w > 0 && b.h > 0)).toBe(true);
    expect(await region.getByRole('button', { name: 'Ver tabla' }).isVisible()).toBe(true);
  }
  const byCategory = main(page).getByRole('region', { name: 'Valor del inventario por partida' });
  const recent = main(page).getByRole('table', { name: 'Movimientos recientes' });
  expect(await recent.getByText('Salida', { exact: true }).count()).toBeGreaterThan(0);
  // The count's adjustment names its kind and opens its own count, not the exits.
  const adjustment = recent
    .locator('tbody tr')
    .filter({ hasText: `Marcador ${tag}` })
    .first();
  expect(await adjustment.textContent()).toContain('Ajuste por inventario (faltante)');
  expect(await adjustment.textContent()).not.toMatch(/Salida \d/);
  expect(await adjustment.getByRole('link', { name: `Conteo ${countId}` }).getAttribute('href')).toBe(`/dashboard/stock/counts/${countId}`);
  // The release notes are still there, under the section.
  expect(await page.getByRole('heading', { name: 'Notas de lanzamiento' }).isVisible()).toBe(true);
  await page.waitForTimeout(500);
  await screenshot(page, 'home-01-desktop');
  await page.screenshot({ path: `${ARTIFACTS}/home-01-desktop-full.png`, fullPage: true });
  // The page is longer than the window: scrolled to its end, the menu is still beside it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(() => window.scrollY > 0);
  const home = navigation(page).getByRole('link', { name: 'Inicio', exact: true });
  const box = await home.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(56);
  expect(box!.y + box!.height).toBeLessThanOrEqual(DESKTOP.height);
  await screenshot(page, 'home-01-desktop-scrolled');
  await page.evaluate(() => window.scrollTo(0, 0));

  await byCategory.getByRole('button', { name: 'Ver tabla' }).click();
  expect(await byCategory.getByRole('table').textContent()).toContain(`2161 Material de limpieza ${tag}`);

  // The figure's link opens the stock page with only the products under their minimum.
  await figure(page, 'Productos bajo mínimo').getByRole('link', { name: 'Ver productos bajo mínimo' }).click();
  await page.waitForURL(`${baseUrl()}/dashboard/stock?bajoMinimo=1`);
  const row = main(page).getByRole('table', { name: 'Productos', exact: true }).locator('tbody tr').filter({ hasText: low.name });
  await row.getByText('Bajo mínimo').waitFor();
  expect(await main(page).getByRole('switch', { name: 'Solo bajo mínimo' }).isChecked()).toBe(true);
  expect(
    await main(page)
      .getByRole('table', { name: 'Productos', exact: true })
      .locator('tbody tr')
      .filter({ hasText: `Papel bond ${tag}` })
      .count(),
  ).toBe(0);
  await screenshot(page, 'home-03-stock-low');

  const report = await downloadFrom(main(page).getByRole('button', { name: 'Productos bajo mínimo', exact: true }));
  expect(report.fileName).toMatch(/^Productos bajo mínimo - \d{4}-\d\d-\d\d\.pdf$/);
  expect(report.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(report.file);
  expect(text).toContain(low.name);
  expect(text).toContain('Elaboró');
  expect(text).toContain('Autorizó');
  // The same list as a spreadsheet, from the button's menu.
  await main(page).getByRole('button', { name: 'Productos bajo mínimo: elegir formato', exact: true }).click();
  const sheet = await downloadFrom(page.getByRole('menuitem', { name: 'Excel (XLSX)', exact: true }));
  expect(sheet.fileName).toMatch(/^Productos bajo mínimo - \d{4}-\d\d-\d\d\.xlsx$/);
  expect(sheet.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  const { rows } = await readXlsx(sheet.bytes);
  expect(rows.some((row) => row.includes(low.name))).toBe(true);
  expect(log.errors).toEqual([]);
});

it('at 390 px the figures stack and the charts fit the screen', async () => {
  const { page, log } = await newPage(browser, PHONE);
  await signIn(page);
  await figure(page, 'Valor del inventario').waitFor();
  const region = main(page).getByRole('region', { name: 'Productos con mayor valor' });
  await region.locator('svg').first().waitFor();
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.view);
  // The last movements' columns never run into each other: each cell holds its text, and the
  // table scrolls sideways inside its card instead.
  const recent = main(page).getByRole('table', { name: 'Movimientos recientes' });
  await recent.locator('tbody tr').first().waitFor();
  const crammed = await recent
    .locator('th, td')
    .evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent));
  expect(crammed).toEqual([]);
  await page.waitForTimeout(500);
  await screenshot(page, 'home-02-phone');
  await recent.scrollIntoViewIfNeeded();
  await screenshot(page, 'home-02-phone-recent');
  expect(log.errors).toEqual([]);
});

it('with mf-stock unreachable the home page still greets and shows the release notes, and the section offers "Reintentar"', async () => {
  const { page } = await newPage(browser);
  await page.route(`${baseUrl()}/remotes/mf-stock/**`, (route) => route.abort('connectionrefused'));
  await signIn(page);
  const alert = main(page).getByRole('alert');
  await alert.waitFor();
  expect(await alert.textContent()).toContain('No pudimos cargar esta sección.');
  expect(await main(page).getByRole('button', { name: 'Reintentar' }).isVisible()).toBe(true);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^¡Hola, /);
  expect(await page.getByRole('heading', { name: 'Notas de lanzamiento' }).isVisible()).toBe(true);
  expect(await page.getByText('Descarga del reporte de existencias actual, además de mejoras en la interfaz.').isVisible()).toBe(true);
  await screenshot(page, 'home-04-stock-down');
});
