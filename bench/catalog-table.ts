// Catalogue-table scale figures for `npm run bench` (run by scripts/bench.mjs after the front end
// is built; alone: `node --import tsx bench/catalog-table.ts`): the products screen
// (mf-catalogs, /dashboard/catalogs/products, on the shared DataTable) in Chromium with 10,000
// products vs the same screen with 100 products, measured in the same run.
// Two real servers (as `npm start` runs them), each on its own fresh database with the products
// inserted by SQL; one signed-in browser context per server; rounds alternate between them and
// the medians are compared:
//   * first render: from the start of the navigation (a full page load of the products URL:
//     shell, /config.json, the remote, GET /api/catalog/products, search index, first page) to
//     the DataTable's `datatable:rows-rendered` mark with every product counted;
//   * search-to-update: from the `datatable:search-input` mark (typing the term in "Buscar un
//     producto") to the `datatable:rows-rendered` mark of the filtered rows. Reported with the
//     250 ms debounce included, and with 250 ms subtracted (the work after the debounce).
// Both marks are set by shared/src/kit/data-table/data-table.tsx in a layout effect, i.e. once
// React has committed the rows to the DOM.
// Prints progress on stderr and, as its last stdout line, the rows as JSON.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { SEARCH_DEBOUNCE_MS, TABLE_MARKS } from '@almacen/shared/domain';
import { launchBrowser } from '../e2e/test/support/browser';
import type { BenchRow } from './api';
import { createDatabase, scratchDatabase } from './lib/database';
import { startServer, stopServer, type ServerProcess } from './lib/server';
import { fmt, median, ms, ratio } from './lib/stats';

const LARGE = 10_000;
const SMALL = 100;
const ROUNDS = Number(process.env.BENCH_TABLE_ROUNDS ?? 5);
const PATH = '/dashboard/catalogs/products';
const TABLE_LABEL = 'Productos';
/** Every tenth product carries this word in its name: 1,000 of 10,000 and 10 of 100 match. */
const TERM = 'tóner';
const WORDS = ['papel bond', 'lápiz', TERM, 'carpeta', 'engrapadora', 'clip', 'folder', 'marcador', 'cinta adhesiva', 'sobre manila'];
const DEBOUNCE = SEARCH_DEBOUNCE_MS;

const say = (line: string) => process.stderr.write(`${line}\n`);

async function insertProducts(url: string, count: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const who = `'bench', 'Banco de pruebas'`;
    const audit = 'created_by, created_by_name, updated_by, updated_by_name';
    const words = `ARRAY[${WORDS.map((w) => `'${w}'`).join(', ')}]`;
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO product_categories (description, ${audit}) SELECT 'Partida ' || (2100 + g), ${who}, ${who} FROM generate_series(1, 20) g`,
    );
    await client.query(
      `INSERT INTO product_units (description, ${audit}) VALUES ('Pieza', ${who}, ${who}), ('Caja', ${who}, ${who}), ('Litro', ${who}, ${who})`,
    );
    // A fifth of the products without unit or partida, so both "Sin …" texts are rendered too.
    await client.query(
      `INSERT INTO products (name, category_id, unit_id, ${audit})
       SELECT initcap((${words})[1 + g % 10]) || ' modelo ' || g,
              CASE WHEN g % 5 = 0 THEN NULL ELSE (SELECT min(id) FROM product_categories) + g % 20 END,
              CASE WHEN g % 5 = 1 THEN NULL ELSE (SELECT min(id) FROM product_units) + g % 3 END,
              ${who}, ${who}
         FROM generate_series(1, $1::int) g`,
      [count],
    );
    await client.query('COMMIT');
    const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM products WHERE name ILIKE '%' || $1 || '%'`, [TERM]);
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

interface Side {
  size: number;
  matches: number;
  server: ServerProcess;
  context: BrowserContext;
  page: Page;
  firstRender: number[];
  search: number[];
  /** Longest task (ms) on the main thread between typing and the filtered rows. */
  longestTask: number[];
}

/** Long tasks (> 50 ms on the main thread) as Chromium reports them, kept from the first script on. */
const LONG_TASKS = `window.__benchLongTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__benchLongTasks.push({ start: e.startTime, duration: e.duration });
}).observe({ type: 'longtask', buffered: true });`;

