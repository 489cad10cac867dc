import { useApi, type ApiClient } from '@almacen/shared';
import type { Supplier } from '@almacen/shared/domain';
import useSWR from 'swr';

/** SWR keys of the supplier catalogue: the API paths themselves. */
export const supplierKeys = {
  all: '/api/catalog/suppliers',
  one: (id: number) => `/api/catalog/suppliers/${id}`,
} as const;

export const getSuppliers = (api: ApiClient) => api<Supplier[]>(supplierKeys.all);

export function useSuppliers() {
  const api = useApi();
  return useSWR<Supplier[]>(supplierKeys.all, () => getSuppliers(api));
}
