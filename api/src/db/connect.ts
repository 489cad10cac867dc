// The server's database: the embedded PostgreSQL or DATABASE_URL, migrated as the owner, then a
// pool of the least-privileged role the API serves requests as (roles.ts). The owner's
// connection is closed once the migrations and grants are done.
//   embedded          → migrations as `postgres`, requests as `almacen_app` (both made here)
//   DATABASE_URL      → migrations and requests as its role (a warning if it is a superuser)
//   + DATABASE_APP_URL → requests as that role, created by the owner if missing and granted
import type { Config } from '../config';
import { dateRuleWarnings } from './date-rule';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';
import { migrate } from './migrate';
import { createPool, type Db } from './pool';
import { ensureLoginRole, excessPrivileges, roleOf } from './roles';

export interface Connection {
  /** The pool the API serves requests with. */
  db: Db;
  embedded: EmbeddedPostgres | null;
  /** Closes the pool, then stops the embedded PostgreSQL. */
  close(): Promise<void>;
}

export interface ConnectOptions {
  log?: (message: string) => void;
  warn?: (message: string) => void;
  /** Connections of the API's pool. */
  poolMax?: number;
}

export async function connectDatabase(
  config: Config,
  { log = () => undefined, warn = log, poolMax }: ConnectOptions = {},
): Promise<Connection> {
  let embedded: EmbeddedPostgres | null = null;
  let ownerUrl = config.databaseUrl;
  let appUrl = config.databaseAppUrl;
  if (!ownerUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, backupDir: config.backup.dir, log });
    ownerUrl = embedded.url;
    appUrl = embedded.appUrl;
  }
  let db: Db | null = null;
  try {
    const appRole = appUrl && roleOf(appUrl) !== roleOf(ownerUrl) ? roleOf(appUrl) : null;
    const owner = createPool(ownerUrl, { max: 1, applicationName: 'almacen-migrate' });
    try {
      // The embedded one made its role at start; someone else's server gets it made if missing.
      if (appRole && !embedded) await ensureLoginRole(owner, appRole, decodeURIComponent(new URL(appUrl!).password));
      const applied = await migrate(owner, { log, appRole });
      for (const line of await dateRuleWarnings(owner, applied)) warn(line);
    } finally {
      await owner.end();
    }
    db = createPool(appUrl ?? ownerUrl, { max: poolMax });
    const excess = await excessPrivileges(db);
    if (excess) {
      warn(
        `El API se conecta a PostgreSQL como "${excess.role}", un rol con más privilegios de los que necesita (${excess.privileges.join(', ')}). ` +
          (config.databaseAppUrl
            ? 'Usa en DATABASE_APP_URL un rol sin esos privilegios.'
            : 'Define DATABASE_APP_URL con otro usuario para atender las peticiones (se crea si no existe y recibe solo los permisos que el API necesita); DATABASE_URL quedará solo para las migraciones.'),
      );
    }
  } catch (error) {
    await db?.end().catch(() => undefined);
    await embedded?.stop();
    throw error;
  }
  const pool = db;
  let closing: Promise<void> | null = null;
  return {
    db: pool,
    embedded,
    close() {
      closing ??= (async () => {
        await pool.end().catch(() => undefined);
        if (embedded) await embedded.stop();
      })();
      return closing;
    },
  };
}
