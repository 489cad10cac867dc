import { useApi, type ApiClient } from '@almacen/shared';
import type { Role } from '@almacen/shared/domain';
import useSWR from 'swr';

/** SWR keys of this catalogue: the API paths themselves. */
export const roleKeys = { all: '/api/catalog/roles' } as const;

export const getRoles = (api: ApiClient) => api<Role[]>(roleKeys.all);

export function useRoles() {
  const api = useApi();
  return useSWR<Role[]>(roleKeys.all, () => getRoles(api));
}
