// A browser in English (Chromium with --lang=en-US, locale en-US) still shows and takes every date
// as DD/MM/YYYY: the wizards' dates, the stock at a date, the kardex range, a count's cut-off and
// the Bitácora's filters.
// What is typed day first reaches the API as YYYY-MM-DD.
import type { Browser, Page } from 'playwright-core';
import { earlierMonthNote, periodClosedMessage } from '../../shared/src/domain/periods';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, signIn, type Viewport } from './support/browser';
import { main } from './support/catalog-ui';
import { baseUrl } from './support/env';
import { apiClient, today } from './support/seed';
import { boxOf, expectVisible, overlaps } from './support/visibility';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(['--lang=en-US']);
});
afterAll(async () => {
  await browser?.close();
});

const dayFirst = (iso: string) => iso.split('-').reverse().join('/');

async function expectDayFirst(page: Page, label: RegExp, iso: string, what: string) {
  const field = main(page).getByLabel(label).first();
  await expectVisible(field, what);
  expect(`${what}: ${await field.inputValue()}`).toBe(`${what}: ${dayFirst(iso)}`);
  expect(`${what}: ${await field.getAttribute('placeholder')}`).toBe(`${what}: DD/MM/AAAA`);
}

describe.each<[string, Viewport]>([
  ['1280×800', DESKTOP],
  ['390×844', PHONE],
])('an English browser at %s', (size, viewport) => {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await newPage(browser, viewport, 'en-US'));
    await signIn(page);
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
  });
  afterAll(async () => {
    await page?.context().close();
  });
  const width = size.split('×')[0];

  it("the exit wizard's date shows today day first and takes a date typed day first", async () => {
    await page.goto(`${baseUrl()}/dashboard/dispatches/generate`);
    await expectDayFirst(page, /^Fecha/, today(), 'la fecha de salida');
    const field = main(page)
      .getByLabel(/^Fecha/)
      .first();
    await field.fill('');
    await field.pressSequentially('01022026');
    expect(await field.inputValue()).toBe('01/02/2026');
    await field.blur();
    // Understood as 1 February: the note of the month it counts in, or, once other tests have
    // closed that month, the closed period's refusal.
    const api = await apiClient();
    const closings = await api<Array<{ until: string; status: string }>>('/api/period-closings');
    const closedUntil = closings
      .filter((c) => c.status === 'CERRADO')
      .reduce<string | null>((last, c) => (last && last > c.until ? last : c.until), null);
    const said = closedUntil && closedUntil >= '2026-02-01' ? periodClosedMessage(closedUntil) : earlierMonthNote('2026-02-01', today())!;
    await expectVisible(page.getByText(said, { exact: true }), 'lo que dice de la fecha');
    await field.fill('02/31/2026');
    await field.blur();
    await expectVisible(page.getByText('Escribe la fecha como DD/MM/AAAA (por ejemplo, 28/11/2026).', { exact: true }), 'el formato');
    await screenshot(page, `date-fields-01-exit-${width}`);
  });

  it("the entry wizard's date shows today day first", async () => {
    await page.goto(`${baseUrl()}/dashboard/invoices/generate`);
    await expectDayFirst(page, /^Fecha/, today(), 'la fecha de la factura');
  });

  it('the stock at a date asks the API for the day typed day first', async () => {
    await page.goto(`${baseUrl()}/dashboard/stock`);
    await expectDayFirst(page, /^Existencias al/, today(), 'la fecha de las existencias');
    const asked = page.waitForRequest((request) => /\/api\/stock\?date=2026-01-15/.test(request.url()));
    const field = main(page)
      .getByLabel(/^Existencias al/)
      .first();
    await field.fill('15/01/2026');
    await asked;
    await screenshot(page, `date-fields-02-stock-${width}`);
  });

  it("the Bitácora's «Desde» takes a date typed day first and filters the log by it", async () => {
    await page.goto(`${baseUrl()}/dashboard/admin/audit`);
    const field = main(page).getByRole('textbox', { name: 'Desde', exact: true });
    await expectVisible(field, 'el filtro «Desde»');
    expect(await field.getAttribute('placeholder')).toBe('DD/MM/AAAA');
    const asked = page.waitForRequest((request) => /\/api\/audit\?.*from=2026-03-02/.test(request.url()));
    await field.pressSequentially('02032026');
    expect(await field.inputValue()).toBe('02/03/2026');
    await asked;
    // Both filters fit their columns: each calendar button is in sight and nothing covers it.
    const buttons = main(page).getByRole('button', { name: 'Elegir la fecha en el calendario' });
    const hasta = await boxOf(main(page).getByRole('textbox', { name: 'Hasta', exact: true }), '«Hasta»');
    for (const [i, what] of ['«Desde»', '«Hasta»'].entries()) {
      const box = await boxOf(buttons.nth(i), `el calendario de ${what}`);
      expect(`${what}: ${box.x + box.width <= viewport.width}`).toBe(`${what}: true`);
      if (i === 0) expect(overlaps(box, hasta)).toBe(false);
      const onTop = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-label') ?? null,
        [box.x + box.width / 2, box.y + box.height / 2] as const,
      );
      expect(`${what}: ${onTop}`).toBe(`${what}: Elegir la fecha en el calendario`);
    }
    await screenshot(page, `date-fields-04-audit-${width}`);
  });

  it("a new count's cut-off shows today day first", async () => {
    await page.goto(`${baseUrl()}/dashboard/stock/counts`);
    await main(page).getByRole('button', { name: 'Nuevo conteo', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo conteo' });
    const field = dialog.getByLabel(/^Fecha de corte/);
    await expectVisible(field, 'la fecha de corte');
    expect(await field.inputValue()).toBe(dayFirst(today()));
    await page.waitForTimeout(300);
    await screenshot(page, `date-fields-03-count-${width}`);
    await dialog.getByRole('button', { name: 'Cancelar', exact: true }).click();
  });
});
