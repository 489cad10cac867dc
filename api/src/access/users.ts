// Almacén's own users (migration 0004): who has signed in, the roles granted here (app_user_roles,
// migration 0067: each for one warehouse or for all), the roles the provider grants, whether the
// account is active, and when it was last seen. Every API call resolves its caller here
// (guard.ts), so a role granted or an account deactivated counts from the person's next call.
import {
  ACCESS_ROLES,
  INSTITUTION_PERMISSIONS,
  isAccessRole,
  permissionsOf,
  ROLE_PERMISSIONS,
  type AccessRole,
  type Permission,
  type RoleAssignment,
  type RoleGrant,
  sortAssignments,
} from '@almacen/shared/domain';
import type { Db } from '../db/pool';

export interface AppUser {
  id: number;
  issuer: string;
  sub: string;
  name: string;
  email: string | null;
  username: string | null;
  /** Granted in Almacén (editable in "Usuarios"), each for one warehouse or (null) for all. */
  roles: RoleAssignment[];
  /** Granted by the identity provider, as of the last token seen: `ROLE` (every warehouse) or `ROLE@CODE`. */
  providerRoles: string[];
  active: boolean;
  /** The employee of the catalogue this person is (by e-mail, or linked in «Usuarios»), or null. */
  employeeId: number | null;
  createdAt: Date;
  lastSeenAt: Date;
}

/** The caller of a request, with everything the access rule needs. */
export interface Caller extends AppUser {
  /** Administrator by ADMIN_USERS. */
  configAdmin: boolean;
  grants: RoleGrant[];
  /** Every role held somewhere. */
  effectiveRoles: AccessRole[];
  /** The union over every warehouse: what opens a route's door (guard.ts). */
  permissions: Permission[];
  /** What is held in every warehouse. */
  everywhere: ReadonlySet<Permission>;
  /** What is held in one warehouse only, by warehouse id. */
  byWarehouse: ReadonlyMap<number, ReadonlySet<Permission>>;
}

export const USER_COLUMNS = `id, issuer, sub, name, email, username,
  coalesce((SELECT json_agg(json_build_object('role', r.role, 'warehouseId', r.warehouse_id)
                            ORDER BY array_position(ARRAY['${ACCESS_ROLES.join("','")}'], r.role), r.warehouse_id NULLS FIRST)
              FROM app_user_roles r WHERE r.user_id = app_users.id), '[]') AS roles,
  provider_roles AS "providerRoles", active,
  employee_id AS "employeeId", created_at AS "createdAt", last_seen_at AS "lastSeenAt"`;

/** The warehouses by code, to resolve a provider's `ROLE@CODE`. */
export type WarehouseCodes = ReadonlyMap<string, number>;

/** A provider's role as stored: `ROLE` (every warehouse) or `ROLE@CODE`; null when it is neither. */
export function parseProviderRole(text: string): { role: AccessRole; code: string | null } | null {
  const at = text.indexOf('@');
  const role = at < 0 ? text : text.slice(0, at);
  const code = at < 0 ? null : text.slice(at + 1);
  if (!isAccessRole(role) || code === '' || (code !== null && role === 'ADMINISTRADOR')) return null;
  return { role, code };
}

/**
 * Each (role, warehouse) once, from the strongest source: configuration, then the provider, then
 * Almacén; in ACCESS_ROLES' order, every warehouse first. A provider's role for a code no warehouse
 * has grants nothing (`unknownCode` hears of it).
 */
export function grantsOf(
  user: Pick<AppUser, 'roles' | 'providerRoles'>,
  configAdmin: boolean,
  codes: WarehouseCodes,
  unknownCode: (code: string) => void = () => undefined,
): RoleGrant[] {
  const grants = new Map<string, RoleGrant>();
  const add = (grant: RoleGrant) => {
    const key = `${grant.role}@${grant.warehouseId}`;
    if (!grants.has(key)) grants.set(key, grant);
  };
  if (configAdmin) add({ role: 'ADMINISTRADOR', warehouseId: null, source: 'configuracion' });
  for (const text of user.providerRoles) {
    const parsed = parseProviderRole(text);
    if (!parsed) continue;
    const warehouseId = parsed.code === null ? null : codes.get(parsed.code);
    if (warehouseId === undefined) unknownCode(parsed.code!);
    else add({ role: parsed.role, warehouseId, source: 'proveedor' });
  }
  for (const { role, warehouseId } of user.roles) add({ role, warehouseId, source: 'almacen' });
  return sortAssignments([...grants.values()]);
}

