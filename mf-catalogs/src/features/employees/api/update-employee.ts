import { useAction, useApi, type ApiClient } from '@almacen/shared';
import type { Employee, UpdateEmployee } from '@almacen/shared/domain';
import { employeeKeys } from './get-employees';

export const updateEmployee = (api: ApiClient, body: UpdateEmployee) => api<Employee>(employeeKeys.all, { method: 'PUT', body });

export function useUpdateEmployee() {
  const api = useApi();
  return useAction((body: UpdateEmployee) => updateEmployee(api, body), {
    errorText: 'actualizar al empleado solicitado.',
    invalidate: [employeeKeys.all],
  });
}
