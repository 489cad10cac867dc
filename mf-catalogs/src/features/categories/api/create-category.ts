import { useAction, useApi, type ApiClient } from '@almacen/shared';
import type { CreateCategory, Category } from '@almacen/shared/domain';
import { categoryKeys } from './get-categories';

export const createCategory = (api: ApiClient, body: CreateCategory) => api<Category>(categoryKeys.all, { method: 'POST', body });

export function useCreateCategory() {
  const api = useApi();
  return useAction((body: CreateCategory) => createCategory(api, body), {
    errorText: 'crear la partida solicitada.',
    invalidate: [categoryKeys.all],
  });
}
