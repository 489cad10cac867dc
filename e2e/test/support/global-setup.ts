// Starts the product as `npm start` and the container run it — the compiled `node
// api/dist/server.js` — on a free port with a database of its own: a fresh database on the server
// in DATABASE_URL when set (CI: the machine's PostgreSQL), otherwise the embedded PostgreSQL under
// a temporary DATA_DIR. It builds nothing: `npm run test:e2e` builds the API, the shell and the
// remotes first.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ADMIN_PASSWORD_ENV, ARTIFACTS, BACKUP_ENV, BASE_URL_ENV, OWNER_URL_ENV, REMOTES, REPO_ROOT } from './env';
import { freePort, waitForHealth } from './servers';

export interface E2eServer {
  child: ChildProcess;
  dataDir: string | null;
  database: { adminUrl: string; name: string } | null;
  backupDir: string;
}

declare global {
  var __ALMACEN_E2E__: E2eServer | undefined;
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export default async function globalSetup(): Promise<void> {
  // Every remote of the registry, so a new one is never left unbuilt.
  for (const folder of ['api', 'shell', ...REMOTES.map((remote) => remote.folder)]) {
    const marker = path.join(REPO_ROOT, folder, 'dist', { api: 'build-info.json', shell: 'index.html' }[folder] ?? 'mf-manifest.json');
    if (!fs.existsSync(marker)) throw new Error(`Falta ${path.relative(REPO_ROOT, marker)}: ejecuta "npm run test:e2e" (compila primero).`);
  }
  fs.mkdirSync(ARTIFACTS, { recursive: true });

  const port = await freePort();
  const publicUrl = `http://localhost:${port}`;
  const adminPassword = `e2e-${randomBytes(9).toString('base64url')}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: 'warn',
    OIDC_ISSUER: '',
  };
  for (const name of Object.keys(env)) if (name.startsWith('REMOTE_MF_')) delete env[name];
  // Backups only when a test takes one (npm run backup), into a folder of the run's own.
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-e2e-respaldos-'));
  env.BACKUP_DIR = backupDir;
  env.BACKUP_DISABLED = '1';

  let database: E2eServer['database'] = null;
  let dataDir: string | null = null;
  if (process.env.DATABASE_URL) {
    const name = `almacen_e2e_${randomBytes(5).toString('hex')}`;
    await adminQuery(process.env.DATABASE_URL, `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    database = { adminUrl: process.env.DATABASE_URL, name };
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-e2e-'));
    env.DATA_DIR = dataDir;
    env.EMBEDDED_PG_PORT = String(await freePort());
  }

  const log = fs.openSync(path.join(ARTIFACTS, 'server.log'), 'w');
  const child = spawn(process.execPath, ['api/dist/server.js'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', log, log],
    detached: true,
  });
  globalThis.__ALMACEN_E2E__ = { child, dataDir, database, backupDir };
  await waitForHealth(publicUrl, child, 180_000);

  process.env[BASE_URL_ENV] = publicUrl;
  process.env[ADMIN_PASSWORD_ENV] = adminPassword;
  // What `npm run backup` needs to back up this server's database, and that database as its owner.
  process.env[OWNER_URL_ENV] =
    env.DATABASE_URL ??
    `postgres://postgres:${encodeURIComponent(fs.readFileSync(path.join(dataDir!, 'pg-password'), 'utf8').trim())}@127.0.0.1:${env.EMBEDDED_PG_PORT}/almacen`;
  process.env[BACKUP_ENV] = JSON.stringify({
    BACKUP_DIR: backupDir,
    APP_TIME_ZONE: env.APP_TIME_ZONE ?? 'America/Mexico_City',
    ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : { DATA_DIR: dataDir!, EMBEDDED_PG_PORT: env.EMBEDDED_PG_PORT! }),
  });
}
