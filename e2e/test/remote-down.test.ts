// A remote that is down (its files unreachable) breaks only its own area: a Spanish error with
// "Reintentar" there, while the navigation and the other areas keep working; once the remote is
// back, "Reintentar" loads it without reloading the page.
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from './support/browser';
import { baseUrl } from './support/env';
import { AREAS, areaHeading, navigation, openFromNavigation } from './support/portal';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const area = (path: string) => AREAS.find((a) => a.path === path)!;

it('shows the error only in the stock area and recovers with "Reintentar"', async () => {
  const { page, log } = await newPage(browser);
  await signIn(page);

  const unreachable = `${baseUrl()}/remotes/mf-stock/**`;
  let blocked = 0;
  await page.route(unreachable, (route) => {
    blocked++;
    return route.abort('connectionrefused');
  });

  await openFromNavigation(page, area('/dashboard/stock'));
  const alert = page.locator('main').getByRole('alert');
  await alert.waitFor();
  expect(await alert.textContent()).toContain('No pudimos cargar esta sección.');
  const retry = page.locator('main').getByRole('button', { name: 'Reintentar' });
  expect(await retry.isVisible()).toBe(true);
  expect(blocked).toBeGreaterThan(0);
  await screenshot(page, 'remote-down-01-error');

  // The rest of the portal works: navigation is there and another area loads.
  expect(await navigation(page).isVisible()).toBe(true);
  await openFromNavigation(page, area('/dashboard/catalogs/products'));
  expect(await areaHeading(page)).toMatch(/^Productos$/);
  await openFromNavigation(page, area('/dashboard/invoices/history'));
  expect(await areaHeading(page)).toMatch(/^Historial de entradas$/);

  // Still down when coming back, still only there.
  await openFromNavigation(page, area('/dashboard/stock'));
  await alert.waitFor();

  // The remote is back: "Reintentar" loads it in place.
  await page.unroute(unreachable);
  const before = log.requests.filter((url) => url.includes('/remotes/mf-stock/')).length;
  await retry.click();
  expect(await areaHeading(page)).toMatch(/^Stock de productos$/);
  expect(await alert.count()).toBe(0);
  expect(log.requests.filter((url) => url.includes('/remotes/mf-stock/')).length).toBeGreaterThan(before);
  expect(page.url()).toBe(`${baseUrl()}/dashboard/stock`);
  await screenshot(page, 'remote-down-02-recovered');
});
