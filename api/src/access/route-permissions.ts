// The one rule of who may call what: every route under /api has exactly one entry
// here — the permission it needs, or `signedIn` for the few any signed-in person may call (even
// with no role yet). app.ts refuses to start with a route that has no entry (deny by default),
// and api/test/access/route-permissions.test.ts calls every route with every role from this table.
import type { Permission } from '@almacen/shared/domain';

export type RouteRule = Permission | 'signedIn';

export const ROUTE_PERMISSIONS: Readonly<Record<string, RouteRule>> = {
  // Who am I: the portal asks before anything else, also for a person with no role.
  'GET /api/me': 'signedIn',

  // Users and their roles, the audit log, the backups' record: the administrator's.
  'GET /api/users': 'users.manage',
  'POST /api/users': 'users.manage',
  'PUT /api/users/:id/roles': 'users.manage',
  'PUT /api/users/:id/employee': 'users.manage',
  'POST /api/users/:id/password-reset': 'users.manage',
  'POST /api/users/:id/deactivation': 'users.manage',
  'DELETE /api/users/:id/deactivation': 'users.manage',
  'GET /api/audit': 'audit.read',
  'GET /api/audit/filters': 'audit.read',
  'POST /api/reports/audit': 'audit.read',
  'GET /api/admin/backups/last': 'backups.read',
  'GET /api/admin/backups': 'backups.read',

  // Warehouses: everyone with a role reads them (the portal's header takes a person's own from
  // /api/me); administrators keep them.
  'GET /api/warehouses': 'consult',
  'POST /api/warehouses': 'warehouses.manage',
  'PUT /api/warehouses/:id': 'warehouses.manage',

  // Catalogues: everyone with a role reads them; Almacenista and above edit them.
  'GET /api/catalog/products': 'consult',
  'GET /api/catalog/products/:id': 'consult',
  'POST /api/catalog/products': 'catalogs.write',
  'PUT /api/catalog/products': 'catalogs.write',
  'DELETE /api/catalog/products/:id': 'catalogs.write',
  'POST /api/catalog/products/:id/internal-barcode': 'catalogs.write',
  'POST /api/catalog/products/:id/barcode': 'catalogs.write',
  'GET /api/catalog/suppliers': 'consult',
  'GET /api/catalog/suppliers/:id': 'consult',
  'POST /api/catalog/suppliers': 'catalogs.write',
  'PUT /api/catalog/suppliers': 'catalogs.write',
  'DELETE /api/catalog/suppliers/:id': 'catalogs.write',
  'GET /api/catalog/product-categories': 'consult',
  'POST /api/catalog/product-categories': 'catalogs.write',
  'PUT /api/catalog/product-categories': 'catalogs.write',
  'DELETE /api/catalog/product-categories/:id': 'catalogs.write',
  'GET /api/catalog/product-units': 'consult',
  'POST /api/catalog/product-units': 'catalogs.write',
  'PUT /api/catalog/product-units': 'catalogs.write',
  'DELETE /api/catalog/product-units/:id': 'catalogs.write',
  'GET /api/catalog/roles': 'consult',
  'POST /api/catalog/roles': 'catalogs.write',
  'PUT /api/catalog/roles': 'catalogs.write',
  'DELETE /api/catalog/roles/:id': 'catalogs.write',
  'GET /api/catalog/employees': 'consult',
  'POST /api/catalog/employees': 'catalogs.write',
  'PUT /api/catalog/employees': 'catalogs.write',
  'DELETE /api/catalog/employees/:id': 'catalogs.write',
  'GET /api/catalog/employee-roles/:employeeId': 'consult',
  'POST /api/catalog/employee-roles': 'catalogs.write',
  'DELETE /api/catalog/employee-roles/:employeeId/:roleId': 'catalogs.write',

  // Documents: registering is the Almacenista's, cancelling the Autorizador's.
  'GET /api/invoices': 'consult',
  'POST /api/invoices': 'invoices.create',
  // One's own last choices only serve registering the next document.
  'GET /api/invoices/defaults': 'invoices.create',
  'GET /api/invoices/:id/cfdi': 'consult',
  // Reading a supplier's CFDI creates nothing, but only serves registering an entry.
  'POST /api/cfdi/parse': 'invoices.create',
  'POST /api/invoices/:id/cancellation': 'invoices.cancel',
  'GET /api/dispatches': 'consult',
  'POST /api/dispatches': 'dispatches.create',
  'GET /api/dispatches/defaults': 'dispatches.create',
  'POST /api/dispatches/:id/cancellation': 'dispatches.cancel',

  // Transfers between warehouses: sending and withdrawing are the origin's (like an exit),
  // receiving and rejecting the destination's (like an entry).
  'GET /api/transfers': 'consult',
  'GET /api/transfers/counts': 'consult',
  'GET /api/transfers/:id': 'consult',
  'POST /api/transfers': 'dispatches.create',
  'POST /api/transfers/:id/reception': 'invoices.create',
  'POST /api/transfers/:id/rejection': 'invoices.create',
  'POST /api/transfers/:id/withdrawal': 'dispatches.create',

  // Material requests: the person asks (requests.ask) and follows (requests.read) their own; who
  // may authorize, reject, cancel or confirm one request is that request's named head or
  // requester (checked by the service: 404 for anyone else who may not read them all, 403 for
  // one who may). Reading all is Consulta's and up; delivering and closing, Almacenista's and up.
  'POST /api/requests': 'requests.ask',
  'GET /api/requests': 'requests.read',
  'GET /api/requests/counts': 'requests.read',
  // The new request's form: the products and the possible heads, without the warehouse's figures.
  'GET /api/requests/choices': 'requests.ask',
  'GET /api/requests/:id': 'requests.read',
  'POST /api/requests/:id/authorization': 'requests.read',
  'POST /api/requests/:id/rejection': 'requests.read',
  'POST /api/requests/:id/cancellation': 'requests.read',
  'POST /api/requests/:id/receipt': 'requests.read',
  'POST /api/requests/:id/closure': 'requests.fulfil',

  // Stock, movements and reports: reading.
  'GET /api/stock': 'consult',
  'GET /api/stock/:productId': 'consult',
  'GET /api/stock/summary': 'consult',
  'GET /api/movements/invoices/:id': 'consult',
  'GET /api/movements/dispatches/:id': 'consult',
  'GET /api/movements/products/:id': 'consult',
  'POST /api/reports/stock': 'consult',
  'POST /api/reports/low-stock': 'consult',
  'POST /api/reports/products/:id': 'consult',
  'POST /api/reports/invoices/:id': 'consult',
  'POST /api/reports/dispatches/:id': 'consult',
  // Who of the readers may print one is decided by the request (its people, or requests.all).
  'POST /api/reports/requests/:id': 'requests.read',
  'POST /api/reports/labels': 'consult',
  'POST /api/reports/transfers/:id': 'consult',

  // Month closings: everyone with a role sees them; closing and reopening is the Autorizador's.
  'GET /api/period-closings': 'consult',
  'GET /api/period-closings/next': 'consult',
  'POST /api/period-closings': 'periods.close',
  'POST /api/period-closings/:until/reopening': 'periods.close',

  // Physical inventory: counting is the Almacenista's, applying or discarding the Autorizador's.
  'GET /api/inventory-counts': 'consult',
  'GET /api/inventory-counts/:id': 'consult',
  'POST /api/inventory-counts': 'counts.write',
  'PUT /api/inventory-counts/:id/lines': 'counts.write',
  'POST /api/inventory-counts/:id/lines/import': 'counts.write',
  'POST /api/inventory-counts/:id/application': 'counts.apply',
  'POST /api/inventory-counts/:id/discard': 'counts.apply',
  'POST /api/reports/inventory-counts/:id': 'consult',
  'POST /api/reports/inventory-counts/:id/sheet': 'consult',

  // Catalogue import: the template and the export (the catalogues are anyone's to read) are
  // anyone's; previewing and importing need catalogs.import.
  'POST /api/catalog/imports/:catalog/template': 'consult',
  'POST /api/catalog/imports/:catalog/export': 'consult',
  'POST /api/catalog/imports/:catalog/preview': 'catalogs.import',
  'POST /api/catalog/imports/:catalog': 'catalogs.import',
  // "Cargar partidas del clasificador": the partidas import, from the file shipped with Almacén.
  'POST /api/catalog/imports/product-categories/classifier/preview': 'catalogs.import',
  'POST /api/catalog/imports/product-categories/classifier': 'catalogs.import',
};

/** The rule of a route as Fastify names it (`GET`, `/api/catalog/products/:id`); HEAD follows GET. */
export function ruleOf(method: string, url: string): RouteRule | undefined {
  const verb = method === 'HEAD' ? 'GET' : method;
  return Object.hasOwn(ROUTE_PERMISSIONS, `${verb} ${url}`) ? ROUTE_PERMISSIONS[`${verb} ${url}`] : undefined;
}
