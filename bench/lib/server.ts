// The real product server as `npm start` and the container run it (`node api/dist/server.js`, the
// compiled API) in a child process on a free loopback port, so the proof scripts measure and kill
// exactly what users run. A compiled API missing or older than its code is built first
// (`npm run build -w api`), as `npm start` does.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../api/test/helpers/free-port';
import { API, buildReason, npm } from '../../scripts/lib.mjs';
import { onInterrupt } from './cleanup';
import { delay } from './stats';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  port: number;
  /** Resolves with the exit code (or signal) once the process is gone. */
  exited: Promise<number | string>;
  output(): string;
}

export interface StartOptions {
  env: Record<string, string | undefined>;
  port?: number;
  /** Appends the server's output here (kept for a post-mortem). */
  logFile?: string;
  timeoutMs?: number;
  /** Node options before the entry point (e.g. `--expose-gc`, a measuring `--import`). */
  nodeArgs?: string[];
}

let apiChecked = false;

/**
 * Builds the API when `api/dist` is missing or older than its code; throws if the build fails.
 * Checked once per process: a script that restarts the server (the crash test) does not walk the
 * sources again before each start.
 */
export function ensureApiBuilt(): void {
  if (apiChecked) return;
  const reason = buildReason(API);
  if (reason) {
    process.stderr.write(`Compilando la API (${reason})…\n`);
    const build = spawnSync(npm, ['run', 'build', '-w', API], { cwd: REPO_ROOT, stdio: ['ignore', 2, 2] });
    if (build.status !== 0) throw new Error(`npm run build -w ${API} falló (${build.status ?? build.signal}).`);
  }
  apiChecked = true;
}

export async function startServer({ env, port, logFile, timeoutMs = 120_000, nodeArgs = [] }: StartOptions): Promise<ServerProcess> {
  const chosen = port ?? (await freePort());
  const base = `http://127.0.0.1:${chosen}`;
  const fullEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(chosen), HOST: '127.0.0.1', PUBLIC_URL: base, LOG_LEVEL: 'warn' };
  for (const name of Object.keys(fullEnv)) if (name.startsWith('REMOTE_MF_')) delete fullEnv[name];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete fullEnv[name];
    else fullEnv[name] = value;
  }
  ensureApiBuilt();
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server of any proof
  // script (written when it stops).
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, ...extra, 'api/dist/server.js'], {
    cwd: REPO_ROOT,
    env: fullEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    if (logFile) fs.appendFileSync(logFile, chunk);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  // Interrupted: SIGTERM lets the server stop its own embedded PostgreSQL.
  const forget = onInterrupt(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  });
  void exited.then(forget);
  const server: ServerProcess = { child, base, port: chosen, exited, output: () => output };

  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`El servidor terminó al arrancar (${await exited}):\n${output.slice(-3000)}`);
    try {
      const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await delay(200);
  }
  child.kill('SIGKILL');
  throw new Error(`El servidor no respondió /healthz en ${timeoutMs / 1000} s:\n${output.slice(-3000)}`);
}

/** SIGTERM (the server drains and stops its embedded PostgreSQL), SIGKILL after `graceMs`. */
export async function stopServer(server: ServerProcess, graceMs = 30_000): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), graceMs);
  await server.exited;
  clearTimeout(timer);
}

/** Milliseconds of one authenticated call to `server` answered 200, its body read to the end. */
export async function timedRequest(server: ServerProcess, token: string, method: 'GET' | 'POST', url: string): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${server.base}${url}`, { method, headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) void chunk;
  return performance.now() - start;
}
