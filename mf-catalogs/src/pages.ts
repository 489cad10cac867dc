// This remote's pages, each declared once (ARCHITECTURE.md, "Añadir una página a un remoto"):
// its ./App's routes and gates, the shell's menu and the shell's gates derive from them, and
// the build writes them to dist/pages.json. app.tsx gives each page id its component.
import { definePages } from '@almacen/shared/pages';

export default definePages({
  label: 'Catálogos',
  area: 'catalogs',
  groups: { catalogs: 'Catálogos' },
  pages: {
    employees: { path: 'employees', title: 'Empleados', permission: 'consult', menu: { group: 'catalogs' } },
    categories: { path: 'categories', title: 'Partidas', permission: 'consult', menu: { group: 'catalogs' } },
    products: { path: 'products', title: 'Productos', permission: 'consult', menu: { group: 'catalogs' } },
    suppliers: { path: 'suppliers', title: 'Proveedores', permission: 'consult', menu: { group: 'catalogs' } },
    roles: { path: 'roles', title: 'Roles', permission: 'consult', menu: { group: 'catalogs' } },
    units: { path: 'units', title: 'Unidades', permission: 'consult', menu: { group: 'catalogs' } },
  },
  index: 'employees',
});
