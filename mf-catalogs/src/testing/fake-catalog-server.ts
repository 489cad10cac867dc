// An in-memory stand-in for the catalogue endpoints (/api/catalog/…), for screen tests: it answers
// like the API (unwrapped data, ApiError on failure) so a test can create a row and see the list
// refresh. `failNext` makes the next matching request fail with the given status and message.
import { ApiError } from '@almacen/shared';
import type { Described, Employee, Product, Supplier } from '@almacen/shared/domain';
import type { FakeApiRequest } from '@almacen/shared/testing';

export interface CatalogSeed {
  products?: Array<{
    id: number;
    name: string;
    categoryId?: number | null;
    unitId?: number | null;
    minimumStock?: string | null;
    maximumStock?: string | null;
    barcode?: string | null;
  }>;
  categories?: Described[];
  units?: Described[];
  roles?: Described[];
  employees?: Employee[];
  suppliers?: Supplier[];
  /** employeeId → role ids */
  employeeRoles?: Record<number, number[]>;
}

interface Failure {
  method: string;
  path: RegExp;
  status: number;
  message: string;
}

export function fakeCatalogServer(seed: CatalogSeed = {}) {
  const products: Array<Required<NonNullable<CatalogSeed['products']>[number]>> = [...(seed.products ?? [])].map((p) => ({
    categoryId: null,
    unitId: null,
    minimumStock: null,
    maximumStock: null,
    barcode: null,
    ...p,
  }));
  const described: Record<string, Described[]> = {
    'product-categories': [...(seed.categories ?? [])],
    'product-units': [...(seed.units ?? [])],
    roles: [...(seed.roles ?? [])],
  };
  const employees = [...(seed.employees ?? [])];
  const suppliers = [...(seed.suppliers ?? [])];
  const employeeRoles = new Map<number, number[]>(Object.entries(seed.employeeRoles ?? {}).map(([k, v]) => [Number(k), [...v]]));
  const failures: Failure[] = [];
  let nextId = 1000;

  const toProduct = (p: (typeof products)[number]): Product => ({
    id: p.id,
    name: p.name,
    category: described['product-categories'].find((c) => c.id === p.categoryId) ?? null,
    unit: described['product-units'].find((u) => u.id === p.unitId) ?? null,
    minimumStock: p.minimumStock,
    maximumStock: p.maximumStock,
    barcode: p.barcode,
  });
  const notFound = () => new ApiError(404, 'El recurso solicitado no existe.', { code: 'NOT_FOUND' });
  // As the API answers a repeated unique field: 409 DUPLICATE, the message also under the field.
  const duplicate = (field: string, message: string) => new ApiError(409, message, { code: 'DUPLICATE', errors: { [field]: message } });
  const DUPLICATE_DESCRIPTION: Record<string, string> = {
    'product-categories': 'Ya existe una partida con esa descripción.',
    'product-units': 'Ya existe una unidad de medida con esa descripción.',
    roles: 'Ya existe un rol con esa descripción.',
  };
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

  function handle({ method, path, body }: FakeApiRequest): unknown {
    const failure = failures.findIndex((f) => f.method === method && f.path.test(path));
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      throw new ApiError(f.status, f.message);
    }
    const data = body as Record<string, unknown>;
    // The query (a warehouse's `warehouseId`, with several) does not change what this fake answers.
    const parts = path
      .split('?')[0]
      .replace(/^\/api\/catalog\//, '')
      .split('/');
    const [resource, a, b] = parts;
    const id = a === undefined ? undefined : Number(a);

    if (resource === 'products') {
      if (method === 'GET' && id === undefined) return products.map(toProduct);
      if (method === 'POST' && b === 'internal-barcode') {
        const row = products.find((p) => p.id === id);
        if (!row) throw notFound();
        row.barcode = `ALM${String(row.id).padStart(6, '0')}`;
        return toProduct(row);
      }
      if (method === 'GET') {
        const found = products.find((p) => p.id === id);
        if (!found) throw notFound();
        return toProduct(found);
      }
      if (method === 'POST') {
        const row = {
          id: nextId++,
          name: String(data.name),
          categoryId: (data.categoryId as number | undefined) ?? null,
          unitId: (data.unitId as number | undefined) ?? null,
          minimumStock: (data.minimumStock as string | undefined) ?? null,
          maximumStock: (data.maximumStock as string | undefined) ?? null,
          barcode: (data.barcode as string | undefined) ?? null,
        };
        products.push(row);
        return toProduct(row);
      }
      if (method === 'PUT') {
        const row = products.find((p) => p.id === data.id);
        if (!row) throw notFound();
        Object.assign(row, { name: data.name, categoryId: data.categoryId, unitId: data.unitId });
        if (data.minimumStock !== undefined) row.minimumStock = data.minimumStock as string | null;
        if (data.maximumStock !== undefined) row.maximumStock = data.maximumStock as string | null;
        if (data.barcode !== undefined) row.barcode = data.barcode as string | null;
        return toProduct(row);
      }
      if (method === 'DELETE') return remove(products, id);
    }
    if (resource in described) {
      const list = described[resource];
      if (method === 'GET') return [...list];
      if ((method === 'POST' || method === 'PUT') && list.some((r) => r.id !== data.id && same(r.description, String(data.description))))
        throw duplicate('description', DUPLICATE_DESCRIPTION[resource]);
      if (method === 'POST') {
        const row = { id: nextId++, description: String(data.description) };
        list.push(row);
        return row;
      }
      if (method === 'PUT') return replace(list, data as unknown as Described);
      if (method === 'DELETE') return remove(list, id);
    }
    if (resource === 'employees') {
      if (method === 'GET') return [...employees];
      if (method === 'POST') {
        const row = {
          id: nextId++,
          name: String(data.name),
          lastName: String(data.lastName),
          email: typeof data.email === 'string' && data.email ? data.email : null,
        };
        employees.push(row);
        return row;
      }
      if (method === 'PUT') return replace(employees, data as unknown as Employee);
      if (method === 'DELETE') return remove(employees, id);
    }
    if (resource === 'suppliers') {
      if (method === 'GET' && id === undefined) return [...suppliers];
      if (method === 'GET') {
        const found = suppliers.find((s) => s.id === id);
        if (!found) throw notFound();
        return { ...found };
      }
      const holder = suppliers.find((r) => r.id !== data?.id && same(r.rfc, String(data?.rfc)));
      if ((method === 'POST' || method === 'PUT') && holder)
        throw duplicate('rfc', `Ya existe el proveedor «${holder.name}» con el RFC ${holder.rfc}.`);
      if (method === 'POST') {
        const row = { id: nextId++, name: String(data.name), rfc: String(data.rfc) };
        suppliers.push(row);
        return row;
      }
      if (method === 'PUT') return replace(suppliers, data as unknown as Supplier);
      if (method === 'DELETE') return remove(suppliers, id);
    }
    if (resource === 'employee-roles') {
      if (method === 'GET') {
        if (!employeeRoles.has(id!)) throw notFound();
        return { roles: described.roles.filter((r) => employeeRoles.get(id!)!.includes(r.id)) };
      }
      if (method === 'POST') {
        const list = employeeRoles.get(Number(data.employeeId)) ?? [];
        list.push(Number(data.roleId));
        employeeRoles.set(Number(data.employeeId), list);
        return { employeeId: data.employeeId, roleId: data.roleId };
      }
      if (method === 'DELETE') {
        const list = employeeRoles.get(id!) ?? [];
        employeeRoles.set(
          id!,
          list.filter((roleId) => roleId !== Number(b)),
        );
        return { employeeId: id, roleId: Number(b) };
      }
    }
    return undefined;
  }

  function replace<T extends { id: number }>(list: T[], row: T): T {
    const index = list.findIndex((item) => item.id === row.id);
    if (index < 0) throw notFound();
    list[index] = { ...list[index], ...row };
    return list[index];
  }

  function remove<T extends { id: number }>(list: T[], id: number | undefined): T {
    const index = list.findIndex((item) => item.id === id);
    if (index < 0) throw notFound();
    const [row] = list.splice(index, 1);
    return row;
  }

  return {
    handle,
    failNext(method: string, path: RegExp, status: number, message: string) {
      failures.push({ method, path, status, message });
    },
    products,
    described,
    employees,
    suppliers,
    employeeRoles,
  };
}
