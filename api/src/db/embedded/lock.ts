// One Almacén server per DATA_DIR: the lock file `almacen.lock` holds the owner's PID. A lock
// whose owner no longer exists (SIGKILL, a crash) is taken over, and the PostgreSQL that owner
// left running on the directory is stopped before the new start (stopOrphan); anything else
// running there makes the start refuse.
import fs from 'node:fs';
import path from 'node:path';
import { EmbeddedPostgresError } from './errors';

export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process is a PostgreSQL server (Linux: its command line; elsewhere assumed). */
export function isPostgres(pid: number): boolean {
  try {
    const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
    return /(^|\/)postgres(\.exe)?$/.test(command) || /^postgres:/.test(command);
  } catch {
    return process.platform !== 'linux';
  }
}

/**
 * Fast shutdown of an orphaned PostgreSQL (SIGINT: open transactions roll back, a checkpoint is
 * written); if it is still there after 30 s, its whole process group is killed (PostgreSQL
 * replays its WAL on the next start, as after a power cut).
 */
export async function stopOrphan(pid: number, dataDir: string): Promise<void> {
  const gone = async (ms: number) => {
    for (const until = Date.now() + ms; Date.now() < until;) {
      if (!isAlive(pid)) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return !isAlive(pid);
  };
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    // gone meanwhile
  }
  if (await gone(30_000)) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // gone meanwhile
  }
  if (!(await gone(10_000))) throw new EmbeddedPostgresError(inUseMessage(dataDir, `PostgreSQL con PID ${pid} no se detuvo`));
}

/**
 * A PostgreSQL still running on `pgDir` (its postmaster.pid names a live process) is stopped when
 * it is the orphan of an Almacén server that died (`tookOver`: its lock named a process that no
 * longer exists); any other one makes the start refuse.
 */
export async function stopLeftover(pgDir: string, dataDir: string, tookOver: boolean, log: (message: string) => void): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const [pidLine = '', , , portLine = ''] = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine.trim());
  if (!isAlive(pid)) return;
  if (!(tookOver && isPostgres(pid)))
    throw new EmbeddedPostgresError(inUseMessage(dataDir, `PostgreSQL con PID ${pid} en el puerto ${portLine.trim() || '?'}`));
  log(`El servidor anterior terminó sin detener su PostgreSQL (PID ${pid}); deteniéndolo antes de arrancar…`);
  await stopOrphan(pid, dataDir);
}

export function inUseMessage(dataDir: string, detail: string): string {
  return (
    `El directorio de datos "${dataDir}" ya está en uso por otro servidor de Almacén (${detail}). ` +
    'Detén ese servidor antes de iniciar otro, o usa un DATA_DIR distinto.'
  );
}

/** Directories locked by this process (a second start in the same process is refused too). */
const lockedHere = new Set<string>();

export interface Lock {
  release(): void;
  /** The lock was left by an Almacén server that no longer exists (it was killed). */
  tookOver: boolean;
}

export function acquireLock(dataDir: string): Lock {
  const lockFile = path.join(dataDir, 'almacen.lock');
  if (lockedHere.has(dataDir)) throw new EmbeddedPostgresError(inUseMessage(dataDir, `este mismo proceso, PID ${process.pid}`));
  let tookOver = false;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockFile, 'wx', 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      lockedHere.add(dataDir);
      const release = () => {
        lockedHere.delete(dataDir);
        try {
          if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
      return { release, tookOver };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (isAlive(owner) && owner !== process.pid) throw new EmbeddedPostgresError(inUseMessage(dataDir, `PID ${owner}`));
      // Left behind by a process that no longer exists: take it over.
      fs.rmSync(lockFile, { force: true });
      tookOver = true;
    }
  }
  throw new EmbeddedPostgresError(inUseMessage(dataDir, 'otro proceso tomó el candado al mismo tiempo'));
}
