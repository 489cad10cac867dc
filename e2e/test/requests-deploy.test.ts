// A new remote deployed by its own squad (ARCHITECTURE.md, "Add a remote"): the portal is built
// and served with a registry that has no mf-requests — its menu has no «Solicitudes» —, shell/dist
// is recorded; then the remote is added (its entry back in remotes.json, `npm run build -w
// mf-requests`) and the server restarted as a deploy would. Its group, its pages and its menu
// counts work, and every file of shell/dist is byte-identical. A server of this test's own serves
// both (the API reads remotes.json when it starts), on the suite's database; remotes.json is
// restored whatever happens.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { AccessRole, NewUserResult } from '../../shared/src/domain/access';
import { apiToken, launchBrowser, newPage, screenshot } from './support/browser';
import { main, table } from './support/catalog-ui';
import { adminPassword, ARTIFACTS, BASE_URL_ENV, baseUrl, OWNER_URL_ENV, REMOTES, REPO_ROOT } from './support/env';
import { navigation } from './support/portal';
import { apiClient, createInvoice, createPeople, createProduct, uniqueTag, type ApiClient } from './support/seed';
import { freePort, waitForHealth } from './support/servers';
import { shellHashes } from './support/shell-dist';
import { settledBox } from './support/visibility';

const REGISTRY = path.join(REPO_ROOT, 'remotes.json');
const REMOTE_DIST = path.join(REPO_ROOT, 'mf-requests', 'dist');
const original = fs.readFileSync(REGISTRY, 'utf8');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** remotes.json without mf_requests, as the portal was before the squad added it. */
function registryWithout(name: string): string {
  const registry = JSON.parse(original) as { remotes: Array<{ name: string }> };
  return `${JSON.stringify({ ...registry, remotes: registry.remotes.filter((remote) => remote.name !== name) }, null, 2)}\n`;
}

let browser: Browser;
let admin: ApiClient;
let server: ChildProcess | null = null;
let port = 0;
const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-e2e-despliegue-'));

/** The API with the registry as it is on disk now, on this test's port and the suite's database. */
async function startServer(): Promise<string> {
  const url = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    ADMIN_PASSWORD: adminPassword(),
    LOG_LEVEL: 'warn',
    OIDC_ISSUER: '',
    BACKUP_DIR: backupDir,
    BACKUP_DISABLED: '1',
    DATABASE_URL: process.env[OWNER_URL_ENV],
  };
  for (const name of Object.keys(env)) if (name.startsWith('REMOTE_MF_')) delete env[name];
  const log = fs.openSync(path.join(ARTIFACTS, 'server-deploy.log'), 'a');
  server = spawn(process.execPath, ['api/dist/server.js'], { cwd: REPO_ROOT, env, stdio: ['ignore', log, log] });
  await waitForHealth(url, server, 120_000);
  return url;
}

async function stopServer(): Promise<void> {
  if (!server || server.exitCode !== null) return;
  const stopped = new Promise((resolve) => server!.once('exit', resolve));
  server.kill('SIGTERM');
  await stopped;
  server = null;
}

