// Several warehouses in a real browser. An administrator creates a second warehouse in «Almacenes»
// (the API's 409 under «Clave» first); the header then names the current warehouse and offers the
// switch, at 1280×800 and at 390×844; switching keeps the page, changes the address
// (`?almacen=`) and the stock shown; and a switch while the new warehouse's stock is on its way
// never shows the previous warehouse's figures under the new name. The warehouse is deactivated
// at the end, so the files after this one find the one-warehouse portal (and no switcher) again.
import type { Browser, Locator, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, signIn } from './support/browser';
import { choose, dialog, main, rowWith, search, successToast, table } from './support/catalog-ui';
import { baseUrl } from './support/env';
import { navigation } from './support/portal';
import { apiClient, createInvoice, createPeople, createProduct, uniqueTag, type ApiClient, type People } from './support/seed';
import { boxOf, expectNotVisible, expectVisible } from './support/visibility';

interface Warehouse {
  id: number;
  code: string;
  name: string;
  address: string | null;
  responsibleEmployeeId: number | null;
  active: boolean;
}

let browser: Browser;
let admin: ApiClient;
let people: People;
let product: { id: number; name: string };
let central: Warehouse;
let created: Warehouse | undefined;
const tag = uniqueTag();
const code = `P${tag}`;
const name = `Plantel Norte ${tag}`;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiClient();
  people = await createPeople(admin, tag);
  product = await createProduct(admin, `Cuaderno ${tag}`);
  // 3 @ 10.00 in the only warehouse there is: $30.00.
  await createInvoice(admin, people, `FC-${tag}`, [{ productId: product.id, quantity: '3', price: '10' }]);
  const all = await admin<Warehouse[]>('/api/warehouses');
  central = all.find((w) => w.active)!;
});

afterAll(async () => {
  if (created) {
    const { id, code: kept, name: named, address, responsibleEmployeeId } = created;
    await admin(`/api/warehouses/${id}`, {
      method: 'PUT',
      body: { code: kept, name: named, address, responsibleEmployeeId, active: false },
    });
  }
  await browser?.close();
});

const switcher = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Almacén: .+\. Cambiar de almacén$/ });
const switcherOf = (page: Page, warehouse: string) =>
  page.getByRole('banner').getByRole('button', { name: `Almacén: ${warehouse}. Cambiar de almacén`, exact: true });

/** Waits for the row to show `text` (the stock's figures arrive after the row). */
const showing = (row: Locator, text: string) => row.filter({ hasText: text }).waitFor();

async function until(condition: () => boolean, what: string, timeoutMs = 15_000) {
  for (const start = Date.now(); !condition(); await new Promise((resolve) => setTimeout(resolve, 50)))
    if (Date.now() - start > timeoutMs) throw new Error(`${what}: no llegó`);
}

/** The product's row on «Stock de productos» (searched once). */
async function stockRow(page: Page) {
  await main(page).getByRole('heading', { name: 'Stock de productos', level: 1 }).waitFor();
  await search(page, product.name);
  return rowWith(table(page, 'Productos'), product.name).first();
}

