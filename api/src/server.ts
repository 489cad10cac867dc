// Starts the product: configuration → database (DATABASE_URL or the embedded PostgreSQL) →
// migrations as the owner → HTTP, serving as the least-privileged role (db/connect.ts). On
// SIGINT/SIGTERM it stops accepting connections, lets the requests in flight finish, closes the
// pool and only then stops the embedded PostgreSQL. Unless BACKUP_DISABLED, it takes the daily
// backup at BACKUP_TIME (backup/scheduler.ts), as the owner of the database; a backup that fails
// is logged and recorded, and the server goes on.
import pino from 'pino';
import { formatDateTime } from '@almacen/shared/domain';
import { buildApp } from './app';
import { startBackupSchedule, type BackupSchedule } from './backup/scheduler';
import { ConfigError, loadConfig, type Config } from './config';
import { connectDatabase, type Connection } from './db/connect';
import { EmbeddedPostgresError } from './db/embedded';
import { MigrationError } from './db/migrate';
import { DatabaseRoleError } from './db/roles';
import { CENSOR, REDACTED_PATHS } from './http/log';
import { SecretsKeyError } from './idp/secrets';
import { logDestination } from './log-format';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const logger = pino(
    {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: CENSOR },
    },
    logDestination(config.logFormat, config.timeZone),
  );

  let connection: Connection | null = null;
  let backups: BackupSchedule | null = null;
  let shuttingDown = false;

  const stopDatabase = async () => {
    await connection?.close();
    connection = null;
  };

  try {
    connection = await connectDatabase(config, {
      log: (message) => logger.info(message),
      warn: (message) => logger.warn(message),
      poolMax: config.dbPoolSize,
    });
  } catch (error) {
    if (error instanceof EmbeddedPostgresError || error instanceof MigrationError || error instanceof DatabaseRoleError) {
      logger.fatal(error.message);
    } else {
      logger.fatal({ err: error }, `No fue posible conectar con la base de datos: ${(error as Error).message}`);
    }
    await stopDatabase();
    process.exit(1);
  }

  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ config, db: connection.db, logger });
  } catch (error) {
    // The identity provider's secrets cannot be opened (wrong or missing SECRETS_KEY): say so, plainly.
    if (error instanceof SecretsKeyError) logger.fatal(error.message);
    else logger.fatal({ err: error }, `El servidor no pudo iniciar: ${(error as Error).message}`);
    await stopDatabase();
    process.exit(1);
  }

  const shutdown = async (signal: string) => {
    if (shuttingDown) {
      logger.warn(`${signal} recibido de nuevo: salida inmediata.`);
      process.exit(1);
    }
    shuttingDown = true;
    logger.info(`${signal} recibido: terminando las peticiones en curso…`);
    try {
      await backups?.stop();
      await app.close();
      await stopDatabase();
      logger.info('Servidor detenido.');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'Error al detener el servidor.');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    logger.fatal(code === 'EADDRINUSE' ? `El puerto ${config.port} ya está en uso. Elige otro con PORT.` : (error as Error).message);
    await app.close().catch(() => undefined);
    await stopDatabase();
    process.exit(1);
  }

  const ownerUrl = connection.embedded?.url ?? config.databaseUrl;
  if (!config.backup.disabled && ownerUrl) {
    backups = startBackupSchedule({
      url: ownerUrl,
      config,
      log: { info: (message) => logger.info(message), error: (message) => logger.error(message) },
    });
    logger.info(`Respaldo diario programado; el siguiente: ${formatDateTime(backups.next(), config.timeZone)} en ${config.backup.dir}.`);
  }
}

void main();
