// Portal on a slow network for `npm run bench` (run by scripts/bench.mjs after the
// front end is built; alone: `node --import tsx bench/portal-throttled.ts`): Chromium (Debian's,
// driven by playwright-core) with its own network emulation (DevTools protocol,
// Network.emulateNetworkConditions: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip — a
// "fast 3G" phone), against the real server started as `npm start` runs it.
// Each repetition uses a fresh browser context; once the provider's sign-in page is on screen the
// browser's HTTP cache is cleared (Network.clearBrowserCache), so everything after "Iniciar
// sesión" is submitted is downloaded cold, over the throttled link:
//   * baseline: loading the provider's static sign-in page (from clicking the portal's "Iniciar
//     sesión" to its `load` event: the redirects and one small HTML page) — what one page costs
//     on this network;
//   * from submitting the sign-in form to a usable dashboard (navigation and release notes shown);
//   * from submitting the sign-in form to the products table (the dashboard, then "Productos" in
//     the side navigation, until the paginator reads «1–10 de 100»).
// Prints progress on stderr and, as its last stdout line, the rows as JSON.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { launchBrowser } from '../e2e/test/support/browser';
import { BASE_URL_ENV } from '../e2e/test/support/env';
import { AREAS, navigation, openFromNavigation } from '../e2e/test/support/portal';
import type { BenchRow } from './api';
import { scratchDatabase } from './lib/database';
import { startServer, stopServer } from './lib/server';
import { fmt, median, ms, ratio } from './lib/stats';

const REPETITIONS = Number(process.env.BENCH_PORTAL_REPETITIONS ?? 3);
const PRODUCTS = 100;
/** Chromium's network emulation, in bytes per second and milliseconds. */
export const THROTTLED = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };
const NETWORK = '1.6 Mbit/s de bajada, 750 kbit/s de subida, 150 ms de ida y vuelta';
const say = (line: string) => process.stderr.write(`${line}\n`);

async function insertProducts(url: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const who = `'bench', 'Banco de pruebas'`;
    await client.query(
      `INSERT INTO products (name, created_by, created_by_name, updated_by, updated_by_name)
       SELECT 'Papel bond modelo ' || g, ${who}, ${who} FROM generate_series(1, $1::int) g`,
      [count],
    );
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const database = await scratchDatabase('almacen_bench_throttled');
  const password = `bench-${randomBytes(9).toString('base64url')}`;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const logFile = path.join(os.tmpdir(), `almacen-bench-throttled-${process.pid}.log`);
  try {
    server = await startServer({ env: { DATABASE_URL: database.url, OIDC_ISSUER: undefined, ADMIN_PASSWORD: password }, logFile });
    await insertProducts(database.url, PRODUCTS);
    const base = server.base;
    process.env[BASE_URL_ENV] = base;
    const products = AREAS.find((a) => a.path === '/dashboard/catalogs/products')!;

    const browser = await launchBrowser();
    const samples: Array<{ signInPage: number; dashboard: number; table: number }> = [];
    try {
      for (let rep = 1; rep <= REPETITIONS; rep++) {
        say(`Portal con la red limitada, repetición ${rep}/${REPETITIONS} (contexto nuevo, caché fría)…`);
        const context = await browser.newContext({
          viewport: { width: 1280, height: 800 },
          locale: 'es-MX',
          timezoneId: 'America/Mexico_City',
        });
        const page = await context.newPage();
        page.setDefaultTimeout(120_000);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', THROTTLED);

        await page.goto(`${base}/`);
        const signIn = page.getByRole('button', { name: 'Iniciar sesión' });
        await signIn.waitFor();
        let start = performance.now();
        await signIn.click();
        await page.waitForURL(/\/oidc\/interaction\//);
        await page.getByLabel('Usuario').waitFor();
        await page.waitForLoadState('load');
        const signInPage = performance.now() - start;

        // Cold from here: the shell's files fetched for "/" must cross the slow link again.
        await cdp.send('Network.clearBrowserCache');
        await page.getByLabel('Usuario').fill('admin');
        await page.getByLabel('Contraseña').fill(password);
        start = performance.now();
        await page.getByRole('button', { name: 'Iniciar sesión' }).click();
        await page.waitForURL(`${base}/dashboard`);
        await navigation(page).waitFor();
        await page.getByText('Notas de lanzamiento').waitFor();
        const dashboard = performance.now() - start;

        await openFromNavigation(page, products);
        await page.getByText(`1–10 de ${PRODUCTS}`, { exact: true }).waitFor();
        const table = performance.now() - start;
        samples.push({ signInPage, dashboard, table });
        say(`  página de acceso ${fmt(signInPage)} ms, tablero ${fmt(dashboard)} ms, tabla de productos ${fmt(table)} ms`);
        await context.close();
      }
    } finally {
      await browser.close();
    }

    const pick = (f: (s: (typeof samples)[number]) => number) => samples.map(f);
    const signInPage = median(pick((s) => s.signInPage));
    const baseline = `${ms(signInPage)} — cargar la página estática de inicio de sesión con la misma red`;
    const list = (f: (s: (typeof samples)[number]) => number) => `${samples.map((s) => fmt(f(s))).join(' / ')} ms`;
    const rows: BenchRow[] = [
      {
        figure: `Portal con la red limitada (${NETWORK}), caché fría: del envío del formulario de acceso al tablero utilizable (navegación y notas visibles)`,
        baseline,
        measured: ms(median(pick((s) => s.dashboard))),
        ratio: ratio(median(pick((s) => s.dashboard)) / signInPage),
        note: `medianas de ${samples.length} repeticiones: ${list((s) => s.dashboard)} vs ${list((s) => s.signInPage)}; emulación de red de Chromium (Network.emulateNetworkConditions), caché borrada antes del envío`,
      },
      {
        figure: `Portal con la red limitada (${NETWORK}), caché fría: del envío del formulario de acceso a la tabla de productos (tablero y luego «Productos»)`,
        baseline,
        measured: ms(median(pick((s) => s.table))),
        ratio: ratio(median(pick((s) => s.table)) / signInPage),
        note: `medianas de ${samples.length} repeticiones: ${list((s) => s.table)}; hasta «1–10 de ${PRODUCTS}» en el paginador`,
      },
    ];
    console.log(JSON.stringify(rows));
    fs.rmSync(logFile, { force: true });
  } finally {
    if (server) await stopServer(server);
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
