// The catalogues (products, units, partidas, suppliers, employees and their roles, roles): the
// lists and records every remote reads, and the changes mf-catalogs makes. Each change names what
// it makes stale: renaming a unit or a partida changes what the products and the stock page show,
// a supplier's name shows in the entry history, a role's in each employee's roles.
// A product's minimum and maximum stock are the current warehouse's: its reads are keyed by the
// warehouse (useWarehousePath) and its changes send it (`warehouseId`), so a switch never shows one
// warehouse's levels under another's name; with one warehouse every path is as it always was.
import type { Category, Employee, EmployeeRoles, Product, Role, Supplier, Unit } from '../domain';
import type { ApiClient } from '../platform/api-client';
import { isApiError } from '../platform/api-error';
import { useResource } from '../platform/resource';
import { useWarehouseId, useWarehousePath, warehousePath, withWarehouse } from '../platform/warehouse';
import type {
  AssignRole,
  CreateCategory,
  CreateEmployee,
  CreateProduct,
  CreateRole,
  CreateSupplier,
  CreateUnit,
  UpdateCategory,
  UpdateEmployee,
  UpdateProduct,
  UpdateRole,
  UpdateSupplier,
  UpdateUnit,
} from '../schemas';
import { apiKeys, staleAfter } from './keys';
import { useMutation } from './mutation';

/** The products, with the current warehouse's levels. */
export const useProducts = () => useResource<Product[]>(useWarehousePath(apiKeys.products));
/** One product as the server has it now (the edit form starts from it; a movement's name), with the current warehouse's levels. */
export const useProduct = (id: number) => useResource<Product>(useWarehousePath(apiKeys.product(id)));
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
  return useResource<Role[]>(apiKeys.rolesOfEmployee(employeeId), undefined, async (api, path) => {
    try {
      return (await api<EmployeeRoles>(path)).roles;
    } catch (error) {
      if (isApiError(error) && error.status === 404) return [];
      throw error;
    }
  });
}

const level = (value: UpdateProduct['minimumStock']) => (value === undefined || value === null || value === '' ? null : value);

/** The name, and optionally partida, unit and stock levels (null or absent: none), the levels in warehouse `warehouseId`. */
export const createProduct = (api: ApiClient, body: CreateProduct) => api<Product>(apiKeys.products, { method: 'POST', body });
export function useCreateProduct() {
  const warehouseId = useWarehouseId();
  return useMutation(
    (api, body: CreateProduct) => createProduct(api, withWarehouse(body, warehouseId)),
    { errorText: 'crear el producto solicitado.' },
    staleAfter.productChange,
  );
}
/** `categoryId` and `unitId` are null when left empty; so are the stock levels (the current warehouse's). */
export function useUpdateProduct() {
  const warehouseId = useWarehouseId();
  return useMutation(
    (api, body: UpdateProduct) =>
      api<Product>(apiKeys.products, {
        method: 'PUT',
        body: withWarehouse(
          {
            ...body,
            minimumStock: level(body.minimumStock),
            maximumStock: level(body.maximumStock),
            ...(body.barcode !== undefined && {
              barcode: body.barcode === null || body.barcode.trim() === '' ? null : body.barcode.trim(),
            }),
          },
          warehouseId,
        ),
      }),
    { errorText: 'actualizar el producto solicitado.' },
    staleAfter.productChange,
  );
}
/** «Generar código interno»: Almacén's code for a product without one (409 when it has one). */
export function useGenerateInternalBarcode() {
  const warehouseId = useWarehouseId();
  return useMutation(
    (api, id: number) => api<Product>(warehousePath(`${apiKeys.product(id)}/internal-barcode`, warehouseId), { method: 'POST' }),
    { errorText: 'generar el código interno del producto.', successText: 'Código interno generado.' },
    staleAfter.productChange,
  );
}
/** A code for a product without one (a CFDI concept's NoIdentificacion); 409 when it has one. */
export function useAssignBarcode() {
  const warehouseId = useWarehouseId();
  return useMutation(
    (api, id: number, barcode: string) =>
      api<Product>(warehousePath(`${apiKeys.product(id)}/barcode`, warehouseId), { method: 'POST', body: { barcode } }),
    { errorText: 'guardar el código de barras del producto.', successText: 'Código de barras guardado.' },
    staleAfter.productChange,
  );
}
export function useDeleteProduct() {
  const warehouseId = useWarehouseId();
  return useMutation(
    (api, id: number) => api<Product>(warehousePath(apiKeys.product(id), warehouseId), { method: 'DELETE' }),
    { errorText: 'eliminar el producto.' },
    staleAfter.productChange,
  );
}

