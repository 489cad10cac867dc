// The roles offered by "Asignar rol". Same key as the roles screen: one cached list.
import { useApi, type ApiClient } from '@almacen/shared';
import type { Role } from '@almacen/shared/domain';
import useSWR from 'swr';

export const rolesKey = '/api/catalog/roles';

export const getRoles = (api: ApiClient) => api<Role[]>(rolesKey);

export function useRoles() {
  const api = useApi();
  return useSWR<Role[]>(rolesKey, () => getRoles(api));
}
