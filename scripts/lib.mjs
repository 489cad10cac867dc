// Shared by start.mjs and dev.mjs: where the front ends are, whether a build is stale, and how
// to run child processes whose output is prefixed and which stop with us.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SHELL = 'shell';
/** The registry of remotes (remotes.json): name, folder, dev port, exposed modules. */
export const REMOTES = JSON.parse(fs.readFileSync(path.join(ROOT, 'remotes.json'), 'utf8')).remotes;
export const FRONT_ENDS = [SHELL, ...REMOTES.map((r) => r.folder)];
export const API = 'api';

/** Newest modification time under `target` (a file or a folder), ignoring builds and deps. */
function newest(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    latest = Math.max(latest, newest(path.join(target, entry)));
  }
  return latest;
}

/** What `folder` (a front end, or the API) is built from, and the file its build writes last. */
function buildOf(folder) {
  if (folder === API) {
    return {
      marker: path.join(ROOT, 'api', 'dist', 'build-info.json'),
      inputs: [
        path.join(ROOT, 'api', 'src'),
        path.join(ROOT, 'api', 'package.json'),
        path.join(ROOT, 'api', 'build.mjs'),
        path.join(ROOT, 'api', 'tsconfig.json'),
        path.join(ROOT, 'api', 'tsconfig.build.json'),
        path.join(ROOT, 'api', 'tsconfig.shared.json'),
        path.join(ROOT, 'shared', 'src', 'domain'),
        path.join(ROOT, 'shared', 'src', 'domain-pages'),
        path.join(ROOT, 'shared', 'src', 'schemas'),
        path.join(ROOT, 'tsconfig.base.json'),
        path.join(ROOT, 'package-lock.json'),
      ],
    };
  }
  return {
    marker: path.join(ROOT, folder, 'dist', folder === SHELL ? 'index.html' : 'mf-manifest.json'),
    inputs: [
      path.join(ROOT, folder, 'src'),
      path.join(ROOT, folder, 'public'),
      path.join(ROOT, folder, 'rspack.config.ts'),
      path.join(ROOT, folder, 'package.json'),
      path.join(ROOT, 'shared', 'src'),
      path.join(ROOT, 'rspack.shared.ts'),
      // Ports and exposed modules of the remotes.
      path.join(ROOT, 'remotes.json'),
      path.join(ROOT, 'package-lock.json'),
    ],
  };
}

/** Why `folder` must be built, or null when its dist is newer than everything it is made of. */
export function buildReason(folder) {
  const { marker, inputs } = buildOf(folder);
  if (!fs.existsSync(marker)) return 'no está compilado';
  const built = fs.statSync(marker).mtimeMs;
  return inputs.some((input) => newest(input) > built) ? 'su código cambió desde la última compilación' : null;
}

const COLORS = [31, 32, 33, 34, 35, 36, 91, 92];

/** Runs a command with its output prefixed by `label`; resolves with its exit code. */
export function run(label, command, args, { env = {}, cwd = ROOT, color = 0 } = {}) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = process.stdout.isTTY ? `\x1b[${COLORS[color % COLORS.length]}m[${label}]\x1b[0m ` : `[${label}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop();
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    });
    stream.on('end', () => rest && process.stdout.write(`${prefix}${rest}\n`));
  }
  child.done = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  return child;
}

/** Resolves when GET url answers 200 (or rejects after timeoutMs). */
export async function waitFor(url, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} no respondió en ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Settings from .env at the repository root (see .env.example); the environment wins. */
export function loadDotEnv() {
  const file = path.join(ROOT, '.env');
  if (fs.existsSync(file)) process.loadEnvFile(file);
}
