// "Usuarios": GET /api/users, PUT /api/users/{id}/roles and, with the embedded identity
// provider, POST /api/users, POST /api/users/{id}/password-reset and POST|DELETE
// /api/users/{id}/deactivation. Failures show as every action's do (the "¡Oh no!" toast with the
// API's words, e.g. the last administrator's 409).
import { ME_KEY, useAction, useApi, useResource } from '@almacen/shared';
import type { AccessRole, NewUserInput, NewUserResult, PasswordResetResult, UserSummary } from '@almacen/shared/domain';

export const USERS_KEY = '/api/users';
// A change to one's own roles changes what one may do: /api/me is asked again too.
const AFTER_CHANGE = [USERS_KEY, ME_KEY, '/api/audit'];

export function useUsers() {
  return useResource<UserSummary[]>(USERS_KEY);
}

export function useSetRoles() {
  const api = useApi();
  return useAction(
    (user: UserSummary, roles: AccessRole[]) => api<UserSummary>(`${USERS_KEY}/${user.id}/roles`, { method: 'PUT', body: { roles } }),
    {
      errorText: 'actualizar los permisos del usuario.',
      invalidate: AFTER_CHANGE,
      successText: 'Permisos actualizados.',
    },
  );
}

export function useCreateUser() {
  const api = useApi();
  return useAction((input: NewUserInput) => api<NewUserResult>(USERS_KEY, { method: 'POST', body: input }), {
    errorText: 'crear el usuario solicitado.',
    invalidate: AFTER_CHANGE,
  });
}

export function useResetPassword() {
  const api = useApi();
  return useAction((user: UserSummary) => api<PasswordResetResult>(`${USERS_KEY}/${user.id}/password-reset`, { method: 'POST' }), {
    errorText: 'restablecer la contraseña del usuario.',
  });
}

export function useSetActive() {
  const api = useApi();
  return useAction(
    (user: UserSummary, active: boolean) =>
      api<UserSummary>(`${USERS_KEY}/${user.id}/deactivation`, { method: active ? 'DELETE' : 'POST' }),
    { errorText: 'cambiar el estado del usuario.', invalidate: AFTER_CHANGE },
  );
}

/** PUT /api/users/{id}/employee: the employee of the catalogue this person is, or null for none. */
export function useLinkEmployee() {
  const api = useApi();
  return useAction(
    (user: UserSummary, employeeId: number | null) =>
      api<UserSummary>(`${USERS_KEY}/${user.id}/employee`, { method: 'PUT', body: { employeeId } }),
    { errorText: 'vincular al usuario con el empleado.', invalidate: AFTER_CHANGE, successText: 'Empleado del usuario actualizado.' },
  );
}
