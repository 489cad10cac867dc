// Material requests in a real browser, three people: a requester on a phone (only Solicitante)
// asks for two products; the head of their area, at 1280×800, authorizes one line reduced; the
// clerk fulfils it with «Surtir» — the exit wizard filled in from the request — first partly
// (a quantity lowered in the wizard), then the rest; the requester confirms the receipt. Each sees
// only what they may, and the menu's numbers change as they go. Screenshots at each step.
import type { Browser, Locator, Page } from 'playwright-core';
import type { AccessRole, NewUserResult } from '../../shared/src/domain/access';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, signIn } from './support/browser';
import { choose, main, successToast, table } from './support/catalog-ui';
import { navigation } from './support/portal';
import { apiClient, createInvoice, createPeople, createProduct, uniqueTag, type ApiClient } from './support/seed';
import { settledBox } from './support/visibility';

let browser: Browser;
let admin: ApiClient;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiClient();
});
afterEach(async () => {
  // What each person's screen showed when a step failed.
  let n = 0;
  for (const context of browser.contexts()) for (const page of context.pages()) await screenshot(page, `requests-last-${(n += 1)}`);
});
afterAll(async () => {
  await browser?.close();
});

interface Person {
  username: string;
  password: string;
  /** The linked employee's name as the portal shows it. */
  name: string;
}

/** An account with these roles, linked to a new employee of the catalogue (PUT /api/users/{id}/employee). */
async function person(tag: string, first: string, last: string, roles: AccessRole[]): Promise<Person> {
  const username = `${first}-${tag}`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9-]/g, '');
  const employee = await admin<{ id: number }>('/api/catalog/employees', {
    method: 'POST',
    body: { name: `${first} ${tag}`, lastName: last },
  });
  const { user, password } = await admin<NewUserResult>('/api/users', {
    method: 'POST',
    body: { username, name: `${first} ${last}`, email: `${username}@escuela.example.mx`, roles },
  });
  await admin(`/api/users/${user.id}/employee`, { method: 'PUT', body: { employeeId: employee.id } });
  return { username, password, name: `${first} ${tag} ${last}` };
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 720;

/** The menu as the person sees it: on a phone, the drawer «Abrir menú» opens. */
async function openMenu(page: Page): Promise<Locator> {
  if (isPhone(page)) {
    await page.getByRole('button', { name: /^Abrir menú/ }).click();
  }
  const nav = navigation(page);
  await nav.waitFor();
  return nav;
}

/** The entry `label` of the «Solicitudes» group, the group opened when closed. */
async function requestsEntry(nav: Locator, label: string): Promise<Locator> {
  const link = nav.getByRole('link', { name: new RegExp(`^${label}`) });
  if (!(await link.isVisible())) {
    await nav.getByRole('button', { name: /^Solicitudes/ }).click();
    await link.waitFor({ state: 'visible' });
  }
  // The drawer slides in and the group opens with an animation: screenshots wait for them.
  await settledBox(link, label);
  return link;
}

/** The number beside a menu entry (0 when none shows). */
async function countOf(entry: Locator): Promise<number> {
  const badge = entry.getByRole('img');
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

/** Asks `read` until it answers `expected` (or `timeoutMs` passed), then expects that answer. */
async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let seen = await read();
  while (seen !== expected && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    seen = await read();
  }
  expect(seen).toBe(expected);
}

/** Waits until the entry shows `expected` (the shell reads the counts when the page loads, and after each change). */
const expectCount = (entry: Locator, expected: number) => eventually(() => countOf(entry), expected);

