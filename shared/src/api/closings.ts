// Month closings: the list, the next month end to close (with the stock value it would
// store and the late registrations the confirmation shows), closing and reopening, each with its
// own Idempotency-Key. A closing changes what the wizards accept (their date pickers read the same
// list: platform/period-closings.ts) and what the closings page shows. Each warehouse closes its own
// months: the reads are the current warehouse's, the changes send its `warehouseId` when there are several.
import type { NextClosing, PeriodClosing } from '../domain';
import { newIdempotencyKey } from '../kit/wizard/idempotency';
import { useResource } from '../platform/resource';
import { useWarehouseId, useWarehousePath, withWarehouse } from '../platform/warehouse';
import { apiKeys, staleAfter } from './keys';
import { useMutation } from './mutation';

export const useClosings = () => useResource<PeriodClosing[]>(useWarehousePath(apiKeys.closings));
export const useNextClosing = () => useResource<NextClosing>(useWarehousePath(apiKeys.nextClosing));

export function useCloseMonth(successText?: string) {
  const warehouseId = useWarehouseId();
  return useMutation(
    (api, until: string) =>
      api<PeriodClosing>(apiKeys.closings, {
        method: 'POST',
        body: withWarehouse({ until }, warehouseId),
        headers: { 'idempotency-key': newIdempotencyKey() },
      }),
    { errorText: 'cerrar el periodo solicitado.', successText },
    staleAfter.closing,
  );
}

export function useReopenMonth(successText?: string) {
  const warehouseId = useWarehouseId();
  return useMutation(
    (api, until: string, reason: string) =>
      api<PeriodClosing>(`${apiKeys.closings}/${until}/reopening`, {
        method: 'POST',
        body: withWarehouse({ reason }, warehouseId),
        headers: { 'idempotency-key': newIdempotencyKey() },
      }),
    { errorText: 'reabrir el periodo solicitado.', successText },
    staleAfter.closing,
  );
}
