// The embedded PostgreSQL through the real server process: starts under DATA_DIR, a second
// server on the same DATA_DIR is refused with a clear message, SIGTERM stops everything
// cleanly, and the data is still there on the next start. A server killed with SIGKILL leaves
// its PostgreSQL behind: the next start stops that orphan (its lock names a dead server) and
// comes up with the data; a PostgreSQL nobody's lock accounts for is left alone and refused.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../helpers/free-port';

const API_DIR = path.resolve(__dirname, '..', '..');

jest.setTimeout(120_000);

interface Server {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(dataDir: string, port: number, pgPort: number): Server {
  // node itself with tsx's loader (not the tsx CLI, which would put a wrapper process between
  // the test and the server and turn SIGKILL into an orphaned server).
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(server: Server, pattern: RegExp): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (pattern.test(server.output())) return;
    if (server.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`El servidor no llegó a "${pattern}":\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let dataDir: string;
const started: Server[] = [];
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-embedded-'));
});
afterAll(async () => {
  for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (isAlive(pid)) process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('one DATA_DIR, one server: the second is refused, SIGTERM stops cleanly, data persists', async () => {
  const pgPort = await freePort();
  const first = startServer(dataDir, await freePort(), pgPort);
  started.push(first);
  await waitFor(first, /Server listening/);
  expect(first.output()).toContain('PostgreSQL embebido listo');
  expect(fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);

  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const url = `postgres://postgres:${password}@127.0.0.1:${pgPort}/almacen`;
  const client = new pg.Client(url);
  await client.connect();
  await client.query(
    `INSERT INTO roles (description, created_by, created_by_name, updated_by, updated_by_name) VALUES ('Persistente', 't', 'T', 't', 'T')`,
  );
  await client.end();

  const second = startServer(dataDir, await freePort(), await freePort());
  started.push(second);
  expect(await second.exited).toBe(1);
  expect(second.output()).toMatch(/El directorio de datos .* ya está en uso por otro servidor de Almacén/);

  first.child.kill('SIGTERM');
  expect(await first.exited).toBe(0);
  expect(first.output()).toContain('PostgreSQL embebido detenido correctamente.');
  expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  expect(fs.existsSync(path.join(dataDir, 'almacen.lock'))).toBe(false);

  const third = startServer(dataDir, await freePort(), pgPort);
  started.push(third);
  await waitFor(third, /Server listening/);
  const again = new pg.Client(url);
  await again.connect();
  expect((await again.query(`SELECT description FROM roles`)).rows).toEqual([{ description: 'Persistente' }]);
  await again.end();
  third.child.kill('SIGINT');
  expect(await third.exited).toBe(0);
});

test('a server killed without warning leaves PostgreSQL behind; the next start stops that orphan cleanly and comes up with the data', async () => {
  const pgPort = await freePort();
  const killed = startServer(dataDir, await freePort(), pgPort);
  started.push(killed);
  await waitFor(killed, /Server listening/);
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const before = new pg.Client(`postgres://postgres:${password}@127.0.0.1:${pgPort}/almacen`);
  await before.connect();
  await before.query(
    `INSERT INTO roles (description, created_by, created_by_name, updated_by, updated_by_name) VALUES ('Antes del corte', 't', 'T', 't', 'T')`,
  );
  await before.end();
  killed.child.kill('SIGKILL');
  await killed.exited;
  const orphan = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  expect(isAlive(orphan)).toBe(true);

  // Without the dead server's lock nothing says whose PostgreSQL that is: refused, left alone.
  const lockFile = path.join(dataDir, 'almacen.lock');
  const deadOwner = fs.readFileSync(lockFile, 'utf8');
  fs.rmSync(lockFile);
  const unsure = startServer(dataDir, await freePort(), await freePort());
  started.push(unsure);
  expect(await unsure.exited).toBe(1);
  expect(unsure.output()).toContain(`PostgreSQL con PID ${orphan} en el puerto ${pgPort}`);
  expect(isAlive(orphan)).toBe(true);

  // The lock of a server that no longer exists: its PostgreSQL is an orphan, stopped and replaced.
  fs.writeFileSync(lockFile, deadOwner);
  const next = startServer(dataDir, await freePort(), await freePort());
  started.push(next);
  await waitFor(next, /Server listening/);
  expect(next.output()).toContain(
    `El servidor anterior terminó sin detener su PostgreSQL (PID ${orphan}); deteniéndolo antes de arrancar…`,
  );
  expect(isAlive(orphan)).toBe(false);
  const [, , , newPort] = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  const after = new pg.Client(`postgres://postgres:${password}@127.0.0.1:${newPort.trim()}/almacen`);
  await after.connect();
  expect((await after.query(`SELECT description FROM roles WHERE description = 'Antes del corte'`)).rowCount).toBe(1);
  await after.end();
  next.child.kill('SIGTERM');
  expect(await next.exited).toBe(0);
});
