// A data folder written by an earlier major of PostgreSQL, brought to the bundled one at start, by
// the backup/restore path (the package brings no pg_upgrade): the old major's server (its binaries
// come as an optional alias, binaries.ts) reads a COPY of pg/, so the folder itself is never
// opened; the backup is written to BACKUP_DIR and kept; a new folder beside pg/ gets initdb of the
// new major, the restore (row counts against the manifest), the newer migrations and the ledger's
// proof (every balance the fold of its movements). Only then are the folders swapped: pg/ becomes
// pg-<old>-anterior, kept as it was, and the new one becomes pg/. Any failure before the swap
// removes what the attempt made and leaves pg/ as it was; the start stops with the reason and
// where the backup is.
//
// A start that dies between the two renames of the swap leaves no pg/, the proven new folder and
// the kept one: the next start finishes the swap. Any other leftover of an attempt (the copy, an
// unproven new folder) is removed by the next start, after stopping a server it left on it.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { writeBackup } from '../../backup/backup';
import { checkLedger } from '../../backup/ledger-check';
import { restoreBackup } from '../../backup/restore';
import { dateRuleWarnings } from '../date-rule';
import { migrate } from '../migrate';
import { createPool } from '../pool';
import { EMBEDDED_APP_ROLE } from '../roles';
import { binaries, bundledMajor, UPGRADABLE_MAJORS, upgradePackage, type Binaries, type RunAs } from './binaries';
import { initCluster, startCluster, type Cluster } from './cluster';
import { EmbeddedPostgresError } from './errors';
import { stopLeftover } from './lock';

const COPY = /^pg-(\d+)-copia$/;
const FRESH = /^pg-(\d+)-nueva$/;
const KEPT = /^pg-(\d+)-anterior(-\d+)?$/;

const number = new Intl.NumberFormat('es-MX');
const megabytes = (bytes: number) => `${number.format(Math.ceil(bytes / 1024 / 1024))} MB`;

/** The major that wrote a data folder (its PG_VERSION), or null when it has none. */
export function folderMajor(pgDir: string): number | null {
  try {
    return Number(fs.readFileSync(path.join(pgDir, 'PG_VERSION'), 'utf8').trim());
  } catch {
    return null;
  }
}

/**
 * What an attempt that did not end left in DATA_DIR: a swap cut between its two renames is
 * finished; a copy or an unproven new folder is removed, after stopping a server still on it.
 */
