// The contract between a remote and the shell for pages and menu (ARCHITECTURE.md, "Añadir una
// página a un remoto"). A remote declares each page once in its src/pages.ts with `definePages`:
// path, title, permission and menu placement; its ./App's routes and gates (`AreaRoutes`,
// @almacen/shared) and the shell's menu and gates all derive from that entry. The declaration is
// plain data (no React, no functions), so the build loads it as it is and writes the wire shape
// (`RemotePages`) to pages.json next to mf-manifest.json, for the API's /config.json: the menu
// stays complete when a remote cannot be loaded, even on a first visit. The components are not in
// the declaration: the remote's app.tsx maps each page id to its component, a map TypeScript
// holds to the ids (`PageComponents`), so the build never has to load a page to read the menu.
import type { Permission } from './domain/access';

/** A page of an area, declared once. */
export interface PageDeclaration {
  /** Path under the area: '' is the area's own page (/dashboard/stock), `counts/:id` has a parameter. */
  path: string;
  /** Its name, verbatim from the spec: the menu's text, and the heading when the page is refused. */
  title: string;
  /** Who may open it: the menu hides it from the others, and its route answers <Forbidden> (absent: everyone). */
  permission?: Permission;
  /**
   * Where the menu shows it: `top` (the menu's first level) or `{ group }` (inside that heading,
   * declared in `groups` by this remote or another); absent, no entry (a page reached from another,
   * such as one count). Entries keep the order the pages are declared in.
   */
  menu?: 'top' | { group: string };
  /** How many things wait on this page, shown beside its menu entry (the remote's API computes it). */
  count?: MenuCount;
  /**
   * Only where the institution has more than one active warehouse (transfers), whichever of them
   * the person may use: with one, the menu shows no entry and the route answers as an unknown
   * page, so a one-warehouse portal is unchanged.
   */
  severalWarehouses?: true;
}

/**
 * A number the shell shows beside a menu entry: it GETs `path` (an /api/ path, one request for
 * every entry naming it) and reads the whole number at `field` of the answer; 0, a failure or
 * something else than a number shows nothing. Read again when the person comes back to the
 * window and every minute, never more often.
 */
export interface MenuCount {
  path: string;
  field: string;
  /**
   * The number is the current warehouse's (transfers waiting for it): with several warehouses
   * the shell reads `path` with `warehouseId=` (each warehouse its own answer); with one, `path`.
   */
  warehouse?: true;
}

/** What a remote's src/pages.ts declares. */
export interface AreaDeclaration<Id extends string> {
  /** How the area is called in messages ("Stock de productos"). */
  label: string;
  /** Its path under /dashboard (`stock`): its ./App answers `stock/*`. */
  area: string;
  /** Group headings its pages name (`catalogs: 'Catálogos'`); a heading shows where its first page is declared. */
  groups?: Record<string, string>;
  /** The pages by id, in menu order. */
  pages: Record<Id, PageDeclaration>;
  /** The page the area's own path opens, when no page has the path ''. */
  index?: NoInfer<Id>;
  home?: HomeSection;
}

/** A menu entry as a remote sends it (pages.json, ./pages), derived from its page declarations. */
export interface MenuEntry {
  /** Visible text, verbatim from the spec (Spanish). */
  label: string;
  /** Absolute page path (`/dashboard/stock`); absent for a group heading. */
  path?: string;
  /** Key of a group heading (`catalogs`); its pages name it in `parent`. */
  group?: string;
  /** The group this page belongs to; absent at the top level. */
  parent?: string;
  /**
   * The permission that shows the entry and opens its route (absent: everyone). Text on the wire:
   * a newer remote may name one this shell does not know, and is refused it (auth/page-permission.tsx).
   */
  permission?: string;
  /** The number shown beside the entry (a page's `count`). */
  count?: MenuCount;
  /** A page's `severalWarehouses`: the shell shows the entry and opens its route only where the institution has several. */
  severalWarehouses?: true;
  /**
   * The entry's place in its remote's list, written for shells built before pages were declared
   * once (they drop an entry without a number); a current shell goes by the list's order.
   */
  order?: number;
}

