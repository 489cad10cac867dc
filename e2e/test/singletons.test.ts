// One instance of each shared singleton after visiting all four areas (ARCHITECTURE.md, "Module Federation contract"): the
// federation runtime's share scope (window.__FEDERATION__.__SHARE__, every instance and scope)
// holds exactly one loaded copy of each, provided by the shell, after every remote's entry was
// fetched. Fluent UI is shared as ONE module, @almacen/shared/fluent (shared/src/fluent.ts): no
// Fluent package is in the share scope on its own, and no file a remote sent to the
// browser carries Fluent's components — their code, and so their contexts, came from the shell.
// So is the federation runtime: the shell's, which no remote's entry carries a copy of.
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newPage, PHONE, screenshot, signIn } from './support/browser';
import { baseUrl, REMOTES } from './support/env';
import { AREAS, areaHeading, navigation } from './support/portal';

const SINGLETONS = ['react', 'react-dom', '@almacen/shared/router', 'swr', '@almacen/shared/fluent', '@griffel/react', '@almacen/shared'];
// Loaded by the first page that uses them (the dashboard does not); the shell provides them too,
// and a remote's production build brings no copy of a shared module: one copy each, the shell's.
const ON_DEMAND = ['@almacen/shared/kit', '@almacen/shared/fluent-pages', '@almacen/shared/schemas'];
// Loaded only by the pages that use it (the audit log, a label sheet, a CFDI, the backups), which
// the four areas' first pages are not: at most one copy, and none on the dashboard.
const BY_SOME_PAGES = ['@almacen/shared/domain-pages'];
/** Class names of Fluent components the areas draw, as their code writes them (one per package). */
const FLUENT_CODE = ['fui-FluentProvider', 'fui-Button', 'fui-Table', 'fui-Dialog', 'fui-Combobox', 'fui-Field', 'fui-Input'];
const REMOTE_FOLDERS = REMOTES.map((remote) => remote.folder);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it('loads react, react-dom, the router, swr, Fluent UI, Griffel, @almacen/shared and its kit once', async () => {
  const { page, log } = await newPage(browser);
  // What each remote sent to the browser (its entry and chunks), to look for Fluent's code in it.
  const fromRemotes: Array<Promise<{ url: string; body: string }>> = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/remotes/') && /\.js$/.test(new URL(response.url()).pathname))
      fromRemotes.push(
        response
          .text()
          // A body Chromium let go when the page moved on to the next area: the same built file, asked again.
          .catch(() => fetch(response.url()).then((again) => again.text()))
          .then((body) => ({ url: response.url(), body })),
      );
  });
  await signIn(page);
  for (const remote of REMOTE_FOLDERS) {
    const visit = AREAS.find((a) => a.remote === remote)!;
    await page.goto(`${baseUrl()}${visit.path}`);
    expect(await areaHeading(page)).toMatch(visit.heading);
  }

  const scope = await sharedCopies(page, [...SINGLETONS, ...ON_DEMAND, ...BY_SOME_PAGES]);

  for (const name of SINGLETONS) {
    const loaded = scope[name];
    expect({ name, versions: loaded.map((l) => l.version) }).toEqual({ name, versions: [loaded[0]?.version].filter(Boolean) });
    expect({ name, count: loaded.length, from: loaded[0]?.from }).toEqual({ name, count: 1, from: 'shell' });
  }
  // (The share scope's `from` names the build that first asked for one, not the one that provided it.)
  for (const name of ON_DEMAND) expect({ name, count: scope[name].length }).toEqual({ name, count: 1 });
  for (const name of BY_SOME_PAGES) expect(scope[name].length).toBeLessThanOrEqual(1);
  // No Fluent package is shared on its own: they are all inside @almacen/shared/fluent.
  expect(Object.keys(scope).filter((name) => name.startsWith('@fluentui/'))).toEqual([]);
  // And no remote sent Fluent's components: every one drawn came from the shell's copy. (Each
  // remote's build holds a copy of its own, for a shell that would not provide one: never fetched.)
  const remoteFiles = await Promise.all(fromRemotes);
  expect(remoteFiles.length).toBeGreaterThan(REMOTE_FOLDERS.length * 2);
  expect(remoteFiles.filter((file) => FLUENT_CODE.some((name) => file.body.includes(name))).map((file) => file.url)).toEqual([]);
  // The check can fail: the shell's own files do carry those class names.
  const shellFluent = await page.evaluate(async () => {
    const scripts = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => url.endsWith('.js') && !new URL(url).pathname.startsWith('/remotes/'));
    const bodies = await Promise.all(scripts.map(async (url) => (await fetch(url)).text()));
    return bodies.some((body) => body.includes('fui-Combobox'));
  });
  expect(shellFluent).toBe(true);

  // The federation runtime itself is one copy too: the shell's build puts its runtime
  // and the runtime's SDK on the page and each remote's container uses them (rspack.shared.ts,
  // `experiments` and the SDK's external) instead of carrying its own — no remoteEntry.js holds the
  // runtime's class (its hooks, its share map) or the SDK's logger.
  expect(
    await page.evaluate(
      () => (window as unknown as { _FEDERATION_RUNTIME_CORE_FROM?: { name: string } })._FEDERATION_RUNTIME_CORE_FROM?.name,
    ),
  ).toBe('shell');
  for (const folder of REMOTE_FOLDERS) {
    const entry = await (await page.request.get(`${baseUrl()}/remotes/${folder}/remoteEntry.js`)).text();
    expect({
      folder,
      usesTheShellsRuntime: entry.includes('_FEDERATION_RUNTIME_CORE'),
      ownRuntime: /beforeRequest|__SHARE__/.test(entry),
      // Nor the runtime's SDK (its logger's prefix): the shell's, from provide-sdk.ts.
      usesTheShellsSdk: entry.includes('_ALMACEN_FEDERATION_SDK'),
      ownSdk: entry.includes('[ Module Federation ]'),
      // And it provides no shared module (`import: false`): every singleton is the shell's copy.
      providesShared: !entry.includes('scopeToSharingDataMapping:{}'),
    }).toEqual({
      folder,
      usesTheShellsRuntime: true,
      ownRuntime: false,
      usesTheShellsSdk: true,
      ownSdk: false,
      providesShared: false,
    });
  }

  // Every remote's entry was fetched (so each had the chance to bring its own copy) and no
  // remote broke with a second React ("Invalid hook call") or context mismatch.
  for (const folder of REMOTE_FOLDERS) expect(log.requests).toContain(`${baseUrl()}/remotes/${folder}/remoteEntry.js`);
  expect(log.errors.filter((e) => /hook|context|singleton|version/i.test(e))).toEqual([]);
});