export async function settleLeftovers(dataDir: string, tookOver: boolean, log: (message: string) => void): Promise<void> {
  const pgDir = path.join(dataDir, 'pg');
  const names = fs.readdirSync(dataDir);
  const fresh = names.find((name) => FRESH.test(name));
  if (fresh && !fs.existsSync(pgDir) && names.some((name) => KEPT.test(name)) && folderMajor(path.join(dataDir, fresh)) !== null) {
    log(`Terminando la actualización de PostgreSQL que quedó a medias: ${fresh} pasa a ser ${pgDir}.`);
    fs.renameSync(path.join(dataDir, fresh), pgDir);
    syncFolder(dataDir);
  }
  for (const name of fs.readdirSync(dataDir).filter((n) => COPY.test(n) || FRESH.test(n))) {
    const dir = path.join(dataDir, name);
    await stopLeftover(dir, dataDir, tookOver, log);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface MajorOptions {
  dataDir: string;
  /** The binaries the server runs (the bundled major's, unless the start asked for another). */
  target: Binaries;
  runAs: RunAs | undefined;
  password: string;
  appPassword: string;
  database: string;
  /** Where the backup taken before upgrading goes (BACKUP_DIR). */
  backupDir: string;
  logFile: string;
  startTimeoutMs: number;
  log: (message: string) => void;
}

/**
 * pg/ at the target's major: nothing to do when it is already (or when there is no folder yet);
 * upgraded when an older major wrote it; refused when a newer one did (PostgreSQL cannot go back).
 */
export async function ensureMajor(options: MajorOptions): Promise<void> {
  const { dataDir, target } = options;
  const pgDir = path.join(dataDir, 'pg');
  const from = folderMajor(pgDir);
  if (from === null || from === target.major) return;
  if (!Number.isInteger(from)) {
    throw new EmbeddedPostgresError(
      `La carpeta de datos ${pgDir} no dice de qué versión de PostgreSQL es (su archivo PG_VERSION no trae un número): ` +
        'no es una carpeta de datos de PostgreSQL, o está dañada. Restaura un respaldo en un DATA_DIR nuevo (npm run restore). No se cambió nada.',
    );
  }
  if (from > target.major) {
    throw new EmbeddedPostgresError(
      `La carpeta de datos ${pgDir} es de PostgreSQL ${from}, más nuevo que el PostgreSQL ${target.major} que trae esta versión de Almacén: ` +
        'la escribió una versión más nueva de Almacén, y PostgreSQL no puede volver a una versión mayor anterior. Arranca esa versión ' +
        'más nueva de Almacén, o restaura un respaldo suyo con esta en un DATA_DIR nuevo (npm run restore). No se cambió nada.',
    );
  }
  const old = binaries(options.runAs, from);
  if (!old) {
    const brought = UPGRADABLE_MAJORS.filter((m) => m < bundledMajor());
    throw new EmbeddedPostgresError(
      UPGRADABLE_MAJORS.includes(from)
        ? `La carpeta de datos ${pgDir} es de PostgreSQL ${from} y, para actualizarla a ${target.major}, faltan los binarios de ` +
            `PostgreSQL ${from} (el paquete opcional ${upgradePackage(from)}). Ejecuta npm install (sin --omit=optional) y vuelve a iniciar ` +
            'Almacén. No se cambió nada.'
        : `La carpeta de datos ${pgDir} es de PostgreSQL ${from} y esta versión de Almacén solo actualiza desde PostgreSQL ` +
            `${brought.join(', ') || '(ninguna)'}: haz un respaldo con la versión de Almacén que la usaba (npm run backup) y restáuralo ` +
            'con esta en un DATA_DIR nuevo (npm run restore). No se cambió nada.',
    );
  }
  await upgrade({ ...options, pgDir, old });
}

async function upgrade(options: MajorOptions & { pgDir: string; old: Binaries }): Promise<void> {
  const { dataDir, pgDir, old, target, runAs, log } = options;
  const [from, to] = [old.major, target.major];
  const copy = path.join(dataDir, `pg-${from}-copia`);
  const fresh = path.join(dataDir, `pg-${to}-nueva`);

  // The copy and the new folder, each about as large as pg/ (the backup is smaller: gzip).
  const size = folderSize(pgDir);
  const needed = 2 * size + 128 * 1024 * 1024;
  const free = freeSpace(dataDir);
  if (free !== null && free < needed) {
    throw new EmbeddedPostgresError(
      `La carpeta de datos ${pgDir} es de PostgreSQL ${from} y hay que actualizarla a ${to}, pero no hay espacio: hacen falta unos ` +
        `${megabytes(needed)} libres junto a ella (una copia y la carpeta nueva) y hay ${megabytes(free)}. Libera espacio y vuelve a ` +
        'iniciar Almacén. No se cambió nada.',
    );
  }

  log(
    `La carpeta de datos ${pgDir} es de PostgreSQL ${from} y esta versión de Almacén trae PostgreSQL ${to}: se actualiza ` +
      `(respaldo, restauración en una carpeta nueva y comprobación de los saldos; ${megabytes(size)}, puede tardar varios minutos). ` +
      'La carpeta actual no se modifica.',
  );
  let server: Cluster | null = null;
  let backupFile: string | null = null;
  const launch = async (postgres: string, folder: string) => startCluster({ ...options, postgres, pgDir: folder, port: await freePort() });
  try {
    log(`Actualización de PostgreSQL (1 de 4): copiando la carpeta de PostgreSQL ${from} para leerla sin modificarla…`);
    copyFolder(pgDir, copy, runAs);

    log(`Actualización de PostgreSQL (2 de 4): respaldando la base con PostgreSQL ${from}…`);
    server = await launch(old.postgres, copy);
    const hasSchema = await almacenSchema(server.url);
    let rows = 0;
    if (hasSchema) {
      const backup = await writeBackup({ url: server.url, dir: options.backupDir });
      backupFile = keepName(backup.file, to);
      rows = Object.values(backup.manifest.tables).reduce((sum, n) => sum + n, 0);
      log(
        `Respaldo previo a la actualización: ${backupFile} (${number.format(Object.keys(backup.manifest.tables).length)} tablas, ` +
          `${number.format(rows)} filas).`,
      );
    } else {
      log(`La base «${options.database}» no tiene el esquema de Almacén: no hay datos que llevar a PostgreSQL ${to}.`);
    }
    await server.stop();
    server = null;
    fs.rmSync(copy, { recursive: true, force: true });

    log(`Actualización de PostgreSQL (3 de 4): restaurando en una carpeta nueva de PostgreSQL ${to} (${fresh})…`);
    await initCluster(target.initdb, fresh, options.password, runAs);
    server = await launch(target.postgres, fresh);
    if (backupFile) {
      const restored = await restoreBackup({ url: server.url, file: backupFile });
      const owner = createPool(server.url, { max: 1, applicationName: 'almacen-migrate' });
      try {
        const applied = await migrate(owner, { log, appRole: EMBEDDED_APP_ROLE });
        for (const line of await dateRuleWarnings(owner, applied)) log(line);
      } finally {
        await owner.end();
      }
      log(`Actualización de PostgreSQL (4 de 4): comprobando los saldos…`);
      const ledger = await checkLedger(server.url);
      if (ledger.violations.length) {
        throw new Error(`en la carpeta nueva los saldos no son el pliegue de sus movimientos:\n  - ${ledger.violations.join('\n  - ')}\n`);
      }
      log(
        `Comprobado en PostgreSQL ${to}: ${number.format(restored.rows)} filas, las mismas del respaldo, y el saldo de cada uno de los ` +
          `${number.format(ledger.products)} productos con movimientos es el pliegue de sus movimientos (${number.format(ledger.movements)}).`,
      );
    }
    const clean = await server.stop();
    server = null;
    if (!clean) throw new Error(`PostgreSQL ${to} no confirmó un cierre limpio de la carpeta nueva`);
  } catch (error) {
    await server?.stop();
    fs.rmSync(copy, { recursive: true, force: true });
    fs.rmSync(fresh, { recursive: true, force: true });
    throw new EmbeddedPostgresError(
      `No se pudo actualizar la base de datos de PostgreSQL ${from} a ${to}: ${(error as Error).message.trim().replace(/\.$/, '')}. ` +
        `La carpeta de datos quedó como estaba (${pgDir}, PostgreSQL ${from})` +
        (backupFile ? `; el respaldo tomado antes de actualizar está en ${backupFile}` : '') +
        `. Almacén no arranca con ella hasta que la actualización funcione: corrige la causa y vuelve a iniciarlo (el registro de ` +
        `PostgreSQL está en ${options.logFile}). Mientras tanto, la versión anterior de Almacén sigue pudiendo usar esa carpeta.`,
    );
  }

  const kept = unusedName(dataDir, `pg-${from}-anterior`);
  fs.renameSync(pgDir, kept);
  fs.renameSync(fresh, pgDir);
  syncFolder(dataDir);
  log(
    `PostgreSQL actualizado de ${from} a ${to}. La carpeta anterior se conserva sin cambios en ${kept} (bórrala cuando ya no la ` +
      'necesites)' +
      (backupFile ? ` y el respaldo previo en ${backupFile}` : '') +
      '.',
  );
}

/** The database has Almacén's schema (else there is nothing to carry over). */
async function almacenSchema(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ found: boolean }>(`SELECT to_regclass('public.schema_migrations') IS NOT NULL AS found`);
    return rows[0].found;
  } finally {
    await client.end();
  }
}

