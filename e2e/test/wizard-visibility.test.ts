// In a real browser, at 1280×800 and at 390×844, checking what a person can SEE (the
// earlier tests clicked and read, and so missed all of this):
// 1. the wizards show one step at a time: the other steps, their fields and rows are not visible;
// 2. moving to a step puts the focus on its heading, so a second Enter cannot save unseen;
// 3. the histories find a date typed as shown (DD/MM/YYYY, DD/MM) as well as in ISO form;
// 5. the "¡Hey!" notice stays bottom right without covering any button of the wizard;
// 6. the step is part of the browser history, the draft survives Back/Forward and a reload, and
//    leaving through the menu with unsaved data asks first.
import type { Browser, Locator, Page } from 'playwright-core';
import { formatDate } from '../../shared/src/domain/format';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, signIn, type Viewport } from './support/browser';
import { choose, main, rowWith, search, successToast, table } from './support/catalog-ui';
import { baseUrl } from './support/env';
import { navigation } from './support/portal';
import {
  apiClient,
  createDispatch,
  createInvoice,
  createPeople,
  createProduct,
  today,
  uniqueTag,
  type ApiClient,
  type People,
} from './support/seed';
import { boxOf, expectNotVisible, expectVisible, focusedElement, overlaps, settledBox } from './support/visibility';

let browser: Browser;
let api: ApiClient;
beforeAll(async () => {
  browser = await launchBrowser();
  api = await apiClient();
});
afterAll(async () => {
  await browser?.close();
});

interface Seed {
  tag: string;
  people: People;
  product: { id: number; name: string };
}

/** People and a product with stock (an invoice through the API), so both wizards can be filled. */
async function seed(): Promise<Seed> {
  const tag = uniqueTag();
  const people = await createPeople(api, tag);
  const product = await createProduct(api, `Lápiz ${tag}`);
  await createInvoice(api, people, `S-${tag}`, [{ productId: product.id, quantity: '50', price: '3' }]);
  return { tag, people, product };
}

const fullName = (people: People, index: number) => `${people.employees[index].name} ${people.employees[index].lastName}`;

/** Opens the side menu on a phone (it is a drawer there) and clicks `label`, opening `group` first. */
async function clickMenuEntry(page: Page, label: string, group?: string): Promise<void> {
  const nav = navigation(page);
  // Under 720 px the menu is a drawer behind "Abrir menú" (still open after "No, cancelar").
  const inMenu = nav.getByText(group ?? label, { exact: true });
  if ((page.viewportSize()?.width ?? DESKTOP.width) < 720 && !(await inMenu.isVisible())) {
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expectVisible(inMenu, `"${group ?? label}" en el menú lateral`);
  }
  const link = nav.getByRole('link', { name: label, exact: true });
  if (group && !(await link.isVisible())) {
    await nav.getByText(group, { exact: true }).click();
    await link.waitFor({ state: 'visible' });
  }
  await link.click();
}

interface WizardCase {
  name: string;
  group: string;
  menu: string;
  path: string;
  title: string;
  steps: [string, string, string];
  review: string;
  save: string;
  saved: (seed: Seed) => string;
  history: RegExp;
  /** The API path the save posts to. */
  post: string;
  fillHeader(step: Locator, seed: Seed): Promise<void>;
  fillRow(row: Locator, seed: Seed): Promise<void>;
  /** A field of step 1, to check it is out of sight later and empty after a save. */
  headerField(page: Page): Locator;
}

/** A step of the wizard, found even while hidden (so "not visible" is a real check, not absence). */
const stepGroup = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true, includeHidden: true });

const INVOICE_STEPS: [string, string, string] = ['Datos de la factura', 'Lista de productos', 'Resumen de factura'];
const DISPATCH_STEPS: [string, string, string] = ['Datos de la salida', 'Lista de productos', 'Resumen de salida'];

