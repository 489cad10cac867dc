// Cancellations in a real browser: an entry of 10 @ 10 and an exit of 4 made through the API, then
// cancelled by a person: the exit from "Historial de salidas", the entry from "Historial de
// entradas", each through the dialog that asks for the reason. The row shows "Cancelada", the
// detail says who, when and why and no longer offers to cancel; the stock page shows the quantity
// back at the same average and then 0; the product's "Tarjeta de almacén" names both reversing
// movements and the exit's "Reporte de salida" carries "CANCELADA". The dialog and the badge are
// checked visible at 1280×800 and at 390×844.
import type { Browser, Locator, Page } from 'playwright-core';
import { compareDecimal } from '../../shared/src/domain/decimal';
import { formatCurrencyMXN, formatDateTime, formatQuantity } from '../../shared/src/domain/format';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, signIn, type Viewport } from './support/browser';
import { main, search, successToast, table } from './support/catalog-ui';
import { downloadFrom, pdfText } from './support/downloads';
import { baseUrl } from './support/env';
import { AREAS, openFromNavigation } from './support/portal';
import { apiClient, createDispatch, createInvoice, createPeople, createProduct, stockOf, uniqueTag, type ApiClient } from './support/seed';
import { openProductStock } from './support/stock-ui';
import { expectInView, expectNotVisible, expectVisible } from './support/visibility';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const area = (label: string) => AREAS.find((candidate) => candidate.label === label)!;
const sameDecimal = (actual: string, expected: string) =>
  expect(`${actual} ${compareDecimal(actual, expected) === 0 ? '=' : '≠'} ${expected}`).toBe(`${actual} = ${expected}`);

interface Cancellation {
  reason: string;
  cancelledAt: string;
  cancelledBy: { name: string };
}
interface DocumentRow {
  id: number;
  invoiceNumber?: string;
  status?: string;
  cancellation?: Cancellation | null;
}

/** An entry of 10 @ 10 and an exit of 4 of a new product, through the API. */
async function seed(api: ApiClient, tag: string) {
  const people = await createPeople(api, tag);
  const product = await createProduct(api, `Engrapadora ${tag}`);
  const invoiceNumber = `FC-${tag}`;
  const invoice = await createInvoice(api, people, invoiceNumber, [{ productId: product.id, quantity: '10', price: '10' }]);
  const dispatch = await createDispatch(api, people, [{ productId: product.id, quantity: '4', observations: `Dirección ${tag}` }]);
  const stock = await stockOf(api, product.id);
  sameDecimal(stock.availableQuantity, '6');
  sameDecimal(stock.averagePrice, '10');
  return { product, invoice: { id: invoice.id, invoiceNumber }, dispatch };
}

// A history's own rows (an expanded row's detail is a row without aria-rowindex holding a table
// of movements, whose rows must not be taken for documents).
const documentRows = (history: Locator) => history.locator(':scope > tbody > tr[aria-rowindex]');
/** The history row whose ID cell is `id` (searching for 12 would also find 123). */
const rowWithId = (history: Locator, id: number) =>
  documentRows(history).filter({ has: history.page().locator(':scope > td').getByText(String(id), { exact: true }) });

/**
 * In an open history: expands `row`, presses `action` in its detail, writes `reason` in the dialog
 * titled `title` and confirms; waits for the green `notice`. The dialog is checked visible and
 * photographed as `shot`.
 */
async function cancelThroughDialog(page: Page, row: Locator, action: string, title: string, reason: string, notice: string, shot: string) {
  await row.getByRole('button', { name: 'Expandir fila' }).click();
  await main(page).getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expectInView(dialog, `el diálogo "${title}"`);
  await expectVisible(dialog.getByText('el documento original se conserva', { exact: false }), 'la explicación del diálogo');
  const reasonBox = dialog.getByRole('textbox', { name: 'Motivo de la cancelación' });
  await expectVisible(reasonBox, 'el campo "Motivo de la cancelación"');
  await reasonBox.fill(reason);
  await expectInView(dialog.getByRole('button', { name: 'Sí, cancelar', exact: true }), 'el botón "Sí, cancelar"');
  await expectInView(dialog.getByRole('button', { name: 'No, regresar', exact: true }), 'el botón "No, regresar"');
  await screenshot(page, shot);
  await dialog.getByRole('button', { name: 'Sí, cancelar', exact: true }).click();
  await successToast(page, notice);
  await expectNotVisible(dialog, `el diálogo "${title}" tras confirmar`);
}

/** The "Cancelada" badge of `row` and, in its expanded detail, who, when and why; no cancel button. */
async function expectCancelledRow(
  page: Page,
  row: Locator,
  detailLabel: string,
  action: string,
  cancellation: Cancellation,
  timeZone: string,
  shot: string,
) {
  await expectInView(row.getByText('Cancelada', { exact: true }), 'la insignia "Cancelada" de la fila');
  const details = main(page).getByRole('region', { name: detailLabel });
  await expectVisible(details, `el detalle "${detailLabel}"`);
  await expectInView(details.getByText(cancellation.cancelledBy.name, { exact: true }), 'quién canceló');
  await expectInView(details.getByText(formatDateTime(cancellation.cancelledAt, timeZone), { exact: true }), 'cuándo se canceló');
  await expectInView(details.getByText(cancellation.reason, { exact: true }), 'el motivo');
  expect(await main(page).getByRole('button', { name: action, exact: true }).count()).toBe(0);
  await details.scrollIntoViewIfNeeded();
  await screenshot(page, shot);
}

async function cancellationOf(api: ApiClient, path: string, id: number): Promise<Cancellation> {
  const documents = await api<DocumentRow[]>(path);
  const saved = documents.find((document) => document.id === id);
  expect(saved?.status).toBe('CANCELADA');
  return saved!.cancellation!;
}

