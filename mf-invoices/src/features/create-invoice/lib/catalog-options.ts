// The catalogues the invoice wizard chooses from, as select options, read through the shared API
// layer (the same cached lists as every remote: a supplier added in Catálogos shows up here). A
// failed load says so once in a toast, e.g. "Algo salió mal mientras tratábamos de obtener los
// proveedores." / "…obtener los empleados." / "…obtener los productos."
import { useMemo } from 'react';
import { useEmployees, useLoadErrorToast, useProducts, useSuppliers } from '@almacen/shared';
import { employeeName } from '@almacen/shared/domain';
import { type SelectOption } from '@almacen/shared/kit';

export function useSupplierOptions() {
  const { data: suppliers, error, isLoading } = useSuppliers();
  useLoadErrorToast(error, 'obtener los proveedores');
  const options = useMemo<SelectOption<number>[]>(() => (suppliers ?? []).map((s) => ({ value: s.id, label: s.name })), [suppliers]);
  return { suppliers, options, isLoading };
}

export function useEmployeeOptions() {
  const { data: employees, error, isLoading } = useEmployees();
  useLoadErrorToast(error, 'obtener los empleados');
  const options = useMemo<SelectOption<number>[]>(
    () => (employees ?? []).map((e) => ({ value: e.id, label: employeeName(e) })),
    [employees],
  );
  return { employees, options, isLoading };
}

export function useProductOptions() {
  const { data: products, error, isLoading } = useProducts();
  useLoadErrorToast(error, 'obtener los productos');
  const options = useMemo<SelectOption<number>[]>(() => (products ?? []).map((p) => ({ value: p.id, label: p.name })), [products]);
  return { products, options, isLoading };
}