const INVOICE: WizardCase = {
  name: 'entrada',
  group: 'Entradas',
  menu: 'Generar entrada de productos',
  path: '/dashboard/invoices/generate',
  title: 'Nueva factura',
  steps: INVOICE_STEPS,
  review: 'Ver resumen de entrada',
  save: 'Guardar entrada',
  saved: ({ tag }) => `Factura V-${tag} registrada correctamente.`,
  history: /\/dashboard\/invoices\/history$/,
  post: '/api/invoices',
  async fillHeader(step, { tag, people }) {
    await choose(step, 'Tienda de procedencia', people.supplier.name, tag);
    await step.getByRole('textbox', { name: 'Número de factura' }).fill(`V-${tag}`);
    await choose(step, 'Tipo de entrada', 'Compra directa', 'Compra');
    await choose(step, 'Director del plantel', fullName(people, 0), `Dora ${tag}`);
    await choose(step, 'Elaborador', fullName(people, 1), `Elena ${tag}`);
    await choose(step, 'Almacenista', fullName(people, 2), `Alma ${tag}`);
  },
  async fillRow(row, { tag, product }) {
    await choose(row, 'Producto', product.name, tag);
    await row.getByRole('textbox', { name: 'Cantidad' }).fill('4');
    await row.getByRole('textbox', { name: 'Precio del artículo' }).fill('10');
  },
  headerField: (page) => stepGroup(page, INVOICE_STEPS[0]).getByRole('textbox', { name: 'Número de factura', includeHidden: true }),
};

const DISPATCH: WizardCase = {
  name: 'salida',
  group: 'Salidas',
  menu: 'Generar salida de productos',
  path: '/dashboard/dispatches/generate',
  title: 'Nueva salida',
  steps: DISPATCH_STEPS,
  review: 'Ver resumen de salida',
  save: 'Guardar salida',
  saved: () => 'Salida registrada correctamente.',
  history: /\/dashboard\/dispatches\/history$/,
  post: '/api/dispatches',
  async fillHeader(step, { tag, people }) {
    await choose(step, 'Responsable del área solicitante', fullName(people, 0), `Dora ${tag}`);
    await choose(step, 'Solicitante', fullName(people, 1), `Elena ${tag}`);
    await choose(step, 'Almacenista', fullName(people, 2), `Alma ${tag}`);
  },
  async fillRow(row, { tag, product }) {
    await choose(row, 'Producto', product.name, tag);
    await row.getByText(/^Disponible: /).waitFor();
    await row.getByRole('textbox', { name: 'Cantidad' }).fill('1');
  },
  headerField: (page) => stepGroup(page, DISPATCH_STEPS[0]).getByRole('combobox', { name: /^Solicitante/, includeHidden: true }),
};

/** Exactly the step `current` is on screen; the other two are in the page but not visible. */
async function expectOnlyStep(page: Page, wizard: WizardCase, current: number): Promise<void> {
  await expectVisible(stepGroup(page, wizard.steps[current]), `paso "${wizard.steps[current]}"`);
  for (const [index, label] of wizard.steps.entries()) {
    if (index === current) continue;
    const group = stepGroup(page, label);
    expect(`${label}: ${await group.count()}`).toBe(`${label}: 1`);
    await expectNotVisible(group, `paso "${label}" (en el paso ${current + 1})`);
  }
}

/** The notice is bottom right and covers none of the wizard's buttons that are on screen. */
async function expectNoticeClearOfButtons(page: Page, wizard: WizardCase, notice: Locator): Promise<void> {
  const viewport = page.viewportSize() ?? DESKTOP;
  // Where the notice comes to rest (it slides in).
  const noticeBox = await settledBox(notice, 'el aviso');
  expect(noticeBox.x + noticeBox.width).toBeGreaterThan(viewport.width - 48);
  expect(noticeBox.y + noticeBox.height).toBeGreaterThan(viewport.height / 2);
  const buttons = page.getByRole('form', { name: wizard.title }).getByRole('button');
  const count = await buttons.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const button = buttons.nth(i);
    const label = `"${(await button.textContent())?.trim() || (await button.getAttribute('aria-label'))}"`;
    expect(`${label} ${overlaps(await boxOf(button, label), noticeBox) ? 'bajo el aviso' : 'libre'}`).toBe(`${label} libre`);
  }
}

/** Every request the page sends to POST `path`. */
function postsTo(page: Page, path: string): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) posts.push(request.url());
  });
  return posts;
}

/** Reloads and leaving the site ask first while there is unsaved data; the test accepts. */
function acceptLeaving(page: Page): string[] {
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  return asked;
}

/** A date no row of this run has. */
const OTHER_DATE = '31/12/1999';

const VIEWPORTS: Array<[string, Viewport]> = [
  ['1280×800', DESKTOP],
  ['390×844', PHONE],
];