/** The side navigation on a laptop; on a phone the menu folds away, so the address is opened. */
async function go(page: Page, viewport: Viewport, label: string) {
  const target = area(label);
  if (viewport === DESKTOP) await openFromNavigation(page, target);
  else await page.goto(`${baseUrl()}${target.path}`);
  await main(page).getByRole('heading', { level: 1, name: target.heading }).waitFor();
}

async function run(viewport: Viewport, size: string, downloads: boolean) {
  const api = await apiClient();
  const tag = uniqueTag();
  const { product, invoice, dispatch } = await seed(api, tag);
  const timeZone = 'America/Mexico_City';

  const { page, log } = await newPage(browser, viewport);
  await signIn(page);

  // The exit, from its history.
  await go(page, viewport, 'Consultar historial de salidas');
  const exits = table(page, 'Salidas');
  const exitRow = rowWithId(exits, dispatch.id);
  await exitRow.waitFor();
  await expectNotVisible(exitRow.getByText('Cancelada', { exact: true }), 'la insignia "Cancelada" antes de cancelar');
  const exitReason = `Se devolvió completa ${tag}`;
  await cancelThroughDialog(
    page,
    exitRow,
    'Cancelar salida',
    `Cancelar salida ${dispatch.id}`,
    exitReason,
    `Salida ${dispatch.id} cancelada correctamente.`,
    `cancellations-${size}-01-exit-dialog`,
  );
  const exitCancellation = await cancellationOf(api, '/api/dispatches', dispatch.id);
  expect(exitCancellation.reason).toBe(exitReason);
  await expectCancelledRow(
    page,
    exitRow,
    `Cancelación de la salida ${dispatch.id}`,
    'Cancelar salida',
    exitCancellation,
    timeZone,
    `cancellations-${size}-02-exit-cancelled`,
  );
  // The exit's movements now include the one that reverses it.
  await expectVisible(
    table(page, `Movimientos de la salida ${dispatch.id}`).getByText('Cancelación de salida', { exact: true }),
    'el movimiento "Cancelación de salida"',
  );

  let exitVoucher: string | null = null;
  if (downloads) {
    const voucher = await downloadFrom(main(page).getByRole('button', { name: 'Reporte de salida', exact: true }));
    expect(voucher.fileName).toBe(`Reportes de salida - ${dispatch.id}.pdf`);
    expect(voucher.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    exitVoucher = voucher.file;
  }

  // The stock: the 4 are back, at the same average.
  await go(page, viewport, 'Stock de productos');
  let stock = await openProductStock(page, product);
  expect(await stock.available()).toBe(formatQuantity('10'));
  expect(await stock.average()).toBe(formatCurrencyMXN('10'));
  const afterExit = await stockOf(api, product.id);
  sameDecimal(afterExit.availableQuantity, '10');
  sameDecimal(afterExit.averagePrice, '10');

  // The entry, from its history.
  await go(page, viewport, 'Consultar historial de entradas');
  await search(page, invoice.invoiceNumber);
  const entryRow = documentRows(table(page, 'Entradas')).filter({ hasText: invoice.invoiceNumber });
  await entryRow.waitFor();
  const entryReason = `Factura duplicada ${tag}`;
  await cancelThroughDialog(
    page,
    entryRow,
    'Cancelar entrada',
    `Cancelar entrada ${invoice.invoiceNumber}`,
    entryReason,
    `Entrada ${invoice.invoiceNumber} cancelada correctamente.`,
    `cancellations-${size}-03-entry-dialog`,
  );
  const entryCancellation = await cancellationOf(api, '/api/invoices', invoice.id);
  expect(entryCancellation.reason).toBe(entryReason);
  await expectCancelledRow(
    page,
    entryRow,
    `Cancelación de la entrada ${invoice.invoiceNumber}`,
    'Cancelar entrada',
    entryCancellation,
    timeZone,
    `cancellations-${size}-04-entry-cancelled`,
  );

  // The stock: nothing left.
  await go(page, viewport, 'Stock de productos');
  stock = await openProductStock(page, product);
  expect(await stock.available()).toBe(formatQuantity('0'));
  sameDecimal((await stockOf(api, product.id)).availableQuantity, '0');
  await stock.movements.getByText('Cancelación de entrada', { exact: true }).waitFor();
  expect(await stock.movements.getByText('Cancelación de salida', { exact: true }).count()).toBe(1);
  await screenshot(page, `cancellations-${size}-05-stock`);

  if (downloads) {
    const card = await downloadFrom(stock.panel.getByRole('button', { name: 'Tarjeta de almacén', exact: true }));
    expect(card.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A cell's lines in reading order, joined: "Cancelación de" + "salida" reads as one label, while a
    // word broken inside ("Cancela" + "ción") does not.
    const cardText = pdfText(card.file, 'raw').replace(/\s+/g, ' ');
    const voucherText = pdfText(exitVoucher!);
    expect(cardText).toContain(product.name);
    expect(cardText).toContain('Cancelación de salida');
    expect(cardText).toContain('Cancelación de entrada');
    expect(voucherText).toContain('CANCELADA');
    expect(voucherText).toContain(exitReason);
  }

  expect(log.errors).toEqual([]);
  expect(log.failures.filter((f) => f !== '404 /favicon.ico')).toEqual([]);
}

it('cancels an exit and then its entry through the histories at 1280×800: badge, detail, stock, kardex and voucher show it', async () => {
  await run(DESKTOP, 'desktop', true);
});

it('cancels an exit and an entry at 390×844: the dialog, the badge and the detail are on screen', async () => {
  await run(PHONE, 'phone', false);
});
