// The people of the requests' tests, signed in and linked to their employees through the API as
// an administrator would in «Usuarios», and the bodies they send.
import type { LightMyRequestResponse } from 'fastify';
import type { AccessRole } from '@almacen/shared/domain';
import { client, type Client } from '../../helpers/http';
import type { TestApp } from '../../helpers/test-app';
import { createCatalog, createProduct, invoiceBody, today, type Catalog } from '../ledger/fixtures';

export interface Person {
  c: Client;
  sub: string;
  employeeId: number | null;
}

export interface Cast {
  admin: Client;
  catalog: Catalog;
  /** Asks for material; Hugo is the head of the area. */
  rosa: Person;
  hugo: Person;
  /** Another requester and another head, of other requests. */
  otto: Person;
  helena: Person;
  /** Warehouse staff, with no employee of their own. */
  clerk: Person;
  consulta: Person;
  /** A Solicitante no one linked to an employee. */
  unlinked: Person;
  nobody: Person;
}

async function employee(admin: Client, name: string, lastName: string): Promise<number> {
  const r = await admin.post('/api/catalog/employees', { name, lastName });
  if (r.statusCode !== 201) throw new Error(`empleado: ${r.body}`);
  return r.json().data.id;
}

/** Signs the person in (their app_users row) and links them to `employeeId`. */
async function person(
  t: TestApp,
  admin: Client,
  sub: string,
  name: string,
  roles: AccessRole[],
  employeeId: number | null,
): Promise<Person> {
  const c = client(t, { sub, name, almacen_roles: roles });
  await c.get('/api/me');
  if (employeeId !== null) {
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM app_users WHERE sub = $1', [sub]);
    const r = await admin.put(`/api/users/${rows[0].id}/employee`, { employeeId });
    if (r.statusCode !== 200) throw new Error(`vínculo: ${r.body}`);
  }
  return { c, sub, employeeId };
}

export async function createCast(t: TestApp): Promise<Cast> {
  const admin = client(t);
  const catalog = await createCatalog(admin);
  const ids = {
    rosa: await employee(admin, 'Rosa', 'Méndez'),
    hugo: await employee(admin, 'Hugo', 'Salas'),
    otto: await employee(admin, 'Otto', 'Rivas'),
    helena: await employee(admin, 'Helena', 'Cruz'),
  };
  return {
    admin,
    catalog,
    rosa: await person(t, admin, 'rosa', 'Rosa Méndez', ['SOLICITANTE'], ids.rosa),
    hugo: await person(t, admin, 'hugo', 'Hugo Salas', ['SOLICITANTE'], ids.hugo),
    otto: await person(t, admin, 'otto', 'Otto Rivas', ['SOLICITANTE'], ids.otto),
    helena: await person(t, admin, 'helena', 'Helena Cruz', ['SOLICITANTE'], ids.helena),
    clerk: await person(t, admin, 'clerk', 'Carlos Almacén', ['ALMACENISTA'], null),
    consulta: await person(t, admin, 'consulta', 'Constanza Lee', ['CONSULTA'], null),
    unlinked: await person(t, admin, 'suelto', 'Sin Vínculo', ['SOLICITANTE'], null),
    nobody: await person(t, admin, 'nadie', 'Sin Rol', [], null),
  };
}

/** A product with `quantity` in stock. */
export async function stockedProduct(t: TestApp, cast: Cast, name: string, quantity = '100'): Promise<number> {
  const productId = await createProduct(cast.admin, name);
  const r = await cast.admin.post('/api/invoices', invoiceBody(t, cast.catalog, [{ productId, quantity, purchasePrice: '10' }]));
  if (r.statusCode !== 201) throw new Error(`entrada: ${r.body}`);
  return productId;
}

export const requestBody = (head: Person, lines: Array<{ productId: number; quantity: string | number; observations?: string }>) => ({
  areaHeadEmployeeId: head.employeeId,
  reason: 'Material para el taller de carpintería',
  lines,
});

export const ok = (r: LightMyRequestResponse, status = 200) => {
  if (r.statusCode !== status) throw new Error(`${r.statusCode} (se esperaba ${status}): ${r.body}`);
  return r.json().data;
};

export interface RequestShape {
  id: number;
  folio: string;
  status: string;
  lines: Array<{
    id: number;
    productId: number;
    requested: string;
    authorized: string | null;
    delivered: string;
    pending: string;
    closed: string;
    exits: Array<{ dispatchId: number; quantity: string; cancelled: boolean }>;
  }>;
  history: Array<{ status: string; by: { sub: string } }>;
}

/** Rosa asks Hugo for the lines; answers the new request. */
export async function ask(
  cast: Cast,
  lines: Array<{ productId: number; quantity: string }>,
  by: Person = cast.rosa,
  head: Person = cast.hugo,
) {
  return ok(await by.c.post('/api/requests', requestBody(head, lines)), 201) as RequestShape;
}

/** Hugo authorizes each line with the given quantities (all requested, by default). */
export async function authorize(cast: Cast, request: RequestShape, quantities?: string[], head: Person = cast.hugo) {
  return ok(
    await head.c.post(`/api/requests/${request.id}/authorization`, {
      lines: request.lines.map((line, i) => ({ lineId: line.id, quantity: quantities?.[i] ?? line.requested })),
    }),
  ) as RequestShape;
}

/** The exit (as the clerk registers it) that delivers `quantities` of the request's lines. */
export function exitBody(t: TestApp, cast: Cast, request: RequestShape, quantities: Array<string | null>) {
  return {
    dispatchDate: today(t),
    personInChargeOfTheRequestingAreaEmployeeId: cast.hugo.employeeId,
    petitionerEmployeeId: cast.rosa.employeeId,
    warehouseKeeperEmployeeId: cast.catalog.employeeIds[2],
    requestId: request.id,
    products: request.lines.flatMap((line, i) =>
      quantities[i] === null
        ? []
        : [{ productId: line.productId, requestLineId: line.id, quantity: quantities[i], exitPrice: '1', observations: '' }],
    ),
  };
}
