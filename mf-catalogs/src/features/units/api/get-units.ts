import { useApi, type ApiClient } from '@almacen/shared';
import type { Unit } from '@almacen/shared/domain';
import useSWR from 'swr';

/** SWR keys of this catalogue: the API paths themselves. */
export const unitKeys = { all: '/api/catalog/product-units' } as const;

export const getUnits = (api: ApiClient) => api<Unit[]>(unitKeys.all);

export function useUnits() {
  const api = useApi();
  return useSWR<Unit[]>(unitKeys.all, () => getUnits(api));
}
