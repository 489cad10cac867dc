// The catalogues (products, units, partidas, suppliers, employees and their roles, roles): the
// lists and records every remote reads, and the changes mf-catalogs makes. Each change names what
// it makes stale: renaming a unit or a partida changes what the products and the stock page show,
// a supplier's name shows in the entry history, a role's in each employee's roles.
import useSWR from 'swr';
import type {
  AssignRole,
  Category,
  CreateCategory,
  CreateEmployee,
  CreateProduct,
  CreateRole,
  CreateSupplier,
  CreateUnit,
  Employee,
  EmployeeRoles,
  Product,
  Role,
  Supplier,
  Unit,
  UpdateCategory,
  UpdateEmployee,
  UpdateProduct,
  UpdateRole,
  UpdateSupplier,
  UpdateUnit,
} from '../domain';
import type { ApiClient } from '../platform/api-client';
import { isApiError } from '../platform/api-error';
import { useApi } from '../platform/hooks';
import { apiKeys, staleAfter } from './keys';
import { useMutation } from './mutation';
import { useResource } from './resource';

export const useProducts = () => useResource<Product[]>(apiKeys.products);
/** One product as the server has it now (the edit form starts from it; a movement's name). */
export const useProduct = (id: number) => useResource<Product>(apiKeys.product(id));
export const useUnits = () => useResource<Unit[]>(apiKeys.units);
export const useCategories = () => useResource<Category[]>(apiKeys.categories);
export const useSuppliers = () => useResource<Supplier[]>(apiKeys.suppliers);
export const useSupplier = (id: number) => useResource<Supplier>(apiKeys.supplier(id));
export const useEmployees = () => useResource<Employee[]>(apiKeys.employees);
export const useRoles = () => useResource<Role[]>(apiKeys.roles);

/**
 * The roles of one employee. A 404 (the employee has just been deleted elsewhere, or has no record
 * of roles) is not a failure to show: the employee simply has no roles.
 */
export function useEmployeeRoles(employeeId: number) {
  const api = useApi();
  return useSWR<Role[]>(apiKeys.rolesOfEmployee(employeeId), async (path: string) => {
    try {
      return (await api<EmployeeRoles>(path)).roles;
    } catch (error) {
      if (isApiError(error) && error.status === 404) return [];
      throw error;
    }
  });
}

const level = (value: UpdateProduct['minimumStock']) => (value === undefined || value === null || value === '' ? null : value);

/** The create payload is the name only; unit and partida are set by editing. */
export const createProduct = (api: ApiClient, body: CreateProduct) => api<Product>(apiKeys.products, { method: 'POST', body });
export const useCreateProduct = () => useMutation(createProduct, { errorText: 'crear el producto solicitado.' }, staleAfter.productChange);
/** `categoryId` and `unitId` are null when left empty; so are the stock levels (issue #20). */
export const useUpdateProduct = () =>
  useMutation(
    (api, body: UpdateProduct) =>
      api<Product>(apiKeys.products, {
        method: 'PUT',
        body: { ...body, minimumStock: level(body.minimumStock), maximumStock: level(body.maximumStock) },
      }),
    { errorText: 'actualizar el producto solicitado.' },
    staleAfter.productChange,
  );
export const useDeleteProduct = () =>
  useMutation(
    (api, id: number) => api<Product>(apiKeys.product(id), { method: 'DELETE' }),
    { errorText: 'eliminar el producto.' },
    staleAfter.productChange,
  );

export const useCreateUnit = () =>
  useMutation(
    (api, body: CreateUnit) => api<Unit>(apiKeys.units, { method: 'POST', body }),
    { errorText: 'crear la unidad de medida solicitada.' },
    [apiKeys.units],
  );
export const useUpdateUnit = () =>
  useMutation(
    (api, body: UpdateUnit) => api<Unit>(apiKeys.units, { method: 'PUT', body }),
    { errorText: 'actualizar la unidad de medida solicitada.' },
    staleAfter.unitChange,
  );
