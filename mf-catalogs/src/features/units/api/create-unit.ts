import { useAction, useApi, type ApiClient } from '@almacen/shared';
import type { CreateUnit, Unit } from '@almacen/shared/domain';
import { unitKeys } from './get-units';

export const createUnit = (api: ApiClient, body: CreateUnit) => api<Unit>(unitKeys.all, { method: 'POST', body });

export function useCreateUnit() {
  const api = useApi();
  return useAction((body: CreateUnit) => createUnit(api, body), {
    errorText: 'crear la unidad de medida solicitada.',
    invalidate: [unitKeys.all],
  });
}