async function signInAt(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/`);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByLabel('Usuario').fill('admin');
  await page.getByLabel('Contraseña').fill(adminPassword());
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(`${url}/dashboard`);
}

/** A person with these roles linked to a new employee, and their token from the suite's server. */
async function linkedPerson(tag: string, first: string, roles: AccessRole[]) {
  const username = `${first}-${tag}`.toLowerCase();
  const employee = await admin<{ id: number }>('/api/catalog/employees', {
    method: 'POST',
    body: { name: `${first} ${tag}`, lastName: 'Prueba' },
  });
  const { user, password } = await admin<NewUserResult>('/api/users', {
    method: 'POST',
    body: { username, name: `${first} Prueba`, email: `${username}@escuela.example.mx`, roles },
  });
  await admin(`/api/users/${user.id}/employee`, { method: 'PUT', body: { employeeId: employee.id } });
  return { employeeId: employee.id, token: await apiToken(username, password) };
}

async function as<T>(token: string, method: string, url: string, body: unknown): Promise<T> {
  const answer = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `e2e-${uniqueTag()}` },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${method} ${url} → ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { data: T }).data;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiClient();
  port = await freePort();
});
afterAll(async () => {
  fs.writeFileSync(REGISTRY, original);
  await stopServer();
  await browser?.close();
});

it('adds mf-requests to a running portal: its group, pages and counts appear, and shell/dist does not change', async () => {
  expect(REMOTES.some((remote) => remote.name === 'mf_requests')).toBe(true);
  // The portal before the squad: no mf-requests in the registry, nor its build.
  fs.writeFileSync(REGISTRY, registryWithout('mf_requests'));
  fs.rmSync(REMOTE_DIST, { recursive: true, force: true });
  const before = REMOTES.filter((remote) => remote.name !== 'mf_requests').flatMap((remote) => ['-w', remote.folder]);
  execFileSync(npm, ['run', 'build', '-w', 'shell', ...before], { cwd: REPO_ROOT, stdio: 'pipe' });
  const shellBefore = shellHashes();
  let url = await startServer();
  const config = (await (await fetch(`${url}/config.json`)).json()) as { remotes: Record<string, unknown> };
  expect(Object.keys(config.remotes)).not.toContain('mf_requests');

  const { page, log } = await newPage(browser);
  await signInAt(page, url);
  // The menu drawn (the last remote's entry there, the side navigation done sliding in), without the group.
  await settledBox(navigation(page).getByRole('link', { name: 'Inventario físico', exact: true }), 'Inventario físico');
  expect(await navigation(page).textContent()).not.toContain('Solicitudes');
  await screenshot(page, 'requests-deploy-01-sin-remoto');

  // Something waits for the warehouse: an authorized request, made through the suite's server.
  const tag = uniqueTag();
  const people = await createPeople(admin, tag);
  const product = await createProduct(admin, `Engrapadora ${tag}`);
  await createInvoice(admin, people, `FD-${tag}`, [{ productId: product.id, quantity: '5', price: '90' }]);
  const asker = await linkedPerson(tag, 'pide', ['SOLICITANTE']);
  const boss = await linkedPerson(tag, 'jefa', ['SOLICITANTE']);
  const request = await as<{ id: number; folio: string; lines: Array<{ id: number }> }>(asker.token, 'POST', '/api/requests', {
    areaHeadEmployeeId: boss.employeeId,
    reason: 'Prueba del despliegue',
    lines: [{ productId: product.id, quantity: '2', observations: null }],
  });
  await as(boss.token, 'POST', `/api/requests/${request.id}/authorization`, { lines: [{ lineId: request.lines[0].id, quantity: '2' }] });

  // The squad deploys: its entry back, its build alone, the server restarted.
  fs.writeFileSync(REGISTRY, original);
  execFileSync(npm, ['run', 'build', '-w', 'mf-requests'], { cwd: REPO_ROOT, stdio: 'pipe' });
  await stopServer();
  url = await startServer();

  await page.reload();
  const nav = navigation(page);
  await nav.getByRole('button', { name: /^Solicitudes/ }).click();
  const toFulfil = nav.getByRole('link', { name: /^Por surtir/ });
  await toFulfil.waitFor();
  const counts = (await (
    await fetch(`${url}/api/requests/counts`, { headers: { authorization: `Bearer ${await tokenAt(url)}` } })
  ).json()) as { data: { toFulfil: number } };
  expect(counts.data.toFulfil).toBeGreaterThan(0);
  await toFulfil.getByRole('img').waitFor();
  expect(Number(await toFulfil.getByRole('img').textContent())).toBe(Math.min(counts.data.toFulfil, 99));
  await screenshot(page, 'requests-deploy-02-con-remoto');
  await toFulfil.click();
  await main(page).getByRole('heading', { level: 1, name: 'Por surtir' }).waitFor();
  await table(page, 'Por surtir').getByRole('link', { name: request.folio }).click();
  await main(page)
    .getByRole('heading', { level: 1, name: `Solicitud de material ${request.folio}` })
    .waitFor();
  await screenshot(page, 'requests-deploy-03-solicitud');

  expect(shellHashes()).toEqual(shellBefore);
  expect(log.errors).toEqual([]);
});

/** An administrator's token from this test's server (its own issuer). */
async function tokenAt(url: string): Promise<string> {
  const previous = process.env[BASE_URL_ENV];
  process.env[BASE_URL_ENV] = url;
  try {
    return await apiToken();
  } finally {
    process.env[BASE_URL_ENV] = previous;
  }
}
