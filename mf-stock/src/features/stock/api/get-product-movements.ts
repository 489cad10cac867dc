// GET /api/movements/products/{id} — the ledger rows of one product, in registration order.
import type { ApiError } from '@almacen/shared';
import type { Movement } from '@almacen/shared/domain';
import useSWR from 'swr';
import { stockKeys } from './stock-keys';

export function useProductMovements(productId: number) {
  return useSWR<Movement[], ApiError>(stockKeys.movements(productId));
}
