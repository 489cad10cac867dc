// One PostgreSQL server on one data folder: initdb of a new folder, and the server process on a
// loopback port until it accepts connections (the application's database and its run-time role
// made then), stopped with a fast shutdown. The embedded start (index.ts) runs one on pg/; an
// upgrade to a new major (upgrade.ts) runs the old major's on a copy of pg/, then the new one's on
// the folder it builds beside it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { EMBEDDED_APP_ROLE, ensureLoginRole } from '../roles';
import type { RunAs } from './binaries';
import { EmbeddedPostgresError } from './errors';
import { inUseMessage } from './lock';

export function tail(file: string, from: number): string {
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

/** A new data folder at `pgDir` (made here, the PostgreSQL user's), its superuser `postgres` with `password`. */
export async function initCluster(initdb: string, pgDir: string, password: string, runAs: RunAs | undefined): Promise<void> {
  fs.mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  const pwFile = path.join(path.dirname(pgDir), `.pw-${randomBytes(6).toString('hex')}`);
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

export interface ClusterOptions {
  /** The `postgres` binary of the folder's major. */
  postgres: string;
  pgDir: string;
  /** DATA_DIR, as the messages name it. */
  dataDir: string;
  port: number;
  password: string;
  appPassword: string;
  /** Database the application uses (created if missing). */
  database: string;
  runAs: RunAs | undefined;
  /** PostgreSQL's output is appended here (0600, the API user's). */
  logFile: string;
  startTimeoutMs: number;
}

export interface Cluster {
  pid: number;
  url: string;
  appUrl: string;
  adminUrl: string;
  /** Fast shutdown (a checkpoint is written); resolves true when PostgreSQL reported a clean stop. */
  stop(): Promise<boolean>;
}

export async function startCluster({
  postgres,
  pgDir,
  dataDir,
  port,
  password,
  appPassword,
  database,
  runAs,
  logFile,
  startTimeoutMs,
}: ClusterOptions): Promise<Cluster> {
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

  let stopping: Promise<boolean> | null = null;
  return {
    pid: child.pid!,
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    appUrl: `postgres://${EMBEDDED_APP_ROLE}:${encodeURIComponent(appPassword)}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    adminUrl,
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
        return /database system is shut down/.test(tail(logFile, logOffset));
      })();
      return stopping;
    },
  };
}
