// GET /api/stock/{productId} — available quantity and current average price of one product.
import type { ApiError } from '@almacen/shared';
import type { Stock } from '@almacen/shared/domain';
import useSWR from 'swr';
import { stockKeys } from './stock-keys';

export function useProductStock(productId: number) {
  return useSWR<Stock, ApiError>(stockKeys.stock(productId));
}
