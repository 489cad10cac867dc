// The side navigation, built from the menu entries the remotes expose (./pages): the shell's own
// Inicio first (for whoever reads the warehouse), then each remote's entries in the order it declares them, remotes in the order
// of /config.json (remotes.json: Catálogos, Entradas, Salidas, Stock de productos), the
// shell's own "Administración" (Usuarios, Bitácora, Respaldos: admin/pages.ts) last. A page
// inside a group follows the group's other pages in the same order, whichever remote declares
// it. Labels come verbatim from the remotes. An entry that names a permission shows only to who
// holds it.
import type { MenuCount, MenuEntry, RemotePages } from '@almacen/shared/pages';

export interface NavLeaf {
  label: string;
  to: string;
  /** How many things wait on the page (menu-counts.tsx reads it). */
  count?: MenuCount;
}

export interface NavGroup {
  label: string;
  value: string;
  children: NavLeaf[];
}

export type NavEntry = NavLeaf | NavGroup;

export const isGroup = (entry: NavEntry): entry is NavGroup => 'children' in entry;

/** The shell's own page, first: the warehouse's home (its figures, the release notes). */
export const HOME: NavLeaf = { label: 'Inicio', to: '/dashboard' };
/** Who sees Inicio: whoever reads the warehouse. A person who only asks for material does not. */
export const HOME_PERMISSION = 'consult';

/** Whether a person holding these permissions may see the entry (one without a permission: everyone). */
export const mayShow = (entry: Pick<MenuEntry, 'permission'>, permissions: readonly string[]): boolean =>
  !entry.permission || permissions.includes(entry.permission);

/**
 * The menu entry a location belongs to: the one with the longest path that prefixes it (so
 * /dashboard/invoices/history/12 is "Consultar historial de entradas").
 */
export function entryFor(menu: readonly MenuEntry[], pathname: string): MenuEntry | undefined {
  return menu
    .filter((entry) => entry.path && (pathname === entry.path || pathname.startsWith(`${entry.path}/`)))
    .sort((a, b) => b.path!.length - a.path!.length)[0];
}

/**
 * The menu of the loaded remotes, in the order they come and declare their entries; a group
 * heading without pages is left out, and a page whose group nobody declares shows at the top
 * level rather than vanishing. With `permissions`, entries that need another permission are left
 * out (and so is a group left with no page); without, every entry shows.
 */
export function buildNavigation(remotes: RemotePages[], permissions?: readonly string[]): NavEntry[] {
  const entries = remotes.flatMap((remote) => remote.menu).filter((entry) => !permissions || mayShow(entry, permissions));
  const groups = new Set(entries.filter((entry) => entry.group).map((entry) => entry.group));
  const top = entries.filter((entry) => !entry.parent || !groups.has(entry.parent));
  const seen = new Set<string>();
  const navigation: NavEntry[] = !permissions || permissions.includes(HOME_PERMISSION) ? [HOME] : [];
  for (const entry of top) {
    if (entry.group) {
      if (seen.has(entry.group)) continue;
      seen.add(entry.group);
      const children = entries.filter((child) => child.parent === entry.group && child.path).map((child) => leafOf(child, child.path!));
      if (children.length > 0) navigation.push({ label: entry.label, value: entry.group, children });
    } else if (entry.path) {
      navigation.push(leafOf(entry, entry.path));
    }
  }
  return navigation;
}

/**
 * The pages as the institution's warehouses allow: with one active warehouse, the entries of pages
 * that exist only where there are several (transfers) are left out, so the menu is the
 * one-warehouse portal's. A clerk of one plantel among several keeps them: they send and receive.
 */
export function forWarehouses(remotes: RemotePages[], several: boolean): RemotePages[] {
  if (several) return remotes;
  return remotes.map((remote) =>
    remote.menu.some((entry) => entry.severalWarehouses)
      ? { ...remote, menu: remote.menu.filter((entry) => !entry.severalWarehouses) }
      : remote,
  );
}

const leafOf = (entry: MenuEntry, to: string): NavLeaf => ({ label: entry.label, to, ...(entry.count ? { count: entry.count } : {}) });

export const leaves = (navigation: NavEntry[]): NavLeaf[] => navigation.flatMap((entry) => (isGroup(entry) ? entry.children : [entry]));

/** The entry to highlight for a location: the longest route that prefixes it. */
export function selectedRoute(navigation: NavEntry[], pathname: string): string | undefined {
  return leaves(navigation)
    .map((leaf) => leaf.to)
    .filter((to) => pathname === to || pathname.startsWith(`${to}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/** The group holding a location, so it opens by itself. */
export function groupOf(navigation: NavEntry[], pathname: string): string | undefined {
  const to = selectedRoute(navigation, pathname);
  const group = navigation.find((entry): entry is NavGroup => isGroup(entry) && entry.children.some((child) => child.to === to));
  return group?.value;
}
