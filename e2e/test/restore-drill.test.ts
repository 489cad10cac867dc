// The restore drill as an operator does it on a new machine: `npm run backup` of the running
// server, the secrets key carried apart (it is never in a backup), `npm run restore -- FILE` into a
// fresh embedded database under a new DATA_DIR, and the product started there. A person signs in
// to the restored portal with the same account and opens a product's stock: the quantity, the
// average and every movement are the ones of the original server, and the kardex downloads.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { formatCurrencyMXN, formatQuantity } from '../../shared/src/domain/format';
import { DESKTOP, launchBrowser, newPage, screenshot, signIn } from './support/browser';
import { downloadFrom, pdfText } from './support/downloads';
import { ARTIFACTS, backupEnv, BASE_URL_ENV, baseUrl, REPO_ROOT } from './support/env';
import { openFromNavigation, AREAS } from './support/portal';
import { apiClient, createDispatch, createInvoice, createPeople, createProduct, stockOf, uniqueTag } from './support/seed';
import { freePort, waitForHealth } from './support/servers';
import { openProductStock } from './support/stock-ui';

let browser: Browser;
let restored: { child: ChildProcess; url: string; dataDir: string } | null = null;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  if (restored?.child.pid && restored.child.exitCode === null) {
    const ended = new Promise((resolve) => restored!.child.once('exit', resolve));
    process.kill(-restored.child.pid, 'SIGTERM');
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 20_000))]);
  }
  if (restored) fs.rmSync(restored.dataDir, { recursive: true, force: true });
});

/** Only what an operator's shell would hold: no DATABASE_URL of this test run's. */
const bareEnv = (settings: Record<string, string>) => ({ PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: '', ...settings });

it('backup → restore into a fresh embedded database → the restored portal signs in and shows the same stock and kardex', async () => {
  const api = await apiClient();
  const tag = uniqueTag();
  const people = await createPeople(api, tag);
  const product = await createProduct(api, `Cartulina ${tag}`);
  await createInvoice(api, people, `R-${tag}`, [
    { productId: product.id, quantity: '10', price: '12', observations: `Entrada ${tag}` },
    { productId: product.id, quantity: '5', price: '15' },
  ]);
  await createDispatch(api, people, [{ productId: product.id, quantity: '3.5', observations: `Salida ${tag}` }]);
  const before = await stockOf(api, product.id);

  // 1. npm run backup of the running server.
  const settings = backupEnv();
  const run = promisify(execFile);
  const { stdout } = await run(process.execPath, ['api/cli.mjs', 'backup'], { cwd: REPO_ROOT, env: bareEnv(settings) });
  const file = /^Respaldo creado: (.+)$/m.exec(stdout)![1];

  // 2. A new machine: a new DATA_DIR, with the secrets key brought apart from the backup.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-e2e-restaurado-'));
  const sourceDataDir = settings.DATA_DIR ?? path.join(REPO_ROOT, '.data');
  fs.copyFileSync(path.join(sourceDataDir, 'secrets.key'), path.join(dataDir, 'secrets.key'));
  const pgPort = String(await freePort());
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const target = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: pgPort, APP_TIME_ZONE: settings.APP_TIME_ZONE ?? 'America/Mexico_City' };

  // 3. npm run restore -- FILE: verified, restored, migrated, balances proven.
  const restoredRun = await run(process.execPath, ['api/cli.mjs', 'restore', file], { cwd: REPO_ROOT, env: bareEnv(target) });
  expect(restoredRun.stdout).toMatch(/^Respaldo verificado: /m);

  // 4. The product started on the restored data.
  const log = fs.openSync(path.join(ARTIFACTS, 'restored-server.log'), 'w');
  const child = spawn(process.execPath, ['api/dist/server.js'], {
    cwd: REPO_ROOT,
    env: {
      ...bareEnv(target),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      BACKUP_DISABLED: '1',
      OIDC_ISSUER: '',
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  restored = { child, url, dataDir };
  await waitForHealth(url, child, 180_000);

  // 5. The same account signs in to the restored portal; the stock and its movements are there.
  const original = baseUrl();
  process.env[BASE_URL_ENV] = url;
  try {
    const { page, log: pageLog } = await newPage(browser, DESKTOP);
    await signIn(page);
    await openFromNavigation(
      page,
      AREAS.find((a) => a.label === 'Stock de productos')!,
    );
    const stock = await openProductStock(page, product);
    expect(await stock.available()).toBe(formatQuantity(before.availableQuantity));
    expect(await stock.average()).toBe(formatCurrencyMXN(before.averagePrice));
    await stock.movements.getByText(`Entrada ${tag}`).waitFor();
    await stock.movements.getByText(`Salida ${tag}`).waitFor();
    await screenshot(page, 'restore-drill-01-stock-1280');
    const card = await downloadFrom(stock.panel.getByRole('button', { name: 'Tarjeta de almacén', exact: true }));
    expect(card.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(card.file)).toContain(product.name);
    expect(pageLog.errors).toEqual([]);
  } finally {
    process.env[BASE_URL_ENV] = original;
  }
});
