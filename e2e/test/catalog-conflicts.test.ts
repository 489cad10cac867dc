// What a clerk sees, at 1280×800 and 390×844: a unit or a supplier's RFC that already exists is
// said under its field in the dialog, which stays open with what was typed; «Nuevo producto» takes
// partida, unit and stock levels in one trip; a new entry starts with the type and signers of the
// person's last one. Screenshots in e2e/artifacts/.
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, signIn, type PageLog, type Viewport } from './support/browser';
import { choose, dialog, rowWith, search, table } from './support/catalog-ui';
import { baseUrl } from './support/env';
import { AREAS } from './support/portal';
import { apiClient, createInvoice, createPeople, createProduct, uniqueRfc, uniqueTag, type ApiClient } from './support/seed';
import { expectInView, expectVisible } from './support/visibility';

let browser: Browser;
let api: ApiClient;
beforeAll(async () => {
  browser = await launchBrowser();
  api = await apiClient();
});
afterAll(async () => {
  await browser?.close();
});

const area = (label: string) => AREAS.find((candidate) => candidate.label === label)!;
const sizeOf = (viewport: Viewport) => String(viewport.width);

async function openArea(viewport: Viewport, label: string): Promise<{ page: Page; log: PageLog }> {
  const opened = await newPage(browser, viewport);
  await signIn(opened.page);
  // By address: on a phone the navigation is a drawer, which other tests cover.
  await opened.page.goto(`${baseUrl()}${area(label).path}`);
  await opened.page.getByRole('heading', { level: 1, name: area(label).heading }).waitFor();
  return opened;
}

const clean = (log: PageLog) => {
  expect(log.errors).toEqual([]);
  // The refused saves are the 409s this test provokes; nothing else may fail.
  expect(log.failures.filter((f) => f !== '404 /favicon.ico' && !/^409 /.test(f))).toEqual([]);
};