export function callerOf(user: AppUser, configAdmin: boolean, codes: WarehouseCodes, unknownCode?: (code: string) => void): Caller {
  const grants = grantsOf(user, configAdmin, codes, unknownCode);
  const effectiveRoles = ACCESS_ROLES.filter((role) => grants.some((g) => g.role === role));
  const held = user.active ? grants : [];
  const everywhere = new Set(permissionsOf(held.filter((g) => g.warehouseId === null).map((g) => g.role)));
  const byWarehouse = new Map<number, Set<Permission>>();
  for (const { role, warehouseId } of held) {
    if (warehouseId === null) continue;
    const there = byWarehouse.get(warehouseId) ?? new Set<Permission>();
    for (const permission of ROLE_PERMISSIONS[role]) if (!everywhere.has(permission)) there.add(permission);
    byWarehouse.set(warehouseId, there);
  }
  return {
    ...user,
    configAdmin,
    grants,
    effectiveRoles,
    permissions: permissionsOf(held.map((g) => g.role)),
    everywhere,
    byWarehouse,
  };
}

/**
 * Whether the caller may do `permission` in warehouse `warehouseId`: a grant for every warehouse
 * or for that one; a permission of the whole institution (INSTITUTION_PERMISSIONS), a grant anywhere.
 */
export function mayIn(caller: Caller, permission: Permission, warehouseId: number): boolean {
  if (INSTITUTION_PERMISSIONS.includes(permission)) return caller.permissions.includes(permission);
  return caller.everywhere.has(permission) || caller.byWarehouse.get(warehouseId)?.has(permission) === true;
}

/** What the caller may do in warehouse `warehouseId`, in PERMISSIONS' order. */
export function permissionsIn(caller: Caller, warehouseId: number): Permission[] {
  return caller.permissions.filter((permission) => mayIn(caller, permission, warehouseId));
}

/**
 * The warehouses of `warehouses` the caller may use: those where they hold a permission of a
 * warehouse (not only INSTITUTION_PERMISSIONS); someone who holds none anywhere (a Solicitante
 * only) uses every one, as their requests may go to any.
 */
export function usableWarehouses<W extends { id: number }>(caller: Caller, warehouses: W[]): W[] {
  const own = (w: W) => permissionsIn(caller, w.id).some((p) => !INSTITUTION_PERMISSIONS.includes(p));
  if (caller.permissions.length === 0) return [];
  return warehouses.some(own) ? warehouses.filter(own) : warehouses;
}

/** Whether the caller holds `permission` in every warehouse (so no list needs filtering). */
export const mayEverywhere = (caller: Caller, permission: Permission): boolean =>
  INSTITUTION_PERMISSIONS.includes(permission) ? caller.permissions.includes(permission) : caller.everywhere.has(permission);

export interface SeenPerson {
  issuer: string;
  sub: string;
  name: string;
  email: string | null;
  username: string | null;
  /** undefined: the provider said nothing this time (keep what is stored). */
  providerRoles: string[] | undefined;
}

/** Last access is written at most once a minute per person, not on every call. */
const LAST_SEEN_GRANULARITY_MS = 60_000;

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((r, i) => r === b[i]);

/**
 * The stored user for a caller, created on first sight (no role) and brought up to date with what
 * the token says. One indexed read on most calls; a write only when something changed.
 */