/** Signs in through the embedded provider's page, as a person would. */
async function signIn(page: Page, base: string, password: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByLabel('Usuario').fill('admin');
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(`${base}/dashboard`);
}

/** Start time of the first `datatable:rows-rendered` mark of the products table with `total` rows for `search`. */
async function rowsRendered(page: Page, total: number, search: string, after = 0): Promise<number> {
  const handle = await page
    .waitForFunction(
      ({ mark, label, total, search, after }) => {
        const entry = performance.getEntriesByName(mark).find((e) => {
          const d = (e as PerformanceMark).detail as { label?: string; total?: number; search?: string } | null;
          return e.startTime >= after && d?.label === label && d.total === total && d.search === search;
        });
        return entry ? entry.startTime : false;
      },
      { mark: TABLE_MARKS.rowsRendered, label: TABLE_LABEL, total, search, after },
      { timeout: 120_000 },
    )
    .catch((error: Error) => {
      // The marks ship with the DataTable: a build from before them never sets one.
      throw new Error(
        `sin la marca ${TABLE_MARKS.rowsRendered} (${total} filas, «${search}»); ¿compilación antigua? ejecute npm run build. ${error.message}`,
      );
    });
  return (await handle.jsonValue()) as number;
}

async function measureRound(side: Side, base: string): Promise<void> {
  const { page } = side;
  // A full load of the products URL: the performance timeline starts again at 0 = navigation start.
  await page.goto(`${base}${PATH}`, { waitUntil: 'commit' });
  const firstRender = await rowsRendered(page, side.size, '');
  // The rows must really be on screen (and not the sign-in page or an error).
  await page.getByRole('table', { name: TABLE_LABEL }).getByRole('row').nth(1).waitFor();

  const search = page.getByPlaceholder('Buscar un producto');
  await search.click();
  await page.evaluate((mark) => performance.clearMarks(mark), TABLE_MARKS.searchInput);
  await search.fill(TERM);
  const updated = await rowsRendered(page, side.matches, TERM);
  const typed = await page.evaluate(
    ({ name, term }) => {
      const mark = performance.getEntriesByName(name).find((e) => ((e as PerformanceMark).detail as { search?: string })?.search === term);
      return mark ? mark.startTime : null;
    },
    { name: TABLE_MARKS.searchInput, term: TERM },
  );
  if (typed === null) throw new Error(`no se registró la marca ${TABLE_MARKS.searchInput}`);
  const longestTask = await page.evaluate(
    ({ from, to }) =>
      ((window as unknown as { __benchLongTasks: Array<{ start: number; duration: number }> }).__benchLongTasks ?? [])
        .filter((t) => t.start + t.duration >= from && t.start <= to)
        .reduce((max, t) => Math.max(max, t.duration), 0),
    { from: typed, to: updated },
  );
  // …and the pager says so (default page of 10 rows).
  await page.getByText(`1–${Math.min(10, side.matches)} de ${side.matches.toLocaleString('es-MX')}`, { exact: true }).waitFor();
  side.firstRender.push(firstRender);
  side.search.push(updated - typed);
  side.longestTask.push(longestTask);
}

