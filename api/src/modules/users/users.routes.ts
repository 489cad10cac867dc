// "Usuarios": the people of Almacén, the roles granted here, deactivation and — with
// the embedded provider only — new accounts and password resets. Every change is audited in its
// own transaction (entity 'app_users'), and counts from the person's next call: the access check
// of this process forgets the users it kept right after the commit (usersChanged), and the other
// processes when the database notifies them (access/user-cache.ts, migration 0054).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ACCESS_ROLES,
  forbiddenMessage,
  type RoleAssignment,
  type NewUserResult,
  type PasswordResetResult,
  ROLE_SOURCES,
  USER_ORIGINS,
  type UserSummary,
} from '@almacen/shared/domain';
import {
  linkEmployeeSchema,
  newUserSchema,
  normalizeEmail,
  normalizeUsername,
  orderedRoles,
  USER_MESSAGES,
  userRolesSchema,
} from '@almacen/shared/schemas';
import { isConfigAdmin, type AppUser, type WarehouseCodes } from '../../access/users';
import { UNKNOWN_WAREHOUSE_MESSAGE, warehouseCodes } from '../../access/warehouse-scope';
import { withTransaction, type Trx } from '../../db/pool';
import { AppError } from '../../http/errors';
import { dataOf, documentBody, ERROR_RESPONSES, errorSchema, idParam, listOf } from '../../http/schemas';
import { idParamOf, isObject, parseBody } from '../../http/validate';
import { randomPassword } from '../../idp/passwords';
import { addUser, findUserById, setPassword, UserError } from '../../idp/users';
import { recordAudit } from '../audit/audit.repository';
import { lockEmployee } from '../catalogs/employees.repository';
import type { ModuleOptions } from '../module';
import * as repo from './users.repository';

const tags = ['usuarios'];
const RESPONSES = { ...ERROR_RESPONSES, 403: errorSchema };

export const ROLES_MESSAGE = USER_MESSAGES.roles;
export const CONFIG_ADMIN_LOCKED =
  'Este usuario es administrador por configuración (ADMIN_USERS): su contraseña y su estado solo se cambian desde la línea de comandos (npm run users), o su contraseña por la propia persona en su cuenta.';
export const NOT_EMBEDDED_ACCOUNT = 'Esta cuenta no es del proveedor de identidad de Almacén: su contraseña se administra en su proveedor.';

export const EMPLOYEE_NOT_FOUND = 'El empleado elegido no existe.';
export const employeeTakenMessage = (employee: { name: string; lastName: string }, holder: string) =>
  `El empleado «${employee.name} ${employee.lastName}» ya está vinculado con el usuario «${holder}»; quita ese vínculo primero.`;
const EMPLOYEE_TAKEN_NOW = 'Otro usuario acaba de quedar vinculado con ese empleado. Actualiza la lista.';

const roleGrantSchema = {
  type: 'object',
  required: ['role', 'warehouseId', 'source'],
  properties: {
    role: { type: 'string', enum: [...ACCESS_ROLES] },
    warehouseId: { type: 'integer', nullable: true, description: 'El almacén (id) donde vale el rol; null: todos los almacenes' },
    source: { type: 'string', enum: [...ROLE_SOURCES] },
  },
} as const;

export const userSummarySchema = {
  type: 'object',
  required: ['id', 'name', 'email', 'username', 'roles', 'lastSeenAt', 'createdAt', 'origin', 'active', 'employeeId'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string', nullable: true },
    username: { type: 'string', nullable: true },
    roles: { type: 'array', items: roleGrantSchema, description: 'Cada rol por almacén una vez, con su origen' },
    lastSeenAt: { type: 'string', format: 'date-time' },
    createdAt: { type: 'string', format: 'date-time' },
    origin: { type: 'string', enum: [...USER_ORIGINS] },
    active: { type: 'boolean' },
    employeeId: { type: 'integer', nullable: true, description: 'El empleado del catálogo que es esta persona, o null' },
  },
} as const;

const passwordSchema = { type: 'object', required: ['password'], properties: { password: { type: 'string' } } } as const;