describe.each(VIEWPORTS)('at %s', (size, viewport) => {
  let data: Seed;
  beforeAll(async () => {
    data = await seed();
  });

  it.each([
    ['entrada', INVOICE],
    ['salida', DISPATCH],
  ])(
    'the %s wizard shows one step at a time, focuses each step\'s heading, never saves on a double Enter and keeps the "¡Hey!" notice off its buttons',
    async (_name, wizard) => {
      const { page, log } = await newPage(browser, viewport);
      const posts = postsTo(page, wizard.post);
      acceptLeaving(page);
      await signIn(page);
      await clickMenuEntry(page, wizard.menu, wizard.group);
      await page.waitForURL(`${baseUrl()}${wizard.path}`);
      await expectVisible(main(page).getByRole('heading', { level: 1, name: wizard.title }), 'el título');

      // Step 1: nothing of steps 2 and 3 is on screen.
      await expectOnlyStep(page, wizard, 0);
      await expectNotVisible(
        page.getByRole('button', { name: 'Añadir un producto', includeHidden: true }),
        '"Añadir un producto" en el paso 1',
      );
      await expectNotVisible(page.getByRole('table', { includeHidden: true }), 'la tabla del resumen en el paso 1');
      await screenshot(page, `wizard-${wizard.name}-${size}-1`);
      await wizard.fillHeader(stepGroup(page, wizard.steps[0]), data);
      await page.getByRole('button', { name: 'Siguiente paso', exact: true }).click();

      // Step 2: the focus is on its heading; step 1's fields are out of sight.
      await expectOnlyStep(page, wizard, 1);
      expect(await focusedElement(page)).toBe(`heading: ${wizard.steps[1]}`);
      await expectNotVisible(wizard.headerField(page), 'un campo del paso 1 en el paso 2');

      // Forward without products: the notice, bottom right, covering none of the wizard's buttons.
      await page.getByRole('button', { name: wizard.review, exact: true }).click();
      const notice = page.locator('.fui-Toast').filter({ hasText: '¡Hey!' });
      await expectVisible(notice, 'el aviso "¡Hey!"');
      await expectNoticeClearOfButtons(page, wizard, notice);
      await screenshot(page, `wizard-${wizard.name}-${size}-2-notice`);
      await expectOnlyStep(page, wizard, 1);

      await page.getByRole('button', { name: 'Añadir un producto', exact: true }).click();
      const row = page.getByRole('group', { name: 'Producto 1', exact: true });
      await wizard.fillRow(row, data);

      // Two Enters ~80 ms apart on the review button: the first shows the summary, the second
      // lands on the summary's heading — nothing is sent.
      await page.getByRole('button', { name: wizard.review, exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.waitForTimeout(80);
      await page.keyboard.press('Enter');
      await expectOnlyStep(page, wizard, 2);
      expect(await focusedElement(page)).toBe(`heading: ${wizard.steps[2]}`);
      await expectVisible(page.getByRole('button', { name: wizard.save, exact: true }), `"${wizard.save}"`);
      // An absence: give a request that would have been sent ample time to show up.
      await page.waitForTimeout(2_000);
      expect(posts).toEqual([]);
      expect(page.url()).toBe(`${baseUrl()}${wizard.path}`);
      // Step 3: neither step 1's fields nor the product rows can be edited (they are not there).
      await expectNotVisible(wizard.headerField(page), 'un campo del paso 1 en el resumen');
      await expectNotVisible(page.getByRole('group', { name: 'Producto 1', includeHidden: true }), 'la fila "Producto 1" en el resumen');
      await expectVisible(stepGroup(page, wizard.steps[2]).getByRole('table'), 'la tabla de productos del resumen');
      await screenshot(page, `wizard-${wizard.name}-${size}-3-summary`);

      // A deliberate save: one request, the history, and the draft gone.
      await page.getByRole('button', { name: wizard.save, exact: true }).click();
      await successToast(page, wizard.saved(data));
      await page.waitForURL(wizard.history);
      expect(posts).toHaveLength(1);
      await clickMenuEntry(page, wizard.menu, wizard.group);
      await page.waitForURL(`${baseUrl()}${wizard.path}`);
      await expectOnlyStep(page, wizard, 0);
      expect(await wizard.headerField(page).inputValue()).toBe('');

      expect(log.errors).toEqual([]);
      expect(log.failures.filter((f) => f !== '404 /favicon.ico')).toEqual([]);
    },
  );

  it('Back and Forward move between the steps, a reload keeps the draft, and leaving through the menu asks first', async () => {
    const wizard = INVOICE;
    const { page, log } = await newPage(browser, viewport);
    const asked = acceptLeaving(page);
    await signIn(page);
    await clickMenuEntry(page, wizard.menu, wizard.group);
    await page.waitForURL(`${baseUrl()}${wizard.path}`);
    const number = wizard.headerField(page);
    const quantity = page.getByRole('group', { name: 'Producto 1', exact: true }).getByRole('textbox', { name: 'Cantidad' });
    const summaryNumber = stepGroup(page, wizard.steps[2]).getByRole('textbox', { name: 'Número de factura' });

    await wizard.fillHeader(stepGroup(page, wizard.steps[0]), data);
    await page.getByRole('button', { name: 'Siguiente paso', exact: true }).click();
    await expectOnlyStep(page, wizard, 1);
    await page.getByRole('button', { name: 'Añadir un producto', exact: true }).click();
    await wizard.fillRow(page.getByRole('group', { name: 'Producto 1', exact: true }), data);
    await page.getByRole('button', { name: wizard.review, exact: true }).click();
    await expectOnlyStep(page, wizard, 2);

    // Back: the previous step with what was typed, not the page before the wizard.
    await page.goBack();
    await expectOnlyStep(page, wizard, 1);
    expect(page.url()).toBe(`${baseUrl()}${wizard.path}`);
    expect(await quantity.inputValue()).toBe('4');
    await page.goBack();
    await expectOnlyStep(page, wizard, 0);
    expect(await number.inputValue()).toBe(`V-${data.tag}`);
    await page.goForward();
    await expectOnlyStep(page, wizard, 1);
    await page.goForward();
    await expectOnlyStep(page, wizard, 2);
    expect(await summaryNumber.inputValue()).toBe(`V-${data.tag}`);

    // A reload (asked first: there is unsaved data) comes back to the same step and data.
    await page.reload();
    await expectOnlyStep(page, wizard, 2);
    expect(await summaryNumber.inputValue()).toBe(`V-${data.tag}`);
    await expectVisible(
      rowWith(stepGroup(page, wizard.steps[2]).getByRole('table'), data.product.name),
      'el producto en el resumen tras recargar',
    );
    expect(asked).toContain('beforeunload');

    // Out of the wizard with Back, and Forward into it again: the draft is still there.
    await page.goBack();
    await expectOnlyStep(page, wizard, 1);
    await page.goBack();
    await expectOnlyStep(page, wizard, 0);
    await page.goBack();
    await page.waitForURL(`${baseUrl()}/dashboard`);
    await page.goForward();
    await page.waitForURL(`${baseUrl()}${wizard.path}`);
    await expectOnlyStep(page, wizard, 0);
    expect(await number.inputValue()).toBe(`V-${data.tag}`);

    // The side menu with unsaved data: asked first; "No, cancelar" keeps everything.
    await clickMenuEntry(page, 'Stock de productos');
    const confirm = page.getByRole('alertdialog');
    await expectVisible(confirm, 'la confirmación de salida');
    expect(await confirm.textContent()).toContain('Tienes cambios sin guardar.');
    await page.waitForTimeout(500); // the dialog's fade-in, for the picture
    await screenshot(page, `wizard-leave-${size}`);
    await confirm.getByRole('button', { name: 'No, cancelar', exact: true }).click();
    await expectNotVisible(confirm, 'la confirmación tras cancelar');
    // The focus is back on the link (on a phone the menu stays open, usable again).
    expect(await focusedElement(page, false)).toBe('a: Stock de productos');
    await page.waitForTimeout(500); // the dialog's fade, for the picture
    await screenshot(page, `wizard-leave-cancelled-${size}`);
    expect(page.url()).toBe(`${baseUrl()}${wizard.path}`);
    await expectOnlyStep(page, wizard, 0);
    expect(await number.inputValue()).toBe(`V-${data.tag}`);

    // "Sí, salir" leaves and drops the draft: the wizard starts empty next time.
    await clickMenuEntry(page, 'Stock de productos');
    await expectVisible(confirm, 'la confirmación de salida');
    await confirm.getByRole('button', { name: 'Sí, salir', exact: true }).click();
    await page.waitForURL(`${baseUrl()}/dashboard/stock`);
    await expectVisible(main(page).getByRole('heading', { level: 1, name: 'Stock de productos' }), 'la página de stock');
    await expectNotVisible(confirm, 'la confirmación tras salir');
    await clickMenuEntry(page, wizard.menu, wizard.group);
    await page.waitForURL(`${baseUrl()}${wizard.path}`);
    await expectOnlyStep(page, wizard, 0);
    expect(await number.inputValue()).toBe('');

    expect(log.errors).toEqual([]);
    expect(log.failures.filter((f) => f !== '404 /favicon.ico')).toEqual([]);
  });

  it('the "¡Oh no!" of a refused save stays clear of the buttons at the bottom of a long summary', async () => {
    // The supplier already has an invoice with this number: saving it again is refused (409).
    const taken = `D-${data.tag}`;
    await createInvoice(api, data.people, taken, [{ productId: data.product.id, quantity: '1', price: '3' }]);
    const wizard = INVOICE;
    const { page, log } = await newPage(browser, viewport);
    acceptLeaving(page);
    await signIn(page);
    await clickMenuEntry(page, wizard.menu, wizard.group);
    await page.waitForURL(`${baseUrl()}${wizard.path}`);
    await wizard.fillHeader(stepGroup(page, wizard.steps[0]), data);
    await wizard.headerField(page).fill(taken);
    await page.getByRole('button', { name: 'Siguiente paso', exact: true }).click();
    await expectOnlyStep(page, wizard, 1);
    for (let n = 1; n <= 5; n += 1) {
      await page.getByRole('button', { name: 'Añadir un producto', exact: true }).click();
      await wizard.fillRow(page.getByRole('group', { name: `Producto ${n}`, exact: true }), data);
    }
    await page.getByRole('button', { name: wizard.review, exact: true }).click();
    await expectOnlyStep(page, wizard, 2);

    // At the end of the page, as a clerk who read the whole summary: "Guardar entrada" is on the
    // bottom line of the window, where the notifications appear.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const saveButton = page.getByRole('button', { name: wizard.save, exact: true });
    const saveBox = await boxOf(saveButton, `"${wizard.save}"`);
    expect(saveBox.y + saveBox.height).toBeGreaterThan(viewport.height - 120);
    await saveButton.click();
    const notice = page.locator('.fui-Toast').filter({ hasText: '¡Oh no!' });
    await expectVisible(notice, 'el aviso "¡Oh no!"');
    await expectVisible(
      notice.getByText(/^Algo salió mal mientras tratábamos de crear la entrada solicitada\./),
      'el mensaje del servidor',
    );
    await expectNoticeClearOfButtons(page, wizard, notice);
    await screenshot(page, `wizard-refused-${size}`);
    // Refused, nothing lost: still the summary, with what was typed.
    await expectOnlyStep(page, wizard, 2);

    expect(log.errors).toEqual([]);
    expect(log.failures.filter((f) => f !== '404 /favicon.ico' && f !== '409 /api/invoices')).toEqual([]);
  });

  it('the histories find a date typed as it is shown (DD/MM/YYYY and DD/MM) and in ISO form', async () => {
    const invoiceNumber = `H-${data.tag}`;
    // A product of its own, whose average (3) is a price the dispatch can send as is.
    const eraser = await createProduct(api, `Goma ${data.tag}`);
    await createInvoice(api, data.people, invoiceNumber, [{ productId: eraser.id, quantity: '2', price: '3' }]);
    const dispatch = await createDispatch(api, data.people, [{ productId: eraser.id, quantity: '1' }]);
    const shown = formatDate(today());
    const { page, log } = await newPage(browser, viewport);
    await signIn(page);

    await page.goto(`${baseUrl()}/dashboard/invoices/history`);
    const entries = table(page, 'Entradas');
    const entry = rowWith(entries, invoiceNumber);
    for (const typed of [shown, shown.slice(0, 5), today()]) {
      // Another date first, so the row is seen to go and then to come back for `typed`.
      await search(page, OTHER_DATE);
      await expectNotVisible(entry, `la entrada ${invoiceNumber} buscando otra fecha`);
      await search(page, typed);
      await expectVisible(entry, `la entrada ${invoiceNumber} buscando "${typed}"`);
      await expectVisible(entry.getByRole('cell', { name: shown, exact: true }), `su "Fecha de factura" buscando "${typed}"`);
      if (typed === shown) await screenshot(page, `history-entries-date-${size}`);
    }

    await page.goto(`${baseUrl()}/dashboard/dispatches/history`);
    const exits = table(page, 'Salidas');
    const exit = exits.locator('tbody tr').filter({ has: page.getByRole('cell', { name: String(dispatch.id), exact: true }) });
    for (const typed of [shown, shown.slice(0, 5), today()]) {
      await search(page, OTHER_DATE);
      await expectNotVisible(exit, `la salida ${dispatch.id} buscando otra fecha`);
      await search(page, typed);
      await expectVisible(exit, `la salida ${dispatch.id} buscando "${typed}"`);
      await expectVisible(exit.getByRole('cell', { name: shown, exact: true }), `su fecha buscando "${typed}"`);
      if (typed === shown) await screenshot(page, `history-exits-date-${size}`);
    }

    expect(log.errors).toEqual([]);
    expect(log.failures.filter((f) => f !== '404 /favicon.ico')).toEqual([]);
  });
});
