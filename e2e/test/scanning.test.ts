// Barcode reading in a real browser, at 1280×800 and 390×844. The camera is Chromium's fake
// device playing a video made here from a label bwip-js draws (a Y4M file: the PNG's pixels as
// YUV 4:2:0 frames), so «Escanear» reads a real picture through the reader the portal ships: the
// browser's own BarcodeDetector is removed first, so the ZXing WebAssembly is loaded from our
// build. The camera adds the product to an exit and one unit to a count; a scanner typing the
// code and Enter does it on the count page and finds the product in «Stock de productos»; an
// unknown code says so and its link opens «Nuevo producto» with the code filled in.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bwipjs from 'bwip-js/node';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { gtinCheckDigit } from '../../shared/src/domain/barcode';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, signIn, type PageLog, type Viewport } from './support/browser';
import { choose, main, table } from './support/catalog-ui';
import { baseUrl } from './support/env';
import { apiClient, createInvoice, createPeople, today, uniqueTag, type ApiClient, type People } from './support/seed';
import { expectInView, expectVisible } from './support/visibility';

const WIDTH = 640;
const HEIGHT = 480;

/** A GTIN-13 no other run has: GS1's prefix 2 (restricted circulation) and the clock. */
const uniqueGtin = () => {
  const body = `2${String(Date.now() % 1e11).padStart(11, '0')}`;
  return body + gtinCheckDigit(body);
};

/**
 * The label as a Y4M video Chromium's fake camera plays in a loop: white 640×480 frames with the
 * EAN-13 in the middle. Y is the PNG's luminance; U and V are 128 (no colour).
 */
async function labelVideo(code: string): Promise<string> {
  const png = PNG.sync.read(
    await bwipjs.toBuffer({ bcid: 'ean13', text: code, scale: 3, height: 18, includetext: true, backgroundcolor: 'FFFFFF' }),
  );
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  const left = Math.floor((WIDTH - png.width) / 2);
  const top = Math.floor((HEIGHT - png.height) / 2);
  if (left < 0 || top < 0) throw new Error(`La etiqueta (${png.width}×${png.height}) no cabe en ${WIDTH}×${HEIGHT}.`);
  for (let y = 0; y < png.height; y += 1) {
    for (let x = 0; x < png.width; x += 1) {
      const at = (y * png.width + x) * 4;
      const [r, g, b, a] = [png.data[at], png.data[at + 1], png.data[at + 2], png.data[at + 3] / 255];
      const gray = (0.299 * r + 0.587 * g + 0.114 * b) * a + 255 * (1 - a);
      luma[(top + y) * WIDTH + left + x] = Math.round(16 + (gray * 219) / 255);
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-camera-')), 'etiqueta.y4m');
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), ...Array(10).fill(frame)]));
  return file;
}

let browser: Browser;
let api: ApiClient;
let people: People;
let tag: string;
let code: string;
let product: { id: number; name: string };
let partida: { id: number };

