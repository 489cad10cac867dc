import { useAction, useApi, type ApiClient } from '@almacen/shared';
import type { CreateSupplier, Supplier } from '@almacen/shared/domain';
import { supplierKeys } from './get-suppliers';

export const createSupplier = (api: ApiClient, body: CreateSupplier) => api<Supplier>(supplierKeys.all, { method: 'POST', body });

export function useCreateSupplier() {
  const api = useApi();
  return useAction((body: CreateSupplier) => createSupplier(api, body), {
    errorText: 'crear el proveedor solicitado.',
    invalidate: [supplierKeys.all],
  });
}
