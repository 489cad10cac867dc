// GET /api/movements/dispatches/{id} — the movements (lines) of one exit. Under '/api/movements',
// so a new document anywhere refreshes it.
import type { ApiClient, ApiError, Movement } from '@almacen/shared';
import { useApi } from '@almacen/shared';
import useSWR from 'swr';

export const dispatchMovementsKey = (dispatchId: number) => `/api/movements/dispatches/${dispatchId}`;

export function getDispatchMovements(api: ApiClient, dispatchId: number): Promise<Movement[]> {
  return api<Movement[]>(dispatchMovementsKey(dispatchId));
}

export function useDispatchMovements(dispatchId: number) {
  const api = useApi();
  return useSWR<Movement[], ApiError>(dispatchMovementsKey(dispatchId), () => getDispatchMovements(api, dispatchId));
}
