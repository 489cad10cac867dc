// What the signed-in person may do, for every remote alike: GET /api/me once, in the
// one SWR cache the shell and the remotes share, so asking costs one request per session (and
// again when the shell revalidates it). The API decides; the portal only hides or disables what
// would be refused, and shows the API's own words when something is. A role may hold in one
// warehouse only: what the person may do is what they may do in the current warehouse.
import { useMemo } from 'react';
import { MessageBar, MessageBarBody, MessageBarTitle } from '@almacen/shared/fluent';
import { forbiddenMessage, INSTITUTION_PERMISSIONS, PERMISSIONS, type Me, type Permission } from '../domain/access';
import { useResource, type Resource } from './resource';
import { useCurrentWarehouse, type WarehouseChoice } from './warehouse-context';

export const ME_KEY = '/api/me';

/** The caller as the API sees them: name, e-mail, roles and permissions. */
export function useMe(): Resource<Me> {
  return useResource<Me>(ME_KEY);
}

/**
 * What the person may do in the warehouse: what /api/me says they may do there, plus the
 * institution-wide permissions (the catalogues, the users…), which a grant in any warehouse
 * gives. Without a warehouse, or from an API that sends no per-warehouse permissions (built
 * before), the union /api/me gives, as always.
 */
function permissionsIn(me: Me, warehouseId: number | null): readonly Permission[] {
  const here = warehouseId === null ? undefined : me.warehouses?.find((w) => w.id === warehouseId);
  if (!here || !Array.isArray(here.permissions)) return me.permissions;
  const held = new Set<Permission>(here.permissions);
  for (const permission of INSTITUTION_PERMISSIONS) if (me.permissions.includes(permission)) held.add(permission);
  return (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => held.has(permission));
}

/**
 * What the person may do where they are (the current warehouse, WarehouseProvider): the menu,
 * the pages' gates and their buttons all follow it, so a switch to a warehouse where the person
 * only consults hides what they may not do there. Outside the provider (a remote alone) the
 * union /api/me gives. Empty while /api/me is on its way.
 */
export function usePermissions(): readonly Permission[] {
  const { data } = useMe();
  const { warehouse } = useCurrentWarehouse();
  const warehouseId = warehouse?.id ?? null;
  return useMemo(() => (data ? permissionsIn(data, warehouseId) : []), [data, warehouseId]);
}

/**
 * The person's warehouses (the switcher's list) where they may do it: where a transfer may leave
 * from (dispatches.create). All of them from an API that sends no per-warehouse permissions.
 */
export function useWarehousesWhere(permission: Permission): WarehouseChoice[] {
  const { data } = useMe();
  const { warehouses } = useCurrentWarehouse();
  return useMemo(
    () => (data ? warehouses.filter((w) => permissionsIn(data, w.id).includes(permission)) : []),
    [data, warehouses, permission],
  );
}

/** Whether the person may do it where they are; false while /api/me is on its way (nothing flashes then hides). */
export function useCan(permission: Permission): boolean {
  return usePermissions().includes(permission);
}

/**
 * Stands for a whole page or wizard the person may not use: the API's 403 words
 * ("No tienes permiso para registrar salidas.") instead of a form that would be refused.
 */
export function Forbidden({ permission }: { permission: Permission }) {
  return (
    <MessageBar intent="warning" role="alert" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>Sin permiso</MessageBarTitle>
        {forbiddenMessage(permission)} Pide a un administrador el permiso que lo permite.
      </MessageBarBody>
    </MessageBar>
  );
}

/** Renders its children only when the person may do it (and nothing while /api/me loads). */
export function Can({
  permission,
  children,
  fallback = null,
}: {
  permission: Permission;
  children: React.ReactNode;
  fallback?: React.ReactNode;
}) {
  return <>{useCan(permission) ? children : fallback}</>;
}
