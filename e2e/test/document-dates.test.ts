// A document counts in the month of its date, in a real browser: the worked example typed through
// the wizards — last month's opening entry, a late exit and a late entry of last month registered
// this month, and a back-dated exit that the date view refuses — with the note under each date of
// an earlier month, at 1280×800 and 390×844; then the closing's confirmation of last month, the
// stock report at its end (10 units worth $115.00 for the product), and the home page's monthly
// figures by date. "October" is the month before today's (the one a closing proposes next), and
// "November" today's. The server is shared with the other browser tests: if last month is already
// closed (period-closing.test.ts ran first) it is reopened for the scenario and closed again after.
import type { Browser, Page } from 'playwright-core';
import { compareDecimal } from '../../shared/src/domain/decimal';
import { formatCurrency, formatDate, formatQuantity } from '../../shared/src/domain/format';
import { earlierMonthNote, monthEnd, monthOf } from '../../shared/src/domain/periods';
import { launchBrowser, newPage, PHONE, screenshot, signIn, type PageLog } from './support/browser';
import { choose, main, rowWith, search, successToast, table } from './support/catalog-ui';
import { downloadFrom, pdfText } from './support/downloads';
import { baseUrl } from './support/env';
import { apiClient, createPeople, createProduct, today, uniqueTag, type ApiClient, type People } from './support/seed';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const lastDayOf = (month: string) => monthEnd(`${month}-01`);

const cleanLog = (log: PageLog) => {
  expect(log.errors).toEqual([]);
  expect(log.failures.filter((f) => f !== '404 /favicon.ico' && !f.startsWith('409 '))).toEqual([]);
};

async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function settled(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
}

interface Closing {
  until: string;
  status: 'CERRADO' | 'REABIERTO';
}

async function typeEntry(
  page: Page,
  people: People,
  tag: string,
  number: string,
  date: string,
  product: { name: string },
  qty: string,
  price: string,
) {
  await page.goto(`${baseUrl()}/dashboard/invoices/generate`);
  const header = page.getByRole('group', { name: 'Datos de la factura' });
  const [director, enteredBy, keeper] = people.employees.map((e) => `${e.name} ${e.lastName}`);
  await choose(header, 'Tienda de procedencia', people.supplier.name, tag);
  await header.getByRole('textbox', { name: 'Número de factura' }).fill(number);
  await header.getByLabel(/^Fecha/).fill(formatDate(date));
  await choose(header, 'Tipo de entrada', 'Compra directa', 'Compra');
  await choose(header, 'Director del plantel', director, tag);
  await choose(header, 'Elaborador', enteredBy, `Elena ${tag}`);
  await choose(header, 'Almacenista', keeper, `Alma ${tag}`);
  return { header, next: () => addLine(page, 'Ver resumen de entrada', product, qty, price) };
}

async function typeExit(page: Page, people: People, tag: string, date: string) {
  await page.goto(`${baseUrl()}/dashboard/dispatches/generate`);
  const header = page.getByRole('group', { name: 'Datos de la salida' });
  const [areaHead, petitioner, keeper] = people.employees.map((e) => `${e.name} ${e.lastName}`);
  await header.getByLabel(/^Fecha/).fill(formatDate(date));
  await choose(header, 'Responsable del área solicitante', areaHead, `Dora ${tag}`);
  await choose(header, 'Solicitante', petitioner, `Elena ${tag}`);
  await choose(header, 'Almacenista', keeper, `Alma ${tag}`);
  return header;
}

async function addLine(page: Page, review: string, product: { name: string }, qty: string, price: string | null) {
  await page.getByRole('button', { name: 'Siguiente paso', exact: true }).click();
  await page.getByRole('group', { name: 'Lista de productos' }).waitFor();
  await page.getByRole('button', { name: 'Añadir un producto', exact: true }).click();
  const line = page.getByRole('group', { name: 'Producto 1' });
  await choose(line, 'Producto', product.name, product.name.split(' ').slice(-1)[0]);
  await line.getByRole('textbox', { name: 'Cantidad' }).fill(qty);
  if (price !== null) await line.getByRole('textbox', { name: 'Precio del artículo' }).fill(price);
  await page.getByRole('button', { name: review, exact: true }).click();
}