beforeAll(async () => {
  api = await apiClient();
  tag = uniqueTag();
  code = uniqueGtin();
  people = await createPeople(api, tag);
  partida = await api<{ id: number }>('/api/catalog/product-categories', { method: 'POST', body: { description: `2111 Escaneo ${tag}` } });
  product = await api<{ id: number; name: string }>('/api/catalog/products', {
    method: 'POST',
    body: { name: `Folder tamaño carta ${tag}`, categoryId: partida.id, barcode: code },
  });
  await createInvoice(api, people, `E-${tag}`, [{ productId: product.id, quantity: '30', price: '4.5' }]);
  const video = await labelVideo(code);
  browser = await launchBrowser([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
});
afterAll(async () => {
  await browser?.close();
});

/** The count's saved quantity of its one line, once it is `expected` (or as it is after a while). */
async function savedCount(countId: number, expected: string): Promise<string | null> {
  let saved: string | null = null;
  for (let attempt = 0; attempt < 50 && saved !== expected; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    saved = (await api<{ lines: Array<{ countedQuantity: string | null }> }>(`/api/inventory-counts/${countId}`)).lines[0].countedQuantity;
  }
  return saved;
}

const cleanLog = (log: PageLog) => {
  expect(log.errors).toEqual([]);
  expect(log.failures.filter((f) => f !== '404 /favicon.ico')).toEqual([]);
};

/** Opens «Escanear» and waits for the camera to read the label; the frame and the name are on screen. */
async function scanWithCamera(page: Page, shot: string) {
  await main(page).getByRole('button', { name: 'Escanear', exact: true }).click();
  const camera = page.getByRole('dialog', { name: 'Escanear con la cámara' });
  await expectVisible(camera, 'el diálogo de la cámara');
  await camera.getByText(`Leído: ${product.name}`, { exact: true }).waitFor({ timeout: 60_000 });
  await expectInView(camera.getByRole('button', { name: 'Cerrar', exact: true }), '«Cerrar» del diálogo de la cámara');
  await expectVisible(camera.getByTestId('scan-frame'), 'el marco para apuntar');
  await screenshot(page, shot);
  await camera.getByRole('button', { name: 'Cerrar', exact: true }).click();
  await camera.waitFor({ state: 'hidden' });
  // Closing stopped the camera: no track is left live.
  expect(await page.evaluate(() => [...document.querySelectorAll('video')].length)).toBe(0);
}

describe.each<[string, Viewport]>([
  ['1280', DESKTOP],
  ['390', PHONE],
])('at %s', (width, viewport) => {
  let page: Page;
  let log: PageLog;
  beforeAll(async () => {
    ({ page, log } = await newPage(browser, viewport));
    // Chromium on Linux has no BarcodeDetector today; removing it makes sure the WebAssembly
    // reader is the one tried, served from the portal's own build.
    await page.addInitScript(() => delete (window as { BarcodeDetector?: unknown }).BarcodeDetector);
    await signIn(page);
  });
  afterAll(() => page.context().close());

  it('the camera adds the product to an exit, read by the WebAssembly reader from our build', async () => {
    await page.goto(`${baseUrl()}/dashboard/dispatches/generate`);
    const [areaHead, petitioner, keeper] = people.employees.map((e) => `${e.name} ${e.lastName}`);
    const header = page.getByRole('group', { name: 'Datos de la salida' });
    await choose(header, 'Responsable del área solicitante', areaHead, `Dora ${tag}`);
    await choose(header, 'Solicitante', petitioner, `Elena ${tag}`);
    await choose(header, 'Almacenista', keeper, `Alma ${tag}`);
    await page.getByRole('button', { name: 'Siguiente paso', exact: true }).click();
    await page.getByRole('group', { name: 'Lista de productos' }).getByRole('textbox', { name: 'Código de barras', exact: true }).waitFor();

    await scanWithCamera(page, `scanning-01-exit-camera-${width}`);
    const line = page.getByRole('group', { name: 'Producto 1' });
    await line.getByText('Disponible: 30', { exact: true }).waitFor();
    expect(await line.getByRole('combobox', { name: 'Producto' }).inputValue()).toBe(product.name);
    expect(await line.getByRole('textbox', { name: 'Cantidad' }).inputValue()).toBe('1');
    await expectVisible(page.getByText(`Agregado: ${product.name}.`, { exact: true }), 'lo agregado');
    await screenshot(page, `scanning-02-exit-row-${width}`);
    const wasm = log.requests.filter((url) => url.endsWith('.wasm'));
    expect(wasm.length).toBeGreaterThan(0);
    expect(wasm.every((url) => url.startsWith(`${baseUrl()}/`))).toBe(true);
    cleanLog(log);
  });

  it('on a count, a scanner (code and Enter) and then the camera each add one unit to the product’s line', async () => {
    const count = await api<{ id: number }>('/api/inventory-counts', {
      method: 'POST',
      body: { cutoffDate: today(), description: `Conteo escaneado ${tag} ${width}`, categoryIds: [partida.id] },
    });
    await page.goto(`${baseUrl()}/dashboard/stock/counts/${count.id}`);
    const scan = main(page).getByRole('textbox', { name: 'Código de barras', exact: true });
    const counted = main(page).getByRole('textbox', { name: `Cantidad contada de ${product.name}`, exact: true });
    await counted.waitFor();
    await expectVisible(scan, 'el campo «Código de barras»');
    await scan.click();
    await scan.pressSequentially(code, { delay: 5 });
    await scan.press('Enter');
    await page.getByText(`Sumado 1 a ${product.name}.`, { exact: true }).waitFor();
    expect(await counted.inputValue()).toBe('1');
    expect(await scan.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await savedCount(count.id, '1')).toBe('1');
    await screenshot(page, `scanning-03-count-wedge-${width}`);

    await scanWithCamera(page, `scanning-04-count-camera-${width}`);
    await page.waitForFunction((el) => (el as HTMLInputElement).value === '2', await counted.elementHandle());
    await expectInView(counted, 'la cantidad contada de la línea escaneada');
    expect(await savedCount(count.id, '2')).toBe('2');
    await screenshot(page, `scanning-05-count-line-${width}`);
    cleanLog(log);
  });

  it('a scanner typing into the stock search finds the product', async () => {
    await page.goto(`${baseUrl()}/dashboard/stock`);
    const rows = table(page, 'Productos');
    await rows.waitFor();
    const search = main(page).getByRole('searchbox', { name: 'Buscar' });
    await search.click();
    await search.pressSequentially(code, { delay: 5 });
    await search.press('Enter');
    await rows.locator('tbody tr').filter({ hasText: product.name }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Productos"] tbody tr').length === 1);
    await expectVisible(rows.getByText(product.name, { exact: true }), 'el producto encontrado');
    await screenshot(page, `scanning-06-stock-search-${width}`);
    cleanLog(log);
  });

  it('an unknown code says so, and its link opens «Nuevo producto» in «Productos» with the code', async () => {
    const unknown = uniqueGtin();
    const count = await api<{ id: number }>('/api/inventory-counts', {
      method: 'POST',
      body: { cutoffDate: today(), description: `Conteo desconocido ${tag} ${width}`, categoryIds: [partida.id] },
    });
    await page.goto(`${baseUrl()}/dashboard/stock/counts/${count.id}`);
    const scan = main(page).getByRole('textbox', { name: 'Código de barras', exact: true });
    await main(page)
      .getByRole('textbox', { name: `Cantidad contada de ${product.name}`, exact: true })
      .waitFor();
    await scan.click();
    await scan.pressSequentially(unknown, { delay: 5 });
    await scan.press('Enter');
    await expectVisible(main(page).getByText(`No hay un producto con el código ${unknown}.`), 'el aviso del código desconocido');
    await screenshot(page, `scanning-07-unknown-${width}`);
    await main(page).getByRole('link', { name: 'Abrirlo en «Productos»', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Nuevo producto' });
    await expectVisible(form, 'el diálogo «Nuevo producto»');
    expect(await form.getByRole('textbox', { name: 'Código de barras' }).inputValue()).toBe(unknown);
    expect(new URL(page.url()).searchParams.get('codigo')).toBeNull();
    await screenshot(page, `scanning-08-new-product-${width}`);
    cleanLog(log);
  });
});
