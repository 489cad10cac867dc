// The menu is the spec's, whether the remotes were built before their pages were declared once
// (pages.json with `order` numbers, one range shared by every remote) or after (entries in the
// order each remote declares them, remotes in /config.json's order), and with both at once.
import { parseRemotePages, type RemotePages } from '@almacen/shared/pages';
import { SHELL_PAGES } from '../admin/pages';
import { buildNavigation, isGroup, type NavEntry } from './navigation';

/** The pages.json the four remotes' builds wrote before (remotes.json order). */
const before: Record<string, unknown> = {
  mf_catalogs: {
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
  },
  mf_invoices: {
    label: 'Entradas',
    routes: ['invoices/*'],
    menu: [
      { label: 'Entradas', group: 'invoices', order: 20, permission: 'consult' },
      {
        label: 'Generar entrada de productos',
        path: '/dashboard/invoices/generate',
        parent: 'invoices',
        order: 10,
        permission: 'invoices.create',
      },
      {
        label: 'Consultar historial de entradas',
        path: '/dashboard/invoices/history',
        parent: 'invoices',
        order: 20,
        permission: 'consult',
      },
    ],
  },
  mf_dispatches: {
    label: 'Salidas',
    routes: ['dispatches/*'],
    menu: [
      { label: 'Salidas', group: 'dispatches', order: 30, permission: 'consult' },
      {
        label: 'Generar salida de productos',
        path: '/dashboard/dispatches/generate',
        parent: 'dispatches',
        order: 10,
        permission: 'dispatches.create',
      },
      {
        label: 'Consultar historial de salidas',
        path: '/dashboard/dispatches/history',
        parent: 'dispatches',
        order: 20,
        permission: 'consult',
      },
    ],
  },
  mf_stock: {
    label: 'Stock de productos',
    routes: ['stock/*'],
    menu: [
      { label: 'Stock de productos', path: '/dashboard/stock', order: 40, permission: 'consult' },
      { label: 'Cierres de periodo', path: '/dashboard/stock/closings', order: 48, permission: 'consult' },
      { label: 'Inventario físico', path: '/dashboard/stock/counts', order: 49, permission: 'consult' },
    ],
    home: { order: 10, permission: 'consult' },
  },
};

/** The same remotes as their builds write them now: no numbers, the entries in menu order. */
const now: Record<string, RemotePages> = Object.fromEntries(Object.entries(before).map(([name, raw]) => [name, parseRemotePages(raw)!]));

const spec = [
  'Inicio',
  'Catálogos: Empleados, Partidas, Productos, Proveedores, Roles, Unidades',
  'Entradas: Generar entrada de productos, Consultar historial de entradas',
  'Salidas: Generar salida de productos, Consultar historial de salidas',
  'Stock de productos',
  'Cierres de periodo',
  'Inventario físico',
  // «Almacenes» is where an administrator adds the second warehouse: it shows with one too.
  'Administración: Usuarios, Bitácora, Respaldos, Almacenes',
];

const shown = (navigation: NavEntry[]) =>
  navigation.map((entry) => (isGroup(entry) ? `${entry.label}: ${entry.children.map((child) => child.label).join(', ')}` : entry.label));

const menuOf = (remotes: Record<string, unknown>) =>
  shown(buildNavigation([...Object.values(remotes).map((raw) => parseRemotePages(raw)!), SHELL_PAGES]));

describe('the menu', () => {
  it('is the spec’s with the remotes built before pages were declared once', () => {
    expect(menuOf(before)).toEqual(spec);
  });

  it('is the spec’s with the remotes built now, and with old and new remotes mixed', () => {
    expect(Object.values(now).every((pages) => pages.menu.every((entry) => !('order' in entry)))).toBe(true);
    expect(menuOf(now)).toEqual(spec);
    expect(menuOf({ ...now, mf_invoices: before.mf_invoices, mf_stock: before.mf_stock })).toEqual(spec);
  });

  it('puts a page another remote declares in a group after the group’s own pages', () => {
    const stock = now.mf_stock!;
    const withImport = {
      ...stock,
      menu: [...stock.menu, { label: 'Importar existencias', path: '/dashboard/stock/import', parent: 'catalogs' }],
    };
    expect(menuOf({ ...now, mf_stock: withImport })[1]).toBe(
      'Catálogos: Empleados, Partidas, Productos, Proveedores, Roles, Unidades, Importar existencias',
    );
  });
});
