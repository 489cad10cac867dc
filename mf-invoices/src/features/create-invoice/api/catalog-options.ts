// The catalogues the invoice wizard chooses from, as select options. SWR keys are the API paths,
// shared with every remote (a supplier added in Catálogos shows up here after its invalidation).
import { useLoadErrorToast, type SelectOption } from '@almacen/shared';
import type { Employee, Product, Supplier } from '@almacen/shared/domain';
import { useMemo } from 'react';
import useSWR from 'swr';

export const catalogKeys = {
  suppliers: '/api/catalog/suppliers',
  employees: '/api/catalog/employees',
  products: '/api/catalog/products',
} as const;

export const employeeName = (employee: Employee) => `${employee.name} ${employee.lastName}`.trim();

/**
 * A catalogue list; a failed load says so once in a toast, e.g. "Algo salió mal mientras
 * tratábamos de obtener los proveedores." / "…obtener los empleados." / "…obtener los productos."
 */
function useCatalog<T>(key: string, what: string) {
  const { data, error, isLoading } = useSWR<T[]>(key);
  useLoadErrorToast(error, what);
  return { items: data, isLoading };
}

export function useSuppliers() {
  const { items, isLoading } = useCatalog<Supplier>(catalogKeys.suppliers, 'obtener los proveedores');
  const options = useMemo<SelectOption<number>[]>(() => (items ?? []).map((s) => ({ value: s.id, label: s.name })), [items]);
  return { suppliers: items, options, isLoading };
}

export function useEmployees() {
  const { items, isLoading } = useCatalog<Employee>(catalogKeys.employees, 'obtener los empleados');
  const options = useMemo<SelectOption<number>[]>(() => (items ?? []).map((e) => ({ value: e.id, label: employeeName(e) })), [items]);
  return { employees: items, options, isLoading };
}

export function useProducts() {
  const { items, isLoading } = useCatalog<Product>(catalogKeys.products, 'obtener los productos');
  const options = useMemo<SelectOption<number>[]>(() => (items ?? []).map((p) => ({ value: p.id, label: p.name })), [items]);
  return { products: items, options, isLoading };
}
