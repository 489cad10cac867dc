// In a real browser: a table that already shows rows keeps them when its refresh fails.
// A unit of measure is added through the screen while the list's GET cannot reach the server (the
// save itself goes through): the rows stay on screen with "No fue posible actualizar los datos; se
// muestran los últimos que se recibieron." and "Reintentar", visible at 1280×800 and 390×844;
// once the server answers again, "Reintentar" brings the list with the new unit and the notice goes.
import type { Browser, Route } from 'playwright-core';
import { TABLE_TEXTS } from '../../shared/src/kit/data-table/texts';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, signIn, type Viewport } from './support/browser';
import { dialog, main, rowWith, save, search, table } from './support/catalog-ui';
import { baseUrl } from './support/env';
import { areaHeading } from './support/portal';
import { apiClient, uniqueTag } from './support/seed';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const UNITS = '/api/catalog/product-units';

it.each([
  ['1280×800', DESKTOP],
  ['390×844', PHONE],
] as Array<[string, Viewport]>)(
  'keeps the rows on screen when a refresh fails, and "Reintentar" brings the new ones (%s)',
  async (size, viewport) => {
    const api = await apiClient();
    const tag = uniqueTag();
    const shown = `Caja refresco ${tag}`;
    const added = `Paquete refresco ${tag}`;
    await api(UNITS, { method: 'POST', body: { description: shown } });

    const { page, log } = await newPage(browser, viewport);
    await signIn(page);
    await page.goto(`${baseUrl()}/dashboard/catalogs/units`);
    expect(await areaHeading(page)).toMatch(/^Unidades/);
    const units = table(page, 'Unidades de medida');
    await search(page, tag);
    await rowWith(units, shown).waitFor({ state: 'visible' });

    // From now on the list cannot be read; saving still works.
    let refused = 0;
    const listReads = (route: Route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      refused++;
      return route.abort('connectionrefused');
    };
    await page.route(`${baseUrl()}${UNITS}*`, listReads);
    await main(page).getByRole('button', { name: 'Añadir unidad de medida', exact: true }).click();
    const form = await dialog(page, 'Nueva unidad de medida');
    await form.getByRole('textbox', { name: 'Nombre de la unidad de medida' }).fill(added);
    await save(form);

    const notice = main(page).getByRole('status').filter({ hasText: TABLE_TEXTS.refreshFailed });
    await notice.waitFor({ state: 'visible' });
    expect(refused).toBeGreaterThan(0);
    // What was on screen stays, visible; the failure is a notice, not an empty table.
    expect(await rowWith(units, shown).isVisible()).toBe(true);
    expect(await rowWith(units, added).count()).toBe(0);
    expect(await units.getByText(TABLE_TEXTS.loadFailed).count()).toBe(0);
    const retry = notice.getByRole('button', { name: 'Reintentar', exact: true });
    expect(await retry.isVisible()).toBe(true);
    await screenshot(page, `refresh-failure-${size}-01-notice`);

    // The server answers again: "Reintentar" reads the list, with the unit saved meanwhile.
    await page.unroute(`${baseUrl()}${UNITS}*`, listReads);
    await retry.click();
    await rowWith(units, added).waitFor({ state: 'visible' });
    await notice.waitFor({ state: 'detached' });
    expect(await rowWith(units, shown).isVisible()).toBe(true);
    await screenshot(page, `refresh-failure-${size}-02-refreshed`);

    const saved = await api<Array<{ description: string }>>(UNITS);
    expect(saved.filter((unit) => unit.description === added)).toHaveLength(1);
    expect(log.errors).toEqual([]);
  },
);
