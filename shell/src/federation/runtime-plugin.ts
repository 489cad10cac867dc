// Module Federation runtime plugin of the shell: retries network faults while fetching a remote's
// manifest and entry, and reports (never hides) a remote that still cannot load.
//
// Why no fallback from errorLoadRemote: a value returned there would be cached by the runtime as
// the remote's manifest/module, and "Reintentar" could never load the real remote again. Letting
// the error through keeps the failure uncached; the area's error boundary shows it.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

type LoadEntryError = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;
type LoadEntryErrorArgs = Parameters<LoadEntryError>[0];

export const RETRY_ATTEMPTS = 3;
const RETRY_BASE_DELAY_MS = 300;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** fetch with retries: network errors and 5xx are retried, a 404 is final. */
export async function fetchWithRetry(
  url: string,
  init: RequestInit | undefined,
  fetchImpl: typeof fetch = fetch,
  attempts = RETRY_ATTEMPTS,
): Promise<Response> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (attempt > 0) await delay(RETRY_BASE_DELAY_MS * 2 ** (attempt - 1));
    try {
      // no-cache: a manifest must be revalidated, above all after a failure or a redeploy.
      const response = await fetchImpl(url, { ...init, cache: 'no-cache' });
      if (response.ok) return response;
      lastError = new Error(`HTTP ${response.status} al pedir ${url}`);
      if (response.status < 500) break;
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError instanceof Error ? lastError : new Error(`No se pudo obtener ${url}`);
}

export default function almacenRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'almacen-retry-and-errors',
    // Manifests (and any other resource the runtime fetches).
    async fetch(url, init) {
      return fetchWithRetry(url, init);
    },
    // The remote's entry script: try again a few times before giving up.
    // (The hook's published type wraps the result in one Promise too many; the runtime awaits it.)
    loadEntryError: (async ({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }: LoadEntryErrorArgs) => {
      for (let attempt = 1; attempt < RETRY_ATTEMPTS; attempt += 1) {
        delete globalLoading[uniqueKey];
        await delay(RETRY_BASE_DELAY_MS * 2 ** (attempt - 1));
        try {
          const entry = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
          if (entry) return entry;
        } catch {
          // next attempt
        }
      }
      delete globalLoading[uniqueKey];
      return undefined;
    }) as unknown as LoadEntryError,
    errorLoadRemote({ id, error, lifecycle }) {
      console.warn(`[federación] no se pudo cargar "${id}" (${lifecycle}).`, error);
      return undefined;
    },
  };
}
