// Who may do what: the fixed roles of the product, the permissions each one grants,
// and the words a 403 uses. One source for the API (which decides) and the portal (which hides
// or disables what a person cannot do). These roles are permissions in Almacén; the employees'
// "Roles" catalogue of the spec (the jobs people sign documents as) is unrelated.

export const ACCESS_ROLES = ['SOLICITANTE', 'CONSULTA', 'ALMACENISTA', 'AUTORIZADOR', 'ADMINISTRADOR'] as const;
export type AccessRole = (typeof ACCESS_ROLES)[number];

export const ACCESS_ROLE_LABELS: Record<AccessRole, string> = {
  SOLICITANTE: 'Solicitante',
  CONSULTA: 'Consulta',
  ALMACENISTA: 'Almacenista',
  AUTORIZADOR: 'Autorizador',
  ADMINISTRADOR: 'Administrador',
};

/**
 * Every permission, with what it lets a person do in the words of the 403 answer:
 * "No tienes permiso para <text>."
 */
export const PERMISSIONS = {
  consult: 'consultar el almacén',
  'catalogs.write': 'modificar los catálogos',
  'catalogs.import': 'importar catálogos',
  'invoices.create': 'registrar entradas',
  'dispatches.create': 'registrar salidas',
  'counts.write': 'capturar conteos de inventario',
  'invoices.cancel': 'cancelar entradas',
  'dispatches.cancel': 'cancelar salidas',
  'counts.apply': 'aplicar o descartar conteos de inventario',
  'periods.close': 'cerrar o reabrir periodos',
  'users.manage': 'administrar usuarios y sus permisos',
  'warehouses.manage': 'administrar los almacenes',
  'audit.read': 'consultar la bitácora',
  'backups.read': 'consultar los respaldos',
  // Material requests. Who may act on one request is decided by the request itself: its
  // requester (cancel, confirm the receipt) and its named «Responsable del área solicitante»
  // (authorize, reject); these permissions only open the doors.
  'requests.read': 'consultar solicitudes de material',
  'requests.ask': 'hacer solicitudes de material',
  'requests.all': 'consultar todas las solicitudes de material',
  'requests.fulfil': 'surtir y cerrar solicitudes de material',
} as const;
export type Permission = keyof typeof PERMISSIONS;

/** Asks for material and follows their own requests (and those they are the named head of); nothing of the warehouse. */
const SOLICITANTE: Permission[] = ['requests.read', 'requests.ask'];
const CONSULTA: Permission[] = ['consult', 'requests.read', 'requests.all'];
const ALMACENISTA: Permission[] = [
  ...CONSULTA,
  'catalogs.write',
  'catalogs.import',
  'invoices.create',
  'dispatches.create',
  'counts.write',
  'requests.fulfil',
];
const AUTORIZADOR: Permission[] = [...ALMACENISTA, 'invoices.cancel', 'dispatches.cancel', 'counts.apply', 'periods.close'];

/**
 * What each role grants: Consulta ⊂ Almacenista ⊂ Autorizador ⊂ Administrador, which has
 * everything; Solicitante stands apart (a person may hold it beside another role).
 */
export const ROLE_PERMISSIONS: Record<AccessRole, readonly Permission[]> = {
  SOLICITANTE,
  CONSULTA,
  ALMACENISTA,
  AUTORIZADOR,
  ADMINISTRADOR: Object.keys(PERMISSIONS) as Permission[],
};

export const isAccessRole = (value: unknown): value is AccessRole =>
  typeof value === 'string' && (ACCESS_ROLES as readonly string[]).includes(value);
export const isPermission = (value: unknown): value is Permission => typeof value === 'string' && Object.hasOwn(PERMISSIONS, value);

/** The union of what the roles grant, in PERMISSIONS' order. */
export function permissionsOf(roles: readonly string[]): Permission[] {
  const granted = new Set(roles.filter(isAccessRole).flatMap((role) => ROLE_PERMISSIONS[role]));
  return (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => granted.has(permission));
}

/** "No tienes permiso para registrar salidas." */
export const forbiddenMessage = (permission: Permission): string => `No tienes permiso para ${PERMISSIONS[permission]}.`;

/** What a person with no role sees (and the API's 403 for them). */
export const NO_ACCESS_MESSAGE = 'Tu cuenta aún no tiene acceso a Almacén. Pide a un administrador que te asigne permisos.';
export const ACCOUNT_DISABLED_MESSAGE = 'Tu cuenta está desactivada. Pide a un administrador que la reactive.';
export const LAST_ADMIN_MESSAGE = 'No se puede quitar el permiso Administrador al último administrador activo.';

