// Roles in a real browser, with the embedded provider: four people created by the
// administrator through the API, each signing in with their one-time password.
// - Consulta sees every list but nothing to change: no "Añadir …", no row edits, the wizards
//   replaced by the 403 message, their menu entries gone (1280×800 and 390×844).
// - An Almacenista registers an exit through the wizard and is not offered to cancel it; an
//   Autorizador cancels it from "Historial de salidas".
// (A newcomer let in by an administrator from "Usuarios": access-admin.test.ts.)
import type { Browser, Page } from 'playwright-core';
import type { AccessRole, NewUserResult } from '../../shared/src/domain/access';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, signIn, type Viewport } from './support/browser';
import { choose, main, search, successToast, table } from './support/catalog-ui';
import { baseUrl } from './support/env';
import { navigation } from './support/portal';
import { apiClient, createInvoice, createPeople, createProduct, stockOf, uniqueTag, type ApiClient } from './support/seed';
import { expectNotVisible, expectVisible } from './support/visibility';

let browser: Browser;
let admin: ApiClient;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiClient();
});
afterAll(async () => {
  await browser?.close();
});

interface Person {
  username: string;
  name: string;
  email: string;
  password: string;
}

/** A person created by the administrator (POST /api/users) with these roles. */
async function person(tag: string, who: string, roles: AccessRole[]): Promise<Person> {
  const username = `${who}-${tag}`.toLowerCase();
  const name = `${who} ${tag}`;
  const email = `${username}@escuela.example.mx`;
  const { password } = await admin<NewUserResult>('/api/users', { method: 'POST', body: { username, name, email, roles } });
  return { username, name, email, password };
}

async function open(page: Page, path: string, heading: RegExp | string) {
  await page.goto(`${baseUrl()}${path}`);
  await main(page).getByRole('heading', { level: 1, name: heading }).waitFor();
}

