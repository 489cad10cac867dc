// Partidas, units and roles are the same shape ({id, description}) in three tables; one
// repository serves them, parameterised by a table name that comes from code, never from input.
import type { Described } from '@almacen/shared/domain';
import type { Trx, Queryable } from '../../db/pool';
import type { AuthUser } from '../../plugins/auth';

export type DescribedTable = 'product_categories' | 'product_units' | 'roles';

export async function listDescribed(db: Queryable, table: DescribedTable): Promise<Described[]> {
  const { rows } = await db.query<Described>(`SELECT id, description FROM ${table} ORDER BY id`);
  return rows;
}

/** The row, locked against concurrent change or delete until the transaction ends. */
export async function lockDescribed(trx: Trx, table: DescribedTable, id: number): Promise<Described | null> {
  const { rows } = await trx.query<Described>(`SELECT id, description FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] ?? null;
}

/** True when the row exists; holds it so it cannot be deleted while the caller refers to it. */
export async function holdDescribed(trx: Trx, table: DescribedTable, id: number): Promise<Described | null> {
  const { rows } = await trx.query<Described>(`SELECT id, description FROM ${table} WHERE id = $1 FOR KEY SHARE`, [id]);
  return rows[0] ?? null;
}

export async function insertDescribed(trx: Trx, table: DescribedTable, actor: AuthUser, description: string): Promise<Described> {
  const { rows } = await trx.query<Described>(
    `INSERT INTO ${table} (description, created_by, created_by_name, updated_by, updated_by_name)
     VALUES ($1, $2, $3, $2, $3) RETURNING id, description`,
    [description, actor.sub, actor.name],
  );
  return rows[0];
}

export async function updateDescribed(
  trx: Trx,
  table: DescribedTable,
  actor: AuthUser,
  id: number,
  description: string,
): Promise<Described> {
  const { rows } = await trx.query<Described>(
    `UPDATE ${table} SET description = $2, updated_by = $3, updated_by_name = $4, updated_at = now()
      WHERE id = $1 RETURNING id, description`,
    [id, description, actor.sub, actor.name],
  );
  return rows[0];
}

export async function deleteDescribed(trx: Trx, table: DescribedTable, id: number): Promise<void> {
  await trx.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
}
