// Portal figures for `npm run bench` (run by scripts/bench.mjs after the front end is built):
// Chromium (Debian's, driven by playwright-core) signs in through the embedded provider's
// sign-in page and opens the four areas from the side navigation, in a fresh browser context
// each repetition (cold cache), against the real server started as `npm start` runs it.
//   * JavaScript bytes transferred (compressed, as on the wire) to reach /dashboard, and after
//     visiting the four areas, vs the sum of each DISTINCT module's bytes (deduplicated by the
//     content of the file): a ratio of 1 means nothing was downloaded twice;
//   * time from submitting the sign-in form to a usable dashboard (navigation and release notes
//     shown) vs the time to load the provider's static sign-in page.
// Prints progress on stderr and, as its last stdout line, the rows as JSON.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { launchBrowser } from '../e2e/test/support/browser';
import { BASE_URL_ENV } from '../e2e/test/support/env';
import { AREAS, areaHeading, navigation, openFromNavigation } from '../e2e/test/support/portal';
import type { BenchRow } from './api';
import { scratchDatabase } from './lib/database';
import { startServer, stopServer } from './lib/server';
import { bytes, fmt, median, ms, ratio } from './lib/stats';

const REPETITIONS = Number(process.env.BENCH_PORTAL_REPETITIONS ?? 3);
const say = (line: string) => process.stderr.write(`${line}\n`);

interface Transfer {
  url: string;
  encoded: number;
  hash: string;
}

/** Every JavaScript file the page received, with its size on the wire and a hash of its content. */
function recordScripts(page: Page) {
  const pending: Array<Promise<Transfer | null>> = [];
  page.on('requestfinished', (request: Request) => {
    const url = request.url();
    if (request.resourceType() !== 'script' && !/\.m?js(\?|$)/.test(new URL(url).pathname)) return;
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return null;
        const [sizes, body] = await Promise.all([request.sizes(), response.body()]);
        // Chromium reports a negative body size for an answer taken from its HTTP cache: 0 bytes
        // crossed the wire (the shell's hashed files after the sign-in redirect, for instance).
        return { url, encoded: Math.max(0, sizes.responseBodySize), hash: createHash('sha256').update(body).digest('hex') };
      })().catch(() => null),
    );
  });
  return async () => {
    const transfers = (await Promise.all(pending)).filter((t): t is Transfer => t !== null);
    const distinct = new Map<string, number>();
    for (const t of transfers) distinct.set(t.hash, Math.max(distinct.get(t.hash) ?? 0, t.encoded));
    return {
      files: transfers.filter((t) => t.encoded > 0).length,
      fromCache: transfers.filter((t) => t.encoded === 0).length,
      distinctFiles: distinct.size,
      total: transfers.reduce((sum, t) => sum + t.encoded, 0),
      distinct: [...distinct.values()].reduce((sum, n) => sum + n, 0),
      urls: transfers.map((t) => t.url),
      transfers,
    };
  };
}

function listFiles(title: string, transfers: Transfer[]): void {
  say(`  ${title}:`);
  for (const t of [...transfers].sort((a, b) => b.encoded - a.encoded))
    say(`    ${bytes(t.encoded).padStart(10)}  ${new URL(t.url).pathname}`);
}

