// The side navigation of spec §2, labels and nesting verbatim.

export interface NavLeaf {
  label: string;
  to: string;
}

export interface NavGroup {
  label: string;
  value: string;
  children: NavLeaf[];
}

export type NavEntry = NavLeaf | NavGroup;

export const isGroup = (entry: NavEntry): entry is NavGroup => 'children' in entry;

export const navigation: NavEntry[] = [
  { label: 'Inicio', to: '/dashboard' },
  {
    label: 'Catálogos',
    value: 'catalogs',
    children: [
      { label: 'Empleados', to: '/dashboard/catalogs/employees' },
      { label: 'Partidas', to: '/dashboard/catalogs/categories' },
      { label: 'Productos', to: '/dashboard/catalogs/products' },
      { label: 'Proveedores', to: '/dashboard/catalogs/suppliers' },
      { label: 'Roles', to: '/dashboard/catalogs/roles' },
      { label: 'Unidades', to: '/dashboard/catalogs/units' },
    ],
  },
  {
    label: 'Entradas',
    value: 'invoices',
    children: [
      { label: 'Generar entrada de productos', to: '/dashboard/invoices/generate' },
      { label: 'Consultar historial de entradas', to: '/dashboard/invoices/history' },
    ],
  },
  {
    label: 'Salidas',
    value: 'dispatches',
    children: [
      { label: 'Generar salida de productos', to: '/dashboard/dispatches/generate' },
      { label: 'Consultar historial de salidas', to: '/dashboard/dispatches/history' },
    ],
  },
  { label: 'Stock de productos', to: '/dashboard/stock' },
];

/** The entry to highlight for a location: the longest route that prefixes it. */
export function selectedRoute(pathname: string): string | undefined {
  const routes = navigation.flatMap((entry) => (isGroup(entry) ? entry.children : [entry])).map((leaf) => leaf.to);
  return routes
    .filter((to) => pathname === to || pathname.startsWith(`${to}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/** The group holding a location, so it opens by itself. */
export function groupOf(pathname: string): string | undefined {
  const group = navigation.find(
    (entry): entry is NavGroup => isGroup(entry) && pathname.startsWith(`/dashboard/${entry.value}`),
  );
  return group?.value;
}
