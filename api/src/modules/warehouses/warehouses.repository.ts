// The «Almacenes» catalogue (migration 0065): one row per warehouse, kept by administrators.
import type { WarehouseInput } from '@almacen/shared/schemas';
import type { Db, Trx } from '../../db/pool';

export interface Warehouse {
  id: number;
  code: string;
  name: string;
  address: string | null;
  responsibleEmployeeId: number | null;
  /** "Nombre Apellido" of the responsible employee, or null. */
  responsibleEmployeeName: string | null;
  active: boolean;
}

const COLUMNS = `w.id, w.code, w.name, w.address, w.responsible_employee_id AS "responsibleEmployeeId",
  CASE WHEN e.id IS NULL THEN NULL ELSE e.name || ' ' || e.last_name END AS "responsibleEmployeeName", w.active`;
const FROM = 'FROM warehouses w LEFT JOIN employees e ON e.id = w.responsible_employee_id';

/** The fields as they are kept: the code in capitals, the texts trimmed, an empty address none. */
export interface WarehouseFields {
  code: string;
  name: string;
  address: string | null;
  responsibleEmployeeId: number | null;
  active: boolean;
}

export const fieldsOf = (input: WarehouseInput, current?: Pick<Warehouse, 'active'>): WarehouseFields => ({
  code: input.code.trim().toUpperCase(),
  name: input.name.trim(),
  address: input.address?.trim() || null,
  responsibleEmployeeId: input.responsibleEmployeeId ?? null,
  active: input.active ?? current?.active ?? true,
});

export async function listWarehouses(db: Pick<Db, 'query'>, ids?: readonly number[]): Promise<Warehouse[]> {
  const { rows } = await db.query<Warehouse>(
    `SELECT ${COLUMNS} ${FROM} ${ids ? 'WHERE w.id = ANY($1::integer[])' : ''} ORDER BY w.code`,
    ids ? [ids] : [],
  );
  return rows;
}

export async function findWarehouse(db: Pick<Db, 'query'>, id: number, lock = false): Promise<Warehouse | null> {
  const { rows } = await db.query<Warehouse>(`SELECT ${COLUMNS} ${FROM} WHERE w.id = $1 ${lock ? 'FOR UPDATE OF w' : ''}`, [id]);
  return rows[0] ?? null;
}

export async function insertWarehouse(trx: Trx, actor: { sub: string; name: string }, fields: WarehouseFields): Promise<Warehouse> {
  const { rows } = await trx.query<{ id: number }>(
    `INSERT INTO warehouses (code, name, address, responsible_employee_id, active, created_by, created_by_name, updated_by, updated_by_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $6, $7) RETURNING id`,
    [fields.code, fields.name, fields.address, fields.responsibleEmployeeId, fields.active, actor.sub, actor.name],
  );
  return (await findWarehouse(trx, rows[0].id))!;
}

export async function updateWarehouse(
  trx: Trx,
  actor: { sub: string; name: string },
  id: number,
  fields: WarehouseFields,
): Promise<Warehouse> {
  await trx.query(
    `UPDATE warehouses SET code = $2, name = $3, address = $4, responsible_employee_id = $5, active = $6,
            updated_by = $7, updated_by_name = $8, updated_at = now()
      WHERE id = $1`,
    [id, fields.code, fields.name, fields.address, fields.responsibleEmployeeId, fields.active, actor.sub, actor.name],
  );
  return (await findWarehouse(trx, id))!;
}
