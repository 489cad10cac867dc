import { useApi, type ApiClient } from '@almacen/shared';
import type { Category } from '@almacen/shared/domain';
import useSWR from 'swr';

/** SWR keys of this catalogue: the API paths themselves. */
export const categoryKeys = { all: '/api/catalog/product-categories' } as const;

export const getCategories = (api: ApiClient) => api<Category[]>(categoryKeys.all);

export function useCategories() {
  const api = useApi();
  return useSWR<Category[]>(categoryKeys.all, () => getCategories(api));
}
