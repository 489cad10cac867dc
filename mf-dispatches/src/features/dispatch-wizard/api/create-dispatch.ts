// POST /api/dispatches — registers an exit. The Idempotency-Key makes a repeated attempt (double
// click, retry after a lost answer) return the first dispatch instead of taking stock out twice.
import type { ApiClient, CreateDispatch, Dispatch } from '@almacen/shared';
import { useApi } from '@almacen/shared';
import { useCallback } from 'react';

export const dispatchesKey = '/api/dispatches';

export function createDispatch(api: ApiClient, payload: CreateDispatch, idempotencyKey: string): Promise<Dispatch> {
  return api<Dispatch>(dispatchesKey, {
    method: 'POST',
    body: payload,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateDispatch() {
  const api = useApi();
  return useCallback(
    (payload: CreateDispatch, idempotencyKey: string) => createDispatch(api, payload, idempotencyKey),
    [api],
  );
}
