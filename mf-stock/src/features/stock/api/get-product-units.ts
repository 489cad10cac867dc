// GET /api/catalog/product-units — the options of the "Unidad" filter.
import type { ApiError } from '@almacen/shared';
import type { Unit } from '@almacen/shared/domain';
import useSWR from 'swr';
import { stockKeys } from './stock-keys';

export function useProductUnits() {
  return useSWR<Unit[], ApiError>(stockKeys.units);
}
