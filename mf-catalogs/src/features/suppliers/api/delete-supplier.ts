import { useAction, useApi, type ApiClient } from '@almacen/shared';
import type { Supplier } from '@almacen/shared/domain';
import { supplierKeys } from './get-suppliers';

export const deleteSupplier = (api: ApiClient, id: number) => api<Supplier>(supplierKeys.one(id), { method: 'DELETE' });

export function useDeleteSupplier() {
  const api = useApi();
  return useAction((id: number) => deleteSupplier(api, id), {
    errorText: 'eliminar el proveedor.',
    invalidate: [supplierKeys.all],
  });
}