/** Opens the switcher and picks `warehouse` by keyboard: Enter on the button, arrows, Enter. */
async function switchTo(page: Page, warehouse: Warehouse) {
  await switcher(page).focus();
  await page.keyboard.press('Enter');
  const option = page.getByRole('menuitemradio', { name: `${warehouse.code} — ${warehouse.name}`, exact: true });
  await option.waitFor();
  for (let i = 0; i < 5 && !(await option.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await switcherOf(page, warehouse.name).waitFor();
}

describe('several warehouses', () => {
  it('an administrator creates the second in «Almacenes»; then the header names the warehouse and switching changes the stock shown', async () => {
    const { page } = await newPage(browser, DESKTOP);
    await signIn(page);
    // One warehouse: the spec's header.
    await main(page).getByRole('heading', { level: 1 }).first().waitFor();
    await expectNotVisible(switcher(page), 'el selector de almacén con un solo almacén');

    await navigation(page).getByRole('button', { name: 'Administración' }).click();
    await navigation(page).getByRole('link', { name: 'Almacenes', exact: true }).click();
    await main(page).getByRole('heading', { name: 'Almacenes', level: 1 }).waitFor();
    await expectVisible(rowWith(table(page, 'Almacenes'), central.code), 'el almacén que ya existe');

    await main(page).getByRole('button', { name: 'Nuevo almacén' }).click();
    const form = await dialog(page, 'Nuevo almacén');
    await form.getByRole('textbox', { name: /Clave/ }).fill(central.code.toLowerCase());
    await form.getByRole('textbox', { name: /Nombre/ }).fill(name);
    await form.getByRole('textbox', { name: /Dirección/ }).fill('Calle Norte 12, Col. Industrial');
    await choose(form, 'Responsable', `Alma ${tag} Almacenista`, `Alma ${tag}`);
    await form.getByRole('button', { name: 'Crear' }).click();
    // The API's 409, under the field it is about; the dialog keeps what was typed.
    await expectVisible(form.getByText(`Ya existe un almacén con la clave ${central.code}.`), 'el 409 bajo «Clave»');
    await screenshot(page, 'warehouses-desktop-duplicate-code');
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('textbox', { name: /Clave/ }).fill(code.toLowerCase());
    await form.getByRole('button', { name: 'Crear' }).click();
    await form.waitFor({ state: 'hidden' });
    await successToast(page, 'Almacén creado.');
    const row = rowWith(table(page, 'Almacenes'), code);
    await expectVisible(row, 'el almacén nuevo en la lista');
    expect(await row.textContent()).toContain(`Alma ${tag} Almacenista`);
    created = (await admin<Warehouse[]>('/api/warehouses')).find((w) => w.code === code);
    expect(created).toMatchObject({ name, active: true, responsibleEmployeeId: people.employees[2].id });

    // Two warehouses: the header names the current one (the first) and offers the others.
    await expectVisible(switcherOf(page, central.name), 'el almacén actual en el encabezado');
    await screenshot(page, 'warehouses-desktop-admin');
    expect(await seriousViolations(page)).toEqual([]);

    // 8 @ 5.00 in the new one: $40.00.
    await createInvoice(admin, people, `FN-${tag}`, [{ productId: product.id, quantity: '8', price: '5' }], created!.id);

    await page.goto(`${baseUrl()}/dashboard/stock?almacen=${central.code}`);
    const stock = await stockRow(page);
    await showing(stock, '$30.00');
    await switchTo(page, created!);
    expect(new URL(page.url()).pathname).toBe('/dashboard/stock');
    expect(new URL(page.url()).searchParams.get('almacen')).toBe(code);
    await showing(stock, '$40.00');
    expect(await stock.textContent()).not.toContain('$30.00');
    await screenshot(page, 'warehouses-desktop-stock-switched');

    // A copied link opens the same warehouse.
    await page.goto(`${baseUrl()}/dashboard/stock?almacen=${code}`);
    await switcherOf(page, name).waitFor();
    await showing(await stockRow(page), '$40.00');
    await page.close();
  });

  it('a switch while the list is loading shows only the warehouse the header names', async () => {
    expect(created).toBeDefined();
    const { page } = await newPage(browser, DESKTOP);
    await signIn(page);
    await page.goto(`${baseUrl()}/dashboard/stock?almacen=${central.code}`);
    const row = await stockRow(page);
    await showing(row, '$30.00');

    // The new warehouse's stock waits until released.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(
      (url) => url.pathname === '/api/stock' && url.searchParams.get('warehouseId') === String(created!.id),
      async (route) => {
        asked = true;
        await released;
        await route.continue();
      },
    );
    await switchTo(page, created!);
    await until(() => asked, 'la petición del almacén nuevo');
    // Named the new warehouse, while its figures are on their way: none of the previous one's.
    await expectVisible(switcherOf(page, name), 'el almacén nuevo en el encabezado');
    const waiting = (await row.textContent()) ?? '';
    expect(waiting).not.toContain('$30.00');
    expect(waiting).toContain('…');
    await screenshot(page, 'warehouses-desktop-switch-while-loading');
    release();
    await showing(row, '$40.00');
    expect(await switcherOf(page, name).isVisible()).toBe(true);
    await page.unroute(() => true);
    await page.close();
  });

  it('on a phone (390×844) the header keeps the warehouse beside the menu and the account', async () => {
    expect(created).toBeDefined();
    const { page } = await newPage(browser, PHONE);
    await signIn(page);
    await page.goto(`${baseUrl()}/dashboard/stock?almacen=${code}`);
    const button = switcherOf(page, name);
    await expectVisible(button, 'el almacén actual en el encabezado del teléfono');
    await expectVisible(page.getByRole('button', { name: 'Abrir menú' }), 'el botón del menú');
    await expectVisible(page.getByRole('banner').getByRole('button', { name: /^Cuenta de/ }), 'el botón de la cuenta');
    const box = await boxOf(button, 'el selector');
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'warehouses-phone-header');
    await button.click();
    const option = page.getByRole('menuitemradio', { name: `${central.code} — ${central.name}`, exact: true });
    await expectVisible(option, 'el otro almacén en la lista');
    // The list fades in: the picture once it has.
    await page.waitForTimeout(400);
    await screenshot(page, 'warehouses-phone-list');
    // The header with the list open, as a screen reader meets it.
    expect(await seriousViolations(page)).toEqual([]);
    await option.click();
    await switcherOf(page, central.name).waitFor();
    expect(new URL(page.url()).searchParams.get('almacen')).toBe(central.code);
    await page.close();
  });

  it('once the second is inactive, the portal is the one-warehouse portal again: no switcher', async () => {
    const { id, address, responsibleEmployeeId } = created!;
    await admin(`/api/warehouses/${id}`, { method: 'PUT', body: { code, name, address, responsibleEmployeeId, active: false } });
    created = undefined;
    const { page } = await newPage(browser, DESKTOP);
    await signIn(page);
    await page.goto(`${baseUrl()}/dashboard/stock`);
    await showing(await stockRow(page), '$30.00');
    await expectNotVisible(switcher(page), 'el selector de almacén con un solo almacén activo');
    await page.close();
  });
});
