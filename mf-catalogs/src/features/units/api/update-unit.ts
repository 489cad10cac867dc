import { useAction, useApi, type ApiClient } from '@almacen/shared';
import type { Unit, UpdateUnit } from '@almacen/shared/domain';
import { unitKeys } from './get-units';

export const updateUnit = (api: ApiClient, body: UpdateUnit) => api<Unit>(unitKeys.all, { method: 'PUT', body });

export function useUpdateUnit() {
  const api = useApi();
  // Renaming also changes what other lists show (products and the stock page show the unit).
  return useAction((body: UpdateUnit) => updateUnit(api, body), {
    errorText: 'actualizar la unidad de medida solicitada.',
    invalidate: [unitKeys.all, '/api/catalog/products', '/api/stock'],
  });
}
