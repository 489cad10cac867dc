import { useAction, useApi, type ApiClient } from '@almacen/shared';
import type { Category } from '@almacen/shared/domain';
import { categoryKeys } from './get-categories';

export const deleteCategory = (api: ApiClient, id: number) => api<Category>(`${categoryKeys.all}/${id}`, { method: 'DELETE' });

export function useDeleteCategory() {
  const api = useApi();
  return useAction((id: number) => deleteCategory(api, id), {
    errorText: 'eliminar la partida.',
    invalidate: [categoryKeys.all, '/api/catalog/products', '/api/stock'],
  });
}
