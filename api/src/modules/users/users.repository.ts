// The users of Almacén as "Usuarios" shows and changes them: the list with each role
// and where it comes from, the roles granted here, deactivation, and the rule that the last
// active administrator stays one. The access check itself reads the same table on every call
// (access/guard.ts), so whatever changes here counts from the person's next call.
import { type AccessRole, type UserSummary } from '@almacen/shared/domain';
import { grantsOf, isConfigAdmin, USER_COLUMNS, type AppUser } from '../../access/users';
import type { Config } from '../../config';
import type { Db, Trx } from '../../db/pool';
import { AppError } from '../../http/errors';

type Queryable = Pick<Db, 'query'> | Trx;

export function summaryOf(user: AppUser, config: Config): UserSummary {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    username: user.username,
    roles: grantsOf(user, isConfigAdmin(config.adminUsers, user, config.oidcEmbedded)),
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
  return grantsOf(user, isConfigAdmin(config.adminUsers, user, config.oidcEmbedded)).some((g) => g.role === 'ADMINISTRADOR');
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

export async function setRoles(trx: Trx, id: number, roles: AccessRole[]): Promise<AppUser> {
  const { rows } = await trx.query<AppUser>(`UPDATE app_users SET roles = $2::text[] WHERE id = $1 RETURNING ${USER_COLUMNS}`, [id, roles]);
  return rows[0];
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
  person: { issuer: string; sub: string; name: string; email: string | null; username: string; roles: AccessRole[] },
): Promise<AppUser> {
  const { rows } = await trx.query<AppUser>(
    `INSERT INTO app_users (issuer, sub, name, email, username, roles) VALUES ($1, $2, $3, $4, $5, $6::text[])
     ON CONFLICT (issuer, sub) DO UPDATE SET name = EXCLUDED.name, email = EXCLUDED.email, username = EXCLUDED.username, roles = EXCLUDED.roles
     RETURNING ${USER_COLUMNS}`,
    [person.issuer, person.sub, person.name, person.email, person.username, person.roles],
  );
  return rows[0];
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
