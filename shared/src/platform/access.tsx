// What the signed-in person may do, for every remote alike: GET /api/me once, in the
// one SWR cache the shell and the remotes share, so asking costs one request per session (and
// again when the shell revalidates it). The API decides; the portal only hides or disables what
// would be refused, and shows the API's own words when something is.
import { MessageBar, MessageBarBody, MessageBarTitle } from '@almacen/shared/fluent';
import { forbiddenMessage, type Me, type Permission } from '../domain/access';
import { useResource, type Resource } from './resource';

export const ME_KEY = '/api/me';

/** The caller as the API sees them: name, e-mail, roles and permissions. */
export function useMe(): Resource<Me> {
  return useResource<Me>(ME_KEY);
}

/** Whether the person may do it; false while /api/me is on its way (nothing flashes then hides). */
export function useCan(permission: Permission): boolean {
  const { data } = useMe();
  return data?.permissions.includes(permission) ?? false;
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
