// Stock: one product's availability and average, every product's stock at a past date,
// the home page's summary, and one product's movements a page at a time. All keys start with '/api/stock' or '/api/movements', so a document saved anywhere
// refreshes them (staleAfter.document).
//
// A product's movements are a paged list (usePagedResource): a product with 100,000 movements
// downloads one page, and "Cargar movimientos anteriores" asks for the next one.
import type { Movement, Stock, StockSummary } from '../domain';
import { usePagedResource, type PagedResource } from '../platform/paged-resource';
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

const movementId = (movement: Movement) => movement.id;

/** The movements loaded so far, newest first, and the next (older) page on demand. */
export const useProductMovements = (productId: number): PagedResource<Movement> =>
  usePagedResource({ path: apiKeys.productMovements(productId), pageSize: MOVEMENTS_PAGE, idOf: movementId });
