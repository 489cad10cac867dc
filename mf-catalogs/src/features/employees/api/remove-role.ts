import { useAction, useApi, type ApiClient } from '@almacen/shared';
import type { AssignRole } from '@almacen/shared/domain';
import { employeeKeys } from './get-employees';

export const removeRole = (api: ApiClient, { employeeId, roleId }: AssignRole) =>
  api<AssignRole>(`${employeeKeys.allRoles}/${employeeId}/${roleId}`, { method: 'DELETE' });

export function useRemoveRole() {
  const api = useApi();
  return useAction((assignment: AssignRole) => removeRole(api, assignment), {
    errorText: 'eliminar el rol del empleado.',
    invalidate: [employeeKeys.allRoles],
  });
}
