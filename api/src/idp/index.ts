// Placeholder until the identity-provider work lands: the embedded OpenID Connect provider is
// mounted here (at /oidc) when OIDC_ISSUER is unset. Owned by the identity helper.
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleOptions } from '../modules/module';

const idp: FastifyPluginAsync<ModuleOptions> = async () => undefined;
export default idp;
