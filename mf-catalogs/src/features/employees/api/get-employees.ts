import { useApi, type ApiClient } from '@almacen/shared';
import type { Employee } from '@almacen/shared/domain';
import useSWR from 'swr';

/** SWR keys of the employee catalogue and of each employee's roles: the API paths themselves. */
export const employeeKeys = {
  all: '/api/catalog/employees',
  roles: (employeeId: number) => `/api/catalog/employee-roles/${employeeId}`,
  allRoles: '/api/catalog/employee-roles',
} as const;

export const getEmployees = (api: ApiClient) => api<Employee[]>(employeeKeys.all);

export function useEmployees() {
  const api = useApi();
  return useSWR<Employee[]>(employeeKeys.all, () => getEmployees(api));
}
