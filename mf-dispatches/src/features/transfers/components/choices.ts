// The lists the transfer forms choose from: the employees (who sends, who receives) and the
// products; each list's loading failure is told once, in the "¡Oh no!" toast.
import { useMemo } from 'react';
import { useEmployees, useLoadErrorToast, useProducts } from '@almacen/shared';
import { employeeName } from '@almacen/shared/domain';
import type { SelectOption } from '@almacen/shared/kit';

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
