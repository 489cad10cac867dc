// GET /api/me: the caller as Almacén sees them — name, e-mail, roles (each for one warehouse or
// for all), what those let them do anywhere and the warehouses they may use, each with what they
// may do there (the portal's current warehouse and its menus come from these, with no other call).
// The one call a person without a role may make: the portal shows them who they are and whom to ask.
import type { FastifyPluginAsync } from 'fastify';
import type { Me } from '@almacen/shared/domain';
import { ACCESS_ROLES, PERMISSIONS } from '@almacen/shared/domain';
import { permissionsIn, usableWarehouses } from '../../access/users';
import type { Config } from '../../config';
import { dataOf, ERROR_RESPONSES } from '../../http/schemas';
import type { ModuleOptions } from '../module';
import { listWarehouses } from '../warehouses/warehouses.repository';

/** «Cuenta»'s link: OIDC_ACCOUNT_URL, or the included provider's own "Cambiar contraseña" page. */
export function accountUrlOf(config: Pick<Config, 'oidcAccountUrl' | 'oidcEmbedded' | 'oidcIssuer'>): string | null {
  if (config.oidcAccountUrl) return config.oidcAccountUrl;
  return config.oidcEmbedded ? `${config.oidcIssuer}/account/password` : null;
}

export const meSchema = {
  type: 'object',
  required: ['id', 'sub', 'name', 'email', 'roles', 'permissions', 'accountUrl'],
  properties: {
    id: { type: 'integer' },
    sub: { type: 'string' },
    name: { type: 'string' },
    email: { type: 'string', nullable: true },
    roles: {
      type: 'array',
      description: 'Cada rol por almacén una vez, sea cual sea su origen',
      items: {
        type: 'object',
        required: ['role', 'warehouseId'],
        properties: {
          role: { type: 'string', enum: [...ACCESS_ROLES] },
          warehouseId: { type: 'integer', nullable: true, description: 'El almacén (id); null: todos los almacenes' },
        },
      },
    },
    permissions: {
      type: 'array',
      description: 'Lo que la persona puede hacer en algún almacén (la unión de todos)',
      items: { type: 'string', enum: Object.keys(PERMISSIONS) },
    },
    accountUrl: { type: 'string', nullable: true },
    employeeId: { type: 'integer', nullable: true },
    warehouses: {
      type: 'array',
      description: 'Los almacenes activos que la persona puede usar, por clave, cada uno con lo que puede hacer en él',
      items: {
        type: 'object',
        required: ['id', 'code', 'name', 'active', 'permissions'],
        properties: {
          id: { type: 'integer' },
          code: { type: 'string' },
          name: { type: 'string' },
          active: { type: 'boolean' },
          permissions: { type: 'array', items: { type: 'string', enum: Object.keys(PERMISSIONS) } },
        },
      },
    },
    activeWarehouses: {
      type: 'integer',
      minimum: 0,
      description: 'Cuántos almacenes activos tiene la institución (los traspasos piden dos o más), los pueda usar la persona o no',
    },
  },
} as const;

const meRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { config, db }) => {
  app.get(
    '/me',
    {
      schema: {
        tags: ['usuarios'],
        summary: 'El usuario que llama: nombre, correo, roles y permisos',
        response: { 200: dataOf(meSchema), ...ERROR_RESPONSES },
      },
    },
    async (request): Promise<{ data: Me }> => {
      const caller = request.caller;
      const { id, sub, name, email, grants, permissions, employeeId } = caller;
      const active = (await listWarehouses(db)).filter((w) => w.active);
      const warehouses = usableWarehouses(caller, active).map((w) => ({
        id: w.id,
        code: w.code,
        name: w.name,
        active: w.active,
        permissions: permissionsIn(caller, w.id),
      }));
      return {
        data: {
          id,
          sub,
          name,
          email,
          // grantsOf keeps each (role, warehouse) once, from its strongest source.
          roles: grants.map(({ role, warehouseId }) => ({ role, warehouseId })),
          permissions,
          accountUrl: accountUrlOf(config),
          employeeId,
          warehouses,
          activeWarehouses: active.length,
        },
      };
    },
  );
};

export default meRoutes;
