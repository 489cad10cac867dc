// The contract between a remote and the shell for pages and menu (ARCHITECTURE.md, "Añadir una
// página a un remoto"). Each remote exposes `./pages` (this shape, plain data, no React) and its
// build writes the same data to `pages.json` next to mf-manifest.json, so the API can put it in
// /config.json: the menu stays complete when a remote cannot be loaded, even on a first visit.

export interface MenuEntry {
  /** Visible text, verbatim from the spec (Spanish). */
  label: string;
  /** Absolute page path (`/dashboard/stock`); absent for a group heading. */
  path?: string;
  /** Key of a group heading (`catalogs`); its pages name it in `parent`. */
  group?: string;
  /** The group this page belongs to; absent at the top level. */
  parent?: string;
  /** Name of an icon (reserved: the spec's menu shows none yet). */
  icon?: string;
  /** Position among its siblings, ascending; the shell's Inicio is 0. */
  order: number;
  /** The permission that shows the entry: the shell hides it from who lacks it (absent: everyone). */
  permission?: string;
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

export interface RemotePages {
  /** How the area is called in messages ("Stock de productos"). */
  label: string;
  /** Route patterns under /dashboard that the remote's `./App` answers (`stock/*`). */
  routes: string[];
  menu: MenuEntry[];
  home?: HomeSection;
  /** Written by the remote's build; absent from a remote built before contracts were recorded. */
  contract?: RemoteContract;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const optionalText = (value: unknown) => value === undefined || isText(value);

function parseEntry(raw: unknown): MenuEntry | null {
  if (!raw || typeof raw !== 'object') return null;
  const entry = raw as Record<string, unknown>;
  if (!isText(entry.label) || typeof entry.order !== 'number' || !Number.isFinite(entry.order)) return null;
  if (![entry.group, entry.parent, entry.icon, entry.permission].every(optionalText)) return null;
  // A page or a group heading, never both nor neither.
  const isPage = isText(entry.path) && entry.path.startsWith('/');
  if (isPage === isText(entry.group)) return null;
  return {
    label: entry.label,
    order: entry.order,
    ...(isPage ? { path: entry.path as string } : { group: entry.group as string }),
    ...(isText(entry.parent) ? { parent: entry.parent } : {}),
    ...(isText(entry.icon) ? { icon: entry.icon } : {}),
    ...(isText(entry.permission) ? { permission: entry.permission } : {}),
  };
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
  const menu = value.menu.map(parseEntry).filter((entry): entry is MenuEntry => entry !== null);
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
