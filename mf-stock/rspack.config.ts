// Remote mf_stock: builds and deploys alone; the shell finds its mf-manifest.json through /config.json.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { frontEndConfig, remotes } from '../rspack.shared';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (env: Record<string, unknown>) =>
  frontEndConfig({
    dir,
    name: 'mf_stock',
    port: remotes.mf_stock.port,
    exposes: { './App': './src/app.tsx' },
    env,
  });
