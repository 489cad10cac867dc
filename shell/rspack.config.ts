// The host. It names no remotes: /config.json tells it at run time where each manifest is.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { frontEndConfig, SHELL_PORT } from '../rspack.shared';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (env: Record<string, unknown>) =>
  frontEndConfig({
    dir,
    name: 'shell',
    port: SHELL_PORT,
    runtimePlugins: [path.join(dir, 'src/federation/runtime-plugin.ts'), path.join(dir, 'src/federation/provide-sdk.ts')],
    env,
  });
