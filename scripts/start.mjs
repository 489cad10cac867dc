#!/usr/bin/env node
// `npm start`: the whole portal in one process, for anyone with only Node. Builds the API, the
// shell and any remote whose build is missing or older than its code, then runs the compiled API
// (`node api/dist/server.js`, as the container does), which serves the front end, /config.json
// and the embedded identity provider and, without DATABASE_URL, starts an embedded PostgreSQL
// under DATA_DIR (default .data/). The first start prints the administrator's one-time password.
//   ALMACEN_SKIP_BUILD=1 npm start   → run with the builds as they are
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { API, buildReason, FRONT_ENDS, loadDotEnv, npm, ROOT, run, waitFor } from './lib.mjs';

loadDotEnv();

const [major, minor] = process.versions.node.split('.').map(Number);
// The compiled API loads ES modules (jose) with require(): without a flag since 22.12, without an
// experimental warning since 22.13.
if (major < 22 || (major === 22 && minor < 13)) {
  console.error(`Almacén necesita Node.js 22.13 o posterior; se recomienda 24 (tienes ${process.versions.node}).`);
  process.exit(1);
}

if (process.env.ALMACEN_SKIP_BUILD !== '1') {
  for (const [index, folder] of [API, ...FRONT_ENDS].entries()) {
    const reason = buildReason(folder);
    if (!reason) continue;
    console.log(`Compilando ${folder} (${reason})…`);
    const code = await run(folder, npm, ['run', 'build', '-w', folder], { color: index }).done;
    if (code !== 0) {
      console.error(`La compilación de ${folder} falló (código ${code}).`);
      process.exit(code);
    }
  }
}

const port = process.env.PORT || '8080';
const publicUrl = (process.env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
const server = path.join(ROOT, 'api', 'dist', 'server.js');
if (!fs.existsSync(server)) {
  console.error('Falta api/dist/server.js: ejecuta "npm run build -w @almacen/api" (o npm start sin ALMACEN_SKIP_BUILD).');
  process.exit(1);
}
// The API's own output (including the administrator banner) goes straight to this terminal. It
// runs in a process group of its own, so Ctrl+C reaches it once, from us: in ours it got the
// terminal's SIGINT and then npm's and ours, and a second signal makes it exit without draining.
const api = spawn(process.execPath, [server], { cwd: ROOT, stdio: 'inherit', env: process.env, detached: true });

let stopping = false;
let lastSignal = 0;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    // Under `npm start` one Ctrl+C arrives twice (the terminal's, then npm's copy); a second
    // Ctrl+C a moment later is someone who does not want to wait, and the API then exits at once.
    if (Date.now() - lastSignal < 1_000) return;
    lastSignal = Date.now();
    stopping = true;
    api.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
}
api.on('exit', (code, signal) => process.exit(code ?? (signal && !stopping ? 1 : 0)));
// Leaving some other way (an error here) must not leave the API running on its own.
process.on('exit', () => {
  if (api.exitCode === null && api.signalCode === null) api.kill('SIGTERM');
});

waitFor(`http://127.0.0.1:${port}/healthz`).then(
  () => console.log(`\nAlmacén está listo en ${publicUrl}  (Ctrl+C para detener)\n`),
  () => undefined,
);
