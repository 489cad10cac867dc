// What global-setup.ts hands to the test files (through the environment jest workers inherit).
import fs from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const ARTIFACTS = path.join(REPO_ROOT, 'e2e', 'artifacts');

/** The registry of remotes (remotes.json). */
export const REMOTES: Array<{ name: string; folder: string; port: number; exposes: Record<string, string> }> = JSON.parse(
  fs.readFileSync(path.join(REPO_ROOT, 'remotes.json'), 'utf8'),
).remotes;

export const BASE_URL_ENV = 'ALMACEN_E2E_BASE_URL';
export const ADMIN_PASSWORD_ENV = 'ALMACEN_E2E_ADMIN_PASSWORD';
/** JSON of the settings with which `npm run backup` backs up the server's database. */
export const BACKUP_ENV = 'ALMACEN_E2E_BACKUP_ENV';

/** The server's database as its owner (tests that age a record). */
export const OWNER_URL_ENV = 'ALMACEN_E2E_OWNER_URL';

export function backupEnv(): Record<string, string> {
  return JSON.parse(process.env[BACKUP_ENV] ?? '{}') as Record<string, string>;
}

export function baseUrl(): string {
  const url = process.env[BASE_URL_ENV];
  if (!url) throw new Error('Las pruebas de navegador se ejecutan con `npm run test:e2e` (global-setup inicia el servidor).');
  return url;
}

export function adminPassword(): string {
  return process.env[ADMIN_PASSWORD_ENV] ?? '';
}