/**
 * The remote also exposes `./Home`, a section the shell renders on its home page
 * (/dashboard) above the release notes, inside the same error boundary and "Reintentar" as its
 * pages; shown to whom has `permission`, sections by `order`.
 */
export interface HomeSection {
  order: number;
  permission?: string;
}

/**
 * What a remote's build took from the shell's @almacen/shared modules (rspack.contract.ts): the
 * shell loads the remote's pages only when its own modules give every name.
 */
export interface RemoteContract {
  /** The version of @almacen/shared the remote was built with. */
  shared: string;
  /** Per exposed module (`./App`, `./Home`, `./pages`): shared module → the names loading it takes. */
  exposes: Record<string, Record<string, string[]>>;
}

/** What the shell reads of a remote: pages.json, /config.json `pages`, the ./pages module. */
export interface RemotePages {
  /** How the area is called in messages ("Stock de productos"). */
  label: string;
  /** Route patterns under /dashboard that the remote's `./App` answers (`stock/*`). */
  routes: string[];
  /** In menu order: a remote's entries follow one another, remotes follow remotes.json. */
  menu: MenuEntry[];
  home?: HomeSection;
  /** Written by the remote's build; absent from a remote built before contracts were recorded. */
  contract?: RemoteContract;
}

/** A remote's src/pages.ts: what the shell reads, and the declaration its ./App routes from. */
export interface DeclaredArea<Id extends string> extends RemotePages {
  declaration: AreaDeclaration<Id>;
}

/** The absolute path of a page of an area. */
const pagePath = (area: string, path: string) => `/dashboard/${area}${path ? `/${path}` : ''}`;

/** A remote's pages, declared once: the menu and routes the shell reads derive from them. */
export function definePages<const Id extends string>(declaration: AreaDeclaration<Id>): DeclaredArea<Id> {
  const menu: MenuEntry[] = [];
  const headings = new Set<string>();
  for (const page of Object.values<PageDeclaration>(declaration.pages)) {
    if (!page.menu) continue;
    const group = page.menu === 'top' ? undefined : page.menu.group;
    const heading = group ? declaration.groups?.[group] : undefined;
    if (group && heading && !headings.has(group)) {
      headings.add(group);
      menu.push({ label: heading, group });
    }
    menu.push({
      label: page.title,
      path: pagePath(declaration.area, page.path),
      ...(group ? { parent: group } : {}),
      ...(page.permission ? { permission: page.permission } : {}),
      ...(page.count ? { count: page.count } : {}),
      ...(page.severalWarehouses ? { severalWarehouses: true as const } : {}),
    });
  }
  const { label, area, home } = declaration;
  const numbered = menu.map((entry, order) => ({ ...entry, order }));
  return { label, routes: [`${area}/*`], menu: numbered, ...(home ? { home } : {}), declaration };
}

/**
 * What disagrees between an area's menu, its declared pages and the components its ./App maps
 * them to: a menu entry no route answers, a page without a component, a component for no page.
 * Empty when they agree (each remote's test, and the shell's, say so).
 */
