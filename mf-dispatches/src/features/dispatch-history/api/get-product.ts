// GET /api/catalog/products/{id} — the product a movement moved (its name, unit and partida).
import type { ApiClient, ApiError, Product } from '@almacen/shared';
import { useApi } from '@almacen/shared';
import useSWR from 'swr';

export const productKey = (productId: number) => `/api/catalog/products/${productId}`;

export function getProduct(api: ApiClient, productId: number): Promise<Product> {
  return api<Product>(productKey(productId));
}

export function useProduct(productId: number) {
  const api = useApi();
  return useSWR<Product, ApiError>(productKey(productId), () => getProduct(api, productId));
}
