// The current warehouse's context, apart from its provider (warehouse.tsx): what the person may
// do (access.tsx) depends on where they are, and the provider depends on who they are (/api/me).
import { createContext, useContext } from 'react';

export interface WarehouseChoice {
  id: number;
  code: string;
  name: string;
  active: boolean;
}

export interface CurrentWarehouse {
  /** null while the list loads (or when it could not be read). */
  warehouse: WarehouseChoice | null;
  /** The active warehouses the person may use, by code. */
  warehouses: WarehouseChoice[];
  /** More than one: the screens name the warehouse and the header offers the switch. */
  several: boolean;
  /**
   * The institution has more than one active warehouse (the person may use one of them only):
   * the pages that move goods between warehouses (transfers) show.
   */
  institutionSeveral: boolean;
  /** Makes `code` the current warehouse (the address changes; the rest of the view stays). */
  choose(code: string): void;
  /** Whether the person's warehouses are known (/api/me has answered); true without a provider (one warehouse, as always). */
  ready: boolean;
}

const NONE: CurrentWarehouse = {
  warehouse: null,
  warehouses: [],
  several: false,
  institutionSeveral: false,
  choose: () => undefined,
  ready: true,
};
export const WarehouseContext = createContext<CurrentWarehouse>(NONE);

export const useCurrentWarehouse = (): CurrentWarehouse => useContext(WarehouseContext);