export async function seeUser(db: Db, person: SeenPerson): Promise<AppUser> {
  const { rows } = await db.query<AppUser>(`SELECT ${USER_COLUMNS} FROM app_users WHERE issuer = $1 AND sub = $2`, [
    person.issuer,
    person.sub,
  ]);
  const stored = rows[0];
  if (
    stored &&
    stored.name === person.name &&
    stored.email === person.email &&
    stored.username === person.username &&
    (person.providerRoles === undefined || sameRoles(stored.providerRoles, person.providerRoles)) &&
    Date.now() - stored.lastSeenAt.getTime() < LAST_SEEN_GRANULARITY_MS
  ) {
    return stored;
  }
  const { rows: saved } = await db.query<AppUser>(
    `INSERT INTO app_users (issuer, sub, name, email, username, provider_roles) VALUES ($1, $2, $3, $4, $5, COALESCE($6::text[], '{}'))
     ON CONFLICT (issuer, sub) DO UPDATE
       SET name = EXCLUDED.name, email = EXCLUDED.email, username = EXCLUDED.username,
           provider_roles = COALESCE($6::text[], app_users.provider_roles), last_seen_at = now()
     RETURNING ${USER_COLUMNS}`,
    [person.issuer, person.sub, person.name, person.email, person.username, person.providerRoles ?? null],
  );
  if (saved[0].employeeId !== null || !(await linkUsersByEmail(db, saved[0]))) return saved[0];
  return (await db.query<AppUser>(`SELECT ${USER_COLUMNS} FROM app_users WHERE id = $1`, [saved[0].id])).rows[0];
}

/**
 * Links people to employees by e-mail: every person without an employee whose e-mail (in any
 * case) is `email`'s, when exactly one employee has that e-mail and no one is that employee yet.
 * Run when a person is seen and when an employee's e-mail is set. A person two employees share an
 * e-mail with stays unlinked (an administrator links them in «Usuarios»); a link is never undone
 * here. Two accounts with the same e-mail: the first one (by id) becomes the employee. Runs on
 * its own (not inside another transaction): when two links of the same employee race, the
 * second meets the one-person-per-employee index and links no one. Whether it linked someone.
 */
export async function linkUsersByEmail(db: Pick<Db, 'query'>, { email }: { email: string | null }): Promise<boolean> {
  if (!email) return false;
  const linked = await db
    .query(
      `WITH only_one AS (
       SELECT min(e.id) AS id FROM employees e WHERE e.email = lower($1) HAVING count(*) = 1
     ), person AS (
       SELECT u.id FROM app_users u WHERE lower(u.email) = lower($1) AND u.employee_id IS NULL ORDER BY u.id LIMIT 1
     )
     UPDATE app_users u SET employee_id = only_one.id
       FROM only_one, person
      WHERE u.id = person.id AND NOT EXISTS (SELECT 1 FROM app_users taken WHERE taken.employee_id = only_one.id)`,
      [email],
    )
    .catch((error: unknown) => {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) return { rowCount: 0 };
      throw error;
    });
  return (linked.rowCount ?? 0) > 0;
}

const UNIQUE_VIOLATION = '23505';

/** Whether ADMIN_USERS names this person (by e-mail or sub; by username only with the embedded provider). */
export function isConfigAdmin(
  adminUsers: readonly string[],
  person: Pick<AppUser, 'sub' | 'email' | 'username'>,
  embedded: boolean,
): boolean {
  if (adminUsers.length === 0) return false;
  const names = new Set(adminUsers.map((a) => a.toLowerCase()));
  return (
    adminUsers.includes(person.sub) ||
    (person.email !== null && names.has(person.email.toLowerCase())) ||
    (embedded && !!person.username && names.has(person.username.toLowerCase()))
  );
}

/**
 * Whether the account `sub` of `issuer` is deactivated in Almacén. The embedded provider asks
 * before it signs someone in or renews their tokens (idp/provider.ts, idp/index.ts).
 */
export async function isDeactivated(db: Pick<Db, 'query'>, issuer: string, sub: string): Promise<boolean> {
  const { rows } = await db.query<{ active: boolean }>('SELECT active FROM app_users WHERE issuer = $1 AND sub = $2', [issuer, sub]);
  return rows[0]?.active === false;
}
