// A remote owns its pages, its menu and its resources (ARCHITECTURE "Añadir una página a un
// remoto"): a test build of mf-stock with one extra page — its component, which reads the API
// through a hook of the remote's own (src/api/), its entry in src/pages.ts and its component in
// app.tsx, nothing else — shows in the side navigation and at its route after a reload, and
// every file of the shell's build stays byte-identical. Then the same remote built against a
// `shared` with a name the deployed shell lacks: its area says the portal needs updating, with no
// «Reintentar». The sources are restored and the remote rebuilt afterwards.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from './support/browser';
import { baseUrl, REPO_ROOT } from './support/env';
import { areaHeading, navigation } from './support/portal';
import { shellHashes } from './support/shell-dist';

const REMOTE = path.join(REPO_ROOT, 'mf-stock');
const stamp = Date.now().toString(36);
const LABEL = `Página de prueba ${stamp}`;
const ROUTE = `prueba-${stamp}`;
const PAGE_FILE = path.join(REMOTE, 'src', `e2e-page-${stamp}.tsx`);
const HOOK_FILE = path.join(REMOTE, 'src', 'api', `e2e-${stamp}.ts`);
const SHARED = path.join(REPO_ROOT, 'shared');

/** The edits of the test build: [file, text that is there, the same text with the page added]. */
const edits: Array<[string, string, string]> = [
  [path.join(REMOTE, 'src', 'app.tsx'), '  count: CountPage,\n', '  count: CountPage,\n  extra: ExtraPage,\n'],
  [
    path.join(REMOTE, 'src', 'app.tsx'),
    "import pages from './pages';\n",
    `import ExtraPage from './e2e-page-${stamp}';\nimport pages from './pages';\n`,
  ],
  [
    path.join(REMOTE, 'src', 'pages.ts'),
    "    stock: { path: '', title: 'Stock de productos', permission: 'consult', menu: 'top' },\n",
    `    stock: { path: '', title: 'Stock de productos', permission: 'consult', menu: 'top' },\n    extra: { path: '${ROUTE}', title: '${LABEL}', menu: 'top' },\n`,
  ],
];

/** Replaces the first `from` with `to` (only this test's text, whatever else changed meanwhile). */
function replaceOnce(file: string, from: string, to: string): void {
  const source = fs.readFileSync(file, 'utf8');
  if (!source.includes(from)) throw new Error(`${file} no contiene ${JSON.stringify(from)}`);
  fs.writeFileSync(
    file,
    source.replace(from, () => to),
  );
}