async function goTo(page: Page, label: string, heading: string | RegExp) {
  const nav = await openMenu(page);
  await (await requestsEntry(nav, label)).click();
  await main(page).getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** What the menu offers, by entry: the group «Solicitudes» and the warehouse's areas. */
async function menuTexts(nav: Locator): Promise<string> {
  return (await nav.textContent()) ?? '';
}

async function openRequest(page: Page, listName: string, folio: string) {
  await table(page, listName).getByRole('link', { name: folio }).click();
  await main(page)
    .getByRole('heading', { level: 1, name: `Solicitud de material ${folio}` })
    .waitFor();
}

/** «Surtir» in the exit wizard: the header filled in, on to the products, `quantities` typed over, saved. */
async function fulfil(page: Page, quantities: Record<string, string>, rows: number) {
  await main(page).getByRole('heading', { level: 1, name: 'Nueva salida' }).waitFor();
  await page.getByRole('button', { name: 'Siguiente paso' }).click();
  const products = page.getByRole('group', { name: 'Lista de productos' });
  const rowsShown = products.getByRole('group', { name: /^Producto \d+$/ });
  await eventually(() => rowsShown.count(), rows);
  for (const row of await rowsShown.all()) {
    // Each row's price is the product's average, read from its stock.
    await eventually(async () => (await row.getByRole('textbox', { name: 'Precio de salida' }).inputValue()).startsWith('$'), true);
    const quantity = quantities[await row.getByRole('combobox', { name: 'Producto' }).inputValue()];
    if (quantity) await row.getByRole('textbox', { name: 'Cantidad' }).fill(quantity);
  }
  await page.getByRole('button', { name: 'Ver resumen de salida' }).click();
  await page.getByRole('button', { name: 'Guardar salida' }).click();
  await successToast(page, 'Salida registrada correctamente.');
}

it('a requester asks, the head authorizes one line reduced, the clerk fulfils it in two exits, the requester confirms', async () => {
  const tag = uniqueTag();
  const people = await createPeople(admin, tag);
  const paper = await createProduct(admin, `Cartulina ${tag}`);
  const glue = await createProduct(admin, `Pegamento ${tag}`);
  await createInvoice(admin, people, `FS-${tag}`, [
    { productId: paper.id, quantity: '10', price: '8' },
    { productId: glue.id, quantity: '4', price: '25' },
  ]);
  const requester = await person(tag, 'Sofía', 'Solicitante', ['SOLICITANTE']);
  const head = await person(tag, 'Héctor', 'Jefe', ['SOLICITANTE']);
  const clerk = await person(tag, 'Alma', 'Almacén', ['ALMACENISTA']);

  // The requester, on a phone: «Solicitudes» and nothing of the warehouse.
  const { page: asker, log: askerLog } = await newPage(browser, PHONE);
  await signIn(asker, requester.username, requester.password);
  let nav = await openMenu(asker);
  await (await requestsEntry(nav, 'Nueva solicitud')).waitFor();
  const askerMenu = await menuTexts(nav);
  for (const hidden of ['Catálogos', 'Salidas', 'Entradas', 'Stock de productos', 'Por surtir', 'Historial de solicitudes']) {
    expect(`${hidden}: ${askerMenu.includes(hidden)}`).toBe(`${hidden}: false`);
  }
  await screenshot(asker, 'requests-01-menu-solicitante-390');
  await (await requestsEntry(nav, 'Nueva solicitud')).click();
  await main(asker).getByRole('heading', { level: 1, name: 'Nueva solicitud' }).waitFor();
  const header = asker.getByRole('group', { name: 'Datos de la solicitud' });
  await choose(header, 'Responsable del área solicitante', head.name, `Héctor ${tag}`);
  await header.getByRole('textbox', { name: 'Motivo de la solicitud' }).fill('Material para la práctica de encuadernación');
  await asker.getByRole('button', { name: 'Siguiente paso' }).click();
  const lines = asker.getByRole('group', { name: 'Lista de productos' });
  for (const [product, quantity] of [
    [paper.name, '6'],
    [glue.name, '3'],
  ]) {
    await lines.getByRole('button', { name: 'Añadir un producto' }).click();
    const row = lines.getByRole('group', { name: /^Producto \d+$/ }).last();
    await choose(row, 'Producto', product);
    await row.getByRole('textbox', { name: 'Cantidad' }).fill(quantity);
  }
  await lines.getByText('Disponible en almacén: 10').waitFor();
  // What the warehouse has, never what it cost.
  expect(await lines.textContent()).not.toContain('$');
  await screenshot(asker, 'requests-02-productos-390');
  await asker.getByRole('button', { name: 'Ver resumen de la solicitud' }).click();
  await asker.getByRole('button', { name: 'Enviar solicitud' }).click();
  const heading = main(asker).getByRole('heading', { level: 1, name: /^Solicitud de material SOL-\d{6}$/ });
  await heading.waitFor();
  const folio = ((await heading.textContent()) ?? '').replace('Solicitud de material ', '');
  await successToast(asker, `Solicitud ${folio} enviada correctamente.`);
  await screenshot(asker, 'requests-03-enviada-390');

  // The head, at 1280×800: one waiting in «Por autorizar»; nothing of the warehouse either.
  const { page: boss, log: bossLog } = await newPage(browser, DESKTOP);
  await signIn(boss, head.username, head.password);
  nav = await openMenu(boss);
  const toAuthorize = await requestsEntry(nav, 'Por autorizar');
  await expectCount(toAuthorize, 1);
  expect(await menuTexts(nav)).not.toContain('Catálogos');
  await screenshot(boss, 'requests-04-por-autorizar-1280');
  await toAuthorize.click();
  await main(boss).getByRole('heading', { level: 1, name: 'Por autorizar' }).waitFor();
  await openRequest(boss, 'Por autorizar', folio);
  await boss.getByRole('button', { name: 'Autorizar', exact: true }).click();
  const authorize = boss.getByRole('dialog', { name: `Autorizar solicitud ${folio}` });
  await authorize.getByRole('textbox', { name: new RegExp(`^${glue.name}`) }).fill('2');
  await screenshot(boss, 'requests-05-autorizar-1280');
  await authorize.getByRole('button', { name: 'Sí, autorizar' }).click();
  await successToast(boss, `Solicitud ${folio} autorizada correctamente.`);
  await expectCount(toAuthorize, 0);
  await main(boss).getByText('Autorizada', { exact: true }).first().waitFor();

  // The clerk: «Por surtir» shows it; «Surtir» opens the exit filled in; a first exit gives 4 of the 6 sheets.
  const { page: keeper, log: keeperLog } = await newPage(browser, DESKTOP);
  await signIn(keeper, clerk.username, clerk.password);
  nav = await openMenu(keeper);
  const toFulfil = await requestsEntry(nav, 'Por surtir');
  // Every authorized request waits for the warehouse, other tests' too: this one among them.
  const waiting = (await admin<{ toFulfil: number }>('/api/requests/counts')).toFulfil;
  expect(waiting).toBeGreaterThan(0);
  await expectCount(toFulfil, waiting);
  expect(await menuTexts(nav)).not.toContain('Nueva solicitud');
  await goTo(keeper, 'Por surtir', 'Por surtir');
  await table(keeper, 'Por surtir').locator('tbody tr').filter({ hasText: folio }).getByRole('button', { name: 'Surtir' }).click();
  await main(keeper).getByText(`Surte la solicitud de material ${folio} de ${requester.name}.`).waitFor();
  const exitHeader = keeper.getByRole('group', { name: 'Datos de la salida' });
  // Each person's name shows once the employees' list has arrived.
  await eventually(() => exitHeader.getByRole('combobox', { name: 'Responsable del área solicitante' }).inputValue(), head.name);
  await eventually(() => exitHeader.getByRole('combobox', { name: 'Solicitante', exact: true }).inputValue(), requester.name);
  await eventually(() => exitHeader.getByRole('combobox', { name: 'Almacenista' }).inputValue(), clerk.name);
  await screenshot(keeper, 'requests-06-surtir-1280');
  await fulfil(keeper, { [paper.name]: '4' }, 2);
  await main(keeper)
    .getByRole('heading', { level: 1, name: `Solicitud de material ${folio}` })
    .waitFor();
  await main(keeper).getByText('Surtida parcialmente', { exact: true }).first().waitFor();
  await screenshot(keeper, 'requests-07-surtida-parcial-1280');
  await expectCount(toFulfil, waiting);

  // The rest: only the 2 sheets still pending.
  await main(keeper).getByRole('button', { name: 'Surtir' }).click();
  await fulfil(keeper, {}, 1);
  await main(keeper).getByText('Surtida', { exact: true }).first().waitFor();
  await expectCount(toFulfil, waiting - 1);
  await screenshot(keeper, 'requests-08-surtida-1280');

  // The requester: «Mis solicitudes» says one waits for them; they confirm the receipt.
  await asker.reload();
  nav = await openMenu(asker);
  const mine = await requestsEntry(nav, 'Mis solicitudes');
  await expectCount(mine, 1);
  await screenshot(asker, 'requests-09-por-recibir-390');
  await mine.click();
  await main(asker).getByRole('heading', { level: 1, name: 'Mis solicitudes' }).waitFor();
  await openRequest(asker, 'Mis solicitudes', folio);
  expect(await main(asker).getByRole('button', { name: 'Surtir' }).count()).toBe(0);
  await asker.getByRole('button', { name: 'Confirmar recepción' }).click();
  await asker.getByRole('button', { name: 'Sí, confirmar' }).click();
  await successToast(asker, `Recepción de la solicitud ${folio} confirmada correctamente.`);
  await main(asker).getByText('Recibida', { exact: true }).first().waitFor();
  await screenshot(asker, 'requests-10-recibida-390');

  // What the API now says: everything delivered, by two exits.
  const request = await admin<{ status: string; lines: Array<{ delivered: string; pending: string; exits: unknown[] }> }>(
    `/api/requests/${folio.replace(/^SOL-0*/, '')}`,
  );
  expect(request.status).toBe('RECIBIDA');
  expect(request.lines.map((line) => [Number(line.delivered), Number(line.pending), line.exits.length])).toEqual([
    [6, 0, 2],
    [2, 0, 1],
  ]);
  for (const log of [askerLog, bossLog, keeperLog]) expect(log.errors).toEqual([]);
});
