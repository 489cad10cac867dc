// `npm run backup`: one file with the whole database (backup/format.ts) in BACKUP_DIR, taken while
// the service runs; then the retention (BACKUP_KEEP_DAILY, BACKUP_KEEP_MONTHLY) removes the older
// ones it no longer keeps. The database is the server's: DATABASE_URL, or the embedded PostgreSQL
// under DATA_DIR (the running server's, or started just for this and stopped afterwards). Nothing
// is migrated first: a backup taken before an upgrade is of the database as it was.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeBackup, BackupError, type BackupResult } from '../backup/backup';
import { applyRetention } from '../backup/retention';
import { SchemaOrderError } from '../backup/schema';
import { loadConfig } from '../config';
import { EmbeddedPostgresError, runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded';
import { runCommand, UsageError } from './command';

export const USAGE = `Uso: npm run backup
Escribe en BACKUP_DIR (por omisión DATA_DIR/backups) un archivo con toda la base de datos, tomado en un
solo instante mientras Almacén sigue atendiendo, y borra los respaldos anteriores que la retención ya no
guarda (BACKUP_KEEP_DAILY diarios y BACKUP_KEEP_MONTHLY mensuales). Se restaura con npm run restore -- ARCHIVO.
La llave de los secretos (SECRETS_KEY o DATA_DIR/secrets.key) no va en el respaldo: guárdala aparte.`;

const number = new Intl.NumberFormat('es-MX');
const size = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${number.format(Math.max(1, Math.round(bytes / 1024)))} KB`
    : `${new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)} MB`;

/** Writes the backup and applies the retention; null when only the usage was asked for. */
export async function run(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
): Promise<(BackupResult & { removed: string[] }) | null> {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    const option = /'(-[^']*)'/.exec((error as Error).message)?.[1];
    throw new UsageError(`${option ? `Opción no válida: ${option}` : 'Argumentos no válidos.'}\n${USAGE}`);
  }
  if (values.help) {
    out(USAGE);
    return null;
  }
  const config = loadConfig(env);
  let embedded: EmbeddedPostgres | null = null;
  let url = config.databaseUrl ?? runningEmbeddedUrl(config.dataDir);
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort });
    url = embedded.url;
  }
  try {
    const result = await writeBackup({ url, dir: config.backup.dir });
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
    const removed = applyRetention(config.backup.dir, { ...config.backup, timeZone: config.timeZone });
    if (removed.length) {
      out(
        `Retención (${config.backup.keepDaily} diarios, ${config.backup.keepMonthly} mensuales): ` +
          `${removed.length === 1 ? 'se borró' : `se borraron ${removed.length}`} ${removed.join(', ')}.`,
      );
    }
    return { ...result, removed };
  } finally {
    await embedded?.stop();
  }
}

if (require.main === module) {
  runCommand(run, { known: [BackupError, SchemaOrderError, EmbeddedPostgresError], failure: 'No se pudo crear el respaldo' });
}
