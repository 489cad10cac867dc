import { useAction, useApi, type ApiClient } from '@almacen/shared';
import type { Product } from '@almacen/shared/domain';
import { STOCK_PREFIX, productKeys } from './get-products';

export const deleteProduct = (api: ApiClient, id: number) => api<Product>(productKeys.one(id), { method: 'DELETE' });

export function useDeleteProduct() {
  const api = useApi();
  return useAction((id: number) => deleteProduct(api, id), {
    errorText: 'eliminar el producto.',
    invalidate: [productKeys.all, STOCK_PREFIX],
  });
}
