// The transfer pages work on the current warehouse (the shell's, @almacen/shared): they wait for
// it, so nothing is read or sent under a warehouse not yet known.
import type { ReactNode } from 'react';
import { useCurrentWarehouse, type WarehouseChoice } from '@almacen/shared';
import { Spinner } from '@almacen/shared/fluent';
import { LIST_TEXTS } from '../lib/texts';

export function WarehouseGate({ children }: { children: (warehouse: WarehouseChoice) => ReactNode }) {
  const { warehouse } = useCurrentWarehouse();
  if (!warehouse) return <Spinner label={LIST_TEXTS.loadingWarehouse} />;
  return <>{children(warehouse)}</>;
}
