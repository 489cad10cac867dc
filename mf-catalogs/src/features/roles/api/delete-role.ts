import { useAction, useApi, type ApiClient } from '@almacen/shared';
import type { Role } from '@almacen/shared/domain';
import { roleKeys } from './get-roles';

export const deleteRole = (api: ApiClient, id: number) => api<Role>(`${roleKeys.all}/${id}`, { method: 'DELETE' });

export function useDeleteRole() {
  const api = useApi();
  return useAction((id: number) => deleteRole(api, id), {
    errorText: 'eliminar el rol.',
    invalidate: [roleKeys.all, '/api/catalog/employee-roles'],
  });
}
