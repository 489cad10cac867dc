import { useApi, type ApiClient } from '@almacen/shared';
import type { Product } from '@almacen/shared/domain';
import useSWR from 'swr';

/** SWR keys of the product catalogue: the API paths themselves. */
export const productKeys = {
  all: '/api/catalog/products',
  one: (id: number) => `/api/catalog/products/${id}`,
} as const;

/** Stock views show product names: a change here refreshes them too (mf-stock's keys). */
export const STOCK_PREFIX = '/api/stock';

export const getProducts = (api: ApiClient) => api<Product[]>(productKeys.all);

export function useProducts() {
  const api = useApi();
  return useSWR<Product[]>(productKeys.all, () => getProducts(api));
}
