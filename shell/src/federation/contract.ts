// Before the shell loads a remote's pages it checks the remote's contract (rspack.contract.ts):
// every name the remote's build takes from an @almacen/shared module must be one this shell's
// build gives. A remote built against a newer `shared` than the deployed shell would otherwise
// fail on the first missing name, looking like an outage that «Reintentar» cannot mend.
import type { RemoteContract } from '@almacen/shared/pages';

declare const __ALMACEN_SHARED_VERSION__: string | undefined;

/** The version of @almacen/shared this shell was built with. */
export const SHELL_SHARED_VERSION = typeof __ALMACEN_SHARED_VERSION__ === 'undefined' ? 'desarrollo' : __ALMACEN_SHARED_VERSION__;

/**
 * The shell's shared modules, as the remotes receive them (the same share scope): one per entry of
 * SHARED_MODULES (rspack.contract.ts; contract-surface.test.ts checks the two agree).
 */
export const MODULES: Record<string, () => Promise<object>> = {
  '@almacen/shared': () => import('@almacen/shared'),
  '@almacen/shared/domain': () => import('@almacen/shared/domain'),
  '@almacen/shared/domain-pages': () => import('@almacen/shared/domain-pages'),
  '@almacen/shared/fluent': () => import('@almacen/shared/fluent'),
  '@almacen/shared/fluent-pages': () => import('@almacen/shared/fluent-pages'),
  '@almacen/shared/kit': () => import('@almacen/shared/kit'),
  '@almacen/shared/router': () => import('@almacen/shared/router'),
  '@almacen/shared/schemas': () => import('@almacen/shared/schemas'),
};

export class RemoteContractError extends Error {
  constructor(
    readonly remote: string,
    /** The version of @almacen/shared the remote was built with. */
    readonly builtWith: string,
    /** "module: name" of what this shell lacks. */
    readonly missing: string[],
  ) {
    super(`El remoto ${remote} requiere de @almacen/shared ${builtWith} lo que este portal no tiene: ${missing.join(', ')}.`);
    this.name = 'RemoteContractError';
  }
}

/** Per remote, the contract its pages carried; null when its pages are known and carry none. */
const contracts = new Map<string, RemoteContract | null>();

/** What /config.json or the remote's ./pages said the remote was built with (pages known). */
export function rememberContract(remote: string, contract: RemoteContract | undefined): void {
  contracts.set(remote, contract ?? null);
}

/** undefined while the remote's pages are not known yet. */
export const knownContract = (remote: string): RemoteContract | null | undefined => contracts.get(remote);

/** Forgets every contract (tests). */
export const forgetContracts = (): void => contracts.clear();

/** The names of `imports` this shell's modules lack ("module: name"); a module it lacks, whole. */
export async function missingNames(
  imports: Record<string, string[]>,
  modules: Record<string, () => Promise<object>> = MODULES,
): Promise<string[]> {
  const lists = await Promise.all(
    Object.entries(imports).map(async ([module, names]) => {
      const load = modules[module];
      if (!load) return names.map((name) => `${module}: ${name}`);
      const provided = (await load()) as Record<string, unknown>;
      return names.filter((name) => !(name in provided)).map((name) => `${module}: ${name}`);
    }),
  );
  return lists.flat();
}

/** Throws RemoteContractError when loading `exposed` (`./App`) of `remote` takes a name this shell does not give. */
export async function checkContract(remote: string, exposed: string, contract: RemoteContract | null | undefined): Promise<void> {
  const imports = contract?.exposes[exposed];
  if (!contract || !imports) return;
  const missing = await missingNames(imports);
  if (missing.length > 0) throw new RemoteContractError(remote, contract.shared, missing);
}
