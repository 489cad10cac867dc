// The embedded provider's accounts: add, find, list, change password, and the first-start
// administrator. Validation messages are Spanish because the CLI shows them as they are.
import { normalizeUsername, USER_MESSAGES, USERNAME_RE } from '@almacen/shared/schemas';
import type { Db } from '../db/pool';
import { hashPassword, MIN_PASSWORD_LENGTH, randomPassword } from './passwords';

/** A pool or a client inside a transaction. */
type Queryable = Pick<Db, 'query'>;

export interface IdpUser {
  id: number;
  username: string;
  name: string;
  email: string | null;
  picture: string | null;
}

export interface IdpUserWithHash extends IdpUser {
  passwordHash: string;
}

export class UserError extends Error {}

const EMAIL_RE = /^[^@\s]+@[^@\s]+$/;

export { normalizeUsername };

const COLUMNS = 'id, username, name, email, picture, password_hash AS "passwordHash"';

export async function findUserByUsername(db: Queryable, username: string): Promise<IdpUserWithHash | null> {
  const { rows } = await db.query<IdpUserWithHash>(`SELECT ${COLUMNS} FROM idp_users WHERE username = $1`, [normalizeUsername(username)]);
  return rows[0] ?? null;
}

export async function findUserById(db: Queryable, id: string | number): Promise<IdpUser | null> {
  if (!/^\d{1,9}$/.test(String(id))) return null;
  const { rows } = await db.query<IdpUser>('SELECT id, username, name, email, picture FROM idp_users WHERE id = $1', [Number(id)]);
  return rows[0] ?? null;
}

export async function listUsers(db: Db): Promise<IdpUser[]> {
  const { rows } = await db.query<IdpUser>('SELECT id, username, name, email, picture FROM idp_users ORDER BY username');
  return rows;
}

export interface NewUser {
  username: string;
  name?: string;
  email?: string | null;
  password: string;
}

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new UserError(`La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`);
  }
}

export async function addUser(db: Queryable, input: NewUser): Promise<IdpUser> {
  const username = normalizeUsername(input.username);
  if (!USERNAME_RE.test(username)) {
    throw new UserError(USER_MESSAGES.username);
  }
  const name = (input.name ?? '').trim() || username;
  if (name.length > 200) throw new UserError('El nombre no puede tener más de 200 caracteres.');
  const email = input.email?.trim() || null;
  if (email !== null && !EMAIL_RE.test(email)) throw new UserError(`El correo "${email}" no es válido.`);
  checkPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const { rows } = await db.query<IdpUser>(
    `INSERT INTO idp_users (username, name, email, password_hash) VALUES ($1, $2, $3, $4)
     ON CONFLICT (username) DO NOTHING
     RETURNING id, username, name, email, picture`,
    [username, name, email, passwordHash],
  );
  if (!rows[0]) throw new UserError(`El usuario "${username}" ya existe.`);
  return rows[0];
}

export async function setPassword(db: Queryable, username: string, password: string): Promise<void> {
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  const { rowCount } = await db.query('UPDATE idp_users SET password_hash = $2, updated_at = now() WHERE username = $1', [
    normalizeUsername(username),
    passwordHash,
  ]);
  if (!rowCount) throw new UserError(`El usuario "${normalizeUsername(username)}" no existe.`);
  // A new password also lifts the slow-down earned by failed attempts on this account, from
  // anywhere and from each address ('pair:<address>|<username>'; an address has no '|').
  const name = normalizeUsername(username);
  await db.query("DELETE FROM idp_login_failures WHERE key = $1 OR (key LIKE 'pair:%' AND substr(key, strpos(key, '|') + 1) = $2)", [
    `user:${name}`,
    name,
  ]);
}

export type AdminCreation = { created: false } | { created: true; password: string; fromEnvironment: boolean };

/**
 * First start: when there are no users at all, creates `admin` with `adminPassword` or a random
 * password. Several copies of the API may start together: a transaction-level advisory lock
 * makes exactly one of them create (and so print) it.
 */
export async function ensureAdmin(db: Db, adminPassword: string | null): Promise<AdminCreation> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT pg_advisory_xact_lock(hashtext('almacen:idp:first-admin'))");
    const { rows } = await client.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM idp_users) AS any');
    if (rows[0].any) {
      await client.query('COMMIT');
      return { created: false };
    }
    const password = adminPassword ?? randomPassword();
    await client.query(`INSERT INTO idp_users (username, name, password_hash) VALUES ('admin', 'Administrador', $1)`, [
      await hashPassword(password),
    ]);
    await client.query('COMMIT');
    return { created: true, password, fromEnvironment: adminPassword !== null };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The lines the server prints once, to stdout, when it created the administrator. */
export function adminBanner(creation: AdminCreation, signInUrl: string): string {
  if (!creation.created) return '';
  const line = '='.repeat(64);
  const secret = creation.fromEnvironment
    ? '  Contraseña: la de ADMIN_PASSWORD'
    : `  Contraseña: ${creation.password}\n  (se muestra SOLO esta vez; cámbiala con: npm run users -w @almacen/api -- reset-password admin)`;
  return `\n${line}\n  Almacén: se creó el usuario administrador\n  Portal:     ${signInUrl}\n  Usuario:    admin\n${secret}\n${line}\n\n`;
}
