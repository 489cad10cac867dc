// The partidas offered in the product form. Same key as the partidas screen, so both share one
// cached list and a partida added there appears here without a reload.
import { useApi, type ApiClient } from '@almacen/shared';
import type { Category } from '@almacen/shared/domain';
import useSWR from 'swr';

export const productCategoriesKey = '/api/catalog/product-categories';

export const getProductCategories = (api: ApiClient) => api<Category[]>(productCategoriesKey);

export function useProductCategories() {
  const api = useApi();
  return useSWR<Category[]>(productCategoriesKey, () => getProductCategories(api));
}