/**
 * The loaded (or loading) copies of each of `wanted` — and of any @fluentui/ package — in the share
 * scope as the Module Federation runtime keeps it: instance → scope → package → version.
 */
async function sharedCopies(
  page: Page,
  wanted: string[],
): Promise<Record<string, Array<{ version: string; from?: string; useIn?: string[] }>>> {
  return page.evaluate((wanted) => {
    type Shared = { from?: string; loaded?: boolean; loading?: unknown; lib?: unknown; useIn?: string[] };
    const share = (
      window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Shared>>>> } }
    ).__FEDERATION__.__SHARE__;
    const result: Record<string, Array<{ version: string; from?: string; useIn?: string[] }>> = {};
    const fluent = Object.values(share).flatMap((scopes) =>
      Object.values(scopes).flatMap((packages) => Object.keys(packages).filter((name) => name.startsWith('@fluentui/'))),
    );
    for (const name of new Set([...wanted, ...fluent])) {
      const seen = new Map<object, { version: string; from?: string; useIn?: string[] }>();
      for (const scopes of Object.values(share)) {
        for (const packages of Object.values(scopes)) {
          for (const [version, shared] of Object.entries(packages[name] ?? {})) {
            if (shared.loaded || shared.lib || shared.loading) seen.set(shared, { version, from: shared.from, useIn: shared.useIn });
          }
        }
      }
      result[name] = [...seen.values()];
    }
    return result;
  }, wanted);
}

/** Which of the on-demand shared modules the page has loaded (or is loading). */
async function onDemandLoaded(page: Page): Promise<string[]> {
  const modules = [...ON_DEMAND, ...BY_SOME_PAGES];
  const copies = await sharedCopies(page, modules);
  return modules.filter((name) => copies[name].length > 0);
}

/** Whether `locator`'s box lies wholly inside the window (a popup cannot be scrolled to). */
async function inWindow(page: Page, locator: Locator): Promise<boolean> {
  const box = (await locator.boundingBox())!;
  const view = page.viewportSize()!;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= view.width && box.y + box.height <= view.height;
}

/** Waits for Fluent's motions (a popup's opening) to end, to look at the page as a person sees it. */
const motionsEnded = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));

// The dashboard draws no form, table, menu, dialog or tooltip, so a school's network
// does not download them to show it; the account menu's code comes with its first use.
it.each([
  ['1280×800', undefined],
  ['390×844', PHONE],
])('shows the dashboard without the pages’ modules and fetches the account menu on first use (%s)', async (size, viewport) => {
  const { page, log } = await newPage(browser, viewport);
  await signIn(page);
  if (!viewport) await navigation(page).waitFor();
  await page.getByText('Notas de lanzamiento').waitFor();
  await page.waitForLoadState('networkidle');
  expect(await onDemandLoaded(page)).toEqual([]);

  await page.getByRole('button', { name: /^Cuenta de / }).click();
  const signOut = page.getByRole('menuitem', { name: 'Cerrar sesión' });
  await signOut.waitFor();
  await motionsEnded(page);
  await screenshot(page, `account-menu-${size}`);
  expect(await inWindow(page, signOut)).toBe(true);
  // Opened, it has the focus on its first item, as a menu opened by its own trigger does.
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cuenta');
  expect(await onDemandLoaded(page)).toEqual(['@almacen/shared/fluent-pages']);

  // Escape closes it and gives the focus back to the button, which opens it again.
  await page.keyboard.press('Escape');
  await signOut.waitFor({ state: 'hidden' });
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Cuenta de /);
  await page.keyboard.press('Enter');
  await signOut.waitFor();

  // "Cuenta" (the focused item) opens the account dialog, which came with the menu's code.
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cuenta' });
  await dialog.getByText('Correo electrónico').waitFor();
  await motionsEnded(page);
  expect(await inWindow(page, dialog)).toBe(true);
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await screenshot(page, `account-dialog-${size}`);
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(log.errors).toEqual([]);
  await page.context().close();
});
