#!/usr/bin/env node
// `npm run build`: the API, the shell and every remote of remotes.json (the registry), in that
// order — a remote added to the registry is built without editing package.json.
import { spawnSync } from 'node:child_process';
import { API, FRONT_ENDS, npm, ROOT } from './lib.mjs';

const args = ['run', 'build', ...[API, ...FRONT_ENDS].flatMap((folder) => ['-w', folder])];
const { status, signal } = spawnSync(npm, args, { cwd: ROOT, stdio: 'inherit' });
process.exit(status ?? (signal ? 1 : 0));
