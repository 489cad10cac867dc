import { useAction, useApi, type ApiClient } from '@almacen/shared';
import type { Category, UpdateCategory } from '@almacen/shared/domain';
import { categoryKeys } from './get-categories';

export const updateCategory = (api: ApiClient, body: UpdateCategory) => api<Category>(categoryKeys.all, { method: 'PUT', body });

export function useUpdateCategory() {
  const api = useApi();
  // Renaming also changes what other lists show (products and the stock page show the partida).
  return useAction((body: UpdateCategory) => updateCategory(api, body), {
    errorText: 'actualizar la partida solicitada.',
    invalidate: [categoryKeys.all, '/api/catalog/products', '/api/stock'],
  });
}
