// In a real browser: "Stock de productos" at a past date ("Existencias al"), a month
// closed through "Cierres de periodo" (the confirmation shows the stock value the API computes),
// and the entry wizard's date picker stopping at the first open day and refusing a date in the
// closed month with the API's sentence. The e2e server is shared by every test file, and the
// others register documents dated today: only a month that ended before the current one is closed.
import type { Browser, Locator, Page } from 'playwright-core';
import { compareDecimal } from '../../shared/src/domain/decimal';
import { formatCurrency, formatDate, formatQuantity } from '../../shared/src/domain/format';
import { monthEnd } from '../../shared/src/domain/periods';
import { apiToken, launchBrowser, newPage, PHONE, screenshot, signIn, type PageLog } from './support/browser';
import { choose, main, rowWith, search, successToast, table } from './support/catalog-ui';
import { baseUrl } from './support/env';
import { AREAS, openFromNavigation } from './support/portal';
import { apiClient, createInvoice, createPeople, createProduct, today, uniqueTag } from './support/seed';
import { expectVisible } from './support/visibility';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const area = (label: string) => AREAS.find((candidate) => candidate.label === label)!;

/** The calendar day `days` after (or before) a YYYY-MM-DD date. */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The last day of the month before `date`'s: the last month that has ended. */
const lastEndedMonth = (date: string): string => monthEnd(date, -1);

const cleanLog = (log: PageLog) => {
  expect(log.errors).toEqual([]);
  expect(log.failures.filter((f) => f !== '404 /favicon.ico')).toEqual([]);
};

/** Waits for the running animations (a dialog fading in) so a screenshot shows the end state. */
async function settled(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
}

/** The page is not wider than the window: nothing to scroll sideways. */
async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function openClosings(page: Page): Promise<Locator> {
  await page.goto(`${baseUrl()}/dashboard/stock/closings`);
  await main(page).getByRole('heading', { level: 1, name: 'Cierres de periodo', exact: true }).waitFor();
  return main(page);
}

interface NextClosing {
  until: string;
  closable: boolean;
  totalValue: string | null;
}

it('"Existencias al" a past date shows the stock then: zero for a product first entered today, today\'s figure when switched back', async () => {
  const api = await apiClient();
  const tag = uniqueTag();
  const people = await createPeople(api, tag);
  const product = await createProduct(api, `Engrapadora ${tag}`);
  await createInvoice(api, people, `EA-${tag}`, [{ productId: product.id, quantity: '5', price: '12' }]);

  const { page, log } = await newPage(browser);
  await signIn(page);
  await openFromNavigation(page, area('Stock de productos'));
  await main(page).getByRole('heading', { name: 'Stock de productos', level: 1 }).waitFor();
  await search(page, product.name);
  const row = rowWith(table(page, 'Productos'), product.name).first();
  // The figures are the row's last cells: the ID cell may read the same (product 5, 5 units).
  const cell = (text: string) => row.getByRole('cell', { name: text, exact: true }).last();
  await cell(formatCurrency('60')).waitFor();
  await cell(formatQuantity('5')).waitFor();

  const picker = main(page).getByLabel('Existencias al', { exact: true });
  expect(await picker.inputValue()).toBe(formatDate(today()));
  const yesterday = addDays(today(), -1);
  await picker.fill(formatDate(yesterday));
  await cell(formatCurrency('0')).waitFor();
  await cell(formatQuantity('0')).waitFor();
  expect(await cell(formatCurrency('60')).count()).toBe(0);
  await screenshot(page, 'period-closing-01-stock-yesterday-1280');

  await picker.fill(formatDate(today()));
  await cell(formatCurrency('60')).waitFor();
  await cell(formatQuantity('5')).waitFor();
  cleanLog(log);
});

