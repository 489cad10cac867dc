// Barcode reading for `npm run bench -- scan` (needs the front end built and Chromium): in the
// exit wizard, the time from a decoded camera frame to the product's row on screen, against the
// time from a scanner's Enter in «Código de barras» to the same. The camera is Chromium's fake
// device and the decoder a stand-in BarcodeDetector put on the page before the portal loads: its
// detect() answers a code when the bench hands it one, and notes that moment (the decoded frame).
// "On screen": the first animation frame in which the row's «Producto» shows the product's name.
// 20 reads each, 20 products with their own codes (each read adds a row), medians.
// Prints progress on stderr and, as its last stdout line, the rows as JSON.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/test/support/browser';
import { choose } from '../e2e/test/support/catalog-ui';
import { ADMIN_PASSWORD_ENV, BASE_URL_ENV } from '../e2e/test/support/env';
import { apiClient, createInvoice, createPeople, uniqueTag } from '../e2e/test/support/seed';
import type { BenchRow } from './api';
import { scratchDatabase } from './lib/database';
import { startServer, stopServer } from './lib/server';
import { fmt, median, ms, ratio } from './lib/stats';

const READS = 20;
const say = (line: string) => process.stderr.write(`${line}\n`);

/**
 * Until the row whose «Producto» shows `name` is painted: ms since the page clock's
 * `window[sinceVariable]`. Sent as text: the bench runs through tsx, whose helpers the page lacks.
 */
const untilRowShown = (page: Page, name: string, sinceVariable: string) =>
  page.evaluate<number>(`new Promise((resolve) => {
    const look = () => {
      const since = window[${JSON.stringify(sinceVariable)}];
      const shown = [...document.querySelectorAll('input[role="combobox"]')].some((input) => input.value === ${JSON.stringify(name)});
      if (since !== undefined && shown) resolve(performance.now() - since);
      else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  })`);

/** The stand-in decoder: answers `window.__benchCode` once, noting the moment in `window.__decodedAt`. */
const FAKE_DETECTOR = `window.BarcodeDetector = class {
  static async getSupportedFormats() { return ['ean_13', 'code_128']; }
  async detect() {
    const code = window.__benchCode;
    if (!code) return [];
    window.__benchCode = undefined;
    window.__decodedAt = performance.now();
    return [{ rawValue: code }];
  }
};`;

async function main(): Promise<void> {
  const database = await scratchDatabase('almacen_bench_scan');
  const password = `bench-${randomBytes(9).toString('base64url')}`;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    server = await startServer({
      env: { DATABASE_URL: database.url, OIDC_ISSUER: undefined, ADMIN_PASSWORD: password },
      logFile: path.join(os.tmpdir(), `almacen-bench-scan-${process.pid}.log`),
    });
    process.env[BASE_URL_ENV] = server.base;
    process.env[ADMIN_PASSWORD_ENV] = password;
    const api = await apiClient();
    const tag = uniqueTag();
    const people = await createPeople(api, tag);
    const products: Array<{ id: number; name: string; code: string }> = [];
    for (let i = 0; i < READS * 2; i++) {
      const code = `BENCH-${tag}-${i}`;
      const created = await api<{ id: number; name: string }>('/api/catalog/products', {
        method: 'POST',
        body: { name: `Producto de prueba ${i + 1} ${tag}`, barcode: code },
      });
      products.push({ ...created, code });
    }
    await createInvoice(
      api,
      people,
      `B-${tag}`,
      products.map((p) => ({ productId: p.id, quantity: '100', price: '1' })),
    );

    const browser = await launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
    try {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        locale: 'es-MX',
        timezoneId: 'America/Mexico_City',
      });
      await context.addInitScript(FAKE_DETECTOR);
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      await page.goto(`${server.base}/`);
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await page.getByLabel('Usuario').fill('admin');
      await page.getByLabel('Contraseña').fill(password);
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await page.waitForURL(`${server.base}/dashboard`);

      const openWizard = async () => {
        await page.goto(`${server!.base}/dashboard/dispatches/generate`);
        const header = page.getByRole('group', { name: 'Datos de la salida' });
        for (const [label, employee] of [
          ['Responsable del área solicitante', people.employees[0]],
          ['Solicitante', people.employees[1]],
          ['Almacenista', people.employees[2]],
        ] as const) {
          await choose(header, label, `${employee.name} ${employee.lastName}`, employee.name);
        }
        await page.getByRole('button', { name: 'Siguiente paso', exact: true }).click();
        const field = page.getByRole('textbox', { name: 'Código de barras', exact: true });
        await field.waitFor();
        return field;
      };

      say(`Escaneo con la cámara: ${READS} lecturas…`);
      await openWizard();
      await page.getByRole('button', { name: 'Escanear', exact: true }).click();
      await page.getByText('Apunta la cámara al código de barras del producto: se lee solo.').waitFor();
      const camera: number[] = [];
      for (const product of products.slice(0, READS)) {
        await page.evaluate('window.__decodedAt = undefined');
        const shown = untilRowShown(page, product.name, '__decodedAt');
        await page.evaluate(`window.__benchCode = ${JSON.stringify(product.code)}`);
        camera.push(await shown);
      }

      say(`Escaneo con el lector (Enter): ${READS} lecturas…`);
      // The same wizard, the camera closed: the field is right there.
      await page.getByRole('button', { name: 'Cerrar', exact: true }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      const field = page.getByRole('textbox', { name: 'Código de barras', exact: true });
      const keyboard: number[] = [];
      for (const product of products.slice(READS)) {
        await field.fill(product.code);
        await page.evaluate(
          `window.__enterAt = undefined; document.addEventListener('keydown', () => (window.__enterAt = performance.now()), { capture: true, once: true })`,
        );
        const shown = untilRowShown(page, product.name, '__enterAt');
        await field.press('Enter');
        keyboard.push(await shown);
      }
      await context.close();

      const rows: BenchRow[] = [
        {
          figure: 'Escaneo: del cuadro decodificado por la cámara al renglón de la salida en pantalla',
          baseline: `${ms(median(keyboard))} — del Enter del lector en «Código de barras» al mismo renglón`,
          measured: `${ms(median(camera))} (meta ≤ 150 ms)`,
          ratio: ratio(median(camera) / median(keyboard)),
          note: `medianas de ${READS} lecturas cada una: ${camera.map((value) => fmt(value)).join(' / ')} ms vs ${keyboard.map((value) => fmt(value)).join(' / ')} ms`,
        },
      ];
      console.log(JSON.stringify(rows));
    } finally {
      await browser.close();
    }
  } finally {
    if (server) await stopServer(server);
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
