// /api/catalog/employees and /api/catalog/employee-roles.
// An employee's role assignments go with the employee when it is deleted (they are part of
// it and the audit row keeps them); a role still assigned to someone cannot be deleted.
import type { FastifyPluginAsync } from 'fastify';
import { assignRoleSchema, createEmployeeSchema, normalizeEmail, updateEmployeeSchema } from '@almacen/shared/schemas';
import { linkUsersByEmail } from '../../access/users';
import { withTransaction } from '../../db/pool';
import { AppError, translateWriteError } from '../../http/errors';
import { dataOf, documentBody, ERROR_RESPONSES, idParam, listOf } from '../../http/schemas';
import { idParamOf, parseBody } from '../../http/validate';
import { recordAudit } from '../audit/audit.repository';
import type { ModuleOptions } from '../module';
import { holdDescribed } from './described.repository';
import * as repo from './employees.repository';
import { assignmentSchema, EMPLOYEE_NOTES, employeeRolesSchema, employeeSchema } from './schemas';

const PATH = '/catalog/employees';
const ROLES_PATH = '/catalog/employee-roles';
const tags = ['empleados'];
const NOT_FOUND = 'El empleado solicitado no existe.';

/** The form's fields as they are kept: trimmed, the e-mail in lower case ('' is none). */
const fieldsOf = (input: { name: string; lastName: string; email?: string | null }): repo.EmployeeFields => ({
  name: input.name.trim(),
  lastName: input.lastName.trim(),
  ...(input.email === undefined ? {} : { email: input.email ? normalizeEmail(input.email) || null : null }),
});

// An employee saved with an e-mail links the person who signs in with it (linkUsersByEmail), after
// the save commits.
const employeeRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { db }) => {
  app.get(
    PATH,
    { schema: { tags, summary: 'Lista de empleados', response: { 200: dataOf(listOf(employeeSchema)), ...ERROR_RESPONSES } } },
    async () => ({
      data: await repo.listEmployees(db),
    }),
  );

  app.post(
    PATH,
    {
      schema: documentBody(
        { tags, summary: 'Crea un empleado', response: { 201: dataOf(employeeSchema), ...ERROR_RESPONSES } },
        createEmployeeSchema,
        EMPLOYEE_NOTES,
      ),
    },
    async (request, reply) => {
      const input = parseBody(createEmployeeSchema, request.body);
      const saved = await withTransaction(db, async (trx) => {
        const row = await repo.insertEmployee(trx, request.user, fieldsOf(input));
        await recordAudit(trx, request.user, { action: 'create', entity: 'employees', entityId: row.id, after: row });
        return row;
      });
      await linkUsersByEmail(db, saved);
      return reply.status(201).send({ data: saved });
    },
  );

  app.put(
    PATH,
    {
      schema: documentBody(
        { tags, summary: 'Actualiza un empleado', response: { 200: dataOf(employeeSchema), ...ERROR_RESPONSES } },
        updateEmployeeSchema,
        EMPLOYEE_NOTES,
      ),
    },
    async (request) => {
      const input = parseBody(updateEmployeeSchema, request.body);
      const saved = await withTransaction(db, async (trx) => {
        const before = await repo.lockEmployee(trx, input.id);
        if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
        const row = await repo.updateEmployee(trx, request.user, input.id, fieldsOf(input));
        await recordAudit(trx, request.user, { action: 'update', entity: 'employees', entityId: row.id, before, after: row });
        return row;
      });
      await linkUsersByEmail(db, saved);
      return { data: saved };
    },
  );

  app.delete(
    `${PATH}/:id`,
    {
      schema: {
        tags,
        summary: 'Elimina un empleado sin documentos',
        params: idParam(),
        response: { 200: dataOf(employeeSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const id = idParamOf(request);
      const removed = await withTransaction(db, async (trx) => {
        const before = await repo.lockEmployee(trx, id);
        if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
        const roles = await repo.rolesOf(trx, id);
        await repo.deleteEmployee(trx, id);
        await recordAudit(trx, request.user, { action: 'delete', entity: 'employees', entityId: id, before: { ...before, roles } });
        return before;
      }).catch((error) => translateWriteError(error, { what: 'al empleado' }));
      return { data: removed };
    },
  );

  app.get(
    `${ROLES_PATH}/:employeeId`,
    {
      schema: {
        tags,
        summary: 'Roles asignados a un empleado',
        params: idParam('employeeId', 'Id del empleado'),
        response: { 200: dataOf(employeeRolesSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const employeeId = idParamOf(request, 'employeeId');
      if (!(await repo.findEmployee(db, employeeId))) throw new AppError('NOT_FOUND', NOT_FOUND);
      return { data: { roles: await repo.rolesOf(db, employeeId) } };
    },
  );

  app.post(
    ROLES_PATH,
    {
      schema: documentBody(
        { tags, summary: 'Asigna un rol a un empleado', response: { 201: dataOf(assignmentSchema), ...ERROR_RESPONSES } },
        assignRoleSchema,
      ),
    },
    async (request, reply) => {
      const input = parseBody(assignRoleSchema, request.body);
      const saved = await withTransaction(db, async (trx) => {
        const errors: Record<string, string> = {};
        if (!(await repo.lockEmployee(trx, input.employeeId, 'KEY SHARE'))) errors.employeeId = 'El empleado seleccionado no existe.';
        if (!(await holdDescribed(trx, 'roles', input.roleId))) errors.roleId = 'El rol seleccionado no existe.';
        if (Object.keys(errors).length) throw new AppError('VALIDATION', Object.values(errors)[0], errors);
        const row = await repo.insertAssignment(trx, request.user, input);
        await recordAudit(trx, request.user, {
          action: 'create',
          entity: 'employee_roles',
          entityId: `${row.employeeId}:${row.roleId}`,
          after: row,
        });
        return row;
      }).catch((error) => translateWriteError(error, { duplicate: 'El empleado ya tiene asignado ese rol.' }));
      return reply.status(201).send({ data: saved });
    },
  );

  app.delete(
    `${ROLES_PATH}/:employeeId/:roleId`,
    {
      schema: {
        tags,
        summary: 'Quita un rol a un empleado',
        params: {
          type: 'object',
          required: ['employeeId', 'roleId'],
          properties: {
            employeeId: idParam('employeeId').properties.employeeId,
            roleId: idParam('roleId').properties.roleId,
          },
        },
        response: { 200: dataOf(assignmentSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const assignment = { employeeId: idParamOf(request, 'employeeId'), roleId: idParamOf(request, 'roleId') };
      const removed = await withTransaction(db, async (trx) => {
        const row = await repo.deleteAssignment(trx, assignment);
        if (!row) throw new AppError('NOT_FOUND', 'El empleado no tiene asignado ese rol.');
        await recordAudit(trx, request.user, {
          action: 'delete',
          entity: 'employee_roles',
          entityId: `${row.employeeId}:${row.roleId}`,
          before: row,
        });
        return row;
      });
      return { data: removed };
    },
  );
};

export default employeeRoutes;