export const useDeleteUnit = () =>
  useMutation(
    (api, id: number) => api<Unit>(apiKeys.unit(id), { method: 'DELETE' }),
    { errorText: 'eliminar la unidad de medida.' },
    staleAfter.unitChange,
  );

export const useCreateCategory = () =>
  useMutation(
    (api, body: CreateCategory) => api<Category>(apiKeys.categories, { method: 'POST', body }),
    { errorText: 'crear la partida solicitada.' },
    [apiKeys.categories],
  );
export const useUpdateCategory = () =>
  useMutation(
    (api, body: UpdateCategory) => api<Category>(apiKeys.categories, { method: 'PUT', body }),
    { errorText: 'actualizar la partida solicitada.' },
    staleAfter.categoryChange,
  );
export const useDeleteCategory = () =>
  useMutation(
    (api, id: number) => api<Category>(apiKeys.category(id), { method: 'DELETE' }),
    { errorText: 'eliminar la partida.' },
    staleAfter.categoryChange,
  );

export const createSupplier = (api: ApiClient, body: CreateSupplier) => api<Supplier>(apiKeys.suppliers, { method: 'POST', body });
export const useCreateSupplier = () => useMutation(createSupplier, { errorText: 'crear el proveedor solicitado.' }, [apiKeys.suppliers]);
export const useUpdateSupplier = () =>
  useMutation(
    (api, body: UpdateSupplier) => api<Supplier>(apiKeys.suppliers, { method: 'PUT', body }),
    { errorText: 'actualizar el proveedor solicitado.' },
    staleAfter.supplierChange,
  );
export const useDeleteSupplier = () =>
  useMutation((api, id: number) => api<Supplier>(apiKeys.supplier(id), { method: 'DELETE' }), { errorText: 'eliminar el proveedor.' }, [
    apiKeys.suppliers,
  ]);

export const useCreateEmployee = () =>
  useMutation(
    (api, body: CreateEmployee) => api<Employee>(apiKeys.employees, { method: 'POST', body }),
    { errorText: 'crear al empleado solicitado.' },
    [apiKeys.employees],
  );
export const useUpdateEmployee = () =>
  useMutation(
    (api, body: UpdateEmployee) => api<Employee>(apiKeys.employees, { method: 'PUT', body }),
    { errorText: 'actualizar al empleado solicitado.' },
    [apiKeys.employees],
  );
/** The employee's role assignments go with it. */
export const useDeleteEmployee = () =>
  useMutation(
    (api, id: number) => api<Employee>(apiKeys.employee(id), { method: 'DELETE' }),
    { errorText: 'eliminar al empleado.' },
    staleAfter.employeeChange,
  );

export const useCreateRole = () =>
  useMutation((api, body: CreateRole) => api<Role>(apiKeys.roles, { method: 'POST', body }), { errorText: 'crear el rol solicitado.' }, [
    apiKeys.roles,
  ]);
export const useUpdateRole = () =>
  useMutation(
    (api, body: UpdateRole) => api<Role>(apiKeys.roles, { method: 'PUT', body }),
    { errorText: 'actualizar el rol solicitado.' },
    staleAfter.roleChange,
  );
export const useDeleteRole = () =>
  useMutation(
    (api, id: number) => api<Role>(apiKeys.role(id), { method: 'DELETE' }),
    { errorText: 'eliminar el rol.' },
    staleAfter.roleChange,
  );

export const useAssignRole = () =>
  useMutation(
    (api, body: AssignRole) => api<AssignRole>(apiKeys.employeeRoles, { method: 'POST', body }),
    { errorText: 'asignar el rol al empleado solicitado.' },
    [apiKeys.employeeRoles],
  );
export const useRemoveRole = () =>
  useMutation(
    (api, { employeeId, roleId }: AssignRole) => api<AssignRole>(`${apiKeys.employeeRoles}/${employeeId}/${roleId}`, { method: 'DELETE' }),
    { errorText: 'eliminar el rol del empleado.' },
    [apiKeys.employeeRoles],
  );
