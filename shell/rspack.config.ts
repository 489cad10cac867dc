// The host. It names no remotes: /config.json tells it at run time where each manifest is.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { frontEndConfig, SHELL_PORT } from '../rspack.shared';
import { FirstScreenPreloadPlugin } from './rspack.preload';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (env: Record<string, unknown>) => {
  const config = frontEndConfig({
    dir,
    name: 'shell',
    port: SHELL_PORT,
    runtimePlugins: [path.join(dir, 'src/federation/runtime-plugin.ts'), path.join(dir, 'src/federation/provide-sdk.ts')],
    env,
  });
  // index.html asks for the first screen's files at once (rspack.preload.ts); the dev server's
  // unhashed files are not worth it.
  if (!env.RSPACK_SERVE) config.plugins = [...(config.plugins ?? []), new FirstScreenPreloadPlugin()];
  return config;
};
