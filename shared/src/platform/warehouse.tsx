// The current warehouse: the shell provides it (WarehouseProvider, inside its router) and every
// remote reads it here, so all screens key their data by the same warehouse. It is part of the
// address (`?almacen=P012`), so a copied link opens the same view for anyone allowed to see it;
// without it, the person's only (or first) warehouse. With one warehouse nothing changes: reads
// go to the same paths as always (the API answers for the only warehouse), and no switcher shows.
import { useCallback, useMemo, type ComponentProps, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams, type NavigateOptions } from '@almacen/shared/router';
import { useMe } from './access';
import { useCurrentWarehouse, WarehouseContext, type CurrentWarehouse } from './warehouse-context';

export { useCurrentWarehouse } from './warehouse-context';
export type { CurrentWarehouse, WarehouseChoice } from './warehouse-context';

/** The address's parameter that names the current warehouse, by its code. */
export const WAREHOUSE_PARAM = 'almacen';

export function WarehouseProvider({ children }: { children: ReactNode }) {
  // /api/me carries the person's warehouses: the first screen needs no other call to know them.
  const { data: me } = useMe();
  const data = me?.warehouses;
  const [params, setParams] = useSearchParams();
  const asked = params.get(WAREHOUSE_PARAM);
  const choose = useCallback(
    (code: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set(WAREHOUSE_PARAM, code);
        return next;
      }),
    [setParams],
  );
  const value = useMemo<CurrentWarehouse>(() => {
    const warehouses = (data ?? []).filter((w) => w.active);
    const warehouse = warehouses.find((w) => w.code === asked) ?? warehouses[0] ?? null;
    const several = warehouses.length > 1;
    const institutionSeveral = me?.activeWarehouses === undefined ? several : me.activeWarehouses > 1;
    return { warehouse, warehouses, several, institutionSeveral, choose, ready: me !== undefined };
  }, [data, asked, choose, me]);
  return <WarehouseContext.Provider value={value}>{children}</WarehouseContext.Provider>;
}

/**
 * A warehouse's read for the current warehouse: `path` with `warehouseId=` when there are several
 * (so each warehouse's answer is its own SWR key), `path` itself with one, null until /api/me has
 * said which (nothing is fetched under a warehouse not yet known, nor without one where the API
 * would need it). The shell shows its pages once /api/me has answered, so a one-warehouse portal
 * asks what it always asked, when it always did.
 */
export function useWarehousePath(path: string | null): string | null {
  const { warehouse, several, ready } = useCurrentWarehouse();
  if (path === null || !ready) return null;
  if (!several) return path;
  if (!warehouse) return null;
  return warehousePath(path, warehouse.id);
}

/**
 * An in-app link that keeps the current warehouse: `to` with `?almacen=CODE` when there are several
 * (a link to another page, or the one a copied address opens, stays in the same warehouse), `to`
 * itself with one. A link that names a warehouse already keeps its own.
 */
export function useWarehouseLink(): (to: string) => string {
  const { warehouse, several } = useCurrentWarehouse();
  const code = several ? warehouse?.code : undefined;
  return useCallback((to: string) => (code === undefined ? to : linkIn(to, code)), [code]);
}

/** `useNavigate` to a path, keeping the current warehouse (useWarehouseLink). */
export function useWarehouseNavigate(): (to: string, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const link = useWarehouseLink();
  return useCallback((to, options) => void navigate(link(to), options), [navigate, link]);
}

/** The router's `Link` to a path, keeping the current warehouse (useWarehouseLink). */
export function WarehouseLink({ to, ...props }: Omit<ComponentProps<typeof Link>, 'to'> & { to: string }) {
  const link = useWarehouseLink();
  return <Link to={link(to)} {...props} />;
}

function linkIn(to: string, code: string): string {
  const hashAt = to.indexOf('#');
  const base = hashAt < 0 ? to : to.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : to.slice(hashAt);
  const queryAt = base.indexOf('?');
  if (queryAt >= 0 && new URLSearchParams(base.slice(queryAt + 1)).has(WAREHOUSE_PARAM)) return to;
  return `${base}${queryAt >= 0 ? '&' : '?'}${WAREHOUSE_PARAM}=${encodeURIComponent(code)}${hash}`;
}

/** `path` with `warehouseId=` added, or `path` itself without an id (one warehouse). */
export const warehousePath = (path: string, warehouseId: number | undefined): string =>
  warehouseId === undefined ? path : `${path}${path.includes('?') ? '&' : '?'}warehouseId=${warehouseId}`;

/**
 * The `warehouseId` a write sends in its body (and a report in its query): the current
 * warehouse's when there are several, undefined with one — the request then stays as it always
 * was, and the API takes the only warehouse.
 */
export function useWarehouseId(): number | undefined {
  const { warehouse, several } = useCurrentWarehouse();
  return several && warehouse ? warehouse.id : undefined;
}

/** `body` with `warehouseId` when one is given; the same object otherwise. */
export const withWarehouse = <B extends object>(body: B, warehouseId: number | undefined): B =>
  warehouseId === undefined ? body : { ...body, warehouseId };
