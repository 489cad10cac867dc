// «Almacenes»: GET /api/warehouses (an administrator: every warehouse, the inactive too),
// POST /api/warehouses and PUT /api/warehouses/{id}. A change is read again by /api/me too: the
// header's switcher lists the person's active warehouses from it.
import { ME_KEY, useMutation, useResource, WAREHOUSES_KEY } from '@almacen/shared';
import type { WarehouseInput } from '@almacen/shared/schemas';

/** A warehouse as GET /api/warehouses answers it. */
export interface Warehouse {
  id: number;
  code: string;
  name: string;
  address: string | null;
  responsibleEmployeeId: number | null;
  /** "Nombre Apellido" of the responsible employee, or null. */
  responsibleEmployeeName: string | null;
  active: boolean;
}

/** What the form sends: the code in capitals, the texts trimmed, empty ones null. */
export interface WarehouseBody {
  code: string;
  name: string;
  address: string | null;
  responsibleEmployeeId: number | null;
  active: boolean;
}

const AFTER_CHANGE = [WAREHOUSES_KEY, ME_KEY];

export const useWarehouses = () => useResource<Warehouse[]>(WAREHOUSES_KEY);

export const useCreateWarehouse = () =>
  useMutation(
    (api, body: WarehouseBody) => api<Warehouse>(WAREHOUSES_KEY, { method: 'POST', body }),
    { errorText: 'crear el almacén solicitado.', successText: 'Almacén creado.' },
    AFTER_CHANGE,
  );

export const useUpdateWarehouse = () =>
  useMutation(
    (api, id: number, body: WarehouseBody) => api<Warehouse>(`${WAREHOUSES_KEY}/${id}`, { method: 'PUT', body }),
    { errorText: 'actualizar el almacén solicitado.', successText: 'Almacén actualizado.' },
    AFTER_CHANGE,
  );

export const toWarehouseBody = (values: WarehouseInput): WarehouseBody => ({
  code: values.code.trim().toUpperCase(),
  name: values.name.trim(),
  address: values.address?.trim() || null,
  responsibleEmployeeId: values.responsibleEmployeeId ?? null,
  active: values.active ?? true,
});
