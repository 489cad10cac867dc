// One instance of each shared singleton after visiting all four areas (ARCHITECTURE.md, "Module Federation contract"): the
// federation runtime's share scope (window.__FEDERATION__.__SHARE__, every instance and scope)
// holds exactly one loaded copy of each, provided by the shell, after every remote's entry was
// fetched. Fluent UI is shared package by package (rspack.shared.ts, issue #21): its contexts
// (react-shared-contexts, react-tabster, react-provider, react-portal, react-utilities) come from
// the shell, and every other Fluent package that got loaded has exactly one copy too. So is the
// federation runtime: the shell's, which no remote's entry carries a copy of.
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, signIn } from './support/browser';
import { baseUrl, REMOTES } from './support/env';
import { AREAS, areaHeading } from './support/portal';

const FLUENT_CONTEXTS = [
  '@fluentui/react-shared-contexts',
  '@fluentui/react-tabster',
  '@fluentui/react-provider',
  '@fluentui/react-portal',
  '@fluentui/react-utilities',
];
const SINGLETONS = ['react', 'react-dom', '@almacen/shared/router', 'swr', ...FLUENT_CONTEXTS, '@griffel/react', '@almacen/shared'];
// Loaded by the first page that uses them (the dashboard does not), from whichever build got there
// first — the shell provides them too: still one copy each.
const ON_DEMAND = ['@almacen/shared/kit'];
const REMOTE_FOLDERS = REMOTES.map((remote) => remote.folder);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it('loads react, react-dom, the router, swr, each Fluent UI package, Griffel, @almacen/shared and its kit once', async () => {
  const { page, log } = await newPage(browser);
  await signIn(page);
  for (const remote of REMOTE_FOLDERS) {
    const visit = AREAS.find((a) => a.remote === remote)!;
    await page.goto(`${baseUrl()}${visit.path}`);
    expect(await areaHeading(page)).toMatch(visit.heading);
  }

  // The share scope as the Module Federation runtime keeps it: instance → scope → package → version.
  const scope = await page.evaluate(
    (wanted) => {
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
    },
    [...SINGLETONS, ...ON_DEMAND],
  );

  for (const name of SINGLETONS) {
    const loaded = scope[name];
    expect({ name, versions: loaded.map((l) => l.version) }).toEqual({ name, versions: [loaded[0]?.version].filter(Boolean) });
    expect({ name, count: loaded.length, from: loaded[0]?.from }).toEqual({ name, count: 1, from: 'shell' });
  }
  for (const name of ON_DEMAND) expect({ name, count: scope[name].length }).toEqual({ name, count: 1 });
  // The other Fluent packages: at most one loaded copy each, whoever provided it (a package only
  // remotes use comes from the first remote that needs it); the ones the tables use are among them.
  const fluent = Object.keys(scope).filter((name) => name.startsWith('@fluentui/') && scope[name].length > 0);
  expect(fluent).toEqual(expect.arrayContaining(['@fluentui/react-button', '@fluentui/react-table', '@fluentui/react-dialog']));
  for (const name of fluent) expect({ name, count: scope[name].length }).toEqual({ name, count: 1 });

  // The federation runtime itself is one copy too (issue #21): the shell's build puts its runtime
  // on the page and each remote's container uses it (rspack.shared.ts, `experiments`) instead of
  // carrying its own — no remoteEntry.js holds the runtime's class (its hooks, its share map).
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
    }).toEqual({
      folder,
      usesTheShellsRuntime: true,
      ownRuntime: false,
    });
  }

  // Every remote's entry was fetched (so each had the chance to bring its own copy) and no
  // remote broke with a second React ("Invalid hook call") or context mismatch.
  for (const folder of REMOTE_FOLDERS) expect(log.requests).toContain(`${baseUrl()}/remotes/${folder}/remoteEntry.js`);
  expect(log.errors.filter((e) => /hook|context|singleton|version/i.test(e))).toEqual([]);
});
