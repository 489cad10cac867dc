#!/usr/bin/env node
// `npm run dev`: the rspack dev servers of the shell (http://localhost:3000) and of each remote
// (their remotes.json ports) plus the API with reload (8080). /config.json points the shell to the remotes'
// dev servers (REMOTE_MF_*_URL), the API accepts calls from those origins (CORS_ORIGINS), and the
// embedded sign-in sends them back to their /auth/callback (OIDC_DEV_ORIGINS; never by default).
// Open http://localhost:3000. Ctrl+C stops everything.
//   npm run dev -- mf-stock    → only the shell, that remote and the API; the other remotes are
//                                 served from their last build by the API.
import { loadDotEnv, REMOTES, npm, run, SHELL } from './lib.mjs';

loadDotEnv();

const only = process.argv.slice(2);
const live = REMOTES.filter((r) => !only.length || only.includes(r.folder));
const unknown = only.filter((name) => !REMOTES.some((r) => r.folder === name));
if (unknown.length) {
  console.error(`No existe el remoto: ${unknown.join(', ')}. Opciones: ${REMOTES.map((r) => r.folder).join(', ')}.`);
  process.exit(2);
}

const devOrigins = ['http://localhost:3000', ...live.map((r) => `http://localhost:${r.port}`)].join(',');
const env = {
  CORS_ORIGINS: devOrigins,
  OIDC_DEV_ORIGINS: devOrigins,
  LOG_LEVEL: process.env.LOG_LEVEL || 'info',
};
for (const remote of live) env[`REMOTE_${remote.name.toUpperCase()}_URL`] = `http://localhost:${remote.port}/mf-manifest.json`;

const children = [
  run('api', npm, ['run', 'dev', '-w', '@almacen/api'], { env, color: 0 }),
  run(SHELL, npm, ['run', 'dev', '-w', SHELL], { color: 1 }),
  ...live.map((remote, index) => run(remote.folder, npm, ['run', 'dev', '-w', remote.folder], { color: index + 2 })),
];

console.log('Portal de desarrollo: http://localhost:3000 (API en http://localhost:8080). Ctrl+C para detener.');

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  Promise.all(children.map((child) => child.done)).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
for (const child of children)
  child.done.then((code) => !stopping && (console.error('Un proceso terminó; deteniendo todo.'), stop(code || 1)));
