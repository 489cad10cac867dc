import { useAction, useApi, type ApiClient } from '@almacen/shared';
import type { Unit } from '@almacen/shared/domain';
import { unitKeys } from './get-units';

export const deleteUnit = (api: ApiClient, id: number) => api<Unit>(`${unitKeys.all}/${id}`, { method: 'DELETE' });

export function useDeleteUnit() {
  const api = useApi();
  return useAction((id: number) => deleteUnit(api, id), {
    errorText: 'eliminar la unidad de medida.',
    invalidate: [unitKeys.all, '/api/catalog/products', '/api/stock'],
  });
}
