import { useAction, useApi, type ApiClient } from '@almacen/shared';
import type { Employee } from '@almacen/shared/domain';
import { employeeKeys } from './get-employees';

export const deleteEmployee = (api: ApiClient, id: number) => api<Employee>(`${employeeKeys.all}/${id}`, { method: 'DELETE' });

export function useDeleteEmployee() {
  const api = useApi();
  // The employee's role assignments go with it.
  return useAction((id: number) => deleteEmployee(api, id), {
    errorText: 'eliminar al empleado.',
    invalidate: [employeeKeys.all, employeeKeys.allRoles],
  });
}
