// Employees and their roles (employee_roles).
import type { Described, Employee } from '@almacen/shared/domain';
import type { Trx, Queryable } from '../../db/pool';
import type { AuthUser } from '../../plugins/auth';

const COLUMNS = 'id, name, last_name AS "lastName", email';

export async function listEmployees(db: Queryable): Promise<Employee[]> {
  const { rows } = await db.query<Employee>(`SELECT ${COLUMNS} FROM employees ORDER BY id`);
  return rows;
}

export async function findEmployee(db: Queryable, id: number): Promise<Employee | null> {
  const { rows } = await db.query<Employee>(`SELECT ${COLUMNS} FROM employees WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function lockEmployee(trx: Trx, id: number, mode: 'UPDATE' | 'KEY SHARE' = 'UPDATE'): Promise<Employee | null> {
  const { rows } = await trx.query<Employee>(`SELECT ${COLUMNS} FROM employees WHERE id = $1 FOR ${mode}`, [id]);
  return rows[0] ?? null;
}

/** What a form or a file sets on an employee; `email` absent (undefined) leaves it as it is. */
export interface EmployeeFields {
  name: string;
  lastName: string;
  email?: string | null;
}

export async function insertEmployee(trx: Trx, actor: AuthUser, { name, lastName, email = null }: EmployeeFields): Promise<Employee> {
  const { rows } = await trx.query<Employee>(
    `INSERT INTO employees (name, last_name, email, created_by, created_by_name, updated_by, updated_by_name)
     VALUES ($1, $2, $3, $4, $5, $4, $5) RETURNING ${COLUMNS}`,
    [name, lastName, email, actor.sub, actor.name],
  );
  return rows[0];
}

export async function updateEmployee(trx: Trx, actor: AuthUser, id: number, { name, lastName, email }: EmployeeFields): Promise<Employee> {
  const { rows } = await trx.query<Employee>(
    `UPDATE employees SET name = $2, last_name = $3, email = CASE WHEN $6 THEN $7::text ELSE email END,
            updated_by = $4, updated_by_name = $5, updated_at = now()
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, name, lastName, actor.sub, actor.name, email !== undefined, email ?? null],
  );
  return rows[0];
}

export async function deleteEmployee(trx: Trx, id: number): Promise<void> {
  await trx.query('DELETE FROM employees WHERE id = $1', [id]);
}

export async function rolesOf(db: Queryable, employeeId: number): Promise<Described[]> {
  const { rows } = await db.query<Described>(
    `SELECT r.id, r.description FROM employee_roles er JOIN roles r ON r.id = er.role_id
      WHERE er.employee_id = $1 ORDER BY r.id`,
    [employeeId],
  );
  return rows;
}

export interface Assignment {
  employeeId: number;
  roleId: number;
}

export async function insertAssignment(trx: Trx, actor: AuthUser, { employeeId, roleId }: Assignment): Promise<Assignment> {
  const { rows } = await trx.query<Assignment>(
    `INSERT INTO employee_roles (employee_id, role_id, created_by, created_by_name, updated_by, updated_by_name)
     VALUES ($1, $2, $3, $4, $3, $4) RETURNING employee_id AS "employeeId", role_id AS "roleId"`,
    [employeeId, roleId, actor.sub, actor.name],
  );
  return rows[0];
}

/** Deletes the assignment; null when there was none. */
export async function deleteAssignment(trx: Trx, { employeeId, roleId }: Assignment): Promise<Assignment | null> {
  const { rows } = await trx.query<Assignment>(
    `DELETE FROM employee_roles WHERE employee_id = $1 AND role_id = $2
     RETURNING employee_id AS "employeeId", role_id AS "roleId"`,
    [employeeId, roleId],
  );
  return rows[0] ?? null;
}
