// The pages and menu entries of the remotes (their ./pages), so the shell's routes and menu follow
// what the remotes deploy, without rebuilding the shell. Where they come from, first found wins:
//   1. /config.json `pages`: the API read each remote's pages.json from the build it serves, so
//      a remote that is down keeps its menu entries and routes (its pages show "Reintentar"),
//      even on a first visit;
//   2. the remote's own ./pages (a remote served elsewhere: containers, dev servers), remembered
//      in localStorage so an outage later does not make its entries vanish;
//   3. that remembered copy, when the remote cannot be loaded now.
import { loadRemote } from '@module-federation/enhanced/runtime';
import { useEffect, useMemo, useState } from 'react';
import { parseRemotePages, type RemotePages } from '@almacen/shared/pages';
import { rememberContract } from './contract';

export const PAGES_CACHE_PREFIX = 'almacen.pages.';

function remembered(name: string): RemotePages | null {
  try {
    const raw = window.localStorage.getItem(PAGES_CACHE_PREFIX + name);
    return raw ? parseRemotePages(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

function remember(name: string, pages: RemotePages): void {
  try {
    window.localStorage.setItem(PAGES_CACHE_PREFIX + name, JSON.stringify(pages));
  } catch {
    // Storage full or refused (private mode): the menu simply is not remembered.
  }
}

/** The remote's ./pages, or null when it cannot be loaded or says nothing valid. */
export async function loadRemotePages(name: string): Promise<RemotePages | null> {
  try {
    const module = await loadRemote<{ default?: unknown; contract?: unknown }>(`${name}/pages`);
    // The build adds `contract` beside the default export (rspack.pages-loader.cjs).
    const pages = module?.default;
    return parseRemotePages(pages && typeof pages === 'object' ? { ...pages, contract: module.contract } : pages);
  } catch (error) {
    console.error(`[${name}] ./pages`, error);
    return null;
  }
}

export interface RemoteWithPages {
  name: string;
  pages: RemotePages;
}

export interface PortalPages {
  /** The remotes whose pages are known, in /config.json's order (remotes.json). */
  remotes: RemoteWithPages[];
  /** Some remote's pages are still being fetched: an unknown path may yet become a page. */
  pending: boolean;
}

/** Pages of every remote of /config.json (`remotes`: name → manifest; `pages`: name → pages). */
export function usePortalPages(remotes: Record<string, string>, configPages: Record<string, unknown> = {}): PortalPages {
  const names = Object.keys(remotes);
  const [known, setKnown] = useState<Record<string, RemotePages | null>>(() =>
    Object.fromEntries(
      names.map((name) => {
        const fromConfig = parseRemotePages(configPages[name]);
        if (fromConfig) rememberContract(name, fromConfig.contract);
        return [name, fromConfig ?? remembered(name)];
      }),
    ),
  );
  // The remembered copy shows at once, but the remote is asked anyway: it may have new pages.
  const [waiting, setWaiting] = useState(() => names.filter((name) => !parseRemotePages(configPages[name])));

  useEffect(() => {
    let active = true;
    for (const name of waiting) {
      void loadRemotePages(name).then((loaded) => {
        if (!active) return;
        if (loaded) remember(name, loaded);
        if (loaded) rememberContract(name, loaded.contract);
        if (loaded) setKnown((current) => ({ ...current, [name]: loaded }));
        setWaiting((current) => current.filter((other) => other !== name));
      });
    }
    return () => {
      active = false;
    };
    // Fetched once per page load; the list only shrinks as answers arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // One array per change of what is known, so the menu and the routes are built again only then.
  const remotesKnown = useMemo(() => Object.entries(known).flatMap(([name, pages]) => (pages ? [{ name, pages }] : [])), [known]);
  return { remotes: remotesKnown, pending: waiting.some((name) => !known[name]) };
}
