// What this remote adds to the portal, exposed as ./pages and written to dist/pages.json: the
// routes its ./App answers and its menu entries. A new page: its
// <Route> in app.tsx and its entry here — the shell is not touched (ARCHITECTURE.md).
// `permission`: the shell shows an entry only to whom may use its page.
import type { RemotePages } from '@almacen/shared/pages';

const pages: RemotePages = {
  label: 'Catálogos',
  routes: ['catalogs/*'],
  menu: [
    { label: 'Catálogos', group: 'catalogs', order: 10, permission: 'consult' },
    { label: 'Empleados', path: '/dashboard/catalogs/employees', parent: 'catalogs', order: 10, permission: 'consult' },
    { label: 'Partidas', path: '/dashboard/catalogs/categories', parent: 'catalogs', order: 20, permission: 'consult' },
    { label: 'Productos', path: '/dashboard/catalogs/products', parent: 'catalogs', order: 30, permission: 'consult' },
    { label: 'Proveedores', path: '/dashboard/catalogs/suppliers', parent: 'catalogs', order: 40, permission: 'consult' },
    { label: 'Roles', path: '/dashboard/catalogs/roles', parent: 'catalogs', order: 50, permission: 'consult' },
    { label: 'Unidades', path: '/dashboard/catalogs/units', parent: 'catalogs', order: 60, permission: 'consult' },
  ],
};

export default pages;
