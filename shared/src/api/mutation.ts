// A change sent to the API, as every screen sends one: `useAction` (saving state, the "¡Oh no!"
// toast with the API's words, the green notice) with the prefixes it makes stale (keys.ts).
import { useAction, type Action } from '../kit/actions/use-action';
import type { ApiClient } from '../platform/api-client';
import { useApi } from '../platform/hooks';

export interface MutationTexts {
  /** How "Algo salió mal mientras tratábamos de …" ends: "crear el producto solicitado." */
  errorText: string;
  successText?: string;
}

export function useMutation<A extends unknown[], R>(
  request: (api: ApiClient, ...args: A) => Promise<R>,
  texts: MutationTexts,
  stale: readonly string[],
): Action<A, R> {
  const api = useApi();
  return useAction((...args: A) => request(api, ...args), { ...texts, invalidate: [...stale] });
}
