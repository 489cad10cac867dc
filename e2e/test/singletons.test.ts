// One instance of each shared singleton after visiting all four areas (ARCHITECTURE §3): the
// federation runtime's share scope (window.__FEDERATION__.__SHARE__, every instance and scope)
// holds exactly one loaded copy of each, provided by the shell, after every remote's entry was
// fetched.
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, signIn } from './support/browser';
import { baseUrl, REMOTES } from './support/env';
import { AREAS, areaHeading } from './support/portal';

const SINGLETONS = ['react', 'react-dom', 'react-router-dom', 'swr', '@fluentui/react-components', '@griffel/react', '@almacen/shared'];
const REMOTE_FOLDERS = REMOTES.map((remote) => remote.folder);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it('loads react, react-dom, react-router-dom, swr, Fluent UI, Griffel and @almacen/shared once', async () => {
  const { page, log } = await newPage(browser);
  await signIn(page);
  for (const remote of REMOTE_FOLDERS) {
    const visit = AREAS.find((a) => a.remote === remote)!;
    await page.goto(`${baseUrl()}${visit.path}`);
    expect(await areaHeading(page)).toMatch(visit.heading);
  }

  // The share scope as the Module Federation runtime keeps it: instance → scope → package → version.
  const scope = await page.evaluate((names) => {
    type Shared = { from?: string; loaded?: boolean; loading?: unknown; lib?: unknown; useIn?: string[] };
    const share = (window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Shared>>>> } })
      .__FEDERATION__.__SHARE__;
    const result: Record<string, Array<{ version: string; from?: string; useIn?: string[] }>> = {};
    for (const name of names) {
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
  }, SINGLETONS);

  for (const name of SINGLETONS) {
    const loaded = scope[name];
    expect({ name, versions: loaded.map((l) => l.version) }).toEqual({ name, versions: [loaded[0]?.version].filter(Boolean) });
    expect({ name, count: loaded.length, from: loaded[0]?.from }).toEqual({ name, count: 1, from: 'shell' });
  }

  // Every remote's entry was fetched (so each had the chance to bring its own copy) and no
  // remote broke with a second React ("Invalid hook call") or context mismatch.
  for (const folder of REMOTE_FOLDERS) expect(log.requests).toContain(`${baseUrl()}/remotes/${folder}/remoteEntry.js`);
  expect(log.errors.filter((e) => /hook|context|singleton|version/i.test(e))).toEqual([]);
});
