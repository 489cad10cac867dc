import { useAction, useApi, type ApiClient } from '@almacen/shared';
import type { Product, UpdateProduct } from '@almacen/shared/domain';
import { STOCK_PREFIX, productKeys } from './get-products';

const level = (value: UpdateProduct['minimumStock']) => (value === undefined || value === null || value === '' ? null : value);

/** `categoryId` and `unitId` are null when left empty (spec §3); so are the stock levels (issue #20). */
export const updateProduct = (api: ApiClient, body: UpdateProduct) =>
  api<Product>(productKeys.all, {
    method: 'PUT',
    body: { ...body, minimumStock: level(body.minimumStock), maximumStock: level(body.maximumStock) },
  });

export function useUpdateProduct() {
  const api = useApi();
  return useAction((body: UpdateProduct) => updateProduct(api, body), {
    errorText: 'actualizar el producto solicitado.',
    invalidate: [productKeys.all, STOCK_PREFIX],
  });
}
