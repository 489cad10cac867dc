// createTestApp(): the real application on a FRESH, migrated database of its own (created on
// the PostgreSQL of global-setup.ts and dropped by close()), or on one the test gives, trusting a
// local test issuer.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { JWTPayload } from 'jose';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { migrate } from '../../src/db/migrate';
import { createPool, type Db } from '../../src/db/pool';
import { adminUrl, databaseUrl } from './admin-url';
import { startTestIssuer, type TestIssuer, type TokenOptions } from './issuer';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  issuer: TestIssuer;
  databaseName: string;
  databaseUrl: string;
  /**
   * A valid bearer token (claims default to sub "user-1", name "Ana Pérez", and the provider's
   * role ADMINISTRADOR in `almacen_roles`, so tests of anything but access control act as an
   * administrator; pass `almacen_roles` to act as someone else).
   */
  token(claims?: JWTPayload, options?: TokenOptions): Promise<string>;
  /** `{ authorization: 'Bearer …' }` for app.inject(). */
  auth(claims?: JWTPayload): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

/** The claim where test tokens carry their roles (OIDC_ROLES_CLAIM of every test app). */
export const TEST_ROLES_CLAIM = 'almacen_roles';

export interface TestAppOptions {
  /** Extra environment for loadConfig (e.g. CORS_ORIGINS). */
  env?: Record<string, string>;
  /** Connections of the app's pool (default 30, so parallel tests never wait for one; production's is DB_POOL_SIZE). */
  poolMax?: number;
  /** The test issuer publishes a userinfo endpoint (TestIssuer.setUserinfo says what it answers). */
  userinfo?: boolean;
  /** An existing database to run on (migrated here, left in place by close()) instead of a fresh one. */
  databaseUrl?: string;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `almacen_t_${randomBytes(6).toString('hex')}`;
  // template0: never blocked by someone else connected to template1.
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
  return { name, url: databaseUrl(adminUrl(), name), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export async function createTestApp({
  env = {},
  poolMax = 30,
  userinfo = false,
  databaseUrl: existing,
}: TestAppOptions = {}): Promise<TestApp> {
  const database = existing
    ? { name: decodeURIComponent(new URL(existing).pathname.slice(1)), url: existing, drop: async () => undefined }
    : await createTestDatabase();
  const db = createPool(database.url, { max: poolMax });
  const issuer = await startTestIssuer({ userinfo });
  try {
    await migrate(db);
    const config = loadConfig({
      DATABASE_URL: database.url,
      OIDC_ISSUER: issuer.url,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:8080',
      APP_TIME_ZONE: 'America/Mexico_City',
      OIDC_ROLES_CLAIM: TEST_ROLES_CLAIM,
      ...env,
    });
    // No cooldown between JWKS downloads, so a rotation test does not wait 30 s.
    const app = await buildApp({ config, db, jwksCooldownMs: 0 });
    await app.ready();
    const token = (claims?: JWTPayload, options?: TokenOptions) =>
      issuer.token({ [TEST_ROLES_CLAIM]: ['ADMINISTRADOR'], ...claims }, options);
    return {
      app,
      db,
      config,
      issuer,
      databaseName: database.name,
      databaseUrl: database.url,
      token,
      auth: async (claims) => ({ authorization: `Bearer ${await token(claims)}` }),
      async close() {
        await app.close();
        await db.end();
        await issuer.close();
        await database.drop();
      },
    };
  } catch (error) {
    await db.end().catch(() => undefined);
    await issuer.close();
    await database.drop();
    throw error;
  }
}
