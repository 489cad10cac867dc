// What the four remotes' src/pages.ts send (copied: the shell never imports a remote),
// as the API puts it in /config.json. The side navigation test checks its labels verbatim.
import type { RemotePages } from '@almacen/shared/pages';

export const remotePages: Record<string, RemotePages> = {
  mf_catalogs: {
    label: 'Catálogos',
    routes: ['catalogs/*'],
    menu: [
      { label: 'Catálogos', group: 'catalogs' },
      { label: 'Empleados', path: '/dashboard/catalogs/employees', parent: 'catalogs' },
      { label: 'Partidas', path: '/dashboard/catalogs/categories', parent: 'catalogs' },
      { label: 'Productos', path: '/dashboard/catalogs/products', parent: 'catalogs' },
      { label: 'Proveedores', path: '/dashboard/catalogs/suppliers', parent: 'catalogs' },
      { label: 'Roles', path: '/dashboard/catalogs/roles', parent: 'catalogs' },
      { label: 'Unidades', path: '/dashboard/catalogs/units', parent: 'catalogs' },
    ],
  },
  mf_invoices: {
    label: 'Entradas',
    routes: ['invoices/*'],
    menu: [
      { label: 'Entradas', group: 'invoices' },
      { label: 'Generar entrada de productos', path: '/dashboard/invoices/generate', parent: 'invoices' },
      { label: 'Consultar historial de entradas', path: '/dashboard/invoices/history', parent: 'invoices' },
    ],
  },
  mf_dispatches: {
    label: 'Salidas',
    routes: ['dispatches/*'],
    menu: [
      { label: 'Salidas', group: 'dispatches' },
      { label: 'Generar salida de productos', path: '/dashboard/dispatches/generate', parent: 'dispatches' },
      { label: 'Consultar historial de salidas', path: '/dashboard/dispatches/history', parent: 'dispatches' },
    ],
  },
  mf_stock: {
    label: 'Stock de productos',
    routes: ['stock/*'],
    menu: [{ label: 'Stock de productos', path: '/dashboard/stock' }],
    home: { order: 10, permission: 'consult' },
  },
};
