import { useAction, useApi, type ApiClient } from '@almacen/shared';
import type { CreateProduct, Product } from '@almacen/shared/domain';
import { STOCK_PREFIX, productKeys } from './get-products';

/** The create payload is the name only (spec §3); unit and partida are set by editing. */
export const createProduct = (api: ApiClient, body: CreateProduct) => api<Product>(productKeys.all, { method: 'POST', body });

export function useCreateProduct() {
  const api = useApi();
  return useAction((body: CreateProduct) => createProduct(api, body), {
    errorText: 'crear el producto solicitado.',
    invalidate: [productKeys.all, STOCK_PREFIX],
  });
}
