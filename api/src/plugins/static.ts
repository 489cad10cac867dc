// Placeholder until the static-serving work lands: the built shell, the remotes and
// /config.json are served here. Owned by the identity helper.
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleOptions } from '../modules/module';

const staticFiles: FastifyPluginAsync<ModuleOptions> = async () => undefined;
export default staticFiles;
