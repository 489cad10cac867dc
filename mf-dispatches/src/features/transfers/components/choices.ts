// The lists the transfer forms choose from: the origins (the person's warehouses where they may
// send), the destinations (every active warehouse but the origin), the employees (who sends, who
// receives) and the products; each list's loading failure is told once, in the "¡Oh no!" toast.
import { useMemo } from 'react';
import { useEmployees, useLoadErrorToast, useProducts, useWarehousesWhere, type WarehouseChoice } from '@almacen/shared';
import { employeeName } from '@almacen/shared/domain';
import type { SelectOption } from '@almacen/shared/kit';
import { useDestinations } from '../../../api/transfers';

const optionOf = (warehouse: Pick<WarehouseChoice, 'id' | 'code' | 'name'>): SelectOption<number> => ({
  value: warehouse.id,
  label: `${warehouse.code} · ${warehouse.name}`,
});

/** Where the person may send from: their warehouses where they may register exits. */
export function useOriginOptions(): SelectOption<number>[] {
  const origins = useWarehousesWhere('dispatches.create');
  return useMemo(() => origins.map(optionOf), [origins]);
}

/** Where a transfer from `origin` may go: every active warehouse but the origin. */
export function useDestinationOptions(origin: number | null): { options: SelectOption<number>[]; placeholder?: string } {
  const { data, error, isLoading } = useDestinations();
  useLoadErrorToast(error, 'obtener los almacenes de destino.');
  const options = useMemo(() => (data ?? []).filter((w) => w.id !== origin).map(optionOf), [data, origin]);
  return { options, placeholder: isLoading ? 'Cargando almacenes…' : undefined };
}

export function useEmployeeOptions(): { options: SelectOption<number>[]; placeholder: string } {
  const { data, error, isLoading } = useEmployees();
  useLoadErrorToast(error, 'obtener los empleados.');
  const options = useMemo(() => (data ?? []).map((employee) => ({ value: employee.id, label: employeeName(employee) })), [data]);
  return { options, placeholder: isLoading ? 'Cargando empleados…' : 'Busca un empleado' };
}

export function useProductOptions() {
  const { data, error, isLoading } = useProducts();
  useLoadErrorToast(error, 'obtener los productos.');
  const options = useMemo(() => (data ?? []).map((product) => ({ value: product.id, label: product.name })), [data]);
  return { products: data, options, placeholder: isLoading ? 'Cargando productos…' : 'Busca un producto' };
}