async function main(): Promise<void> {
  const database = await scratchDatabase('almacen_bench_table');
  const second = await createDatabase(database.url, 'almacen_bench_table_small');
  const password = `bench-${randomBytes(9).toString('base64url')}`;
  const servers: ServerProcess[] = [];
  const logFile = path.join(os.tmpdir(), `almacen-bench-table-${process.pid}.log`);
  try {
    const env = (url: string) => ({ DATABASE_URL: url, OIDC_ISSUER: undefined, ADMIN_PASSWORD: password });
    say('Arrancando dos servidores (10,000 y 100 productos)…');
    const [largeServer, smallServer] = await Promise.all([
      startServer({ env: env(database.url), logFile }),
      startServer({ env: env(second.url), logFile }),
    ]);
    servers.push(largeServer, smallServer);
    const [largeMatches, smallMatches] = await Promise.all([insertProducts(database.url, LARGE), insertProducts(second.url, SMALL)]);

    const browser = await launchBrowser();
    try {
      const sides: Side[] = [];
      for (const [size, matches, server] of [
        [LARGE, largeMatches, largeServer],
        [SMALL, smallMatches, smallServer],
      ] as const) {
        const context = await browser.newContext({
          viewport: { width: 1280, height: 800 },
          locale: 'es-MX',
          timezoneId: 'America/Mexico_City',
        });
        await context.addInitScript(LONG_TASKS);
        const page = await context.newPage();
        page.setDefaultTimeout(60_000);
        await signIn(page, server.base, password);
        sides.push({ size, matches, server, context, page, firstRender: [], search: [], longestTask: [] });
      }
      // One unmeasured round each warms the HTTP cache and the JIT alike for both tables.
      for (const side of sides) await measureRound({ ...side, firstRender: [], search: [], longestTask: [] }, side.server.base);
      for (let round = 1; round <= ROUNDS; round++) {
        const order = round % 2 ? sides : [...sides].reverse();
        for (const side of order) {
          await measureRound(side, side.server.base);
          say(
            `Tabla de productos, ronda ${round}/${ROUNDS}, ${fmt(side.size)} productos: primer renderizado ${fmt(side.firstRender.at(-1)!)} ms, ` +
              `búsqueda ${fmt(side.search.at(-1)!)} ms`,
          );
        }
      }
      const [large, small] = sides;
      const list = (values: number[]) => values.map((v) => fmt(v)).join(' / ');
      const work = (values: number[]) => values.map((v) => Math.max(0, v - DEBOUNCE));
      const rows: BenchRow[] = [
        {
          figure: `Catálogo de productos en Chromium: primer renderizado de la tabla con ${fmt(LARGE)} productos (de la navegación a las filas mostradas)`,
          baseline: `${ms(median(small.firstRender))} — la misma tabla con ${fmt(SMALL)} productos`,
          measured: ms(median(large.firstRender)),
          ratio: ratio(median(large.firstRender) / median(small.firstRender)),
          note: `carga completa de ${PATH} (shell, remoto, GET /api/catalog/products, índice de búsqueda, primera página; sesión iniciada, caché HTTP caliente) hasta la marca datatable:rows-rendered; medianas de ${ROUNDS} rondas alternadas: ${list(large.firstRender)} ms vs ${list(small.firstRender)} ms`,
        },
        {
          figure: `Catálogo de productos en Chromium: de teclear «${TERM}» en «Buscar un producto» a las filas filtradas, ${fmt(LARGE)} productos (espera de ${DEBOUNCE} ms incluida)`,
          baseline: `${ms(median(small.search))} — la misma tabla con ${fmt(SMALL)} productos`,
          measured: ms(median(large.search)),
          ratio: ratio(median(large.search) / median(small.search)),
          note: `${fmt(largeMatches)} vs ${fmt(smallMatches)} coincidencias; de la marca datatable:search-input a datatable:rows-rendered; medianas de ${ROUNDS} rondas: ${list(large.search)} ms vs ${list(small.search)} ms; tarea larga máx. del hilo principal durante la búsqueda: ${fmt(Math.max(...large.longestTask))} ms vs ${fmt(Math.max(...small.longestTask))} ms (0 = ninguna de más de 50 ms)`,
        },
        {
          figure: `Catálogo de productos en Chromium: la misma búsqueda sin la espera (medido − ${DEBOUNCE} ms), ${fmt(LARGE)} productos`,
          baseline: `${ms(median(work(small.search)))} — la misma tabla con ${fmt(SMALL)} productos`,
          measured: ms(median(work(large.search))),
          ratio: ratio(median(work(large.search)) / Math.max(median(work(small.search)), 0.1)),
          note: `el trabajo tras la espera de ${DEBOUNCE} ms (filtrar, ordenar, paginar, renderizar); incluye cualquier retraso del temporizador por un hilo principal ocupado`,
        },
      ];
      for (const side of sides) await side.context.close();
      console.log(JSON.stringify(rows));
    } finally {
      await browser.close();
    }
    fs.rmSync(logFile, { force: true });
  } finally {
    for (const server of servers) await stopServer(server);
    await second.drop().catch(() => undefined);
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
