import { useAction, useApi, type ApiClient } from '@almacen/shared';
import type { Supplier, UpdateSupplier } from '@almacen/shared/domain';
import { supplierKeys } from './get-suppliers';

export const updateSupplier = (api: ApiClient, body: UpdateSupplier) => api<Supplier>(supplierKeys.all, { method: 'PUT', body });

export function useUpdateSupplier() {
  const api = useApi();
  // The entry history shows supplier names: refresh it too.
  return useAction((body: UpdateSupplier) => updateSupplier(api, body), {
    errorText: 'actualizar el proveedor solicitado.',
    invalidate: [supplierKeys.all, '/api/invoices'],
  });
}
