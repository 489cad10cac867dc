// The platform journey in a real browser: sign in through the embedded provider's Spanish
// page, land on /dashboard, open every entry of the side navigation (each loads its remote at run
// time and shows its heading), then "Cerrar sesión" ends the provider session and returns to "/".
import type { Browser } from 'playwright-core';
import { apiToken, launchBrowser, newPage, screenshot, signIn } from './support/browser';
import { baseUrl } from './support/env';
import { AREAS, areaHeading, navigation, openFromNavigation, signOut } from './support/portal';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it('signs in through the provider\'s Spanish page, lands on /dashboard and "Cerrar sesión" returns to "/"', async () => {
  const { page, log } = await newPage(browser);

  await page.goto(`${baseUrl()}/`);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  expect(await page.locator('h1').textContent()).toBe('Iniciar sesión');
  await screenshot(page, 'platform-01-sign-in-page');

  // A wrong password first: the generic Spanish error, still on the provider's page.
  await page.getByLabel('Usuario').fill('admin');
  await page.getByLabel('Contraseña').fill('no-es-la-contraseña');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByRole('alert').waitFor();
  expect(await page.getByRole('alert').textContent()).toBe('Usuario o contraseña incorrectos.');

  await signIn(page);
  expect(page.url()).toBe(`${baseUrl()}/dashboard`);
  await page.getByText('Notas de lanzamiento').waitFor();
  for (const version of ['V1.0.0', 'V0.0.9', 'V0.0.8']) expect(await page.getByText(version, { exact: true }).count()).toBeGreaterThan(0);
  await screenshot(page, 'platform-02-dashboard');

  await signOut(page);
  await page.waitForURL(`${baseUrl()}/`);
  await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
  await screenshot(page, 'platform-04-signed-out');

  // The provider session is over too: /dashboard now sends the visitor back to "/"…
  await page.goto(`${baseUrl()}/dashboard/stock`);
  await page.waitForURL(`${baseUrl()}/`);
  // …and "Iniciar sesión" asks for the password again.
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  expect(await page.getByLabel('Contraseña').isVisible()).toBe(true);

  expect(log.errors).toEqual([]);
  // The only failed answer is the wrong password's (the browser's favicon probe aside).
  expect(log.failures.filter((f) => f !== '404 /favicon.ico')).toEqual([expect.stringMatching(/^401 \/oidc\/interaction\/[\w-]+\/login$/)]);
});

it('opens every entry of the side navigation, each showing its area from its remote', async () => {
  const { page, log } = await newPage(browser);
  await signIn(page);

  for (const area of AREAS) {
    await openFromNavigation(page, area);
    expect(await areaHeading(page)).toMatch(area.heading);
    // The shell's frame stays: the navigation is still there, at full width, beside the area.
    const nav = await navigation(page).boundingBox();
    expect(nav?.width ?? 0).toBeGreaterThan(150);
  }
  await screenshot(page, 'platform-03-stock');

  // Every remote was fetched from its own place under /remotes/.
  for (const remote of ['mf-catalogs', 'mf-invoices', 'mf-dispatches', 'mf-stock']) {
    expect(log.requests).toContain(`${baseUrl()}/remotes/${remote}/mf-manifest.json`);
  }
  expect(log.errors).toEqual([]);
  expect(log.failures.filter((f) => f !== '404 /favicon.ico')).toEqual([]);
});

it('hands tests an API token obtained through the provider (apiToken), which the API accepts', async () => {
  const token = await apiToken();
  const answer = await fetch(`${baseUrl()}/api/catalog/product-units`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status).toBe(200);
  expect(Array.isArray(((await answer.json()) as { data: unknown }).data)).toBe(true);
  expect((await fetch(`${baseUrl()}/api/catalog/product-units`)).status).toBe(401);
});
