// «Administración → Respaldos» in a real browser: after `npm run backup` against the server's
// database, «Último respaldo» shows its date and time, size, folder and file with no warning;
// once the record is older than 48 hours (aged in the database) the warning is in its place and
// /healthz says ok false while staying 200. At 1280×800 and 390×844, with screenshots.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, newPage, screenshot, signIn } from './support/browser';
import { backupEnv, baseUrl, OWNER_URL_ENV, REPO_ROOT } from './support/env';
import { navigation } from './support/portal';
import { expectNotVisible, expectVisible } from './support/visibility';

const WARNING = 'El último respaldo tiene más de 48 horas.';

let browser: Browser;
let file: string;
beforeAll(async () => {
  browser = await launchBrowser();
  const settings = backupEnv();
  const { stdout } = await promisify(execFile)(process.execPath, ['api/cli.mjs', 'backup'], {
    cwd: REPO_ROOT,
    // The server's database and nothing else of this shell's (DATABASE_URL here is the test server's maintenance one).
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: '', ...settings },
  });
  file = path.basename(/^Respaldo creado: (.+)$/m.exec(stdout)![1]);
});
afterAll(async () => {
  await browser?.close();
});

async function inDatabase(sql: string) {
  const client = new pg.Client({ connectionString: process.env[OWNER_URL_ENV] });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function openBackups(page: Page) {
  const nav = navigation(page);
  const link = nav.getByRole('link', { name: 'Respaldos', exact: true });
  if (!(await link.isVisible())) {
    const menu = page.getByRole('button', { name: 'Abrir menú' });
    if (await menu.isVisible()) await menu.click();
    const group = nav.getByText('Administración', { exact: true });
    await group.waitFor({ state: 'visible' });
    if (!(await link.isVisible())) await group.click();
  }
  await link.click();
  await page.locator('main').getByRole('heading', { level: 1, name: 'Respaldos' }).waitFor();
}

async function health() {
  const response = await fetch(`${baseUrl()}/healthz`);
  return { status: response.status, backup: (await response.json()).backup };
}

it.each([
  ['1280', DESKTOP],
  ['390', PHONE],
])('at %s: «Último respaldo» after npm run backup, then the warning once it is older than 48 hours', async (width, viewport) => {
  const { page, log } = await newPage(browser, viewport);
  await signIn(page);
  await openBackups(page);
  const card = page.getByRole('region', { name: 'Último respaldo' });
  await expectVisible(card.getByRole('heading', { name: 'Último respaldo' }), 'Último respaldo');
  await expectVisible(card.getByText(file), 'el archivo del respaldo');
  await expectVisible(card.getByText(backupEnv().BACKUP_DIR), 'la carpeta');
  await expectVisible(card.getByText(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/), 'la fecha y hora');
  await expectVisible(card.getByText(/^(\d+\.\d+|menos de 0\.01) MB$/), 'el tamaño en MB');
  await expectNotVisible(page.getByText(WARNING), 'el aviso de más de 48 horas');
  // The attempt is also the newest row of «Respaldos recientes», said worked.
  const recent = page.getByRole('table', { name: 'Respaldos recientes' });
  await expectVisible(recent.locator('tbody tr').first().getByText('Correcto', { exact: true }), 'el resultado en Respaldos recientes');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  await screenshot(page, `backups-01-ultimo-respaldo-${width}`);
  expect(await health()).toEqual({ status: 200, backup: expect.objectContaining({ ok: true }) });

  await inDatabase(`UPDATE backup_runs SET at = now() - interval '50 hours'`);
  try {
    await page.reload();
    await page.locator('main').getByRole('heading', { level: 1, name: 'Respaldos' }).waitFor();
    await expectVisible(card.getByRole('alert').getByText(WARNING), 'el aviso de más de 48 horas');
    await expectVisible(card.getByText(file), 'el archivo, junto al aviso');
    await screenshot(page, `backups-02-mas-de-48-horas-${width}`);
    expect(await health()).toEqual({ status: 200, backup: expect.objectContaining({ ok: false }) });
  } finally {
    await inDatabase(`UPDATE backup_runs SET at = now()`);
  }
  expect(log.errors).toEqual([]);
});