function buildRemote(): void {
  execFileSync('npm', ['run', 'build', '-w', 'mf-stock'], { cwd: REPO_ROOT, stdio: 'pipe', timeout: 600_000 });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The extra page: its heading, and what the remote's own hook read from the API. */
function writePage(extraImport = ''): void {
  fs.mkdirSync(path.dirname(HOOK_FILE), { recursive: true });
  fs.writeFileSync(
    HOOK_FILE,
    `import { useResource } from '@almacen/shared';\n\nexport const useNextClosingOfPage = () => useResource<{ until: string }>('/api/period-closings/next');\n`,
  );
  fs.writeFileSync(
    PAGE_FILE,
    `import { Title2 } from '@almacen/shared/fluent';\nimport { Text } from '@almacen/shared/fluent-pages';\n${extraImport}import { useNextClosingOfPage } from './api/e2e-${stamp}';\n\n` +
      `export default function ExtraPage() {\n  const next = useNextClosingOfPage();\n` +
      `  return (\n    <>\n      <Title2 as="h1">${LABEL}</Title2>\n      <Text>{next.data ? \`Siguiente cierre: \${next.data.until}\` : 'Cargando…'}</Text>\n    </>\n  );\n}\n`,
  );
}

function restore(extra: Array<[string, string, string]> = []): void {
  for (const [file, from, to] of [...edits, ...extra].reverse()) {
    if (fs.readFileSync(file, 'utf8').includes(to)) replaceOnce(file, to, from);
  }
  fs.rmSync(PAGE_FILE, { force: true });
  fs.rmSync(HOOK_FILE, { force: true });
  if (fs.readdirSync(path.dirname(HOOK_FILE)).length === 0) fs.rmdirSync(path.dirname(HOOK_FILE));
  buildRemote();
}

it('shows a page added to mf-stock alone in the menu and at its route, reading the API through its own hook, the shell build untouched', async () => {
  const { page } = await newPage(browser);
  await signIn(page);
  await navigation(page).getByRole('link', { name: 'Stock de productos' }).waitFor();
  expect(await navigation(page).getByRole('link', { name: LABEL }).count()).toBe(0);

  const before = shellHashes();
  expect(Object.keys(before)).toContain('index.html');
  try {
    writePage();
    for (const [file, from, to] of edits) replaceOnce(file, from, to);
    buildRemote();

    await page.reload();
    const link = navigation(page).getByRole('link', { name: LABEL });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/dashboard/stock/${ROUTE}`);
    // Declared right after Stock de productos, it shows right after it.
    const labels = await navigation(page).getByRole('link').allTextContents();
    expect(labels.indexOf(LABEL)).toBe(labels.indexOf('Stock de productos') + 1);
    await link.click();
    await page.waitForURL(`${baseUrl()}/dashboard/stock/${ROUTE}`);
    // The home's heading stays until the remote's page renders in its place.
    await page.locator('main').getByRole('heading', { level: 1, name: LABEL }).waitFor();
    expect(await areaHeading(page)).toBe(LABEL);
    // The remote's own hook read a route no hook of the shell's build reads for this page.
    await page.getByText(/^Siguiente cierre: \d{4}-\d{2}-\d{2}$/).waitFor();
    await screenshot(page, 'remote-pages-added');

    // A deep link to it after a reload works too (the route comes from the remote, not the shell).
    await page.goto(`${baseUrl()}/dashboard/stock/${ROUTE}`);
    expect(await areaHeading(page)).toBe(LABEL);
    expect(shellHashes()).toEqual(before);
  } finally {
    restore();
  }
  await page.reload();
  await navigation(page).getByRole('link', { name: 'Stock de productos' }).waitFor();
  expect(await navigation(page).getByRole('link', { name: LABEL }).count()).toBe(0);
  expect(shellHashes()).toEqual(before);
});

it('a remote built against a shared name the deployed shell lacks says the portal needs updating, no «Reintentar», the rest working', async () => {
  const { page } = await newPage(browser);
  await signIn(page);
  await navigation(page).getByRole('link', { name: 'Stock de productos' }).waitFor();
  const before = shellHashes();
  const version = (JSON.parse(fs.readFileSync(path.join(SHARED, 'package.json'), 'utf8')) as { version: string }).version;
  const newer = version.replace(/^(\d+)\.(\d+)\.\d+$/, (_all, major: string, minor: string) => `${major}.${Number(minor) + 1}.0`);
  // What `npm run shared:surface` does when a name is added: the minor version moves.
  const sharedEdits: Array<[string, string, string]> = [
    [
      path.join(SHARED, 'src', 'index.ts'),
      "export * from './api';\n",
      `export * from './api';\nexport const nameOfNewerShared${stamp} = '${stamp}';\n`,
    ],
    [path.join(SHARED, 'package.json'), `"version": "${version}"`, `"version": "${newer}"`],
  ];
  try {
    writePage(`import { nameOfNewerShared${stamp} } from '@almacen/shared';\nvoid nameOfNewerShared${stamp};\n`);
    for (const [file, from, to] of [...edits, ...sharedEdits]) replaceOnce(file, from, to);
    buildRemote();

    await page.reload();
    await navigation(page).getByRole('link', { name: LABEL }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Esta sección necesita una versión más reciente del portal.' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      `El módulo de Stock de productos se construyó con la versión ${newer} de la plataforma y usa partes que este portal (versión ${version}) no tiene.`,
    );
    expect(await alert.getByRole('button').count()).toBe(0);
    await screenshot(page, 'remote-pages-contract-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await alert.isVisible()).toBe(true);
    await screenshot(page, 'remote-pages-contract-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    // Another area keeps working.
    await page.goto(`${baseUrl()}/dashboard/catalogs/employees`);
    expect(await areaHeading(page)).toBe('Empleados');
    expect(await page.getByText('Esta sección necesita una versión más reciente del portal.').count()).toBe(0);
    expect(shellHashes()).toEqual(before);
  } finally {
    restore(sharedEdits);
  }
  expect(shellHashes()).toEqual(before);
});
