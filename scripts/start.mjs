#!/usr/bin/env node
// `npm start`: the whole portal in one process, for anyone with only Node. Builds the shell and
// any remote whose build is missing or older than its code, then runs the API, which serves the
// front end, /config.json and the embedded identity provider and, without DATABASE_URL, starts
// an embedded PostgreSQL under DATA_DIR (default .data/). The first start prints the
// administrator's one-time password.
//   ALMACEN_SKIP_BUILD=1 npm start   → run with the builds as they are
import { spawn } from 'node:child_process';
import { buildReason, FRONT_ENDS, loadDotEnv, npm, ROOT, run, waitFor } from './lib.mjs';

loadDotEnv();

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Almacén necesita Node.js 20.19 o posterior (tienes ${process.versions.node}).`);
  process.exit(1);
}

if (process.env.ALMACEN_SKIP_BUILD !== '1') {
  for (const [index, folder] of FRONT_ENDS.entries()) {
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
// The API's own output (including the administrator banner) goes straight to this terminal.
const api = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], { cwd: ROOT, stdio: 'inherit', env: process.env });

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    api.kill(signal);
  });
}
api.on('exit', (code, signal) => process.exit(code ?? (signal && !stopping ? 1 : 0)));

waitFor(`http://127.0.0.1:${port}/healthz`).then(
  () => console.log(`\nAlmacén está listo en ${publicUrl}  (Ctrl+C para detener)\n`),
  () => undefined,
);
