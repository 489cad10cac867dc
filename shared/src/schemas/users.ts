// «Usuarios»: the body of a new account and of the roles granted in Almacén. The dialog and the
// API validate with these alike.
import { nullable, optional, type, type Infer } from 'superstruct';
import { ACCESS_ROLES, isAccessRole, type AccessRole } from '@almacen/shared/domain';
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

/** How many roles a list may name, repeats included (each counts once). */
const MAX_ROLE_ENTRIES = ACCESS_ROLES.length * 4;

/** A list of known roles; a role named twice counts once. */
export const accessRoles = () =>
  described<AccessRole[]>(
    'accessRoles',
    {
      type: 'array',
      maxItems: MAX_ROLE_ENTRIES,
      items: { type: 'string', enum: [...ACCESS_ROLES] },
      description: 'Cada rol cuenta una vez aunque se repita',
    },
    (value) => (Array.isArray(value) && value.length <= MAX_ROLE_ENTRIES && value.every(isAccessRole)) || USER_MESSAGES.roles,
  );

/** The roles a list names, each once, in ACCESS_ROLES' order. */
export const orderedRoles = (roles: readonly AccessRole[]): AccessRole[] => ACCESS_ROLES.filter((role) => roles.includes(role));

export const userRolesSchema = type({ roles: accessRoles() });

export const newUserSchema = type({
  username: username(),
  name: requiredText(USER_MESSAGES.name),
  email: optionalEmail(USER_MESSAGES.email),
  roles: optional(nullable(accessRoles())),
});

export type UserRoles = Infer<typeof userRolesSchema>;
export type NewUser = Infer<typeof newUserSchema>;
