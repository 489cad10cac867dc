// GET /api/stock/{productId} — the available quantity and the average price of one product. The
// key is the API path, so a save anywhere in the portal that invalidates '/api/stock' refreshes it.
import type { ApiClient, ApiError, Stock } from '@almacen/shared';
import { useApi } from '@almacen/shared';
import useSWR from 'swr';

export const stockKey = (productId: number) => `/api/stock/${productId}`;

export function getStock(api: ApiClient, productId: number): Promise<Stock> {
  return api<Stock>(stockKey(productId));
}

/** Nothing is fetched until a product is chosen. */
export function useStock(productId: number | null | undefined) {
  const api = useApi();
  return useSWR<Stock, ApiError>(productId ? stockKey(productId) : null, () => getStock(api, productId as number));
}
