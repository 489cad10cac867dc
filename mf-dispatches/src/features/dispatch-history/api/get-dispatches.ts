// GET /api/dispatches — every exit: {id, dispatchDate}.
import type { ApiClient, ApiError, Dispatch } from '@almacen/shared';
import { useApi } from '@almacen/shared';
import useSWR from 'swr';

export const dispatchesKey = '/api/dispatches';

export function getDispatches(api: ApiClient): Promise<Dispatch[]> {
  return api<Dispatch[]>(dispatchesKey);
}

export function useDispatches() {
  const api = useApi();
  return useSWR<Dispatch[], ApiError>(dispatchesKey, () => getDispatches(api));
}
