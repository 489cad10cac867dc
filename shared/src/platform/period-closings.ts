// The last standing month closing, for the wizards' date pickers: GET
// /api/period-closings in the one SWR cache the shell and the remotes share, the same key the
// "Cierres de periodo" page reads and refreshes after closing or reopening a month (the current
// warehouse's, or the one a document names — a transfer's origin: each closes its own months).
import { useMemo } from 'react';
import { lastClosedUntil, type ClosingStatus } from '../domain/periods';
import { useResource } from './resource';
import { useWarehousePath, warehousePath } from './warehouse';

export const PERIOD_CLOSINGS_KEY = '/api/period-closings';

/**
 * The last closed date (YYYY-MM-DD) of the current warehouse, or of `warehouseId` when one is
 * given (a transfer leaves in its origin's month, whichever warehouse is current; null: none
 * chosen yet), or null: no closing stands, the list is still on its way, or it could not be read.
 * Nothing waits for it; the API refuses a closed date in any case (409).
 */
export function useClosedUntil(warehouseId?: number | null): string | null {
  const current = useWarehousePath(PERIOD_CLOSINGS_KEY);
  const named = warehouseId ? warehousePath(PERIOD_CLOSINGS_KEY, warehouseId) : null;
  const { data } = useResource<ClosingStatus[]>(warehouseId === undefined ? current : named);
  return useMemo(() => lastClosedUntil(data), [data]);
}