describe.each([DESKTOP, PHONE])('at %o', (viewport) => {
  it('a unit that exists: said under the field, the dialog stays open with what was typed, no toast', async () => {
    const existing = await api<{ description: string }>('/api/catalog/product-units', {
      method: 'POST',
      body: { description: `Bulto ${uniqueTag()}` },
    });
    const { page, log } = await openArea(viewport, 'Unidades');
    await page.getByRole('button', { name: 'Añadir unidad de medida', exact: true }).click();
    const form = await dialog(page, 'Nueva unidad de medida');
    const field = form.getByRole('textbox', { name: 'Nombre de la unidad de medida' });
    await field.fill(existing.description.toUpperCase());
    await form.getByRole('button', { name: 'Guardar', exact: true }).click();
    const message = form.getByText('Ya existe una unidad de medida con esa descripción.', { exact: true });
    await expectVisible(message, 'the duplicate message');
    await expectInView(message, 'the duplicate message');
    await expectVisible(form, 'the dialog');
    expect(await field.inputValue()).toBe(existing.description.toUpperCase());
    await expectInView(form.getByRole('button', { name: 'Guardar', exact: true }), 'Guardar');
    expect(await page.locator('.fui-Toast').count()).toBe(0);
    await screenshot(page, `conflicts-unit-duplicate-${sizeOf(viewport)}`);
    await form.getByRole('button', { name: 'Cancelar', exact: true }).click();
    await form.waitFor({ state: 'hidden' });
    clean(log);
    await page.close();
  });

  it('a supplier with an RFC already registered: the RFC field names the supplier that has it', async () => {
    const tag = uniqueTag();
    const holder = await api<{ name: string; rfc: string }>('/api/catalog/suppliers', {
      method: 'POST',
      body: { name: `Papelería Sol ${tag}`, rfc: uniqueRfc() },
    });
    const { page, log } = await openArea(viewport, 'Proveedores');
    await page.getByRole('button', { name: 'Añadir proveedor', exact: true }).click();
    const form = await dialog(page, 'Nuevo proveedor');
    await form.getByRole('textbox', { name: 'Nombre del proveedor' }).fill(`Otra papelería ${tag}`);
    await form.getByRole('textbox', { name: 'RFC del proveedor' }).fill(holder.rfc.toLowerCase());
    await form.getByRole('button', { name: 'Guardar', exact: true }).click();
    const message = form.getByText(`Ya existe el proveedor «${holder.name}» con el RFC ${holder.rfc}.`, { exact: true });
    await expectVisible(message, 'the RFC message');
    await expectInView(message, 'the RFC message');
    expect(await form.getByRole('textbox', { name: 'Nombre del proveedor' }).inputValue()).toBe(`Otra papelería ${tag}`);
    await screenshot(page, `conflicts-supplier-rfc-${sizeOf(viewport)}`);
    const suppliers = await api<{ rfc: string }[]>('/api/catalog/suppliers');
    expect(suppliers.filter((s) => s.rfc === holder.rfc)).toHaveLength(1);
    clean(log);
    await page.close();
  });

  it('«Nuevo producto» takes partida, unit and minimum/maximum in one trip', async () => {
    const tag = uniqueTag();
    const partida = await api<{ description: string }>('/api/catalog/product-categories', {
      method: 'POST',
      body: { description: `2161 Limpieza ${tag}` },
    });
    const unit = await api<{ description: string }>('/api/catalog/product-units', {
      method: 'POST',
      body: { description: `Galón ${tag}` },
    });
    const { page, log } = await openArea(viewport, 'Productos');
    await page.getByRole('button', { name: 'Añadir producto', exact: true }).click();
    const form = await dialog(page, 'Nuevo producto');
    await form.getByRole('textbox', { name: 'Nombre del producto' }).fill(`Cloro ${tag}`);
    await choose(form, 'Partida', partida.description, tag);
    await choose(form, 'Unidad de medida', unit.description, tag);
    await form.getByRole('textbox', { name: 'Existencia mínima' }).fill('2');
    await form.getByRole('textbox', { name: 'Existencia máxima' }).fill('10');
    await expectInView(form.getByRole('button', { name: 'Guardar', exact: true }), 'Guardar');
    await screenshot(page, `conflicts-new-product-${sizeOf(viewport)}`);
    await form.getByRole('button', { name: 'Guardar', exact: true }).click();
    await form.waitFor({ state: 'hidden' });
    await search(page, tag);
    await expectVisible(rowWith(table(page, 'Productos'), `Cloro ${tag}`), 'the new product');
    const saved = (
      await api<{ name: string; unit: { description: string }; category: { description: string }; minimumStock: string }[]>(
        '/api/catalog/products',
      )
    ).find((p) => p.name === `Cloro ${tag}`);
    expect(saved).toMatchObject({
      unit: { description: unit.description },
      category: { description: partida.description },
      minimumStock: '2',
    });
    clean(log);
    await page.close();
  });

  it("a new entry starts with the type and signers of the person's last one", async () => {
    const tag = uniqueTag();
    const people = await createPeople(api, tag);
    const product = await createProduct(api, `Jabón ${tag}`);
    // The browser signs in as the same person as the API client (admin).
    await createInvoice(api, people, `E-${tag}`, [{ productId: product.id, quantity: '1', price: '10' }]);
    const [director, enteredBy, keeper] = people.employees.map((e) => `${e.name} ${e.lastName}`);
    const { page, log } = await openArea(viewport, 'Generar entrada de productos');
    const header = page.getByRole('group', { name: 'Datos de la factura' });
    const value = (label: string) => header.getByRole('combobox', { name: label, exact: true });
    await page.waitForFunction(([el, text]) => (el as HTMLInputElement).value === text, [
      await value('Director del plantel').elementHandle(),
      director,
    ] as const);
    expect(await value('Tipo de entrada').inputValue()).toBe('Compra directa');
    expect(await value('Elaborador').inputValue()).toBe(enteredBy);
    expect(await value('Almacenista').inputValue()).toBe(keeper);
    expect(await value('Tienda de procedencia').inputValue()).toBe('');
    await screenshot(page, `conflicts-entry-prefilled-${sizeOf(viewport)}`);
    clean(log);
    await page.close();
  });
});
