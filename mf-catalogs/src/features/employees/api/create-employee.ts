import { useAction, useApi, type ApiClient } from '@almacen/shared';
import type { CreateEmployee, Employee } from '@almacen/shared/domain';
import { employeeKeys } from './get-employees';

export const createEmployee = (api: ApiClient, body: CreateEmployee) => api<Employee>(employeeKeys.all, { method: 'POST', body });

export function useCreateEmployee() {
  const api = useApi();
  return useAction((body: CreateEmployee) => createEmployee(api, body), {
    errorText: 'crear al empleado solicitado.',
    invalidate: [employeeKeys.all],
  });
}
