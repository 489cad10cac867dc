// The current warehouse: the shell provides it (WarehouseProvider, inside its router) and every
// remote reads it here, so all screens key their data by the same warehouse. It is part of the
// address (`?almacen=P012`), so a copied link opens the same view for anyone allowed to see it;
// without it, the person's only (or first) warehouse. With one warehouse nothing changes: reads
// go to the same paths as always (the API answers for the only warehouse), and no switcher shows.
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useSearchParams } from '@almacen/shared/router';
import { useMe } from './access';

export interface WarehouseChoice {
  id: number;
  code: string;
  name: string;
  active: boolean;
}

/** The address's parameter that names the current warehouse, by its code. */
export const WAREHOUSE_PARAM = 'almacen';

export interface CurrentWarehouse {
  /** null while the list loads (or when it could not be read). */
  warehouse: WarehouseChoice | null;
  /** The active warehouses the person may use, by code. */
  warehouses: WarehouseChoice[];
  /** More than one: the screens name the warehouse and the header offers the switch. */
  several: boolean;
  /** Makes `code` the current warehouse (the address changes; the rest of the view stays). */
  choose(code: string): void;
  /** Whether the person's warehouses are known (/api/me has answered); true without a provider (one warehouse, as always). */
  ready: boolean;
}

const NONE: CurrentWarehouse = { warehouse: null, warehouses: [], several: false, choose: () => undefined, ready: true };
const WarehouseContext = createContext<CurrentWarehouse>(NONE);

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
    return { warehouse, warehouses, several: warehouses.length > 1, choose, ready: me !== undefined };
  }, [data, asked, choose, me]);
  return <WarehouseContext.Provider value={value}>{children}</WarehouseContext.Provider>;
}

export const useCurrentWarehouse = (): CurrentWarehouse => useContext(WarehouseContext);

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