async function consultaSees(viewport: Viewport, size: string) {
  const tag = uniqueTag();
  const consulta = await person(tag, 'Consulta', ['CONSULTA']);
  const people = await createPeople(admin, tag);
  const product = await createProduct(admin, `Folder ${tag}`);
  await createInvoice(admin, people, `FC-${tag}`, [{ productId: product.id, quantity: '3', price: '7' }]);

  const { page, log } = await newPage(browser, viewport);
  await signIn(page, consulta.username, consulta.password);

  // Catalogues: the list and its search, nothing to add, edit or delete.
  await open(page, '/dashboard/catalogs/products', /^Productos$/);
  // Searching works for a Consulta (the suite's other files leave many products).
  await search(page, product.name);
  await expectVisible(table(page, 'Productos').getByText(product.name, { exact: true }), 'el producto en la lista');
  await expectNotVisible(main(page).getByRole('button', { name: 'Añadir producto' }), 'el botón "Añadir producto"');
  expect(
    await table(page, 'Productos')
      .getByRole('button', { name: /^Acciones/ })
      .count(),
  ).toBe(0);
  await screenshot(page, `roles-${size}-consulta-productos`);

  // The wizards: the 403 words instead of a form.
  // The page keeps its name (its menu entry's) above the refusal.
  await open(page, '/dashboard/invoices/generate', /^Generar entrada de productos$/);
  await expectVisible(
    main(page).getByText('No tienes permiso para registrar entradas.', { exact: false }),
    'el mensaje de permiso de entradas',
  );
  expect(await main(page).getByRole('button', { name: 'Siguiente paso' }).count()).toBe(0);
  await open(page, '/dashboard/dispatches/generate', /^Generar salida de productos$/);
  await expectVisible(
    main(page).getByText('No tienes permiso para registrar salidas.', { exact: false }),
    'el mensaje de permiso de salidas',
  );
  await screenshot(page, `roles-${size}-consulta-salida`);

  // Stock and reports stay: the stock page lists the product.
  await open(page, '/dashboard/stock', /^Stock de productos$/);
  await search(page, product.name);
  await expectVisible(main(page).getByText(product.name, { exact: true }), 'el producto en el stock');

  if (viewport === DESKTOP) {
    // The menu offers what a Consulta may use and nothing else.
    const nav = navigation(page);
    for (const group of ['Entradas', 'Salidas']) await nav.getByText(group, { exact: true }).click();
    await expectVisible(
      nav.getByRole('link', { name: 'Consultar historial de entradas', exact: true }),
      'el historial de entradas en el menú',
    );
    expect(await nav.getByRole('link', { name: 'Generar entrada de productos', exact: true }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Generar salida de productos', exact: true }).count()).toBe(0);
    expect(await nav.getByText('Administración', { exact: true }).count()).toBe(0);
  }
  expect(log.errors).toEqual([]);
  // The only refusals are the API's own 403s for what the person asked for by address, if any.
  expect(log.failures.filter((f) => f !== '404 /favicon.ico' && !f.startsWith('403 '))).toEqual([]);
  await page.context().close();
}

it('a Consulta user sees the lists and the stock, but nothing to change, at 1280×800', () => consultaSees(DESKTOP, 'escritorio'));
it('a Consulta user sees the lists and the stock, but nothing to change, at 390×844', () => consultaSees(PHONE, 'telefono'));

it('an Almacenista registers an exit and cannot cancel it; an Autorizador cancels it', async () => {
  const tag = uniqueTag();
  const almacenista = await person(tag, 'Almacenista', ['ALMACENISTA']);
  const autorizador = await person(tag, 'Autorizador', ['AUTORIZADOR']);
  const people = await createPeople(admin, tag);
  const product = await createProduct(admin, `Marcador ${tag}`);
  await createInvoice(admin, people, `FM-${tag}`, [{ productId: product.id, quantity: '10', price: '5' }]);
  const [areaHead, petitioner, keeper] = people.employees.map((e) => `${e.name} ${e.lastName}`);

  const { page } = await newPage(browser, DESKTOP);
  await signIn(page, almacenista.username, almacenista.password);
  await open(page, '/dashboard/dispatches/generate', /^Nueva salida$/);
  const header = page.getByRole('group', { name: 'Datos de la salida' });
  await choose(header, 'Responsable del área solicitante', areaHead, `Dora ${tag}`);
  await choose(header, 'Solicitante', petitioner, `Elena ${tag}`);
  await choose(header, 'Almacenista', keeper, `Alma ${tag}`);
  await page.getByRole('button', { name: 'Siguiente paso', exact: true }).click();
  await page.getByRole('button', { name: 'Añadir un producto', exact: true }).click();
  const line = page.getByRole('group', { name: 'Producto 1' });
  await choose(line, 'Producto', product.name, tag);
  await line.getByRole('textbox', { name: 'Cantidad' }).fill('4');
  await page.getByRole('button', { name: 'Ver resumen de salida', exact: true }).click();
  await page.getByRole('button', { name: 'Guardar salida', exact: true }).click();
  await successToast(page, 'Salida registrada correctamente.');
  await page.waitForURL(/\/dashboard\/dispatches\/history$/);
  expect((await stockOf(admin, product.id)).availableQuantity).toMatch(/^6(\.0+)?$/);

  const dispatches =
    await admin<Array<{ id: number; status?: string; cancellation?: { cancelledBy: { name: string } } | null }>>('/api/dispatches');
  const dispatchId = Math.max(...dispatches.map((d) => d.id));
  const exitRow = (p: Page) =>
    table(p, 'Salidas')
      .locator(':scope > tbody > tr[aria-rowindex]')
      .filter({ has: p.locator(':scope > td').getByText(String(dispatchId), { exact: true }) });
  await exitRow(page).getByRole('button', { name: 'Expandir fila' }).click();
  await expectVisible(main(page).getByRole('button', { name: 'Reporte de salida', exact: true }), 'el reporte de la salida');
  expect(await main(page).getByRole('button', { name: 'Cancelar salida', exact: true }).count()).toBe(0);
  await screenshot(page, 'roles-almacenista-historial');
  await page.context().close();

  const second = await newPage(browser, DESKTOP);
  await signIn(second.page, autorizador.username, autorizador.password);
  await open(second.page, '/dashboard/dispatches/history', /^Historial de salidas$/);
  await exitRow(second.page).getByRole('button', { name: 'Expandir fila' }).click();
  await main(second.page).getByRole('button', { name: 'Cancelar salida', exact: true }).click();
  const dialog = second.page.getByRole('dialog', { name: `Cancelar salida ${dispatchId}` });
  await dialog.getByRole('textbox', { name: 'Motivo de la cancelación' }).fill(`Capturada por error ${tag}`);
  await dialog.getByRole('button', { name: 'Sí, cancelar', exact: true }).click();
  await successToast(second.page, `Salida ${dispatchId} cancelada correctamente.`);
  await expectVisible(exitRow(second.page).getByText('Cancelada', { exact: true }), 'la insignia "Cancelada"');
  const cancelled = (await admin<typeof dispatches>('/api/dispatches')).find((d) => d.id === dispatchId);
  expect(cancelled?.status).toBe('CANCELADA');
  expect(cancelled?.cancellation?.cancelledBy.name).toBe(autorizador.name);
  expect((await stockOf(admin, product.id)).availableQuantity).toMatch(/^10(\.0+)?$/);
  await second.page.context().close();
});
