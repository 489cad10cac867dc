// GET /api/catalog/products — what a dispatch row can take out of the warehouse.
import type { ApiClient, ApiError, Product } from '@almacen/shared';
import { useApi } from '@almacen/shared';
import useSWR from 'swr';

export const productsKey = '/api/catalog/products';

export function getProducts(api: ApiClient): Promise<Product[]> {
  return api<Product[]>(productsKey);
}

export function useProducts() {
  const api = useApi();
  return useSWR<Product[], ApiError>(productsKey, () => getProducts(api));
}
