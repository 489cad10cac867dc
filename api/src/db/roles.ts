// The role the API runs as, apart from the one that owns the schema. Migrations run as the owner;
// the requests of the API run as a role that is no superuser, cannot create roles or databases,
// owns no table (so it cannot drop, alter or disable the triggers of one) and may only read and
// add to the ledger and the audit log — an SQL injection or a bug cannot rewrite history, and
// the append-only triggers are a second wall rather than the only one.
// Privileges are granted again after every migration run (inside the migrations' lock), so a
// table a later migration adds is granted too, and a grant changed by hand is put back.
import pg from 'pg';
import type { Trx } from './pool';

/** The run-time role of the embedded PostgreSQL. */
export const EMBEDDED_APP_ROLE = 'almacen_app';

/** Documents, movements and the audit trail: rows are added, never changed or removed. */
export const APPEND_ONLY_TABLES = [
  'audit_log',
  'invoices',
  'invoice_lines',
  'dispatches',
  'dispatch_lines',
  'movements',
  'document_cancellations',
  'period_closing_stock',
  'material_request_events',
  'transfer_lines',
];

/** Bookkeeping of the migrations: the owner's alone. */
const OWNER_ONLY_TABLES = ['schema_migrations'];

/**
 * Derived data PostgreSQL keeps itself (triggers running as the owner), what a migration found
 * and keeps for people to see, and the record of backups (written by the owner's connection that
 * took each one): read only.
 */
export const READ_ONLY_TABLES = ['stock_month_totals', 'stock_product_months', 'period_closing_differences', 'backup_runs'];

/** The owner's functions the API calls (SECURITY DEFINER; EXECUTE revoked from PUBLIC). */
const APP_FUNCTIONS: string[] = [];

export class DatabaseRoleError extends Error {}

const ROLE_ATTRIBUTES = 'LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** The user name of a postgres:// URL. */
export function roleOf(url: string): string {
  return decodeURIComponent(new URL(url).username);
}

/**
 * Makes sure the login role exists with no privileges of its own. `enforce` (the embedded
 * PostgreSQL, whose roles are all ours): its attributes and password are set on every start.
 * Otherwise a missing role is created with the URL's password and an existing one is left as
 * its administrator made it.
 */
export async function ensureLoginRole(owner: Queryable, role: string, password: string, { enforce = false } = {}): Promise<void> {
  const { rowCount } = await owner.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  const name = pg.escapeIdentifier(role);
  if (rowCount && !enforce) return;
  try {
    await owner.query(`${rowCount ? 'ALTER' : 'CREATE'} ROLE ${name} ${ROLE_ATTRIBUTES} PASSWORD ${pg.escapeLiteral(password)}`);
  } catch (error) {
    throw new DatabaseRoleError(
      `No se pudo crear el rol "${role}" de DATABASE_APP_URL: ${(error as Error).message}. ` +
        'Créalo en PostgreSQL (CREATE ROLE … LOGIN PASSWORD …) o usa en DATABASE_URL un rol que pueda crearlo.',
    );
  }
}

/** What the run-time role may do with each table of the schema, set in one transaction. */
export async function grantAppRole(trx: Trx, role: string): Promise<void> {
  const name = pg.escapeIdentifier(role);
  const { rows } = await trx.query<{ table: string }>(
    `SELECT c.relname AS table FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`,
  );
  await trx.query(`GRANT USAGE ON SCHEMA public TO ${name}`);
  for (const { table } of rows) {
    const t = pg.escapeIdentifier(table);
    await trx.query(`REVOKE ALL ON TABLE ${t} FROM ${name}`);
    if (OWNER_ONLY_TABLES.includes(table)) continue;
    const privileges = READ_ONLY_TABLES.includes(table)
      ? 'SELECT'
      : APPEND_ONLY_TABLES.includes(table)
        ? 'SELECT, INSERT'
        : 'SELECT, INSERT, UPDATE, DELETE';
    await trx.query(`GRANT ${privileges} ON TABLE ${t} TO ${name}`);
  }
  // Identity columns draw from their sequences.
  await trx.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${name}`);
  for (const fn of APP_FUNCTIONS) {
    // A schema migrated only part of the way (a test's) may not have it yet.
    const { rows: found } = await trx.query('SELECT to_regprocedure($1) IS NOT NULL AS present', [fn]);
    if (found[0]?.present) await trx.query(`GRANT EXECUTE ON FUNCTION ${fn} TO ${name}`);
  }
}

/** How the connected role could exceed what the API needs, in Spanish; null when it cannot. */
export async function excessPrivileges(db: Queryable): Promise<{ role: string; privileges: string[] } | null> {
  const { rows } = await db.query<{ role: string; rolsuper: boolean; rolcreaterole: boolean; rolcreatedb: boolean; rolbypassrls: boolean }>(
    'SELECT current_user AS role, rolsuper, rolcreaterole, rolcreatedb, rolbypassrls FROM pg_roles WHERE rolname = current_user',
  );
  const r = rows[0];
  if (!r) return null;
  const privileges = [
    r.rolsuper && 'superusuario',
    r.rolcreaterole && 'puede crear roles',
    r.rolcreatedb && 'puede crear bases de datos',
    r.rolbypassrls && 'ignora la seguridad por filas',
  ].filter((p): p is string => Boolean(p));
  return privileges.length ? { role: r.role, privileges } : null;
}
