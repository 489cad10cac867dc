// GET /api/me: the caller as Almacén sees them — name, e-mail, roles, what those let them do and
// the warehouses they may use (the portal's current warehouse comes from these, with no other call).
// The one call a person without a role may make: the portal shows them who they are and whom to ask.
import type { FastifyPluginAsync } from 'fastify';
import type { Me } from '@almacen/shared/domain';
import { ACCESS_ROLES, PERMISSIONS } from '@almacen/shared/domain';
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
    roles: { type: 'array', items: { type: 'string', enum: [...ACCESS_ROLES] } },
    permissions: { type: 'array', items: { type: 'string', enum: Object.keys(PERMISSIONS) } },
    accountUrl: { type: 'string', nullable: true },
    employeeId: { type: 'integer', nullable: true },
    warehouses: {
      type: 'array',
      description: 'Los almacenes activos que la persona puede usar, por clave',
      items: {
        type: 'object',
        required: ['id', 'code', 'name', 'active'],
        properties: { id: { type: 'integer' }, code: { type: 'string' }, name: { type: 'string' }, active: { type: 'boolean' } },
      },
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
      const { id, sub, name, email, effectiveRoles, permissions, employeeId } = request.caller;
      // Someone with no role yet uses no warehouse.
      const warehouses =
        permissions.length === 0
          ? []
          : (await listWarehouses(db)).filter((w) => w.active).map((w) => ({ id: w.id, code: w.code, name: w.name, active: w.active }));
      return {
        data: { id, sub, name, email, roles: effectiveRoles, permissions, accountUrl: accountUrlOf(config), employeeId, warehouses },
      };
    },
  );
};

export default meRoutes;
