import { type Supplier } from '@almacen/shared/domain';
import { GENERIC_RFCS } from '@almacen/shared/schemas';
import type { Trx, Queryable } from '../../db/pool';
import type { AuthUser } from '../../plugins/auth';

const COLUMNS = 'id, name, rfc';

export async function listSuppliers(db: Queryable): Promise<Supplier[]> {
  const { rows } = await db.query<Supplier>(`SELECT ${COLUMNS} FROM suppliers ORDER BY id`);
  return rows;
}

export async function findSupplier(db: Queryable, id: number): Promise<Supplier | null> {
  const { rows } = await db.query<Supplier>(`SELECT ${COLUMNS} FROM suppliers WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function lockSupplier(trx: Trx, id: number): Promise<Supplier | null> {
  const { rows } = await trx.query<Supplier>(`SELECT ${COLUMNS} FROM suppliers WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] ?? null;
}

export async function insertSupplier(trx: Trx, actor: AuthUser, name: string, rfc: string): Promise<Supplier> {
  const { rows } = await trx.query<Supplier>(
    `INSERT INTO suppliers (name, rfc, created_by, created_by_name, updated_by, updated_by_name)
     VALUES ($1, $2, $3, $4, $3, $4) RETURNING ${COLUMNS}`,
    [name, rfc, actor.sub, actor.name],
  );
  return rows[0];
}

export async function updateSupplier(trx: Trx, actor: AuthUser, id: number, name: string, rfc: string): Promise<Supplier> {
  const { rows } = await trx.query<Supplier>(
    `UPDATE suppliers SET name = $2, rfc = $3, updated_by = $4, updated_by_name = $5, updated_at = now()
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, name, rfc, actor.sub, actor.name],
  );
  return rows[0];
}

export async function deleteSupplier(trx: Trx, id: number): Promise<void> {
  await trx.query('DELETE FROM suppliers WHERE id = $1', [id]);
}

/**
 * One supplier per RFC but SAT's generic ones (migration 0059). Creating, editing and importing
 * suppliers take this lock before looking, so two of them cannot both find the RFC free; it is the
 * suppliers import's own lock (catalog-imports.routes.ts).
 */
export async function lockSupplierRfcs(trx: Trx): Promise<void> {
  await trx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['catalog-import:suppliers']);
}

/** The supplier that already has `rfc` (other than `exceptId`), or null; never for a generic RFC. */
export async function supplierWithRfc(db: Queryable, rfc: string, exceptId: number | null = null): Promise<Supplier | null> {
  if (GENERIC_RFCS.includes(rfc)) return null;
  const { rows } = await db.query<Supplier>(
    `SELECT ${COLUMNS} FROM suppliers WHERE rfc = $1 AND id IS DISTINCT FROM $2 ORDER BY id LIMIT 1`,
    [rfc, exceptId],
  );
  return rows[0] ?? null;
}