async function postInvoice(
  api: ApiClient,
  people: People,
  number: string,
  date: string,
  productId: number,
  quantity: string,
  price: string,
) {
  await api('/api/invoices', {
    method: 'POST',
    headers: { 'idempotency-key': `e2e-${number}` },
    body: {
      supplierId: people.supplier.id,
      invoiceNumber: number,
      invoiceDate: date,
      invoiceType: 'COMPRA_DIRECTA',
      directorEmployeeId: people.employees[0].id,
      enteredByEmployeeId: people.employees[1].id,
      warehouseKeeperEmployeeId: people.employees[2].id,
      products: [
        {
          productId,
          quantity,
          purchasePrice: price,
          observations: '',
          applyExciseTax: false,
          applyValueAddedTaxToPurchasePrice: false,
          exciseTaxRate: '0',
        },
      ],
    },
  });
}

it('the worked example typed through the wizards: each document counts in the month of its date, the closing and its report say 10 / $115.00, the home page counts by date', async () => {
  const api = await apiClient();
  const tag = uniqueTag();
  const people = await createPeople(api, tag);
  const product = await createProduct(api, `Papel periodo ${tag}`);
  const now = today();
  const november = now.slice(0, 7);
  const october = monthOf(now, -1);
  const oct = (day: number) => `${october}-${String(day).padStart(2, '0')}`;
  const octoberEnd = lastDayOf(october);

  // Last month must be open for its late paperwork.
  const closings = await api<Closing[]>('/api/period-closings');
  const wasClosed = closings.some((c) => c.until === octoberEnd && c.status === 'CERRADO');
  if (wasClosed) {
    await api(`/api/period-closings/${octoberEnd}/reopening`, {
      method: 'POST',
      body: { reason: 'Papeles tardíos de la prueba de fechas' },
    });
  }
  try {
    // 1. The opening entry of the 2nd, typed at 1280: the date's note says where it counts.
    const desk = await newPage(browser);
    await signIn(desk.page);
    const entry = await typeEntry(desk.page, people, tag, `PER-${tag}-1`, oct(2), product, '10', '10');
    await entry.header.getByText(earlierMonthNote(oct(2), now)!, { exact: true }).waitFor();
    await screenshot(desk.page, 'document-dates-01-entry-note-1280');
    await entry.next();
    await desk.page.getByRole('group', { name: 'Resumen de factura' }).waitFor();
    await desk.page.getByRole('button', { name: 'Guardar entrada', exact: true }).click();
    await successToast(desk.page, `Factura PER-${tag}-1 registrada correctamente.`);

    // 2. This month's entry of 10 at 12 (registration balance 20 @ 11.00).
    await postInvoice(api, people, `PER-${tag}-2`, `${november}-01`, product.id, '10', '12');

    // 3. The late exit of the 20th, typed on a phone: 5 leave at 11.00 → 55.00.
    const phone = await newPage(browser, PHONE);
    await signIn(phone.page);
    const exitHeader = await typeExit(phone.page, people, tag, oct(20));
    await exitHeader.getByText(earlierMonthNote(oct(20), now)!, { exact: true }).waitFor();
    await screenshot(phone.page, 'document-dates-02-exit-note-390');
    await fitsWidth(phone.page, PHONE.width);
    await addLine(phone.page, 'Ver resumen de salida', product, '5', null);
    await phone.page.getByRole('group', { name: 'Resumen de salida' }).waitFor();
    await phone.page.getByRole('button', { name: 'Guardar salida', exact: true }).click();
    await successToast(phone.page, 'Salida registrada correctamente.');

    // 4. The late entry of the 25th: 5 at 14 (registration balance 20 @ 11.75).
    await postInvoice(api, people, `PER-${tag}-3`, oct(25), product.id, '5', '14');

    // 5. An exit of 12 dated the 3rd is refused: on that day there were 10, though today there are 20.
    await typeExit(desk.page, people, tag, oct(3));
    await addLine(desk.page, 'Ver resumen de salida', product, '12', null);
    await desk.page.getByRole('group', { name: 'Resumen de salida' }).waitFor();
    await desk.page.getByRole('button', { name: 'Guardar salida', exact: true }).click();
    const refusal = `Al ${formatDate(oct(3))} había 10 unidades de «${product.name}»; la salida pide 12.`;
    await desk.page.getByText(refusal, { exact: false }).first().waitFor();
    await screenshot(desk.page, 'document-dates-03-refused-1280');

    // The API's date view: October's end 10 @ 11.50 worth 115.00; today 20 @ 11.75 worth 235.00.
    const at = async (date: string) =>
      (
        await api<Array<{ productId: number; availableQuantity: string; averagePrice: string; value: string }>>(`/api/stock?date=${date}`)
      ).find((l) => l.productId === product.id);
    expect(await at(octoberEnd)).toMatchObject({ availableQuantity: '10', averagePrice: '11.5', value: '115' });
    expect(await at(now)).toMatchObject({ availableQuantity: '20', averagePrice: '11.75', value: '235' });

    // The closing's confirmation at both sizes: the value at October's end (every product's) and
    // the late paperwork it includes; dismissed, nothing is closed here.
    const next = await api<{ until: string; totalValue: string; lateDocuments: Array<{ invoiceNumber: string | null }> }>(
      '/api/period-closings/next',
    );
    expect(next.until).toBe(octoberEnd);
    expect(next.lateDocuments.map((d) => d.invoiceNumber)).toContain(`PER-${tag}-3`);
    const closeLabel = `Cerrar periodo hasta ${formatDate(octoberEnd)}`;
    for (const { page, width } of [
      { page: desk.page, width: 1280 },
      { page: phone.page, width: PHONE.width },
    ]) {
      await page.goto(`${baseUrl()}/dashboard/stock/closings`);
      await main(page).getByRole('button', { name: closeLabel, exact: true }).click();
      const dialog = page.getByRole('alertdialog', { name: closeLabel });
      await dialog
        .getByText(`Valor de las existencias al ${formatDate(octoberEnd)}: ${formatCurrency(next.totalValue)}`, { exact: true })
        .waitFor();
      await dialog.getByText(/cuentan en este mes y el cierre los incluye/).waitFor();
      await settled(page);
      await screenshot(page, `document-dates-04-closing-${width}`);
      await fitsWidth(page, width);
      await dialog.getByRole('button', { name: 'No, regresar', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
    }

    // The stock page at October's end and its report: the product at 10, worth $115.00.
    await desk.page.goto(`${baseUrl()}/dashboard/stock`);
    await main(desk.page).getByRole('heading', { name: 'Stock de productos', level: 1 }).waitFor();
    await main(desk.page).getByLabel('Existencias al', { exact: true }).fill(formatDate(octoberEnd));
    await search(desk.page, product.name);
    const row = rowWith(table(desk.page, 'Productos'), product.name).first();
    await row.getByRole('cell', { name: formatCurrency('115'), exact: true }).waitFor();
    // The quantity's cell comes after the ID's, which may hold the same number.
    await row
      .getByRole('cell', { name: formatQuantity('10'), exact: true })
      .last()
      .waitFor();
    await screenshot(desk.page, 'document-dates-05-stock-at-october-end-1280');
    const report = await downloadFrom(main(desk.page).getByRole('button', { name: 'Reporte de existencias', exact: true }));
    const text = pdfText(report.file);
    expect(text).toContain(`REPORTE DE EXISTENCIAS AL ${formatDate(octoberEnd)}`);
    const line = text.split('\n').find((l) => l.includes(product.name))!;
    expect(line).toContain(formatCurrency('115'));
    expect(line).toContain(formatCurrency('11.5'));

    // The home page counts October's late invoices in October (the API's figures, which include
    // this product's 170.00 of entries and 55.00 of exits), November's in November.
    const summary = await api<{ monthly: Array<{ month: string; entries: string; exits: string }> }>('/api/stock/summary');
    const octFigures = summary.monthly.find((m) => m.month === october)!;
    const novFigures = summary.monthly.find((m) => m.month === november)!;
    expect(compareDecimal(octFigures.entries, '170')).toBeGreaterThanOrEqual(0);
    expect(compareDecimal(octFigures.exits, '55')).toBeGreaterThanOrEqual(0);
    expect(compareDecimal(novFigures.entries, '120')).toBeGreaterThanOrEqual(0);
    await desk.page.goto(`${baseUrl()}/dashboard`);
    const monthly = desk.page.getByRole('region', { name: 'Entradas y salidas por mes (últimos 12 meses)' });
    await monthly.getByRole('button', { name: 'Ver tabla' }).click();
    const figures = monthly.getByRole('table');
    await rowWith(figures, formatCurrency(octFigures.entries)).getByText(formatCurrency(octFigures.exits), { exact: true }).waitFor();
    await rowWith(figures, formatCurrency(novFigures.entries)).waitFor();
    await screenshot(desk.page, 'document-dates-06-home-months-1280');

    cleanLog(desk.log);
    cleanLog(phone.log);
    await desk.page.close();
    await phone.page.close();
  } finally {
    if (wasClosed) await api('/api/period-closings', { method: 'POST', body: { until: octoberEnd } });
  }
});
