// In a real browser: the supplier's CFDI 4.0 loaded through «Cargar CFDI (XML)» (the
// browser's file chooser) fills «Nueva factura» — supplier RFC, number, date, one row per concept
// with its price and boxes — and shows the warnings; the missing supplier and a product are
// registered in place; the entry is saved with the XML, and «Descargar XML» in the history gives
// back the very same bytes. Screenshots of the filled wizard at 1280×800 and 390×844.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { formatDate } from '../../shared/src/domain/format';
import { apiToken, DESKTOP, launchBrowser, newPage, PHONE, screenshot, signIn } from './support/browser';
import { choose, main, rowWith, search, successToast, table } from './support/catalog-ui';
import { downloadFrom, pdfText } from './support/downloads';
import { ARTIFACTS, REPO_ROOT } from './support/env';
import { AREAS, openFromNavigation } from './support/portal';
import { apiClient, createPeople, createProduct, today, uniqueRfc, uniqueTag } from './support/seed';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const area = (label: string) => AREAS.find((candidate) => candidate.label === label)!;

/**
 * The CFDI dated today: the server is shared by every test file, and one of them closes the last
 * month that ended, so a fixture's fixed date would fall in a closed month once that month is over.
 */
const datedToday = (xml: string) => xml.replace(/(Fecha(?:Timbrado)?=")\d{4}-\d{2}-\d{2}T/g, `$1${today()}T`);

/** A CFDI of the API's fixtures made unique for this run: issuer, UUID, concept names, today's date. */
function cfdiFile(tag: string) {
  const rfc = uniqueRfc();
  const uuid = randomUUID().toUpperCase();
  const issuer = `FERRETERIA OBRERA ${tag}`;
  const xml = datedToday(fs.readFileSync(path.join(REPO_ROOT, 'api', 'test', 'fixtures', 'cfdi', 'discount.xml'), 'utf8'))
    .replace('Rfc="FTO921130RT7" Nombre="FERRETERIA Y TLAPALERIA OBRERA"', `Rfc="${rfc}" Nombre="${issuer}"`)
    .replace('UUID="D4E5F6A7-B8C9-4D0E-9F1A-3B4C5D6E7F80"', `UUID="${uuid}"`)
    .replace('Tornillo para madera 1/4 caja con 100', `Tornillo para madera 1/4 caja con 100 ${tag}`);
  const file = path.join(ARTIFACTS, 'cfdi', `F-20931-${tag}.xml`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, xml, 'utf8');
  return { file, rfc, uuid, issuer, screw: `Tornillo para madera 1/4 caja con 100 ${tag}` };
}

async function loadCfdi(page: Page, file: string) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Cargar CFDI (XML)', exact: true }).click(),
  ]);
  await chooser.setFiles(file);
}

