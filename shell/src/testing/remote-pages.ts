// What the four remotes declare in their src/pages.ts (copied: the shell never imports a remote),
// as the API puts it in /config.json. The side navigation test checks its labels verbatim.
import type { RemotePages } from '@almacen/shared/pages';

export const remotePages: Record<string, RemotePages> = {
  mf_catalogs: {
    label: 'Catálogos',
    routes: ['catalogs/*'],
    menu: [
      { label: 'Catálogos', group: 'catalogs', order: 10 },
      { label: 'Empleados', path: '/dashboard/catalogs/employees', parent: 'catalogs', order: 10 },
      { label: 'Partidas', path: '/dashboard/catalogs/categories', parent: 'catalogs', order: 20 },
      { label: 'Productos', path: '/dashboard/catalogs/products', parent: 'catalogs', order: 30 },
      { label: 'Proveedores', path: '/dashboard/catalogs/suppliers', parent: 'catalogs', order: 40 },
      { label: 'Roles', path: '/dashboard/catalogs/roles', parent: 'catalogs', order: 50 },
      { label: 'Unidades', path: '/dashboard/catalogs/units', parent: 'catalogs', order: 60 },
    ],
  },
  mf_invoices: {
    label: 'Entradas',
    routes: ['invoices/*'],
    menu: [
      { label: 'Entradas', group: 'invoices', order: 20 },
      { label: 'Generar entrada de productos', path: '/dashboard/invoices/generate', parent: 'invoices', order: 10 },
      { label: 'Consultar historial de entradas', path: '/dashboard/invoices/history', parent: 'invoices', order: 20 },
    ],
  },
  mf_dispatches: {
    label: 'Salidas',
    routes: ['dispatches/*'],
    menu: [
      { label: 'Salidas', group: 'dispatches', order: 30 },
      { label: 'Generar salida de productos', path: '/dashboard/dispatches/generate', parent: 'dispatches', order: 10 },
      { label: 'Consultar historial de salidas', path: '/dashboard/dispatches/history', parent: 'dispatches', order: 20 },
    ],
  },
  mf_stock: {
    label: 'Stock de productos',
    routes: ['stock/*'],
    menu: [{ label: 'Stock de productos', path: '/dashboard/stock', order: 40 }],
    home: { order: 10, permission: 'consult' },
  },
};
