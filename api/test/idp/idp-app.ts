// The real application with the EMBEDDED identity provider, listening on a loopback port (the
// API checks tokens by fetching the provider's discovery and keys over HTTP, as in production),
// on a fresh migrated database of its own.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { migrate } from '../../src/db/migrate';
import { createPool, type Db } from '../../src/db/pool';
import { freePort } from '../helpers/free-port';
import { createTestDatabase } from '../helpers/test-app';

export const ADMIN_PASSWORD = 'contraseña-de-prueba-1';
/** The key that encrypts the provider's secrets (one per test file), so no test writes DATA_DIR/secrets.key. */
export const SECRETS_KEY = randomBytes(32).toString('base64');

export interface IdpApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  publicUrl: string;
  databaseUrl: string;
  /** Stops the server; the database stays unless `drop` is true. */
  close(options?: { drop?: boolean }): Promise<void>;
}

export interface IdpAppOptions {
  env?: Record<string, string>;
  /** Reuse a database (e.g. to start the "same installation" twice). */
  database?: { url: string; drop(): Promise<void> };
  /** Listen on this port (a restart keeps the issuer URL the tokens carry). */
  port?: number;
}

export async function startIdpApp({ env = {}, database: given, port: wanted }: IdpAppOptions = {}): Promise<
  IdpApp & { database: { url: string; drop(): Promise<void> } }
> {
  const database = given ?? (await createTestDatabase());
  const db = createPool(database.url);
  await migrate(db);
  const port = wanted ?? (await freePort());
  const publicUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    DATABASE_URL: database.url,
    PUBLIC_URL: publicUrl,
    PORT: String(port),
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD,
    SECRETS_KEY,
    ...env,
  });
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, db, jwksCooldownMs: 0 });
    await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    // A start that is refused (e.g. the wrong SECRETS_KEY) leaves no pool behind; the database stays.
    await db.end();
    throw error;
  }
  return {
    app,
    db,
    config,
    publicUrl,
    databaseUrl: database.url,
    database,
    async close({ drop = true } = {}) {
      await app.close();
      await db.end();
      if (drop) await database.drop();
    },
  };
}
