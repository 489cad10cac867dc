// «Usuarios»: the body of a new account and of the roles granted in Almacén. The dialog and the
// API validate with these alike.
import { nullable, optional, type, type Infer } from 'superstruct';
import {
  ACCESS_ROLES,
  ADMIN_SCOPE_MESSAGE,
  isAccessRole,
  sortAssignments,
  type AccessRole,
  type RoleAssignment,
} from '@almacen/shared/domain';
import { described } from './json-schema';
import { optionalEmail, requiredText } from './primitives';

/** What a sign-in name may be (the embedded provider's rule), once trimmed and in lower case. */
export const USERNAME_RE = /^[a-z0-9][a-z0-9._@-]{0,63}$/;

export const USER_MESSAGES = {
  usernameRequired: 'Escribe el usuario.',
  username: 'El usuario debe tener de 1 a 64 caracteres: letras minúsculas, números, ".", "_", "-" o "@".',
  name: 'Escribe el nombre de la persona.',
  email: 'El correo no es válido (por ejemplo, persona@escuela.edu.mx).',
  roles: `Los permisos deben ser una lista con algunos de: ${ACCESS_ROLES.join(', ')}.`,
} as const;

/** A sign-in name: kept trimmed and in lower case (normalizeUsername). */
export const normalizeUsername = (value: string): string => value.trim().toLowerCase();

const username = () =>
  described<string>(
    'username',
    { type: 'string', pattern: USERNAME_RE.source, description: 'Se guarda sin espacios alrededor y en minúsculas' },
    (value) => {
      if (typeof value !== 'string' || value.trim() === '') return USER_MESSAGES.usernameRequired;
      return USERNAME_RE.test(normalizeUsername(value)) || USER_MESSAGES.username;
    },
  );

/** How many grants a list may name, repeats included (each counts once). */
const MAX_ROLE_ENTRIES = 1000;

const MAX_WAREHOUSE_ID = 2_147_483_647;

/** One entry of a list of roles: a role's name (every warehouse) or `{ role, warehouseId }` (null: every warehouse). */
function assignmentOf(value: unknown): RoleAssignment | null {
  if (isAccessRole(value)) return { role: value, warehouseId: null };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { role, warehouseId, ...rest } = value as Record<string, unknown>;
  if (!isAccessRole(role) || Object.keys(rest).length > 0) return null;
  if (warehouseId === null || warehouseId === undefined) return { role, warehouseId: null };
  return Number.isSafeInteger(warehouseId) && (warehouseId as number) >= 1 && (warehouseId as number) <= MAX_WAREHOUSE_ID
    ? { role, warehouseId: warehouseId as number }
    : null;
}

/**
 * A list of grants: each a known role, for every warehouse (the role's name alone, or
 * `warehouseId: null`) or for one; ADMINISTRADOR only for every warehouse. A grant named twice
 * counts once. Whether the warehouses exist is the API's to say.
 */
export const accessRoles = () =>
  described<Array<AccessRole | RoleAssignment>>(
    'accessRoles',
    {
      type: 'array',
      maxItems: MAX_ROLE_ENTRIES,
      items: {
        oneOf: [
          { type: 'string', enum: [...ACCESS_ROLES], description: 'El rol para todos los almacenes' },
          {
            type: 'object',
            required: ['role'],
            additionalProperties: false,
            properties: {
              role: { type: 'string', enum: [...ACCESS_ROLES] },
              warehouseId: {
                type: 'integer',
                minimum: 1,
                nullable: true,
                description: 'El almacén (id) donde vale el rol; null o ausente: todos los almacenes. Administrador es siempre para todos',
              },
            },
          },
        ],
      },
      description: 'Cada rol por almacén cuenta una vez aunque se repita',
    },
    (value) => {
      if (!Array.isArray(value) || value.length > MAX_ROLE_ENTRIES) return USER_MESSAGES.roles;
      const assignments = value.map(assignmentOf);
      if (assignments.some((a) => a === null)) return USER_MESSAGES.roles;
      return !assignments.some((a) => a!.role === 'ADMINISTRADOR' && a!.warehouseId !== null) || ADMIN_SCOPE_MESSAGE;
    },
  );

/**
 * The grants a (valid) list names, each once: in ACCESS_ROLES' order, every warehouse first, then
 * by warehouse id.
 */
export const orderedRoles = (roles: ReadonlyArray<AccessRole | RoleAssignment>): RoleAssignment[] => {
  const seen = new Map<string, RoleAssignment>();
  for (const a of roles.map(assignmentOf)) if (a && !seen.has(`${a.role}@${a.warehouseId}`)) seen.set(`${a.role}@${a.warehouseId}`, a);
  return sortAssignments([...seen.values()]);
};

export const userRolesSchema = type({ roles: accessRoles() });

export const newUserSchema = type({
  username: username(),
  name: requiredText(USER_MESSAGES.name),
  email: optionalEmail(USER_MESSAGES.email),
  roles: optional(nullable(accessRoles())),
});

export type UserRoles = Infer<typeof userRolesSchema>;
export type NewUser = Infer<typeof newUserSchema>;
