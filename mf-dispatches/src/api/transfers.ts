// The transfers between warehouses (ARCHITECTURE.md, "Warehouses"): only this remote's screens
// read and send them, so the resource lives here. The lists are read per warehouse (sent by or
// to it); the wizard reads each product's stock at the origin and offers as destination every
// active warehouse (`?purpose=destinations`: the sender need not belong to the one they send to). Every change sends an
// Idempotency-Key (the shipment the wizard's, kept with its draft; a reception, rejection or
// withdrawal one per confirmation) and refreshes what a document moves plus every transfer list.
import { useCallback } from 'react';
import {
  apiKeys,
  newIdempotencyKey,
  staleAfter,
  useApi,
  useInvalidate,
  useMutation,
  useResource,
  type ApiClient,
  type ReportRequest,
  type Stock,
  WAREHOUSES_KEY,
} from '@almacen/shared';
import type { Transfer, TransferStatus } from '@almacen/shared/domain';
import type { CreateTransfer } from '@almacen/shared/schemas';

export type { Transfer, TransferLine } from '@almacen/shared/domain';

const TRANSFERS = '/api/transfers';

/** What a shipment, a reception, a rejection or a withdrawal makes stale. */
const STALE = [TRANSFERS, ...staleAfter.document];

/** GET /api/transfers?warehouseId=&status=: sent by or to the warehouse, newest first; nothing until it is known. */
export function useTransfers(warehouseId: number | null, status?: TransferStatus) {
  const query = new URLSearchParams({ ...(warehouseId ? { warehouseId: String(warehouseId) } : {}), ...(status ? { status } : {}) });
  return useResource<Transfer[]>(warehouseId ? `${TRANSFERS}?${query.toString()}` : null);
}

/** A warehouse a transfer may go to: every active one (the origin is left out by the form). */
export interface Destination {
  id: number;
  code: string;
  name: string;
}

/** GET /api/warehouses?purpose=destinations: every active warehouse, for whoever may send a transfer. */
export const useDestinations = () => useResource<Destination[]>(`${WAREHOUSES_KEY}?purpose=destinations`);

/** A product's availability and average at the origin (GET /api/stock/{id}?warehouseId=). */
export const useOriginStock = (productId: number | null, originId: number | null) =>
  useResource<Stock>(productId && originId ? `${apiKeys.stockOf(productId)}?warehouseId=${originId}` : null);

/** POST /api/transfers with the wizard's Idempotency-Key (a doubled click or a retry sends one transfer). */
export function useSendTransfer() {
  const api = useApi();
  return useCallback(
    (body: CreateTransfer, idempotencyKey: string) =>
      api<Transfer>(TRANSFERS, { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
    [api],
  );
}

/** Reads again what a shipment changed (after the wizard sent one). */
export function useRefreshAfterTransfer(): () => Promise<unknown> {
  const invalidate = useInvalidate();
  return useCallback(() => invalidate(...STALE), [invalidate]);
}

type Settlement = 'reception' | 'rejection' | 'withdrawal';

const settle = (api: ApiClient, id: number, settlement: Settlement, body: object) =>
  api<Transfer>(`${TRANSFERS}/${id}/${settlement}`, { method: 'POST', body, headers: { 'Idempotency-Key': newIdempotencyKey() } });

export const SETTLEMENT_ERRORS = {
  receive: 'recibir el traspaso solicitado.',
  reject: 'rechazar el traspaso solicitado.',
  withdraw: 'retirar el traspaso solicitado.',
} as const;

/** The changes of a transfer in transit; each answers the transfer as it now stands. */
export function useTransferChanges(success: { receive?: string; reject?: string; withdraw?: string } = {}) {
  return {
    receive: useMutation(
      (api, id: number, receiverEmployeeId: number) => settle(api, id, 'reception', { receiverEmployeeId }),
      { errorText: SETTLEMENT_ERRORS.receive, successText: success.receive },
      STALE,
    ),
    reject: useMutation(
      (api, id: number, reason: string) => settle(api, id, 'rejection', { reason }),
      { errorText: SETTLEMENT_ERRORS.reject, successText: success.reject },
      STALE,
    ),
    withdraw: useMutation(
      (api, id: number, reason: string) => settle(api, id, 'withdrawal', { reason }),
      { errorText: SETTLEMENT_ERRORS.withdraw, successText: success.withdraw },
      STALE,
    ),
  };
}

/** «Vale de traspaso»: who sent, who carried and who received (PDF or XLSX). */
export const transferVoucherRequest = (transferId: number): ReportRequest => ({
  path: `/api/reports/transfers/${transferId}`,
  fileName: `Vale de traspaso - ${transferId}`,
});
