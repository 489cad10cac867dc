// The units of measure offered in the product form (same cached list as the units screen).
import { useApi, type ApiClient } from '@almacen/shared';
import type { Unit } from '@almacen/shared/domain';
import useSWR from 'swr';

export const productUnitsKey = '/api/catalog/product-units';

export const getProductUnits = (api: ApiClient) => api<Unit[]>(productUnitsKey);

export function useProductUnits() {
  const api = useApi();
  return useSWR<Unit[]>(productUnitsKey, () => getProductUnits(api));
}
