// Stock: one product's availability and average, every product's stock at a past date,
// the home page's summary, and one product's movements a page at a time. All keys start with '/api/stock' or '/api/movements', so a document saved anywhere
// refreshes them (staleAfter.document). Each is the current warehouse's (useWarehousePath): with
// several, `warehouseId=` is part of the key, so one warehouse's answer never shows under another.
//
// A product's movements are a paged list (usePagedResource): a product with 100,000 movements
// downloads one page, and "Cargar movimientos anteriores" asks for the next one.
import { useMemo } from 'react';
import type { Movement, Stock, StockSummary } from '../domain';
import { usePagedResource, type PagedResource } from '../platform/paged-resource';
import { useResource } from '../platform/resource';
import { useCurrentWarehouse, useWarehousePath } from '../platform/warehouse';
import { apiKeys } from './keys';

/** Nothing is fetched until a product is chosen. */
export const useStock = (productId: number | null | undefined) =>
  useResource<Stock>(useWarehousePath(productId ? apiKeys.stockOf(productId) : null));

/** A product's stock at the end of a past day: the balance after the last movement registered by then. */
export interface StockAtDate {
  productId: number;
  availableQuantity: string;
  averagePrice: string;
  value: string;
}

export const useStockAt = (date: string) => useResource<StockAtDate[]>(useWarehousePath(apiKeys.stockAt(date)));

/** GET /api/stock/summary: the home page's figures and chart series in one answer. */
export const useStockSummary = () => useResource<StockSummary>(useWarehousePath(apiKeys.summary));

/** Movements per page (about 40 KB of JSON). */
export const MOVEMENTS_PAGE = 100;

const movementId = (movement: Movement) => movement.id;

/** The movements loaded so far, newest first, and the next (older) page on demand. */
export function useProductMovements(productId: number): PagedResource<Movement> {
  // A filter like the list's others (the pager builds the query); nothing is read before the warehouse is known.
  const { warehouse, several, ready } = useCurrentWarehouse();
  const query = useMemo(() => (several && warehouse ? { warehouseId: String(warehouse.id) } : undefined), [several, warehouse]);
  const path = !ready || (several && !warehouse) ? null : apiKeys.productMovements(productId);
  return usePagedResource({ path, query, pageSize: MOVEMENTS_PAGE, idOf: movementId });
}
