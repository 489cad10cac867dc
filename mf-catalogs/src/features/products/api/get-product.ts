import { useApi, type ApiClient } from '@almacen/shared';
import type { Product } from '@almacen/shared/domain';
import useSWR from 'swr';
import { productKeys } from './get-products';

export const getProduct = (api: ApiClient, id: number) => api<Product>(productKeys.one(id));

/** One product as the server has it now (the edit form starts from it). */
export function useProduct(id: number) {
  const api = useApi();
  return useSWR<Product>(productKeys.one(id), () => getProduct(api, id));
}
