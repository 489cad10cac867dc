// Stock: one product's availability and average, every product's stock at a past date,
// the home page's summary, and one product's movements a page at a time. All keys start with '/api/stock' or '/api/movements', so a document saved anywhere
// refreshes them (staleAfter.document).
//
// GET /api/movements/products/{id}?limit=&before= — the ledger rows of one product, newest first,
// one page at a time: a product with 100,000 movements downloads one page, and "Cargar movimientos
// anteriores" asks for the next one (a keyset on the movement id). Each request asks for one row
// more than a page to know whether older ones remain. The first page is an SWR key, so a save
// elsewhere refreshes it; older pages never change (the ledger is append-only), so they are kept
// in state. When a refreshed first page starts above the previous one, the previous one's rows
// are kept too, so nothing between the new first page and the older pages goes missing.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Movement, Stock, StockSummary } from '../domain';
import type { ApiError } from '../platform/api-error';
import { useApi } from '../platform/hooks';
import { useResource } from '../platform/resource';
import { apiKeys } from './keys';

/** Nothing is fetched until a product is chosen. */
export const useStock = (productId: number | null | undefined) => useResource<Stock>(productId ? apiKeys.stockOf(productId) : null);

/** A product's stock at the end of a past day: the balance after the last movement registered by then. */
export interface StockAtDate {
  productId: number;
  availableQuantity: string;
  averagePrice: string;
  value: string;
}

export const useStockAt = (date: string) => useResource<StockAtDate[]>(apiKeys.stockAt(date));

/** GET /api/stock/summary: the home page's figures and chart series in one answer. */
export const useStockSummary = () => useResource<StockSummary>(apiKeys.summary);

/** Movements per page (about 40 KB of JSON). */
export const MOVEMENTS_PAGE = 100;

/** Newest first, each id once (the later copy wins). */
export function mergeNewestFirst(...lists: readonly (readonly Movement[])[]): Movement[] {
  const byId = new Map<number, Movement>();
  for (const list of lists) for (const movement of list) byId.set(movement.id, movement);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

interface Older {
  rows: Movement[];
  /** Whether the last page loaded had one row more than a page. */
  more: boolean;
}

export interface ProductMovements {
  /** The movements loaded so far, newest first; undefined until the first page arrives. */
  data: Movement[] | undefined;
  error: ApiError | undefined;
  isLoading: boolean;
  /** Re-fetches the first page. */
  mutate: () => Promise<unknown>;
  /** Whether the server has movements older than the ones loaded. */
  hasMore: boolean;
  loadingMore: boolean;
  /** Loads the next page of older movements; rejects with the API's error. */
  loadMore: () => Promise<void>;
}

export function useProductMovements(productId: number): ProductMovements {
  const api = useApi();
  const first = useResource<Movement[]>(apiKeys.productMovements(productId, MOVEMENTS_PAGE + 1));
  const [older, setOlder] = useState<Older | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  const previousFirst = useRef<Movement[] | undefined>(undefined);
  useEffect(() => {
    const previous = previousFirst.current;
    previousFirst.current = first.data;
    if (previous && previous !== first.data) {
      setOlder((current) => current && { ...current, rows: mergeNewestFirst(previous.slice(0, MOVEMENTS_PAGE), current.rows) });
    }
  }, [first.data]);

  const data = useMemo(
    () => (first.data ? mergeNewestFirst(older?.rows ?? [], first.data.slice(0, MOVEMENTS_PAGE)) : undefined),
    [first.data, older],
  );
  const hasMore = older ? older.more : (first.data?.length ?? 0) > MOVEMENTS_PAGE;

  const oldest = data?.[data.length - 1]?.id;
  const loadMore = useCallback(async () => {
    if (oldest === undefined) return;
    setLoadingMore(true);
    try {
      const page = await api<Movement[]>(apiKeys.productMovements(productId, MOVEMENTS_PAGE + 1, oldest));
      setOlder((current) => ({
        rows: mergeNewestFirst(current?.rows ?? [], page.slice(0, MOVEMENTS_PAGE)),
        more: page.length > MOVEMENTS_PAGE,
      }));
    } finally {
      setLoadingMore(false);
    }
  }, [api, productId, oldest]);

  return { data, error: first.error, isLoading: first.isLoading, mutate: () => first.mutate(), hasMore, loadingMore, loadMore };
}
