// `npm run backup`: one file with the whole database (backup/format.ts) in BACKUP_DIR, taken while
// the service runs; then the retention (BACKUP_KEEP_DAILY, BACKUP_KEEP_MONTHLY) removes the older
// ones it no longer keeps. The database is the server's: DATABASE_URL, or the embedded PostgreSQL
// under DATA_DIR (the running server's, or started just for this and stopped afterwards). Nothing
// is migrated first: a backup taken before an upgrade is of the database as it was. Each attempt,
// worked or failed, is recorded in the database (backup/history.ts).
//   --schedule: runs until SIGTERM or SIGINT and takes the daily backup at BACKUP_TIME, as the
//   server does (a separate service beside the API; BACKUP_DISABLED is the server's, not this).
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { formatDateTime } from '@almacen/shared/domain';
import { BackupError } from '../backup/backup';
import { takeBackup, type TakenBackup } from '../backup/history';
import { formatTimeOfDay } from '../backup/schedule';
import { startBackupSchedule } from '../backup/scheduler';
import { SchemaOrderError } from '../backup/schema';
import { loadConfig, type Config } from '../config';
import { EmbeddedPostgresError, runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded';
import { runCommand, UsageError } from './command';

export const USAGE = `Uso: npm run backup [-- --schedule]
Escribe en BACKUP_DIR (por omisión DATA_DIR/backups) un archivo con toda la base de datos, tomado en un
solo instante mientras Almacén sigue atendiendo, y borra los respaldos anteriores que la retención ya no
guarda (BACKUP_KEEP_DAILY diarios y BACKUP_KEEP_MONTHLY mensuales). Se restaura con npm run restore -- ARCHIVO.
La llave de los secretos (SECRETS_KEY o DATA_DIR/secrets.key) no va en el respaldo: guárdala aparte.
Con --schedule sigue en marcha (hasta SIGTERM o Ctrl+C) y hace el respaldo de cada día a la hora BACKUP_TIME
(por omisión 02:30) de APP_TIME_ZONE.`;

const number = new Intl.NumberFormat('es-MX');
const size = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${number.format(Math.max(1, Math.round(bytes / 1024)))} KB`
    : `${new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)} MB`;

/** The database as its owner: DATABASE_URL, or the embedded PostgreSQL (the server's, or started for this). */
async function openDatabase(config: Config): Promise<{ url: string; release(): Promise<void> }> {
  const url = config.databaseUrl ?? runningEmbeddedUrl(config.dataDir);
  if (url) return { url, release: async () => undefined };
  const embedded: EmbeddedPostgres = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.embeddedPgPort,
    backupDir: config.backup.dir,
  });
  return {
    url: embedded.url,
    release: async () => {
      await embedded.stop();
    },
  };
}

export interface RunOptions {
  /** --schedule ends when this resolves (default: SIGTERM or SIGINT). */
  until?: Promise<void>;
}

const signalled = () =>
  new Promise<void>((resolve) => {
    process.once('SIGTERM', () => resolve());
    process.once('SIGINT', () => resolve());
  });

/** Writes the backup, applies the retention and records it; null when only the usage was asked for, or after --schedule. */
export async function run(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
  { until }: RunOptions = {},
): Promise<TakenBackup | null> {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { help: { type: 'boolean', short: 'h' }, schedule: { type: 'boolean' } } }));
  } catch (error) {
    const option = /'(-[^']*)'/.exec((error as Error).message)?.[1];
    throw new UsageError(`${option ? `Opción no válida: ${option}` : 'Argumentos no válidos.'}\n${USAGE}`);
  }
  if (values.help) {
    out(USAGE);
    return null;
  }
  const config = loadConfig(env);
  if (values.schedule) {
    const schedule = startBackupSchedule({
      url: () => openDatabase(config),
      config,
      log: { info: out, error: out },
      onRun: () => out(`Siguiente respaldo: ${formatDateTime(schedule.next(), config.timeZone)}.`),
    });
    out(
      `Respaldo programado todos los días a las ${formatTimeOfDay(config.backup.time)} (${config.timeZone}) en ${config.backup.dir}; ` +
        `el siguiente: ${formatDateTime(schedule.next(), config.timeZone)}. SIGTERM o Ctrl+C lo detiene.`,
    );
    await (until ?? signalled());
    await schedule.stop();
    out('Respaldo programado detenido.');
    return null;
  }
  const database = await openDatabase(config);
  const recorder = new pg.Client({ connectionString: database.url, application_name: 'almacen-respaldo' });
  recorder.on('error', () => undefined);
  try {
    // Without a connection to record in, the backup itself fails the same way a moment later.
    const unreachable = await recorder.connect().then(
      () => null,
      (error: Error) => error,
    );
    const result = await takeBackup({
      url: database.url,
      config,
      trigger: 'manual',
      recorder: unreachable ? { query: () => Promise.reject(unreachable) } : recorder,
    });
    const { manifest } = result;
    const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
    out(`Respaldo creado: ${result.file}`);
    out(
      `  ${size(result.bytes)}; ${number.format(Object.keys(manifest.tables).length)} tablas, ${number.format(rows)} filas; ` +
        `Almacén ${manifest.version}, migración ${manifest.lastMigration ?? '(ninguna)'}; PostgreSQL ${manifest.postgres}.`,
    );
    if (config.oidcEmbedded) {
      out(
        `La llave de los secretos (${config.secretsKey ? 'SECRETS_KEY' : path.join(config.dataDir, 'secrets.key')}) no va en el respaldo: ` +
          'guárdala aparte, no junto a él; sin ella el proveedor de identidad incluido no abre sus llaves al restaurar.',
      );
    }
    if (result.removed.length) {
      out(
        `Retención (${config.backup.keepDaily} diarios, ${config.backup.keepMonthly} mensuales): ` +
          `${result.removed.length === 1 ? 'se borró' : `se borraron ${result.removed.length}`} ${result.removed.join(', ')}.`,
      );
    }
    if (result.notRecorded) out(`El respaldo no quedó registrado en la base de datos (Administración → Respaldos): ${result.notRecorded}`);
    return result;
  } finally {
    await recorder.end().catch(() => undefined);
    await database.release();
  }
}

if (require.main === module) {
  runCommand(run, { known: [BackupError, SchemaOrderError, EmbeddedPostgresError], failure: 'No se pudo crear el respaldo' });
}