/**
 * The backup under a name of its own (almacen-…Z.antes-de-postgres-18.respaldo.gz): the retention
 * of the daily backups only ever removes files named as `npm run backup` names them, so this one
 * stays until someone deletes it. `npm run restore` reads it like any other.
 */
function keepName(file: string, to: number): string {
  const target = file.replace(/\.respaldo\.gz$/, `.antes-de-postgres-${to}.respaldo.gz`);
  try {
    fs.linkSync(file, target);
  } catch {
    return file; // the name is taken (or links are not possible): it keeps the usual one
  }
  fs.rmSync(file, { force: true });
  return target;
}

/** A copy of the folder, the PostgreSQL user's, without the lock file of a server that is gone. */
function copyFolder(from: string, to: string, runAs: RunAs | undefined): void {
  fs.cpSync(from, to, { recursive: true, verbatimSymlinks: true, filter: (source) => path.basename(source) !== 'postmaster.pid' });
  if (runAs) {
    const own = (at: string) => {
      fs.lchownSync(at, runAs.uid, runAs.gid);
      if (fs.lstatSync(at).isDirectory()) for (const name of fs.readdirSync(at)) own(path.join(at, name));
    };
    own(to);
  }
}

function folderSize(dir: string): number {
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) bytes += folderSize(at);
    else if (entry.isFile()) bytes += fs.statSync(at).size;
  }
  return bytes;
}

function freeSpace(dir: string): number | null {
  try {
    const stats = fs.statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}

function unusedName(dataDir: string, base: string): string {
  for (let n = 1; ; n++) {
    const candidate = path.join(dataDir, n === 1 ? base : `${base}-${n}`);
    if (!fs.existsSync(candidate)) return candidate;
  }
}

function syncFolder(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
  } catch {
    // a folder that cannot be opened for fsync (some platforms): the renames stand as made
  }
}

/** A loopback port free right now, for the servers of the upgrade (never 5432, the system PostgreSQL's). */
async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    if (port !== 5432) return port;
  }
}
