// "Usuarios": GET /api/users, PUT /api/users/{id}/roles and, with the embedded identity
// provider, POST /api/users, POST /api/users/{id}/password-reset and POST|DELETE
// /api/users/{id}/deactivation. Failures show as every change's do (the "¡Oh no!" toast with the
// API's words, e.g. the last administrator's 409).
import { ME_KEY, useMutation, useResource } from '@almacen/shared';
import type { NewUserInput, NewUserResult, PasswordResetResult, RoleAssignment, UserSummary } from '@almacen/shared/domain';
import { AUDIT_PATH } from './audit-api';

export const USERS_KEY = '/api/users';
// A change to one's own roles changes what one may do: /api/me is asked again too.
const AFTER_CHANGE = [USERS_KEY, ME_KEY, AUDIT_PATH];

export function useUsers() {
  return useResource<UserSummary[]>(USERS_KEY);
}

/** PUT /api/users/{id}/roles `{ roles: [{ role, warehouseId }] }` (warehouseId null: every warehouse). */
export const useSetRoles = () =>
  useMutation(
    (api, user: UserSummary, roles: RoleAssignment[]) =>
      api<UserSummary>(`${USERS_KEY}/${user.id}/roles`, { method: 'PUT', body: { roles } }),
    { errorText: 'actualizar los permisos del usuario.', successText: 'Permisos actualizados.' },
    AFTER_CHANGE,
  );

export const useCreateUser = () =>
  useMutation(
    (api, input: NewUserInput) => api<NewUserResult>(USERS_KEY, { method: 'POST', body: input }),
    { errorText: 'crear el usuario solicitado.' },
    AFTER_CHANGE,
  );

export const useResetPassword = () =>
  useMutation(
    (api, user: UserSummary) => api<PasswordResetResult>(`${USERS_KEY}/${user.id}/password-reset`, { method: 'POST' }),
    { errorText: 'restablecer la contraseña del usuario.' },
    [],
  );

export const useSetActive = () =>
  useMutation(
    (api, user: UserSummary, active: boolean) =>
      api<UserSummary>(`${USERS_KEY}/${user.id}/deactivation`, { method: active ? 'DELETE' : 'POST' }),
    { errorText: 'cambiar el estado del usuario.' },
    AFTER_CHANGE,
  );

/** PUT /api/users/{id}/employee: the employee of the catalogue this person is, or null for none. */
export const useLinkEmployee = () =>
  useMutation(
    (api, user: UserSummary, employeeId: number | null) =>
      api<UserSummary>(`${USERS_KEY}/${user.id}/employee`, { method: 'PUT', body: { employeeId } }),
    { errorText: 'vincular al usuario con el empleado.', successText: 'Empleado del usuario actualizado.' },
    AFTER_CHANGE,
  );