async function main(): Promise<void> {
  const database = await scratchDatabase('almacen_bench_portal');
  const password = `bench-${randomBytes(9).toString('base64url')}`;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const logFile = path.join(os.tmpdir(), `almacen-bench-portal-${process.pid}.log`);
  try {
    server = await startServer({ env: { DATABASE_URL: database.url, OIDC_ISSUER: undefined, ADMIN_PASSWORD: password }, logFile });
    const base = server.base;
    process.env[BASE_URL_ENV] = base;
    // One area per remote, in the order of the side navigation.
    const areas = ['mf-catalogs', 'mf-invoices', 'mf-dispatches', 'mf-stock'].map((remote) => AREAS.find((a) => a.remote === remote)!);

    const browser = await launchBrowser();
    const samples: Array<{
      signInPage: number;
      dashboard: number;
      atDashboard: Awaited<ReturnType<ReturnType<typeof recordScripts>>>;
      after: Awaited<ReturnType<ReturnType<typeof recordScripts>>>;
    }> = [];
    try {
      for (let rep = 1; rep <= REPETITIONS; rep++) {
        say(`Portal en Chromium, repetición ${rep}/${REPETITIONS} (contexto nuevo, caché fría)…`);
        const context = await browser.newContext({
          viewport: { width: 1280, height: 800 },
          locale: 'es-MX',
          timezoneId: 'America/Mexico_City',
        });
        const page = await context.newPage();
        page.setDefaultTimeout(60_000);
        const snapshot = recordScripts(page);

        await page.goto(`${base}/`);
        await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
        let start = performance.now();
        await page.getByRole('button', { name: 'Iniciar sesión' }).click();
        await page.waitForURL(/\/oidc\/interaction\//);
        await page.getByLabel('Usuario').waitFor();
        await page.waitForLoadState('load');
        const signInPage = performance.now() - start;

        await page.getByLabel('Usuario').fill('admin');
        await page.getByLabel('Contraseña').fill(password);
        start = performance.now();
        await page.getByRole('button', { name: 'Iniciar sesión' }).click();
        await page.waitForURL(`${base}/dashboard`);
        await navigation(page).waitFor();
        await page.getByText('Notas de lanzamiento').waitFor();
        const dashboard = performance.now() - start;
        await page.waitForLoadState('networkidle');
        const atDashboard = await snapshot();
        // BENCH_PORTAL_FILES=1: each file and its size on the wire, largest first (what to shrink).
        if (process.env.BENCH_PORTAL_FILES) listFiles('hasta /dashboard', atDashboard.transfers);

        for (const [index, area] of areas.entries()) {
          if (index === 0) await openFromNavigation(page, area);
          else {
            // In-app navigation (what the side navigation's links do) without the clicks: the
            // clicks are e2e/test/platform.test.ts's business; here only the downloads count.
            await page.evaluate((to) => {
              window.history.pushState({}, '', to);
              window.dispatchEvent(new PopStateEvent('popstate'));
            }, area.path);
            await page.waitForURL(`${base}${area.path}`);
          }
          // Until the new remote renders, the previous area's heading is still on screen.
          const arrived = await page
            .locator('main')
            .getByRole('heading', { level: 1, name: area.heading })
            .first()
            .waitFor({ state: 'visible', timeout: 30_000 })
            .then(
              () => true,
              () => false,
            );
          if (!arrived) throw new Error(`${area.path} mostró «${await areaHeading(page)}»`);
        }
        await page.waitForLoadState('networkidle');
        const after = await snapshot();
        if (process.env.BENCH_PORTAL_FILES)
          listFiles(
            'tras las cuatro áreas',
            after.transfers.filter((t) => !atDashboard.transfers.some((d) => d.url === t.url)),
          );
        for (const remote of ['mf-catalogs', 'mf-invoices', 'mf-dispatches', 'mf-stock']) {
          if (!after.urls.some((u) => u.includes(`/remotes/${remote}/`))) throw new Error(`no se descargó JavaScript de ${remote}`);
        }
        samples.push({ signInPage, dashboard, atDashboard, after });
        await context.close();
      }
    } finally {
      await browser.close();
    }

    const pick = <T>(f: (s: (typeof samples)[number]) => T) => samples.map(f);
    const m = (values: number[]) => median(values);
    const last = samples[samples.length - 1];
    const rows: BenchRow[] = [
      {
        figure: 'Portal: JavaScript transferido (comprimido) hasta /dashboard, inicio de sesión incluido',
        baseline: `${bytes(m(pick((s) => s.atDashboard.distinct)))} — suma de los módulos distintos (${last.atDashboard.distinctFiles} archivos)`,
        measured: `${bytes(m(pick((s) => s.atDashboard.total)))} (${last.atDashboard.files} descargas; ${last.atDashboard.fromCache} más desde la caché)`,
        ratio: ratio(m(pick((s) => s.atDashboard.total)) / m(pick((s) => s.atDashboard.distinct))),
        note: `mediana de ${samples.length} visitas con caché fría`,
      },
      {
        figure: 'Portal: JavaScript transferido tras visitar las cuatro áreas (catálogos, entradas, salidas, stock)',
        baseline: `${bytes(m(pick((s) => s.after.distinct)))} — suma de los módulos distintos (${last.after.distinctFiles} archivos)`,
        measured: `${bytes(m(pick((s) => s.after.total)))} (${last.after.files} descargas; ${last.after.fromCache} más desde la caché)`,
        ratio: ratio(m(pick((s) => s.after.total)) / m(pick((s) => s.after.distinct))),
        note: `1.00× = nada se descargó dos veces; las áreas añadieron ${bytes(m(pick((s) => s.after.total - s.atDashboard.total)))}`,
      },
      {
        figure: 'Portal: del envío del formulario de acceso al tablero utilizable (navegación y notas visibles)',
        baseline: `${ms(m(pick((s) => s.signInPage)))} — cargar la página estática de inicio de sesión`,
        measured: ms(m(pick((s) => s.dashboard))),
        ratio: ratio(m(pick((s) => s.dashboard)) / m(pick((s) => s.signInPage))),
        note: `medianas de ${samples.length} repeticiones: ${pick((s) => fmt(s.dashboard)).join(' / ')} ms vs ${pick((s) => fmt(s.signInPage)).join(' / ')} ms`,
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
