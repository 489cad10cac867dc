// A 403 from the API means the person's permissions changed since /api/me was read (a role
// removed, an account deactivated): the portal then reads /api/me again, so the menu and the
// pages follow at that very action instead of at the next reload. RequireAccess listens.
import { ME_KEY, isApiError, type ApiClient } from '@almacen/shared';

type Listener = () => void;
const listeners = new Set<Listener>();

/** Calls `listener` after each 403 answer (but /api/me's own); returns the unsubscribe. */
export function onForbiddenAnswer(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isForbidden = (path: string, error: unknown) => isApiError(error) && error.status === 403 && path.split('?')[0] !== ME_KEY;

/** The same client, telling the listeners about every 403 it receives. */
export function watchForbidden(api: ApiClient): ApiClient {
  const tell = (path: string, error: unknown) => {
    if (isForbidden(path, error)) for (const listener of listeners) listener();
    throw error;
  };
  const watched = ((path: string, options?: Parameters<ApiClient>[1]) =>
    api(path, options).catch((error: unknown) => tell(path, error))) as ApiClient;
  watched.download = (path, options) => api.download(path, options).catch((error: unknown) => tell(path, error));
  return watched;
}
