// Stock in a real browser: a product with movements (two invoices at different prices and one
// dispatch, made through the API), its row opened on "Stock de productos": the available quantity
// and the average price equal the API's figures written es-MX, the movements read Entrada/Salida,
// and "Tarjeta de almacén" and "Reporte de existencias" download real PDFs.
import type { Browser } from 'playwright-core';
import { formatCurrencyMXN, formatDate, formatPrice, formatQuantity } from '../../shared/src/domain/format';
import { launchBrowser, newPage, screenshot, signIn } from './support/browser';
import { main } from './support/catalog-ui';
import { downloadFrom, pdfText } from './support/downloads';
import { AREAS, areaHeading, openFromNavigation } from './support/portal';
import { apiClient, createDispatch, createInvoice, createPeople, createProduct, stockOf, uniqueTag } from './support/seed';
import { openProductStock } from './support/stock-ui';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it("shows a product's quantity, average and movements as the API has them, and downloads its card and the stock report", async () => {
  const api = await apiClient();
  const tag = uniqueTag();
  const people = await createPeople(api, tag);
  const product = await createProduct(api, `Marcador ${tag}`);
  await createInvoice(api, people, `F-${tag}-1`, [
    { productId: product.id, quantity: '10', price: '12.4', observations: `Primera ${tag}` },
  ]);
  await createInvoice(api, people, `F-${tag}-2`, [{ productId: product.id, quantity: '6', price: '15', observations: `Segunda ${tag}` }]);
  await createDispatch(api, people, [{ productId: product.id, quantity: '3', observations: `Taller ${tag}` }]);
  const figures = await stockOf(api, product.id);
  const movements = await api<
    {
      id: number;
      dated: string;
      price: string;
      quantity: string;
      balanceQuantity: string;
      movementType: string;
      observations: string | null;
    }[]
  >(`/api/movements/products/${product.id}`);
  expect(movements.map((m) => m.movementType).sort()).toEqual(['DISPATCH', 'INVOICE', 'INVOICE']);

  const { page, log } = await newPage(browser);
  await signIn(page);
  await openFromNavigation(
    page,
    AREAS.find((a) => a.label === 'Stock de productos')!,
  );
  expect(await areaHeading(page)).toBe('Stock de productos');
  const stock = await openProductStock(page, product);

  // The figures, exactly as the API has them, written es-MX.
  expect(await stock.available()).toBe(formatQuantity(figures.availableQuantity));
  expect(await stock.average()).toBe(formatCurrencyMXN(figures.averagePrice));
  expect(await stock.average()).toMatch(/^\$[\d,]+(\.\d+)? MXN$/);

  // One row per movement: its date, the product (its name beside its ID), price, quantity, the
  // balance after it, and its type in words.
  const rows = stock.movements.locator('tbody tr');
  // The movements arrive together: once the exit is shown, so are the entries (no skeleton rows left).
  await stock.movements.getByText('Salida', { exact: true }).waitFor();
  expect(await rows.count()).toBe(movements.length);
  const shown = [];
  for (let i = 0; i < movements.length; i++) shown.push(await rows.nth(i).locator('td').allTextContents());
  const byId = (a: string[], b: string[]) => Number(a[0]) - Number(b[0]);
  expect(shown.sort(byId)).toEqual(
    movements
      .map((m) => [
        String(m.id),
        formatDate(m.dated),
        `${product.id} · ${product.name}`,
        formatPrice(m.price),
        formatQuantity(m.quantity),
        formatQuantity(m.balanceQuantity),
        m.movementType === 'INVOICE' ? 'Entrada' : 'Salida',
        m.observations ?? '',
      ])
      .sort(byId),
  );
  expect(await stock.movements.getByText('Entrada', { exact: true }).count()).toBe(2);
  expect(await stock.movements.getByText('Salida', { exact: true }).count()).toBe(1);
  await screenshot(page, 'stock-01-detail');

  const card = await downloadFrom(stock.panel.getByRole('button', { name: 'Tarjeta de almacén', exact: true }));
  expect(card.fileName.startsWith(`Tarjetas de almacén - ${product.id}`)).toBe(true);
  expect(card.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const cardText = pdfText(card.file);
  expect(cardText).toContain(product.name);

  const report = await downloadFrom(main(page).getByRole('button', { name: 'Reporte de existencias', exact: true }));
  expect(report.fileName.startsWith('Reporte de almacén - ')).toBe(true);
  expect(report.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const reportText = pdfText(report.file);
  expect(reportText).toContain(product.name);

  expect(log.errors).toEqual([]);
  expect(log.failures.filter((f) => f !== '404 /favicon.ico')).toEqual([]);
});

it('a long history: opening the product downloads the newest 100 movements; "Cargar movimientos anteriores" brings the older ones', async () => {
  const api = await apiClient();
  const tag = uniqueTag();
  const people = await createPeople(api, tag);
  const product = await createProduct(api, `Folder ${tag}`);
  for (let i = 1; i <= 105; i++) {
    await createInvoice(api, people, `H-${tag}-${i}`, [
      { productId: product.id, quantity: '1', price: '3', observations: `Entrada ${i} ${tag}` },
    ]);
  }

  const { page, log } = await newPage(browser);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`/api/movements/products/${product.id}`)) asked.push(new URL(request.url()).search);
  });
  await signIn(page);
  await openFromNavigation(
    page,
    AREAS.find((a) => a.label === 'Stock de productos')!,
  );
  const stock = await openProductStock(page, product);
  const range = () => stock.panel.getByText(/^\d+–\d+ de [\d,]+$/).textContent();

  // Newest first: the last entry heads the table; one page, and the server's nextCursor tells there is more.
  await stock.movements.getByText(`Entrada 105 ${tag}`).waitFor();
  expect(await range()).toBe('1–5 de 100');
  expect(asked).toEqual(['?limit=100']);
  await stock.panel.getByText('Se muestran los 100 movimientos más recientes; la búsqueda abarca solo los cargados.').waitFor();

  await stock.panel.getByRole('button', { name: 'Cargar movimientos anteriores' }).click();
  await stock.panel.getByText('1–5 de 105').waitFor();
  expect(asked).toHaveLength(2);
  expect(asked[1]).toMatch(/^\?limit=100&cursor=\d+$/);
  expect(await stock.panel.getByRole('button', { name: 'Cargar movimientos anteriores' }).count()).toBe(0);
  await screenshot(page, 'stock-02-long-history');

  expect(log.errors).toEqual([]);
  expect(log.failures.filter((f) => f !== '404 /favicon.ico')).toEqual([]);
});