export function routeProblems(area: DeclaredArea<string>, components: Record<string, unknown>): string[] {
  const { pages } = area.declaration;
  const routed = Object.entries<PageDeclaration>(pages).filter(([id]) => components[id]);
  const problems = area.menu
    .filter((entry) => entry.path && !routed.some(([, page]) => pagePath(area.declaration.area, page.path) === entry.path))
    .map((entry) => `menu entry without a route: ${entry.path}`);
  for (const id of Object.keys(pages)) if (!components[id]) problems.push(`page without a component: ${id}`);
  for (const id of Object.keys(components)) if (!Object.hasOwn(pages, id)) problems.push(`component of no page: ${id}`);
  if (area.declaration.index && !Object.hasOwn(pages, area.declaration.index)) problems.push(`index of no page: ${area.declaration.index}`);
  return problems;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const optionalText = (value: unknown) => value === undefined || isText(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function parseEntry(raw: unknown): MenuEntry | null {
  if (!raw || typeof raw !== 'object') return null;
  const entry = raw as Record<string, unknown>;
  if (!isText(entry.label) || !(entry.order === undefined || isNumber(entry.order))) return null;
  if (![entry.group, entry.parent, entry.permission].every(optionalText)) return null;
  // A page or a group heading, never both nor neither.
  const isPage = isText(entry.path) && entry.path.startsWith('/');
  if (isPage === isText(entry.group)) return null;
  return {
    label: entry.label,
    ...(isPage ? { path: entry.path as string } : { group: entry.group as string }),
    ...(isText(entry.parent) ? { parent: entry.parent } : {}),
    ...(isText(entry.permission) ? { permission: entry.permission } : {}),
    ...(isPage ? countOf(entry.count) : {}),
    ...(isPage && entry.severalWarehouses === true ? { severalWarehouses: true as const } : {}),
  };
}

/** A well-formed count is kept (an API path and a field name); any other is dropped, the entry stays. */
function countOf(raw: unknown): { count?: MenuCount } {
  if (!raw || typeof raw !== 'object') return {};
  const { path, field, warehouse } = raw as Record<string, unknown>;
  const apiPath = isText(path) && /^\/api\/[A-Za-z0-9/_-]+$/.test(path) && !path.includes('//');
  if (!apiPath || !isText(field) || !/^[A-Za-z][A-Za-z0-9]*$/.test(field)) return {};
  return { count: { path, field, ...(warehouse === true ? { warehouse: true as const } : {}) } };
}

/**
 * A remote built before pages were declared once sends an `order` on every entry (one range
 * shared by every remote, siblings ascending): its entries are put in that order, and from
 * then on the list's order is what counts, as for a newer remote. Its `icon` is ignored.
 */
function inDeclaredOrder(raw: unknown[]): unknown[] {
  const orders = raw.map((entry) => (entry && typeof entry === 'object' ? (entry as { order?: unknown }).order : undefined));
  if (!orders.every(isNumber)) return raw;
  return raw
    .map((entry, index) => ({ entry, order: orders[index] as number, index }))
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .map(({ entry }) => entry);
}

/**
 * Checks what a remote (or /config.json, or a cache) says about its pages. null when the shape is
 * wrong; a single bad menu entry is dropped rather than hiding the whole remote.
 */
export function parseRemotePages(raw: unknown): RemotePages | null {
  if (!raw || typeof raw !== 'object') return null;
  const value = raw as Record<string, unknown>;
  if (!isText(value.label) || !Array.isArray(value.routes) || !Array.isArray(value.menu)) return null;
  const routes = value.routes.filter(isText);
  if (routes.length === 0) return null;
  const menu = inDeclaredOrder(value.menu)
    .map(parseEntry)
    .filter((entry): entry is MenuEntry => entry !== null);
  return { label: value.label, routes, menu, ...homeOf(value.home), ...contractOf(value.contract) };
}

/** A well-formed `home` is kept; a malformed one is dropped (the pages still work). */
function homeOf(raw: unknown): { home?: HomeSection } {
  if (!raw || typeof raw !== 'object') return {};
  const home = raw as Record<string, unknown>;
  if (typeof home.order !== 'number' || !Number.isFinite(home.order) || !optionalText(home.permission)) return {};
  return { home: { order: home.order, ...(isText(home.permission) ? { permission: home.permission } : {}) } };
}

/** A well-formed contract is kept; a malformed one is dropped (the remote then loads unchecked). */
function contractOf(raw: unknown): { contract?: RemoteContract } {
  if (!raw || typeof raw !== 'object') return {};
  const contract = raw as Record<string, unknown>;
  const exposes = contract.exposes;
  if (!isText(contract.shared) || !exposes || typeof exposes !== 'object') return {};
  const isImports = (imports: unknown) =>
    Boolean(imports) &&
    typeof imports === 'object' &&
    Object.values(imports as object).every((names) => Array.isArray(names) && names.every(isText));
  if (!Object.values(exposes).every(isImports)) return {};
  return { contract: { shared: contract.shared, exposes: exposes as RemoteContract['exposes'] } };
}
