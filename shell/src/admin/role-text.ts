// How a role granted to a person reads: «Almacenista (P012)», «Consulta (todos)» where the
// deployment has several warehouses; the role's name alone with one (the screens as always).
import { ACCESS_ROLE_LABELS, type AccessRole, type RoleAssignment } from '@almacen/shared/domain';

/** The choice of a role for every warehouse. */
export const ALL_WAREHOUSES = 'Todos los almacenes';

/**
 * `codes`: each warehouse's code by id, with several warehouses; null with one. A warehouse the
 * list does not have (no longer readable) is named by its number.
 */
export function roleText(grant: RoleAssignment | AccessRole, codes: ReadonlyMap<number, string> | null): string {
  // An API built before roles per warehouse names the roles alone: each holds in every warehouse.
  const { role, warehouseId = null } = typeof grant === 'string' ? { role: grant } : grant;
  const label = ACCESS_ROLE_LABELS[role];
  if (!codes) return label;
  return `${label} (${warehouseId === null ? 'todos' : (codes.get(warehouseId) ?? `almacén ${warehouseId}`)})`;
}

/** Several roles, each once, separated by commas. */
export const rolesText = (roles: ReadonlyArray<RoleAssignment | AccessRole>, codes: ReadonlyMap<number, string> | null): string =>
  [...new Set(roles.map((grant) => roleText(grant, codes)))].join(', ');