it('closes the last ended month through "Cierres de periodo"; the confirmation shows the stock value at its end', async () => {
  const api = await apiClient();
  const expected = lastEndedMonth(today());
  const next = await api<NextClosing>('/api/period-closings/next');
  // A fresh server: nothing closed yet, so the page proposes the month that ended last.
  expect(next).toMatchObject({ until: expected, closable: true });
  const closeLabel = `Cerrar periodo hasta ${formatDate(expected)}`;
  const valueText = `Valor de las existencias al ${formatDate(expected)}: ${formatCurrency(next.totalValue ?? '0')}`;

  // On a phone: the confirmation fits and can be dismissed without closing anything.
  const phone = await newPage(browser, PHONE);
  await signIn(phone.page);
  const phoneMain = await openClosings(phone.page);
  await phoneMain.getByRole('button', { name: closeLabel, exact: true }).click();
  const phoneDialog = phone.page.getByRole('alertdialog', { name: closeLabel });
  await phoneDialog.waitFor();
  await phoneDialog.getByText(valueText, { exact: true }).waitFor();
  await settled(phone.page);
  await screenshot(phone.page, 'period-closing-02-confirm-390');
  await fitsWidth(phone.page, PHONE.width);
  await phoneDialog.getByRole('button', { name: 'No, regresar', exact: true }).click();
  await phoneDialog.waitFor({ state: 'hidden' });
  expect(await api<unknown[]>('/api/period-closings')).toEqual([]);
  cleanLog(phone.log);
  await phone.page.close();

  const { page, log } = await newPage(browser);
  await signIn(page);
  await openFromNavigation(page, {
    label: 'Cierres de periodo',
    path: '/dashboard/stock/closings',
    remote: 'mf-stock',
    heading: /^Cierres de periodo$/,
  });
  const content = main(page);
  await content.getByText('Aún no se ha cerrado ningún periodo.', { exact: true }).waitFor();
  await content.getByRole('button', { name: closeLabel, exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: closeLabel });
  await confirm.waitFor();
  await confirm.getByText(valueText, { exact: true }).waitFor();
  await confirm
    .getByText(
      `Después del cierre no se podrán registrar entradas, salidas ni conteos con fecha igual o anterior al ${formatDate(expected)}.`,
      { exact: true },
    )
    .waitFor();
  await settled(page);
  await screenshot(page, 'period-closing-03-confirm-1280');
  await confirm.getByRole('button', { name: 'Sí, cerrar el periodo', exact: true }).click();
  await successToast(page, `Periodo hasta el ${formatDate(expected)} cerrado correctamente.`);
  const closings = content.getByRole('table', { name: 'Cierres', exact: true });
  const closed = rowWith(closings, formatDate(expected));
  await closed.getByText('Cerrado', { exact: true }).waitFor();
  await closed.getByText(formatCurrency(next.totalValue ?? '0'), { exact: true }).waitFor();
  await screenshot(page, 'period-closing-04-closed-1280');

  // On a phone the closing's row keeps its date, its value and its report button apart and whole:
  // the table scrolls sideways in its region, and says so.
  const onPhone = await newPage(browser, PHONE);
  await signIn(onPhone.page);
  const phoneContent = await openClosings(onPhone.page);
  const row = rowWith(phoneContent.getByRole('table', { name: 'Cierres', exact: true }), formatDate(expected));
  const cells = await row.locator('td').evaluateAll((tds) => tds.slice(0, 2).map((td) => td.getBoundingClientRect()));
  expect(cells[0]!.right).toBeLessThanOrEqual(cells[1]!.left + 0.5);
  await expectVisible(
    phoneContent.getByText('Desliza la tabla hacia los lados para ver todas sus columnas.', { exact: true }),
    'el aviso de que la tabla se desliza',
  );
  const report = row.getByRole('button', { name: `Reporte de existencias al ${formatDate(expected)}`, exact: true });
  await report.scrollIntoViewIfNeeded();
  const box = (await report.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(await report.evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true);
  await fitsWidth(onPhone.page, PHONE.width);
  await screenshot(onPhone.page, 'period-closing-04-closed-390');
  await onPhone.page.context().close();

  // The API keeps it: the closing stands with the value the confirmation showed.
  const stored = await api<{ until: string; status: string; totalValue: string }[]>('/api/period-closings');
  expect(stored).toEqual([expect.objectContaining({ until: expected, status: 'CERRADO' })]);
  expect(compareDecimal(stored[0].totalValue, next.totalValue ?? '0')).toBe(0);
  cleanLog(log);
});

it("after the closing, the entry wizard's date picker starts at the first open day, says why, and refuses a date in the closed month", async () => {
  const api = await apiClient();
  const closedUntil = lastEndedMonth(today());
  const stored = await api<{ until: string; status: string }[]>('/api/period-closings');
  expect(stored.find((c) => c.status === 'CERRADO')?.until).toBe(closedUntil);
  const firstOpenDay = addDays(closedUntil, 1);
  const inClosedMonth = addDays(closedUntil, -14);
  const hint = `El periodo hasta el ${formatDate(closedUntil)} está cerrado.`;
  const sentence = `El periodo hasta el ${formatDate(closedUntil)} está cerrado; registra el documento con una fecha posterior.`;

  const tag = uniqueTag();
  const people = await createPeople(api, tag);
  const [director, enteredBy, keeper] = people.employees.map((e) => `${e.name} ${e.lastName}`);

  for (const viewport of [undefined, PHONE]) {
    const { page, log } = await newPage(browser, viewport);
    const width = viewport?.width ?? 1280;
    await signIn(page);
    await page.goto(`${baseUrl()}/dashboard/invoices/generate`);
    const header = page.getByRole('group', { name: 'Datos de la factura' });
    await header.getByText(hint, { exact: true }).waitFor();
    const date = header.getByLabel(/^Fecha/);
    // The calendar beside the typed field stops at both ends.
    const calendar = header.locator('input[type="date"]');
    expect(await calendar.getAttribute('min')).toBe(firstOpenDay);
    expect(await calendar.getAttribute('max')).toBe(today());
    await date.scrollIntoViewIfNeeded();
    await screenshot(page, `period-closing-05-wizard-hint-${width}`);

    await choose(header, 'Tienda de procedencia', people.supplier.name, tag);
    await header.getByRole('textbox', { name: 'Número de factura' }).fill(`CP-${tag}-${width}`);
    await choose(header, 'Tipo de entrada', 'Compra directa', 'Compra');
    await choose(header, 'Director del plantel', director, tag);
    await choose(header, 'Elaborador', enteredBy, `Elena ${tag}`);
    await choose(header, 'Almacenista', keeper, `Alma ${tag}`);
    await date.fill(inClosedMonth);
    await page.getByRole('button', { name: 'Siguiente paso', exact: true }).click();
    await header.getByText(sentence, { exact: true }).waitFor();
    // The refusal says it all: the hint is not repeated under it.
    expect(await header.getByText(hint, { exact: true }).count()).toBe(0);
    expect(await page.locator('li[aria-current="step"]').textContent()).toContain('Datos de la factura');
    await date.scrollIntoViewIfNeeded();
    await screenshot(page, `period-closing-06-wizard-refuses-${width}`);
    await fitsWidth(page, width);

    // The first open day is accepted.
    await date.fill(firstOpenDay);
    await header.getByText(sentence, { exact: true }).waitFor({ state: 'hidden' });
    await header.getByText(hint, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Siguiente paso', exact: true }).click();
    await page.getByRole('group', { name: 'Lista de productos' }).waitFor();
    cleanLog(log);
    await page.close();
  }

  // And the API refuses the same date with the same sentence.
  const product = await createProduct(api, `Clip ${tag}`);
  const refused = await fetch(`${baseUrl()}/api/invoices`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await apiToken()}`, 'content-type': 'application/json', 'idempotency-key': `e2e-${tag}-closed` },
    body: JSON.stringify({
      supplierId: people.supplier.id,
      invoiceNumber: `CP-${tag}-API`,
      invoiceDate: inClosedMonth,
      invoiceType: 'COMPRA_DIRECTA',
      directorEmployeeId: people.employees[0].id,
      enteredByEmployeeId: people.employees[1].id,
      warehouseKeeperEmployeeId: people.employees[2].id,
      products: [
        {
          productId: product.id,
          quantity: '1',
          purchasePrice: '1',
          observations: '',
          applyExciseTax: false,
          applyValueAddedTaxToPurchasePrice: false,
          exciseTaxRate: '0',
        },
      ],
    }),
  });
  expect(refused.status).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toBe(sentence);
  // A document dated today (the other browser tests') still goes in.
  await createInvoice(api, people, `CP-${tag}-HOY`, [{ productId: product.id, quantity: '1', price: '1' }]);
});
