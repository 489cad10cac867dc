// The users of Almacén as "Usuarios" shows and changes them: the list with each role
// and where it comes from, the roles granted here, deactivation, and the rule that the last
// active administrator stays one. The access check itself reads the same table on every call
// (access/guard.ts), so whatever changes here counts from the person's next call.
import { type RoleAssignment, type UserSummary } from '@almacen/shared/domain';
import { grantsOf, isConfigAdmin, USER_COLUMNS, type AppUser, type WarehouseCodes } from '../../access/users';
import type { Config } from '../../config';
import type { Db, Trx } from '../../db/pool';
import { AppError } from '../../http/errors';

type Queryable = Pick<Db, 'query'> | Trx;

export function summaryOf(user: AppUser, config: Config, codes: WarehouseCodes): UserSummary {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    username: user.username,
    roles: grantsOf(user, isConfigAdmin(config.adminUsers, user, config.oidcEmbedded), codes),
    lastSeenAt: user.lastSeenAt.toISOString(),
    createdAt: user.createdAt.toISOString(),
    origin: config.oidcEmbedded ? 'almacen' : 'proveedor',
    active: user.active,
    employeeId: user.employeeId,
  };
}

export async function listUsers(db: Queryable): Promise<AppUser[]> {
  const { rows } = await db.query<AppUser>(`SELECT ${USER_COLUMNS} FROM app_users ORDER BY lower(name), id`);
  return rows;
}

export async function findUser(db: Queryable, id: number, { lock = false } = {}): Promise<AppUser | null> {
  const { rows } = await db.query<AppUser>(`SELECT ${USER_COLUMNS} FROM app_users WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}

export const USER_NOT_FOUND = 'El usuario solicitado no existe.';

/**
 * Serializes every change that can take ADMINISTRADOR away (roles, deactivation) for the rest of
 * the transaction: two administrators demoting each other at the same moment run one after the
 * other, and the second sees the first one's result when it counts the administrators left.
 */
export async function lockAdministrators(trx: Trx): Promise<void> {
  await trx.query("SELECT pg_advisory_xact_lock(hashtext('almacen:users:administrators'))");
}

/** Whether this user, as stored, is an active administrator (roles from Almacén, the provider or ADMIN_USERS). */
export function isActiveAdmin(user: AppUser, config: Config): boolean {
  if (!user.active) return false;
  // ADMINISTRADOR is only ever granted for every warehouse: no warehouse's code is needed.
  return grantsOf(user, isConfigAdmin(config.adminUsers, user, config.oidcEmbedded), new Map()).some((g) => g.role === 'ADMINISTRADOR');
}

/**
 * Refuses (409, LAST_ADMIN_MESSAGE) a change of `target` that would leave no active
 * administrator. Call with lockAdministrators() held; `changed` is the target after the change.
 */
export async function keepAnAdministrator(trx: Trx, config: Config, target: AppUser, changed: AppUser): Promise<void> {
  if (!isActiveAdmin(target, config) || isActiveAdmin(changed, config)) return;
  const { rows } = await trx.query<AppUser>(`SELECT ${USER_COLUMNS} FROM app_users WHERE active AND id <> $1`, [target.id]);
  if (!rows.some((user) => isActiveAdmin(user, config))) throw new AppError('LAST_ADMIN');
}

/** Replaces the roles granted in Almacén to user `id` (each for one warehouse or, null, for all). */
export async function setRoles(trx: Trx, id: number, roles: RoleAssignment[]): Promise<AppUser> {
  await trx.query('DELETE FROM app_user_roles WHERE user_id = $1', [id]);
  await trx.query(
    `INSERT INTO app_user_roles (user_id, role, warehouse_id)
     SELECT $1, r.role, r.warehouse_id FROM unnest($2::text[], $3::int[]) AS r(role, warehouse_id)`,
    [id, roles.map((r) => r.role), roles.map((r) => r.warehouseId)],
  );
  return (await findUser(trx, id))!;
}

/** Which of these warehouse ids no warehouse has. */
export async function missingWarehouses(db: Queryable, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: number }>(
    'SELECT w.id FROM unnest($1::int[]) AS w(id) WHERE NOT EXISTS (SELECT 1 FROM warehouses x WHERE x.id = w.id)',
    [ids],
  );
  return rows.map((r) => r.id);
}

/**
 * Makes the user the employee `employeeId` (null: no one); null when another user already is
 * that employee (the one-person-per-employee index).
 */
export async function setEmployee(trx: Trx, id: number, employeeId: number | null): Promise<AppUser | null> {
  await trx.query('SAVEPOINT set_employee');
  try {
    const { rows } = await trx.query<AppUser>(`UPDATE app_users SET employee_id = $2 WHERE id = $1 RETURNING ${USER_COLUMNS}`, [
      id,
      employeeId,
    ]);
    return rows[0];
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
    await trx.query('ROLLBACK TO SAVEPOINT set_employee');
    return null;
  }
}

/** The user who is employee `employeeId`, other than `exceptId`. */
export async function userOfEmployee(db: Queryable, employeeId: number, exceptId: number): Promise<AppUser | null> {
  const { rows } = await db.query<AppUser>(`SELECT ${USER_COLUMNS} FROM app_users WHERE employee_id = $1 AND id <> $2`, [
    employeeId,
    exceptId,
  ]);
  return rows[0] ?? null;
}

export async function setActive(trx: Trx, id: number, active: boolean): Promise<AppUser> {
  const { rows } = await trx.query<AppUser>(`UPDATE app_users SET active = $2 WHERE id = $1 RETURNING ${USER_COLUMNS}`, [id, active]);
  return rows[0];
}

/** The row of an account of the embedded provider (issuer + its id as `sub`), created with the account. */
export async function insertEmbeddedUser(
  trx: Trx,
  person: { issuer: string; sub: string; name: string; email: string | null; username: string; roles: RoleAssignment[] },
): Promise<AppUser> {
  const { rows } = await trx.query<{ id: number }>(
    `INSERT INTO app_users (issuer, sub, name, email, username) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (issuer, sub) DO UPDATE SET name = EXCLUDED.name, email = EXCLUDED.email, username = EXCLUDED.username
     RETURNING id`,
    [person.issuer, person.sub, person.name, person.email, person.username],
  );
  return setRoles(trx, rows[0].id, person.roles);
}

/**
 * Ends everything the embedded provider keeps for an account — its sessions, grants, codes and
 * refresh tokens — so it has to sign in again (with a new password, or not at all once
 * deactivated). Access tokens already issued are JWTs the API checks itself: they end at their
 * expiry (5 minutes), but the guard refuses a deactivated account at its next call anyway.
 */
export async function endEmbeddedSessions(trx: Queryable, accountId: string): Promise<number> {
  const { rowCount } = await trx.query(
    `DELETE FROM idp_store s
      WHERE s.payload->>'accountId' = $1
         OR s.grant_id IN (SELECT id FROM idp_store WHERE model = 'Grant' AND payload->>'accountId' = $1)`,
    [accountId],
  );
  return rowCount ?? 0;
}