it('loads a CFDI into «Nueva factura», registers the supplier and a product in place, saves, and downloads the same XML', async () => {
  const api = await apiClient();
  const tag = uniqueTag();
  const people = await createPeople(api, tag);
  const screwdriver = await createProduct(api, `Desarmador PH2 ${tag}`);
  const cfdi = cfdiFile(tag);
  const [director, enteredBy, keeper] = people.employees.map((e) => `${e.name} ${e.lastName}`);

  const { page, log } = await newPage(browser, DESKTOP);
  await signIn(page);
  await openFromNavigation(page, area('Generar entrada de productos'));
  await loadCfdi(page, cfdi.file);

  const header = page.getByRole('group', { name: 'Datos de la factura' });
  await page.getByText(`CFDI ${cfdi.uuid} cargado (F-20931-${tag}.xml). Revisa los datos antes de guardar.`, { exact: true }).waitFor();
  expect(await header.getByRole('textbox', { name: 'Número de factura' }).inputValue()).toBe('F20931');
  expect(await header.getByLabel('Fecha').first().inputValue()).toBe(formatDate(today()));
  await page.getByText(`Ningún proveedor tiene el RFC ${cfdi.rfc} (${cfdi.issuer}).`, { exact: true }).waitFor();
  await screenshot(page, 'cfdi-01-loaded-1280');

  await page.getByRole('button', { name: `Registrar proveedor ${cfdi.issuer} (${cfdi.rfc})`, exact: true }).click();
  await expectValue(header.getByRole('combobox', { name: 'Tienda de procedencia', exact: true }), cfdi.issuer);

  await choose(header, 'Tipo de entrada', 'Compra directa', 'Compra');
  await choose(header, 'Director del plantel', director, tag);
  await choose(header, 'Elaborador', enteredBy, `Elena ${tag}`);
  await choose(header, 'Almacenista', keeper, `Alma ${tag}`);
  await page.getByRole('button', { name: 'Siguiente paso', exact: true }).click();

  const first = page.getByRole('group', { name: 'Producto 1' });
  const second = page.getByRole('group', { name: 'Producto 2' });
  await second.waitFor();
  // Concept 1: 6 × 89 − 53.40 of discount = 480.60 + its IVA 76.90 = 557.50, «Agregar IVA» ticked
  // → 557.50 ÷ 6 = 92.917 shown, and what it is made of under the price.
  await first.getByText('Concepto 1 del CFDI: Desarmador de cruz PH2 (Pieza, H87)', { exact: true }).waitFor();
  expect(await first.getByRole('textbox', { name: 'Cantidad' }).inputValue()).toBe('6');
  expect(await first.getByRole('checkbox', { name: 'Agregar IVA' }).isChecked()).toBe(true);
  expect(await first.getByRole('textbox', { name: 'Precio del artículo' }).inputValue()).toBe('92.917');
  await first.getByText('Valor del CFDI: $557.50 (incluye IVA $76.90) ÷ 6 = $92.917', { exact: true }).waitFor();
  await choose(first, 'Producto', screwdriver.name, tag);
  // Concept 2: 425.99 + IVA 68.16 = 494.15 for 3.
  await second.getByText('Valor del CFDI: $494.15 (incluye IVA $68.16) ÷ 3 = $164.717', { exact: true }).waitFor();
  await screenshot(page, 'cfdi-02-rows-1280');
  // «Registrar producto» opens «Nuevo producto» filled in: the concept's description and the unit
  // of ClaveUnidad XBX («Caja», registered on saving when the catalogue lacks it).
  await second.getByRole('button', { name: 'Registrar producto', exact: true }).click();
  const newProduct = page.getByRole('dialog', { name: 'Nuevo producto' });
  await newProduct.waitFor();
  expect(await newProduct.getByRole('textbox', { name: 'Nombre del producto' }).inputValue()).toBe(cfdi.screw);
  const unitBox = newProduct.getByRole('combobox', { name: 'Unidad de medida', exact: true });
  await page.waitForFunction((el) => (el as HTMLInputElement).value.startsWith('Caja'), await unitBox.elementHandle());
  await screenshot(page, 'cfdi-02b-new-product-1280');
  await newProduct.getByRole('button', { name: 'Guardar', exact: true }).click();
  await newProduct.waitFor({ state: 'hidden' });
  await expectValue(second.getByRole('combobox', { name: 'Producto', exact: true }), cfdi.screw);
  const registered = (await api<{ name: string; unit: { description: string } | null }[]>('/api/catalog/products')).find(
    (p) => p.name === cfdi.screw,
  );
  expect(registered?.unit?.description.toLowerCase()).toBe('caja');

  await page.getByRole('button', { name: 'Ver resumen de entrada', exact: true }).click();
  await page.getByRole('group', { name: 'Resumen de factura' }).waitFor();
  await page.getByRole('button', { name: 'Guardar entrada', exact: true }).click();
  await successToast(page, 'Factura F20931 registrada correctamente.');
  await page.waitForURL(/\/dashboard\/invoices\/history$/);

  const entries = table(page, 'Entradas');
  await search(page, 'F20931');
  const line = rowWith(entries, 'F20931');
  await line.getByRole('button', { name: 'Expandir fila' }).click();
  await main(page).getByText(`UUID del CFDI: ${cfdi.uuid}`, { exact: true }).waitFor();
  const downloaded = await downloadFrom(main(page).getByRole('button', { name: 'Descargar XML', exact: true }));
  expect(downloaded.fileName).toBe(`${cfdi.uuid}.xml`);
  expect(Buffer.compare(downloaded.bytes, fs.readFileSync(cfdi.file))).toBe(0);
  await screenshot(page, 'cfdi-03-history-1280');
  expect(log.errors).toEqual([]);
  await page.close();

  // The same file again is refused in place: one entry per CFDI.
  const phone = await newPage(browser, PHONE);
  await signIn(phone.page);
  await phone.page.goto(new URL('/dashboard/invoices/generate', phone.page.url()).toString());
  await loadCfdi(phone.page, cfdi.file);
  await phone.page.getByText(`El CFDI ${cfdi.uuid} ya está registrado en la entrada F20931.`, { exact: false }).waitFor();
  await phone.page.close();
});

