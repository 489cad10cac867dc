import { useAction, useApi, type ApiClient } from '@almacen/shared';
import type { AssignRole } from '@almacen/shared/domain';
import { employeeKeys } from './get-employees';

export const assignRole = (api: ApiClient, body: AssignRole) => api<AssignRole>(employeeKeys.allRoles, { method: 'POST', body });

export function useAssignRole() {
  const api = useApi();
  return useAction((body: AssignRole) => assignRole(api, body), {
    errorText: 'asignar el rol al empleado solicitado.',
    invalidate: [employeeKeys.allRoles],
  });
}
