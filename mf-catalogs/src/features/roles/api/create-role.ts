import { useAction, useApi, type ApiClient } from '@almacen/shared';
import type { CreateRole, Role } from '@almacen/shared/domain';
import { roleKeys } from './get-roles';

export const createRole = (api: ApiClient, body: CreateRole) => api<Role>(roleKeys.all, { method: 'POST', body });

export function useCreateRole() {
  const api = useApi();
  return useAction((body: CreateRole) => createRole(api, body), {
    errorText: 'crear el rol solicitado.',
    invalidate: [roleKeys.all],
  });
}
