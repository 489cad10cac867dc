// The last standing month closing, for the wizards' date pickers: GET
// /api/period-closings in the one SWR cache the shell and the remotes share, the same key the
// "Cierres de periodo" page reads and refreshes after closing or reopening a month (the current
// warehouse's: each closes its own months).
import { useMemo } from 'react';
import { lastClosedUntil, type ClosingStatus } from '../domain/periods';
import { useResource } from './resource';
import { useWarehousePath } from './warehouse';

export const PERIOD_CLOSINGS_KEY = '/api/period-closings';

/**
 * The last closed date (YYYY-MM-DD), or null: no closing stands, the list is still on its way, or
 * it could not be read. Nothing waits for it; the API refuses a closed date in any case (409).
 */
export function useClosedUntil(): string | null {
  const { data } = useResource<ClosingStatus[]>(useWarehousePath(PERIOD_CLOSINGS_KEY));
  return useMemo(() => lastClosedUntil(data), [data]);
}
