// Remote mf_requests: builds and deploys alone; the shell finds its mf-manifest.json through /config.json.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '../rspack.shared';
import pages from './src/pages';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (env: Record<string, unknown>) => remoteConfig({ dir, name: 'mf_requests', pages, env });
