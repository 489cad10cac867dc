// Where the remotes are comes from /config.json at run time: the shell's build names none, so a
// squad can redeploy its remote without rebuilding the shell.
import { getInstance, loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { parseRemotePages } from '@almacen/shared/pages';
import { checkContract, knownContract } from './contract';

/** A Module Federation name of /config.json (remotes.json). */
export type RemoteName = string;

let manifests: Record<string, string> = {};

/** Registers every remote of /config.json (name → mf-manifest.json URL). */
export function configureRemotes(remotes: Record<string, string>): void {
  manifests = { ...remotes };
  registerRemotes(
    Object.entries(manifests).map(([name, entry]) => ({ name, entry })),
    { force: true },
  );
}

export class RemoteLoadError extends Error {
  constructor(
    readonly remote: string,
    cause?: unknown,
  ) {
    super(`No se pudo cargar el módulo remoto ${remote}.`, { cause });
    this.name = 'RemoteLoadError';
  }
}

/** The exposed modules the shell loads: `./App` (the pages) and `./Home` (a home page section). */
export type RemoteModule = 'App' | 'Home';

type ShareScopeMap = NonNullable<ReturnType<typeof getInstance>>['shareScopeMap'];

/**
 * Forgets the shared packages whose download failed, so the next request downloads them again.
 * The federation runtime keeps the promise of a shared package's download in the share scope and
 * hands it to every later request (runtime-core 2.9, SharedHandler.loadShare), even a rejected
 * one: when a remote was down while it asked first for a package only it uses (mf-stock and
 * @fluentui/react-switch, say), the package stayed failed after the remote came back, and
 * "Reintentar" failed on it until the page was reloaded. A download still under way is left
 * alone. Resolves to the names forgotten.
 */
export async function forgetFailedShares(shareScopeMap: ShareScopeMap | undefined = getInstance()?.shareScopeMap): Promise<string[]> {
  const unsettled = Object.values(shareScopeMap ?? {}).flatMap((packages) =>
    Object.entries(packages).flatMap(([name, versions]) =>
      Object.values(versions).flatMap((shared) => (shared.loading && !shared.loaded ? [{ name, shared, loading: shared.loading }] : [])),
    ),
  );
  if (unsettled.length === 0) return [];
  // A promise already settled runs its handlers before a timer of 0 fires; one still under way does not.
  const later = new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), 0));
  const outcomes = await Promise.all(
    unsettled.map(({ loading }) =>
      Promise.race([
        loading.then(
          () => 'loaded' as const,
          () => 'failed' as const,
        ),
        later,
      ]),
    ),
  );
  return unsettled.flatMap(({ name, shared, loading }, index) => {
    if (outcomes[index] !== 'failed' || shared.loading !== loading) return [];
    shared.loading = null;
    return [name];
  });
}

/**
 * Loads the remote's exposed `./App` (or `module`). With `fresh`, the remote is registered again first: that
 * drops whatever the runtime remembers about it (manifest, entry, module), so "Reintentar" really
 * asks the server again instead of replaying an old failure.
 */
export async function loadRemoteApp(
  name: RemoteName,
  { fresh = false, module = 'App' as RemoteModule } = {},
): Promise<{ default: ComponentType }> {
  const entry = manifests[name];
  if (!entry) throw new RemoteLoadError(name, new Error(`/config.json no declara el remoto ${name}.`));
  if (fresh) registerRemotes([{ name, entry }], { force: true });
  // Any area's load may meet a package another remote failed to download while it was down.
  const forgotten = await forgetFailedShares();
  if (forgotten.length > 0) console.warn(`[federación] se descargarán de nuevo: ${forgotten.join(', ')}.`);
  // A remote built against names this shell lacks is not loaded (RemoteContractError). The check
  // downloads the shell's shared modules the remote names; the remote's manifest, entry and the
  // module's files download meanwhile, and none of them runs before the check has passed. A
  // failed download here is the load's to report.
  const known = knownContract(name);
  void preloadRemote([{ nameOrAlias: name, exposes: [`./${module}`] }]).catch(() => undefined);
  await checkContract(name, `./${module}`, known === undefined ? await contractOfPages(name) : known);
  let exposed: { default?: ComponentType } | null;
  try {
    exposed = await loadRemote<{ default?: ComponentType }>(`${name}/${module}`);
  } catch (error) {
    if (!fresh) throw new RemoteLoadError(name, error);
    // A `<link rel="preload">` whose download failed (the remote was down when it was made)
    // stays in Chromium's list of the page's preloads, and the first script that asks for the
    // same address gets that old failure without asking the server. A retry's first failure may
    // be that replay: the load is made once more, and this time the server is asked.
    registerRemotes([{ name, entry }], { force: true });
    try {
      exposed = await loadRemote<{ default?: ComponentType }>(`${name}/${module}`);
    } catch (again) {
      throw new RemoteLoadError(name, again);
    }
  }
  if (!exposed?.default) throw new RemoteLoadError(name, new Error('El remoto no expone un componente por defecto.'));
  return { default: exposed.default };
}

/** The contract the remote's ./pages carries, when /config.json brought none (a remote served elsewhere). */
async function contractOfPages(name: RemoteName) {
  try {
    const pages = await loadRemote<{ contract?: unknown }>(`${name}/pages`);
    return parseRemotePages({ label: name, routes: ['*'], menu: [], contract: pages?.contract })?.contract;
  } catch {
    // The pages cannot be loaded: the App's own load says so.
    return undefined;
  }
}
