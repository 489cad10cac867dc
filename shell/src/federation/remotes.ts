// Where the remotes are comes from /config.json at run time: the shell's build names none, so a
// squad can redeploy its remote without rebuilding the shell.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

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

/** The exposed modules the shell loads: `./App` (the pages) and `./Home` (issue #20, a home page section). */
export type RemoteModule = 'App' | 'Home';

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
  let exposed: { default?: ComponentType } | null;
  try {
    exposed = await loadRemote<{ default?: ComponentType }>(`${name}/${module}`);
  } catch (error) {
    throw new RemoteLoadError(name, error);
  }
  if (!exposed?.default) throw new RemoteLoadError(name, new Error('El remoto no expone un componente por defecto.'));
  return { default: exposed.default };
}
