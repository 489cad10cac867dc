// GET /api/catalog/products — the rows of the stock table (the catalogue's cached list).
import type { ApiError } from '@almacen/shared';
import type { Product } from '@almacen/shared/domain';
import useSWR from 'swr';
import { stockKeys } from './stock-keys';

export function useProducts() {
  return useSWR<Product[], ApiError>(stockKeys.products);
}