it('on a phone (390×844) the filled wizard shows the warnings and the rows without sideways scrolling', async () => {
  const tag = uniqueTag();
  const cfdi = cfdiFile(tag);
  const { page, log } = await newPage(browser, PHONE);
  await signIn(page);
  await page.goto(new URL('/dashboard/invoices/generate', page.url()).toString());
  await loadCfdi(page, cfdi.file);
  await page.getByRole('button', { name: `Registrar proveedor ${cfdi.issuer} (${cfdi.rfc})`, exact: true }).waitFor();
  await screenshot(page, 'cfdi-04-loaded-390');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  expect(log.errors).toEqual([]);
});

it('worked example: 1,200 pieces at 0.33 + IVA 16 % enter worth $459.36 — the summary, the history, the voucher and the kardex say so (1280×800 and 390×844)', async () => {
  const api = await apiClient();
  const tag = uniqueTag();
  const people = await createPeople(api, tag);
  const bags = await createProduct(api, `Bolsa de plástico chica ${tag}`);
  const rfc = uniqueRfc();
  const uuid = randomUUID().toUpperCase();
  const issuer = `COMERCIALIZADORA DE PLASTICOS ${tag}`;
  const xml = datedToday(fs.readFileSync(path.join(REPO_ROOT, 'api', 'test', 'fixtures', 'cfdi', 'iva-16.xml'), 'utf8'))
    .replace(/<cfdi:Emisor Rfc="[^"]*" Nombre="[^"]*"/, `<cfdi:Emisor Rfc="${rfc}" Nombre="${issuer}"`)
    .replace(/UUID="[^"]*"/, `UUID="${uuid}"`)
    .replace(/SubTotal="[^"]*"/, 'SubTotal="396.00"')
    .replace(/ Total="[^"]*"/, ' Total="459.36"')
    .replace(
      /<cfdi:Conceptos>[\s\S]*<\/cfdi:Conceptos>/,
      `<cfdi:Conceptos><cfdi:Concepto ClaveProdServ="24111503" NoIdentificacion="BOL-CH-${tag}" Cantidad="1200" ClaveUnidad="H87" Unidad="Pieza" Descripcion="Bolsa de plástico chica ${tag}" ValorUnitario="0.33" Importe="396.00" ObjetoImp="02"><cfdi:Impuestos><cfdi:Traslados><cfdi:Traslado Base="396.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="63.36"/></cfdi:Traslados></cfdi:Impuestos></cfdi:Concepto></cfdi:Conceptos>`,
    )
    .replace(
      /<cfdi:Impuestos TotalImpuestosTrasladados="[^"]*">[\s\S]*?<\/cfdi:Impuestos>\s*<cfdi:Complemento>/,
      '<cfdi:Impuestos TotalImpuestosTrasladados="63.36"><cfdi:Traslados><cfdi:Traslado Base="396.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="63.36"/></cfdi:Traslados></cfdi:Impuestos><cfdi:Complemento>',
    );
  const file = path.join(ARTIFACTS, 'cfdi', `bolsas-${tag}.xml`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, xml, 'utf8');
  const [director, enteredBy, keeper] = people.employees.map((e) => `${e.name} ${e.lastName}`);

  // The phone first, without saving (a saved CFDI cannot be loaded again); then the desktop saves.
  for (const viewport of [PHONE, DESKTOP]) {
    const { page, log } = await newPage(browser, viewport);
    await signIn(page);
    await page.goto(new URL('/dashboard/invoices/generate', page.url()).toString());
    await loadCfdi(page, file);
    const header = page.getByRole('group', { name: 'Datos de la factura' });
    if (viewport === PHONE) {
      await page.getByRole('button', { name: `Registrar proveedor ${issuer} (${rfc})`, exact: true }).click();
    }
    await expectValue(header.getByRole('combobox', { name: 'Tienda de procedencia', exact: true }), issuer);
    await choose(header, 'Tipo de entrada', 'Compra directa', 'Compra');
    await choose(header, 'Director del plantel', director, tag);
    await choose(header, 'Elaborador', enteredBy, `Elena ${tag}`);
    await choose(header, 'Almacenista', keeper, `Alma ${tag}`);
    // The number the CFDI filled in (its Serie and Folio).
    const invoiceNumber = await header.getByRole('textbox', { name: 'Número de factura' }).inputValue();
    await page.getByRole('button', { name: 'Siguiente paso', exact: true }).click();
    const first = page.getByRole('group', { name: 'Producto 1' });
    await first.getByText(`Valor del CFDI: $459.36 (incluye IVA $63.36) ÷ 1,200 = $0.383`, { exact: true }).waitFor();
    expect(await first.getByRole('textbox', { name: 'Precio del artículo' }).inputValue()).toBe('0.383');
    await choose(first, 'Producto', bags.name, tag);
    await screenshot(page, `cfdi-05-value-row-${viewport.width}`);
    await page.getByRole('button', { name: 'Ver resumen de entrada', exact: true }).click();
    const summary = page.getByRole('group', { name: 'Resumen de factura' });
    await summary.waitFor();
    // Not 1,200 × 0.383 = $459.60: the CFDI's value.
    await rowWith(summary.getByRole('table', { name: 'Productos de la factura' }), bags.name)
      .getByText('$459.36', { exact: true })
      .waitFor();
    await summary.getByText('Total de la entrada', { exact: false }).first().waitFor();
    expect(await summary.getByText('$459.60').count()).toBe(0);
    await screenshot(page, `cfdi-06-value-summary-${viewport.width}`);
    if (viewport === PHONE) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      expect(log.errors).toEqual([]);
      await page.close();
      continue;
    }
    await page.getByRole('button', { name: 'Guardar entrada', exact: true }).click();
    await successToast(page, `Factura ${invoiceNumber} registrada correctamente.`);
    await page.waitForURL(/\/dashboard\/invoices\/history$/);
    const saved = (await api<Array<{ id: number; cfdiUuid: string | null }>>('/api/invoices')).find((i) => i.cfdiUuid === uuid)!;
    const movements = await api<Array<{ productId: number; quantity: string; amount: string }>>(`/api/movements/invoices/${saved.id}`);
    expect(movements.map(({ productId, quantity, amount }) => ({ productId, quantity, amount }))).toEqual([
      { productId: bags.id, quantity: '1200', amount: '459.36' },
    ]);
    const stock = await api<{ availableQuantity: string; averagePrice: string; value: string }>(`/api/stock/${bags.id}`);
    expect(stock).toMatchObject({ availableQuantity: '1200', averagePrice: '0.3828', value: '459.36' });
    // The history's detail and the voucher.
    const entries = table(page, 'Entradas');
    const row = entries.locator('tbody tr').filter({ has: page.getByRole('cell', { name: String(saved.id), exact: true }) });
    await row.getByRole('button', { name: 'Expandir fila' }).click();
    await table(page, `Movimientos de la entrada ${saved.id}`).getByText('$459.36', { exact: true }).first().waitFor();
    await screenshot(page, 'cfdi-07-value-history-1280');
    const voucher = await downloadFrom(main(page).getByRole('button', { name: 'Reporte de entrada', exact: true }));
    expect(pdfText(voucher.file)).toContain('$459.36');
    // The kardex.
    const kardex = await fetch(`${new URL(page.url()).origin}/api/reports/products/${bags.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await apiToken()}` },
    });
    const kardexFile = path.join(ARTIFACTS, 'cfdi', `kardex-${tag}.pdf`);
    fs.writeFileSync(kardexFile, Buffer.from(await kardex.arrayBuffer()));
    expect(pdfText(kardexFile)).toContain('$459.36');
    expect(log.errors).toEqual([]);
    await page.close();
  }
});

/** Waits (10 s at most) until the input shows `value`; then asserts it. */
async function expectValue(locator: Locator, value: string) {
  const until = Date.now() + 10_000;
  let shown = await locator.inputValue();
  while (shown !== value && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    shown = await locator.inputValue();
  }
  expect(shown).toBe(value);
}
