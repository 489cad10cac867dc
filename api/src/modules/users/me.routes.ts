// GET /api/me: the caller as Almacén sees them — name, e-mail, roles and what those let them do.
// The one call a person without a role may make: the portal shows them who they are and whom to ask.
import type { FastifyPluginAsync } from 'fastify';
import type { Me } from '@almacen/shared/domain';
import { ACCESS_ROLES, PERMISSIONS } from '@almacen/shared/domain';
import type { Config } from '../../config';
import { dataOf, ERROR_RESPONSES } from '../../http/schemas';
import type { ModuleOptions } from '../module';

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
  },
} as const;

const meRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { config }) => {
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
      return { data: { id, sub, name, email, roles: effectiveRoles, permissions, accountUrl: accountUrlOf(config), employeeId } };
    },
  );
};

export default meRoutes;
