import { useAction, useApi, type ApiClient } from '@almacen/shared';
import type { Role, UpdateRole } from '@almacen/shared/domain';
import { roleKeys } from './get-roles';

export const updateRole = (api: ApiClient, body: UpdateRole) => api<Role>(roleKeys.all, { method: 'PUT', body });

export function useUpdateRole() {
  const api = useApi();
  // Renaming also changes what other lists show (an employee's roles show the role's description).
  return useAction((body: UpdateRole) => updateRole(api, body), {
    errorText: 'actualizar el rol solicitado.',
    invalidate: [roleKeys.all, '/api/catalog/employee-roles'],
  });
}
