// The material requests this remote reads and changes (ARCHITECTURE.md, "Material requests"): the
// lists of each view, the new request's choices, the creation and each state change. One request
// (GET /api/requests/{id}) is @almacen/shared's `useMaterialRequest`: the exit wizard reads it too.
// Every change sends an Idempotency-Key (the creation the wizard's, kept with its draft; a state
// change one per confirmation) and refreshes the whole '/api/requests' prefix, so the lists, the
// request and the menu's counts are read again. The lists and the choices are the current
// warehouse's (useWarehousePath), and a new request goes to it (`warehouseId` when there are several).
import { useCallback } from 'react';
import {
  apiKeys,
  newIdempotencyKey,
  staleAfter,
  useApi,
  useInvalidate,
  useMutation,
  useResource,
  useWarehouseId,
  useWarehousePath,
  withWarehouse,
  type ApiClient,
  type RequestChoices,
  type RequestDetail,
  type RequestStatus,
  type RequestSummary,
  type RequestView,
} from '@almacen/shared';
import type { CreateRequest, RequestAuthorization } from '@almacen/shared/schemas';
import { ACTION_TEXTS } from '../lib/texts';

const CHOICES = '/api/requests/choices';

/** GET /api/requests?view=&status= (no status: every state of the view). */
export function useRequests(view: RequestView, status?: RequestStatus | null) {
  const query = new URLSearchParams({ view, ...(status ? { status } : {}) });
  return useResource<RequestSummary[]>(useWarehousePath(`${apiKeys.requests}?${query.toString()}`));
}

/** The new request's form: the products (with what the warehouse has, no prices) and the possible heads. */
export const useRequestChoices = () => useResource<RequestChoices>(useWarehousePath(CHOICES));

/** POST /api/requests, with the wizard's Idempotency-Key (a doubled click or a retry sends one request). */
const createRequest = (api: ApiClient, body: CreateRequest, idempotencyKey: string) =>
  api<RequestDetail>(apiKeys.requests, { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });

type Change = 'authorization' | 'rejection' | 'cancellation' | 'closure' | 'receipt';

const sendChange = (api: ApiClient, id: number, change: Change, body: object) =>
  api<RequestDetail>(`${apiKeys.request(id)}/${change}`, { method: 'POST', body, headers: { 'Idempotency-Key': newIdempotencyKey() } });

/** The state changes of one request; each answers the request as it now stands. */
export function useRequestChanges(folio: string) {
  const { success, error } = ACTION_TEXTS;
  return {
    authorize: useMutation(
      (api, id: number, body: RequestAuthorization) => sendChange(api, id, 'authorization', body),
      { errorText: error.authorize, successText: success.authorize(folio) },
      staleAfter.request,
    ),
    reject: useMutation(
      (api, id: number, reason: string) => sendChange(api, id, 'rejection', { reason }),
      { errorText: error.reject, successText: success.reject(folio) },
      staleAfter.request,
    ),
    cancel: useMutation(
      (api, id: number, reason: string) => sendChange(api, id, 'cancellation', { reason }),
      { errorText: error.cancel, successText: success.cancel(folio) },
      staleAfter.request,
    ),
    close: useMutation(
      (api, id: number, reason: string) => sendChange(api, id, 'closure', { reason }),
      { errorText: error.close, successText: success.close(folio) },
      staleAfter.request,
    ),
    receive: useMutation(
      (api, id: number) => sendChange(api, id, 'receipt', {}),
      { errorText: error.receive, successText: success.receive(folio) },
      staleAfter.request,
    ),
  };
}

/** Sends a new request (the wizard's save). */
export function useCreateRequest() {
  const api = useApi();
  const warehouseId = useWarehouseId();
  return useCallback(
    (body: CreateRequest, idempotencyKey: string) => createRequest(api, withWarehouse(body, warehouseId), idempotencyKey),
    [api, warehouseId],
  );
}

/** Reads again every list, request and count (after a new request). */
export function useRefreshRequests(): () => Promise<unknown> {
  const invalidate = useInvalidate();
  return useCallback(() => invalidate(...staleAfter.request), [invalidate]);
}
