// GET /api/catalog/employees — the people a dispatch names (area head, petitioner, warehouse keeper).
import type { ApiClient, ApiError, Employee } from '@almacen/shared';
import { useApi } from '@almacen/shared';
import useSWR from 'swr';

export const employeesKey = '/api/catalog/employees';

export function getEmployees(api: ApiClient): Promise<Employee[]> {
  return api<Employee[]>(employeesKey);
}

export function useEmployees() {
  const api = useApi();
  return useSWR<Employee[], ApiError>(employeesKey, () => getEmployees(api));
}
