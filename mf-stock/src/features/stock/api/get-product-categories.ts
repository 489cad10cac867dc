// GET /api/catalog/product-categories — the options of the "Partida" filter.
import type { ApiError } from '@almacen/shared';
import type { Category } from '@almacen/shared/domain';
import useSWR from 'swr';
import { stockKeys } from './stock-keys';

export function useProductCategories() {
  return useSWR<Category[], ApiError>(stockKeys.categories);
}
