// Entries (invoices) and exits (dispatches): the histories, each document's movements, registering
// one with its Idempotency-Key (a repeated attempt — double click, a retry after a lost answer —
// returns the first document instead of moving stock twice), cancelling one, and the
// supplier's CFDI. A document moves stock, so after one every history, stock figure,
// kardex and the month closing's preview is read again (staleAfter.document).
import { useCallback } from 'react';
import type { CfdiAnalysis, Dispatch, DispatchDefaults, Invoice, InvoiceDefaults, Movement } from '../domain';
import { newIdempotencyKey } from '../kit/wizard/idempotency';
import type { ApiClient } from '../platform/api-client';
import { useApi, useInvalidate, useRefresh } from '../platform/hooks';
import { useResource } from '../platform/resource';
import { useWarehouseId, useWarehousePath, warehousePath, withWarehouse } from '../platform/warehouse';
import { apiKeys, staleAfter } from './keys';
import { useMutation } from './mutation';

/** The current warehouse's history (a document's own reads act on its warehouse). */
export const useInvoices = () => useResource<Invoice[]>(useWarehousePath(apiKeys.invoices));
export const useInvoiceMovements = (invoiceId: number) => useResource<Movement[]>(apiKeys.invoiceMovements(invoiceId));
export const useDispatches = () => useResource<Dispatch[]>(useWarehousePath(apiKeys.dispatches));
export const useDispatchMovements = (dispatchId: number) => useResource<Movement[]>(apiKeys.dispatchMovements(dispatchId));
/** What the signed-in person chose in their last entry / exit (null before their first): the wizards start from it. */
export const useInvoiceDefaults = () => useResource<InvoiceDefaults | null>(apiKeys.invoiceDefaults);
export const useDispatchDefaults = () => useResource<DispatchDefaults | null>(apiKeys.dispatchDefaults);

/** Reads again everything a document changes (after a wizard saved one). */
export function useRefreshAfterDocument(): () => Promise<unknown> {
  const invalidate = useInvalidate();
  return useCallback(() => invalidate(...staleAfter.document), [invalidate]);
}

/**
 * POST /api/invoices; `body` is the wizard's payload (with the CFDI when one was loaded), sent with
 * the current warehouse's `warehouseId` when there are several.
 */
export function useRegisterInvoice<B extends object>() {
  const api = useApi();
  const warehouseId = useWarehouseId();
  return useCallback(
    (body: B, idempotencyKey: string) =>
      api<Invoice>(apiKeys.invoices, {
        method: 'POST',
        body: withWarehouse(body, warehouseId),
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    [api, warehouseId],
  );
}

/** POST /api/dispatches, like an entry. */
export function useRegisterDispatch<B extends object>() {
  const api = useApi();
  const warehouseId = useWarehouseId();
  return useCallback(
    (body: B, idempotencyKey: string) =>
      api<Dispatch>(apiKeys.dispatches, {
        method: 'POST',
        body: withWarehouse(body, warehouseId),
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    [api, warehouseId],
  );
}

/**
 * Reads again the stock of these products only (an exit refused because someone took stock out
 * meanwhile): exact keys — '/api/stock/1' must not refresh '/api/stock/12'.
 */
export function useRefreshStockOf(): (productIds: Iterable<number>) => Promise<unknown> {
  const refresh = useRefresh();
  const warehouseId = useWarehouseId();
  return useCallback(
    (productIds) => refresh(...[...new Set(productIds)].map((id) => warehousePath(apiKeys.stockOf(id), warehouseId))),
    [refresh, warehouseId],
  );
}

/** POST /api/invoices/{id}/cancellation { reason }: one key per confirmation, so a doubled request cancels once. */
export const useCancelInvoice = (successText?: string) =>
  useMutation(
    (api, id: number, reason: string) =>
      api(`${apiKeys.invoice(id)}/cancellation`, { method: 'POST', body: { reason }, headers: { 'idempotency-key': newIdempotencyKey() } }),
    { errorText: 'cancelar la entrada solicitada.', successText },
    staleAfter.document,
  );

/** POST /api/dispatches/{id}/cancellation { reason }. */
export const useCancelDispatch = (successText?: string) =>
  useMutation(
    (api, id: number, reason: string) =>
      api(`${apiKeys.dispatch(id)}/cancellation`, {
        method: 'POST',
        body: { reason },
        headers: { 'idempotency-key': newIdempotencyKey() },
      }),
    { errorText: 'cancelar la salida solicitada.', successText },
    staleAfter.document,
  );

/** POST /api/cfdi/parse: the supplier's CFDI read and checked by the API, with its rows. */
export const parseCfdi = (api: ApiClient, xml: string) =>
  api<CfdiAnalysis>('/api/cfdi/parse', { method: 'POST', body: xml, headers: { 'Content-Type': 'application/xml' } });

/** GET /api/invoices/{id}/cfdi: the stored XML, byte for byte. */
export const downloadInvoiceCfdi = (api: ApiClient, invoiceId: number) =>
  api.download(`${apiKeys.invoice(invoiceId)}/cfdi`, { method: 'GET' });