/**
 * A catalogue's three changes — POST and PUT on its list path, DELETE on `{path}/{id}` — with how
 * "Algo salió mal mientras tratábamos de …" ends for each, and what each makes stale (a creation
 * only the list; an edit or a deletion also what shows the record's name elsewhere).
 */
function catalogChanges<T, C, U>(
  path: string,
  words: { create: string; update: string; remove: string },
  stale: { created: readonly string[]; changed: readonly string[] },
  create = (api: ApiClient, body: C) => api<T>(path, { method: 'POST', body }),
) {
  return {
    useCreate: () => useMutation(create, { errorText: words.create }, stale.created),
    useUpdate: () => useMutation((api, body: U) => api<T>(path, { method: 'PUT', body }), { errorText: words.update }, stale.changed),
    useDelete: () =>
      useMutation((api, id: number) => api<T>(`${path}/${id}`, { method: 'DELETE' }), { errorText: words.remove }, stale.changed),
  };
}

export const {
  useCreate: useCreateUnit,
  useUpdate: useUpdateUnit,
  useDelete: useDeleteUnit,
} = catalogChanges<Unit, CreateUnit, UpdateUnit>(
  apiKeys.units,
  {
    create: 'crear la unidad de medida solicitada.',
    update: 'actualizar la unidad de medida solicitada.',
    remove: 'eliminar la unidad de medida.',
  },
  { created: [apiKeys.units], changed: staleAfter.unitChange },
);

export const {
  useCreate: useCreateCategory,
  useUpdate: useUpdateCategory,
  useDelete: useDeleteCategory,
} = catalogChanges<Category, CreateCategory, UpdateCategory>(
  apiKeys.categories,
  { create: 'crear la partida solicitada.', update: 'actualizar la partida solicitada.', remove: 'eliminar la partida.' },
  { created: [apiKeys.categories], changed: staleAfter.categoryChange },
);

export const createSupplier = (api: ApiClient, body: CreateSupplier) => api<Supplier>(apiKeys.suppliers, { method: 'POST', body });
const supplierChanges = catalogChanges<Supplier, CreateSupplier, UpdateSupplier>(
  apiKeys.suppliers,
  { create: 'crear el proveedor solicitado.', update: 'actualizar el proveedor solicitado.', remove: 'eliminar el proveedor.' },
  { created: [apiKeys.suppliers], changed: staleAfter.supplierChange },
  createSupplier,
);
export const { useCreate: useCreateSupplier, useUpdate: useUpdateSupplier, useDelete: useDeleteSupplier } = supplierChanges;

/** An employee's role assignments go with it when it is deleted. */
export const {
  useCreate: useCreateEmployee,
  useUpdate: useUpdateEmployee,
  useDelete: useDeleteEmployee,
} = catalogChanges<Employee, CreateEmployee, UpdateEmployee>(
  apiKeys.employees,
  { create: 'crear al empleado solicitado.', update: 'actualizar al empleado solicitado.', remove: 'eliminar al empleado.' },
  { created: [apiKeys.employees], changed: staleAfter.employeeChange },
);

export const {
  useCreate: useCreateRole,
  useUpdate: useUpdateRole,
  useDelete: useDeleteRole,
} = catalogChanges<Role, CreateRole, UpdateRole>(
  apiKeys.roles,
  { create: 'crear el rol solicitado.', update: 'actualizar el rol solicitado.', remove: 'eliminar el rol.' },
  { created: [apiKeys.roles], changed: staleAfter.roleChange },
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