/** Where a role of a user comes from: granted in Almacén, by the identity provider's claim, or by ADMIN_USERS. */
export const ROLE_SOURCES = ['almacen', 'proveedor', 'configuracion'] as const;
export type RoleSource = (typeof ROLE_SOURCES)[number];
/** Where an account comes from: Almacén's own provider, or the institution's. */
export const USER_ORIGINS = ['almacen', 'proveedor'] as const;

/** A role granted to a person: for one warehouse (its id) or, with null, for every warehouse. */
export interface RoleAssignment {
  role: AccessRole;
  warehouseId: number | null;
}

export interface RoleGrant extends RoleAssignment {
  source: RoleSource;
}

/** Grants in ACCESS_ROLES' order; for one role, every warehouse first, then by warehouse id. */
export const sortAssignments = <T extends RoleAssignment>(grants: T[]): T[] =>
  grants.sort((a, b) => ACCESS_ROLES.indexOf(a.role) - ACCESS_ROLES.indexOf(b.role) || (a.warehouseId ?? 0) - (b.warehouseId ?? 0));

/** ADMINISTRADOR is granted for the whole institution only: the 400 of a grant of it for one warehouse. */
export const ADMIN_SCOPE_MESSAGE = 'El permiso Administrador es para toda la institución.';

/**
 * What is one for the whole institution by nature (the catalogues, the people, the warehouses
 * themselves, the log, the backups, one's own material requests): a grant in any warehouse gives
 * it. Every other permission is held per warehouse.
 */
export const INSTITUTION_PERMISSIONS: readonly Permission[] = [
  'catalogs.write',
  'catalogs.import',
  'users.manage',
  'warehouses.manage',
  'audit.read',
  'backups.read',
  'requests.read',
  'requests.ask',
];

/** GET /api/me */
export interface Me {
  id: number;
  sub: string;
  name: string;
  email: string | null;
  /** Each (role, warehouse) once, whatever its source. */
  roles: RoleAssignment[];
  /** The union over every warehouse: what opens a door anywhere. */
  permissions: Permission[];
  /** The identity provider's account page, when it publishes one. */
  accountUrl: string | null;
  /**
   * The employee of the catalogue linked to this person («Usuarios»), or null: who they are on a
   * material request (its requester, its area head) and on an exit (its almacenista). Optional
   * on the type: an API built before sends none.
   */
  employeeId?: number | null;
  /**
   * The active warehouses the person may use, by code, each with what they may do there
   * (optional: an API built before sends none).
   */
  warehouses?: Array<{ id: number; code: string; name: string; active: boolean; permissions: Permission[] }>;
  /**
   * How many active warehouses the institution has, whichever the person may use: with two or more
   * the transfers' pages show, also to a clerk of one warehouse who sends to or receives from the
   * others (optional: an API built before sends none, and then the person's own count stands).
   */
  activeWarehouses?: number;
}

/** A row of "Usuarios" (GET /api/users). */
export interface UserSummary {
  id: number;
  name: string;
  email: string | null;
  /** preferred_username as the provider last said it. */
  username: string | null;
  /** Each (role, warehouse) once, with where it comes from: only `almacen` ones can be removed in Almacén. */
  roles: RoleGrant[];
  /** ISO instant of the last call (written at most once a minute). */
  lastSeenAt: string;
  createdAt: string;
  /** Where the account lives: the embedded provider ("Almacén") or an external one ("proveedor"). */
  origin: (typeof USER_ORIGINS)[number];
  active: boolean;
  /** The employee of the catalogue this person is, or null. */
  employeeId: number | null;
}

/** POST /api/users (embedded provider only): a new account; the answer carries its one-time password. */
export interface NewUserInput {
  username: string;
  name: string;
  email?: string | null;
  /** A plain role is granted for every warehouse. */
  roles?: Array<AccessRole | RoleAssignment>;
}

export interface NewUserResult {
  user: UserSummary;
  /** Shown once, like the CLI's; never stored in clear. */
  password: string;
}

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'cancel'] as const;
export type AuditActionName = (typeof AUDIT_ACTIONS)[number];

/** A row of "Bitácora" (GET /api/audit). */
export interface AuditLogEntry {
  id: string;
  at: string;
  actorSub: string;
  actorName: string;
  action: AuditActionName;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

/** GET /api/audit/filters — the choices of the "Bitácora" filters: who has written and what. */
export interface AuditFilterOptions {
  /** Everyone who appears in the log, with the name of their latest entry, by name. */
  actors: Array<{ sub: string; name: string }>;
  /** Every entity name in the log ('products', 'app_users', …), alphabetically. */
  entities: string[];
}

/** POST /api/users/{id}/password-reset (embedded provider only): the new one-time password. */
export interface PasswordResetResult {
  password: string;
}