/** `roles`: the grants a body names, each once (orderedRoles); anything else is a Spanish 400. */
function rolesInput(body: unknown): RoleAssignment[] {
  if (!isObject(body)) throw new AppError('VALIDATION', ROLES_MESSAGE, { roles: ROLES_MESSAGE });
  return orderedRoles(parseBody(userRolesSchema, body).roles);
}

/** 400 on `roles` when a grant names a warehouse that does not exist. */
async function checkWarehouses(trx: Trx, roles: RoleAssignment[]): Promise<void> {
  const ids = [...new Set(roles.flatMap((r) => (r.warehouseId === null ? [] : [r.warehouseId])))];
  if ((await repo.missingWarehouses(trx, ids)).length > 0)
    throw new AppError('VALIDATION', UNKNOWN_WAREHOUSE_MESSAGE, { roles: UNKNOWN_WAREHOUSE_MESSAGE });
}

const sameGrants = (a: RoleAssignment[], b: RoleAssignment[]) =>
  a.length === b.length && a.every((r, i) => r.role === b[i].role && r.warehouseId === b[i].warehouseId);

/** The new account's fields, or a Spanish 400 naming every wrong field at once (like the dialog). */
function newUserInput(body: unknown) {
  const input = parseBody(newUserSchema, body);
  const email = input.email ? normalizeEmail(input.email) : '';
  return {
    username: normalizeUsername(input.username),
    name: input.name.trim(),
    email: email || null,
    roles: orderedRoles(input.roles ?? []),
  };
}

/**
 * What the log keeps of a user: who they are, their roles in Almacén (each with its warehouse,
 * null for every warehouse, and that warehouse's code at the time, for whoever reads the log
 * later) and whether they are active.
 */
const audited = (user: AppUser, codes: WarehouseCodes) => {
  const codeOf = new Map([...codes].map(([code, id]) => [id, code]));
  return {
    name: user.name,
    email: user.email,
    username: user.username,
    roles: user.roles.map((grant) => (grant.warehouseId === null ? grant : { ...grant, warehouse: codeOf.get(grant.warehouseId) ?? null })),
    providerRoles: user.providerRoles,
    active: user.active,
    employeeId: user.employeeId,
  };
};

const usersRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { db, config, usersChanged = () => undefined }) => {
  const summary = (user: AppUser, codes: WarehouseCodes): UserSummary => repo.summaryOf(user, config, codes);
  const summaryNow = async (user: AppUser): Promise<UserSummary> => summary(user, await warehouseCodes(db));
  /** The log's row of a change to a user: what it was and what it is. */
  const auditChange = async (trx: Trx, request: FastifyRequest, before: AppUser, after: AppUser) => {
    const codes = await warehouseCodes(db);
    await recordAudit(trx, request.user, {
      action: 'update',
      entity: 'app_users',
      entityId: after.id,
      before: audited(before, codes),
      after: audited(after, codes),
    });
  };
  const embeddedOnly = () => {
    if (!config.oidcEmbedded) throw new AppError('EXTERNAL_PROVIDER');
  };
  /** The embedded provider's account behind a user row (its id is the row's sub), or a 409. */
  async function embeddedAccount(trx: Trx, user: AppUser) {
    const account = user.issuer === config.oidcIssuer ? await findUserById(trx, user.sub) : null;
    if (!account) throw new AppError('EXTERNAL_PROVIDER', NOT_EMBEDDED_ACCOUNT);
    return account;
  }
  /**
   * With the administrators' lock held: the caller is still an active administrator. The access
   * check ran before the lock; another administrator may have demoted or deactivated them since.
   */
  async function stillAdmin(trx: Trx, request: FastifyRequest): Promise<void> {
    const me = await repo.findUser(trx, request.caller.id);
    if (!me || !repo.isActiveAdmin(me, config)) throw new AppError('FORBIDDEN', forbiddenMessage('users.manage'));
  }
  /**
   * An administrator by ADMIN_USERS is the deployment's way back in: another administrator may not
   * take it over through the API (a new password, or deactivating it); the command line can.
   */
  function notConfigAdmin(user: AppUser, request: FastifyRequest, { unlessSelf }: { unlessSelf: boolean }): void {
    if (unlessSelf && user.id === request.caller.id) return;
    if (isConfigAdmin(config.adminUsers, user, config.oidcEmbedded)) throw new AppError('FORBIDDEN', CONFIG_ADMIN_LOCKED);
  }
  async function target(trx: Trx, request: FastifyRequest): Promise<AppUser> {
    const user = await repo.findUser(trx, idParamOf(request), { lock: true });
    if (!user) throw new AppError('NOT_FOUND', repo.USER_NOT_FOUND);
    return user;
  }

  app.get(
    '/users',
    {
      schema: {
        tags,
        summary: 'Usuarios de Almacén con sus roles y de dónde viene cada uno',
        response: { 200: dataOf(listOf(userSummarySchema)), ...RESPONSES },
      },
    },
    async (): Promise<{ data: UserSummary[] }> => {
      const codes = await warehouseCodes(db);
      return { data: (await repo.listUsers(db)).map((user) => summary(user, codes)) };
    },
  );

  app.put(
    '/users/:id/roles',
    {
      schema: documentBody(
        {
          tags,
          summary:
            'Fija los roles otorgados en Almacén, cada uno para un almacén o para todos (los del proveedor y de ADMIN_USERS no se editan aquí)',
          description:
            '`roles`: cada elemento es `{ role, warehouseId }` (`warehouseId` null: todos los almacenes) o el nombre de un rol solo ' +
            '(para todos los almacenes). Administrador es para toda la institución (400 con un almacén); un almacén que no existe, 400.',
          params: idParam(),
          response: { 200: dataOf(userSummarySchema), ...RESPONSES },
        },
        userRolesSchema,
      ),
    },
    async (request): Promise<{ data: UserSummary }> => {
      const roles = rolesInput(request.body);
      const user = await withTransaction(db, async (trx) => {
        await repo.lockAdministrators(trx);
        await stillAdmin(trx, request);
        const before = await target(trx, request);
        if (sameGrants(before.roles, roles)) return before;
        await checkWarehouses(trx, roles);
        await repo.keepAnAdministrator(trx, config, before, { ...before, roles });
        const after = await repo.setRoles(trx, before.id, roles);
        await auditChange(trx, request, before, after);
        return after;
      }).finally(usersChanged);
      return { data: await summaryNow(user) };
    },
  );

  app.put(
    '/users/:id/employee',
    {
      schema: documentBody(
        {
          tags,
          summary: 'Vincula al usuario con un empleado del catálogo (uno por empleado), o quita el vínculo con null',
          params: idParam(),
          response: { 200: dataOf(userSummarySchema), ...RESPONSES },
        },
        linkEmployeeSchema,
        { employeeId: 'El empleado; null quita el vínculo' },
      ),
    },
    async (request): Promise<{ data: UserSummary }> => {
      const employeeId = parseBody(linkEmployeeSchema, request.body).employeeId ?? null;
      const user = await withTransaction(db, async (trx) => {
        const before = await target(trx, request);
        if (before.employeeId === employeeId) return before;
        if (employeeId !== null) {
          const employee = await lockEmployee(trx, employeeId, 'KEY SHARE');
          if (!employee) throw new AppError('VALIDATION', EMPLOYEE_NOT_FOUND, { employeeId: EMPLOYEE_NOT_FOUND });
          const holder = await repo.userOfEmployee(trx, employeeId, before.id);
          if (holder) throw new AppError('DUPLICATE', employeeTakenMessage(employee, holder.name));
        }
        const after = await repo.setEmployee(trx, before.id, employeeId);
        if (!after) throw new AppError('DUPLICATE', EMPLOYEE_TAKEN_NOW);
        await auditChange(trx, request, before, after);
        return after;
      }).finally(usersChanged);
      return { data: await summaryNow(user) };
    },
  );

  const setActive =
    (active: boolean) =>
    async (request: FastifyRequest): Promise<{ data: UserSummary }> => {
      const user = await withTransaction(db, async (trx) => {
        await repo.lockAdministrators(trx);
        await stillAdmin(trx, request);
        const before = await target(trx, request);
        notConfigAdmin(before, request, { unlessSelf: false });
        if (before.active === active) return before;
        if (!active) await repo.keepAnAdministrator(trx, config, before, { ...before, active });
        const after = await repo.setActive(trx, before.id, active);
        // With the embedded provider the account also stops signing in and renewing its tokens.
        if (!active && after.issuer === config.oidcIssuer && config.oidcEmbedded) await repo.endEmbeddedSessions(trx, after.sub);
        await auditChange(trx, request, before, after);
        return after;
      }).finally(usersChanged);
      return { data: await summaryNow(user) };
    };

  app.post(
    '/users/:id/deactivation',
    {
      schema: {
        tags,
        summary: 'Desactiva a un usuario: su siguiente llamada recibe 403 (y con el proveedor integrado ya no inicia sesión)',
        params: idParam(),
        response: { 200: dataOf(userSummarySchema), ...RESPONSES },
      },
    },
    setActive(false),
  );

  app.delete(
    '/users/:id/deactivation',
    {
      schema: {
        tags,
        summary: 'Reactiva a un usuario desactivado',
        params: idParam(),
        response: { 200: dataOf(userSummarySchema), ...RESPONSES },
      },
    },
    setActive(true),
  );

  app.post(
    '/users',
    {
      schema: documentBody(
        {
          tags,
          summary:
            'Crea una cuenta en el proveedor de identidad integrado; la respuesta trae su contraseña de un solo uso (solo con el proveedor integrado)',
          response: {
            201: dataOf({
              type: 'object',
              required: ['user', 'password'],
              properties: { user: userSummarySchema, password: { type: 'string' } },
            }),
            ...RESPONSES,
          },
        },
        newUserSchema,
      ),
    },
    async (request, reply): Promise<{ data: NewUserResult }> => {
      // The body first: a wrong one is told as such whichever provider signs people in.
      const input = newUserInput(request.body);
      embeddedOnly();
      const password = randomPassword();
      const user = await withTransaction(db, async (trx) => {
        await checkWarehouses(trx, input.roles);
        let account;
        try {
          account = await addUser(trx, { ...input, password });
        } catch (error) {
          if (!(error instanceof UserError)) throw error;
          if (/ya existe/.test(error.message)) throw new AppError('DUPLICATE', error.message, { username: error.message });
          throw new AppError('VALIDATION', error.message, {
            [/correo/.test(error.message) ? 'email' : /nombre/.test(error.message) ? 'name' : 'username']: error.message,
          });
        }
        const row = await repo.insertEmbeddedUser(trx, {
          issuer: config.oidcIssuer,
          // The embedded provider's tokens carry the account id as `sub` (idp/provider.ts).
          sub: String(account.id),
          name: account.name,
          email: account.email,
          username: account.username,
          roles: input.roles,
        });
        await recordAudit(trx, request.user, {
          action: 'create',
          entity: 'app_users',
          entityId: row.id,
          after: audited(row, await warehouseCodes(db)),
        });
        return row;
      }).finally(usersChanged);
      reply.status(201);
      return { data: { user: await summaryNow(user), password } };
    },
  );

  app.post(
    '/users/:id/password-reset',
    {
      schema: {
        tags,
        summary: 'Da una contraseña nueva de un solo uso y cierra las sesiones de la cuenta (solo con el proveedor integrado)',
        params: idParam(),
        response: { 200: dataOf(passwordSchema), ...RESPONSES },
      },
    },
    async (request): Promise<{ data: PasswordResetResult }> => {
      embeddedOnly();
      const password = randomPassword();
      await withTransaction(db, async (trx) => {
        const user = await target(trx, request);
        notConfigAdmin(user, request, { unlessSelf: true });
        const account = await embeddedAccount(trx, user);
        await setPassword(trx, account.username, password);
        await repo.endEmbeddedSessions(trx, String(account.id));
        // The password itself is never written anywhere but as its hash.
        await recordAudit(trx, request.user, { action: 'update', entity: 'app_users', entityId: user.id, after: { passwordReset: true } });
      });
      return { data: { password } };
    },
  );
};

export default usersRoutes;
