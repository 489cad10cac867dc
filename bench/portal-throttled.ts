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
//     the side navigation, until the paginator reads «1–10 de 100»);
//   * the next visit, warm: a new tab of the same context (its HTTP cache kept, cookies and the
//     session gone, as a day later), from submitting the sign-in form to a usable dashboard.
// BENCH_PORTAL_TIMELINE=1 prints on stderr Chromium's network log after each submission: when
// each request started and finished, counted from the form's POST.
// Prints progress on stderr and, as its last stdout line, the rows as JSON.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/test/support/browser';
import { BASE_URL_ENV } from '../e2e/test/support/env';
import { AREAS, navigation, openFromNavigation } from '../e2e/test/support/portal';
import type { BenchRow } from './api';
import { scratchDatabase } from './lib/database';
import { recordNetwork, type NetworkLog } from './lib/network-log';
import { startServer, stopServer } from './lib/server';
import { fmt, median, ms, ratio } from './lib/stats';

const REPETITIONS = Number(process.env.BENCH_PORTAL_REPETITIONS ?? 3);
const PRODUCTS = 100;
/** Chromium's network emulation, in bytes per second and milliseconds. */
export const THROTTLED = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };
const NETWORK = '1.6 Mbit/s de bajada, 750 kbit/s de subida, 150 ms de ida y vuelta';
const say = (line: string) => process.stderr.write(`${line}\n`);
const TIMELINE = Boolean(process.env.BENCH_PORTAL_TIMELINE);

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

interface ThrottledPage {
  page: Page;
  cdp: CDPSession;
  log: NetworkLog;
  /** performance.now() when the dashboard was usable. */
  dashboardAt: number;
}

/** A new tab of `context` on the throttled network, with its network log. */
async function throttledPage(context: BrowserContext, base: string): Promise<ThrottledPage> {
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', THROTTLED);
  const log = recordNetwork(cdp, base);
  await page.goto(`${base}/`);
  return { page, cdp, log, dashboardAt: 0 };
}

/** From the portal's «Iniciar sesión» to the provider's sign-in page loaded: the baseline. */
async function openSignInPage(page: Page): Promise<number> {
  const signIn = page.getByRole('button', { name: 'Iniciar sesión' });
  await signIn.waitFor();
  const start = performance.now();
  await signIn.click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByLabel('Usuario').waitFor();
  await page.waitForLoadState('load');
  return performance.now() - start;
}

/** From submitting the sign-in form to a usable dashboard (navigation and release notes shown). */
async function signInToDashboard(target: ThrottledPage, password: string): Promise<number> {
  const { page, log } = target;
  await page.getByLabel('Usuario').fill('admin');
  await page.getByLabel('Contraseña').fill(password);
  const start = performance.now();
  log.markNextRequest();
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(/\/dashboard$/);
  await navigation(page).waitFor();
  await page.getByText('Notas de lanzamiento').waitFor();
  target.dashboardAt = performance.now();
  return target.dashboardAt - start;
}

function printTimeline(title: string, lines: string[]): void {
  say(`  red (${title}), desde el envío del formulario:`);
  for (const line of lines) say(`    ${line}`);
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
    const samples: Array<{ signInPage: number; dashboard: number; table: number; warmSignInPage: number; warm: number }> = [];
    try {
      for (let rep = 1; rep <= REPETITIONS; rep++) {
        say(`Portal con la red limitada, repetición ${rep}/${REPETITIONS} (contexto nuevo, caché fría)…`);
        const context = await browser.newContext({
          viewport: { width: 1280, height: 800 },
          locale: 'es-MX',
          timezoneId: 'America/Mexico_City',
        });
        const cold = await throttledPage(context, base);
        const { page } = cold;
        const signInPage = await openSignInPage(page);
        // Cold from here: the shell's files fetched for "/" must cross the slow link again.
        await cold.cdp.send('Network.clearBrowserCache');
        const dashboard = await signInToDashboard(cold, password);
        await openFromNavigation(page, products);
        await page.getByText(`1–10 de ${PRODUCTS}`, { exact: true }).waitFor();
        const table = dashboard + (performance.now() - cold.dashboardAt);
        if (TIMELINE) printTimeline(`caché fría; tablero a los ${fmt(dashboard)} ms, tabla a los ${fmt(table)} ms`, cold.log.timeline());
        await page.close();

        // The next visit: same HTTP cache, no provider session, no portal session (a new tab).
        await context.clearCookies();
        const warmPage = await throttledPage(context, base);
        const warmSignInPage = await openSignInPage(warmPage.page);
        const warm = await signInToDashboard(warmPage, password);
        if (TIMELINE) printTimeline(`segunda visita; tablero a los ${fmt(warm)} ms`, warmPage.log.timeline());
        samples.push({ signInPage, dashboard, table, warmSignInPage, warm });
        say(
          `  página de acceso ${fmt(signInPage)} ms, tablero ${fmt(dashboard)} ms, tabla de productos ${fmt(table)} ms; ` +
            `segunda visita: página de acceso ${fmt(warmSignInPage)} ms, tablero ${fmt(warm)} ms`,
        );
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
      {
        figure: `Portal con la red limitada (${NETWORK}), segunda visita (caché caliente): del envío del formulario de acceso al tablero utilizable`,
        baseline,
        measured: ms(median(pick((s) => s.warm))),
        ratio: ratio(median(pick((s) => s.warm)) / signInPage),
        note: `medianas de ${samples.length} repeticiones: ${list((s) => s.warm)}; pestaña nueva del mismo contexto (caché HTTP conservada, sin cookies ni sesión); la página de acceso en esa visita: ${list((s) => s.warmSignInPage)}`,
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
