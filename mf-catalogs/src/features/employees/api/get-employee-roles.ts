import { isApiError, useApi, type ApiClient } from '@almacen/shared';
import type { EmployeeRoles, Role } from '@almacen/shared/domain';
import useSWR from 'swr';
import { employeeKeys } from './get-employees';

/**
 * The roles of one employee. A 404 (the employee has just been deleted elsewhere, or has no
 * record of roles) is not a failure to show: the employee simply has no roles (spec §7).
 */
export async function getEmployeeRoles(api: ApiClient, employeeId: number): Promise<Role[]> {
  try {
    const answer = await api<EmployeeRoles>(employeeKeys.roles(employeeId));
    return answer.roles;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

export function useEmployeeRoles(employeeId: number) {
  const api = useApi();
  return useSWR<Role[]>(employeeKeys.roles(employeeId), () => getEmployeeRoles(api, employeeId));
}
