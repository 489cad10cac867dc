import { useApi, type ApiClient } from '@almacen/shared';
import type { Supplier } from '@almacen/shared/domain';
import useSWR from 'swr';
import { supplierKeys } from './get-suppliers';

export const getSupplier = (api: ApiClient, id: number) => api<Supplier>(supplierKeys.one(id));

/** One supplier as the server has it now (the edit form starts from it). */
export function useSupplier(id: number) {
  const api = useApi();
  return useSWR<Supplier>(supplierKeys.one(id), () => getSupplier(api, id));
}
