// The API runs with the least the database allows it: with the embedded PostgreSQL the real
// server migrates as the owner and then serves as `almacen_app`, a role that is no superuser,
// cannot create roles or databases, owns no table, and may only add to (never rewrite) the
// ledger and the audit log; DATA_DIR and postgres.log are closed to other users. With a
// server of one's own, DATABASE_APP_URL names that role (created and granted by the owner);
// without it the API warns that it runs as a superuser.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { loadConfig } from '../../src/config';
import { connectDatabase } from '../../src/db/connect';
import { startEmbeddedPostgres } from '../../src/db/embedded';
import { migrate, MIGRATIONS_DIR } from '../../src/db/migrate';
import { createPool } from '../../src/db/pool';
import { adminUrl } from '../helpers/admin-url';
import { freePort } from '../helpers/free-port';
import type { Client } from '../helpers/http';
import { startTestIssuer, type TestIssuer } from '../helpers/issuer';
import { createTestDatabase, type TestApp } from '../helpers/test-app';
import { createCatalog, createProduct, dispatchBody, invoiceBody } from '../modules/ledger/fixtures';

const API_DIR = path.resolve(__dirname, '..', '..');
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

jest.setTimeout(180_000);

let issuer: TestIssuer;
let parent: string;
let dataDir: string;
let server: ChildProcess | null = null;
beforeAll(async () => {
  issuer = await startTestIssuer();
  parent = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-least-'));
  fs.chmodSync(parent, 0o755);
  dataDir = path.join(parent, 'data');
});
afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server!.once('exit', resolve));
  }
  await issuer.close();
  fs.rmSync(parent, { recursive: true, force: true });
});

/** A client speaking HTTP to the real server, shaped like the inject() one the fixtures take. */
function httpClient(baseUrl: string): Client {
  const send = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${await issuer.token({ sub: 'user-ana', name: 'Ana Pérez' })}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { statusCode: response.status, body: text, json: () => JSON.parse(text) } as unknown as LightMyRequestResponse;
  };
  return {
    get: (u) => send('GET', u),
    post: (u, b) => send('POST', u, b),
    put: (u, b) => send('PUT', u, b),
    del: (u) => send('DELETE', u),
  };
}

const mode = (file: string) => fs.statSync(file).mode & 0o777;

async function as<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

test('embedded: the real server serves as almacen_app, which cannot create roles, drop tables or rewrite the ledger; DATA_DIR and postgres.log are private', async () => {
  // What an earlier version left: DATA_DIR readable by everyone and a world-readable log.
  fs.mkdirSync(dataDir, { mode: 0o755 });
  fs.chmodSync(dataDir, 0o755);
  fs.writeFileSync(path.join(dataDir, 'postgres.log'), '', { mode: 0o644 });
  fs.chmodSync(path.join(dataDir, 'postgres.log'), 0o644);

  const port = await freePort();
  const pgPort = await freePort();
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      EMBEDDED_PG_PORT: String(pgPort),
      OIDC_ISSUER: issuer.url,
      ADMIN_USERS: 'user-ana',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (const deadline = Date.now() + 120_000; !/Server listening/.test(output);) {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`El servidor no arrancó:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(output).not.toMatch(/superusuario/);

  // Private files: only the API's user (and, as root, the postgres group may pass through).
  expect(mode(dataDir)).toBe(asRoot ? 0o710 : 0o700);
  if (asRoot) expect(fs.statSync(dataDir).gid).toBe(Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()));
  for (const file of ['postgres.log', 'pg-password', 'pg-app-password'])
    expect([file, mode(path.join(dataDir, file))]).toEqual([file, 0o600]);

  // The whole product works as that role: catalogue writes, an entry and an exit, reads.
  const ana = httpClient(`http://127.0.0.1:${port}`);
  const timeZone = { config: { timeZone: 'America/Mexico_City' } } as TestApp;
  const catalog = await createCatalog(ana);
  const productId = await createProduct(ana, 'Papel bond tamaño carta');
  const unit = await ana.post('/api/catalog/product-units', { description: 'Resma' });
  expect(unit.statusCode).toBe(201);
  expect((await ana.put('/api/catalog/product-units', { id: unit.json().data.id, description: 'Resma de 500 hojas' })).statusCode).toBe(
    200,
  );
  expect((await ana.del(`/api/catalog/product-units/${unit.json().data.id}`)).statusCode).toBe(200);
  expect(
    (await ana.post('/api/invoices', invoiceBody(timeZone, catalog, [{ productId, quantity: '10', purchasePrice: '85.5' }]))).statusCode,
  ).toBe(201);
  expect((await ana.post('/api/dispatches', dispatchBody(timeZone, catalog, [{ productId, quantity: '4' }]))).statusCode).toBe(201);
  const stock = await ana.get(`/api/stock/${productId}`);
  expect(stock.statusCode).toBe(200);
  expect(stock.json().data).toMatchObject({ availableQuantity: '6' });

  const password = (name: string) => encodeURIComponent(fs.readFileSync(path.join(dataDir, name), 'utf8').trim());
  const ownerUrl = `postgres://postgres:${password('pg-password')}@127.0.0.1:${pgPort}/almacen`;
  const appUrl = `postgres://almacen_app:${password('pg-app-password')}@127.0.0.1:${pgPort}/almacen`;
  const sessions = await as(ownerUrl, (c) =>
    c.query<{ usename: string }>(
      `SELECT DISTINCT usename FROM pg_stat_activity WHERE application_name = 'almacen-api' AND datname = 'almacen'`,
    ),
  );
  expect(sessions.rows).toEqual([{ usename: 'almacen_app' }]);

  await as(appUrl, async (c) => {
    const { rows } = await c.query(`SELECT rolsuper, rolcreaterole, rolcreatedb, rolbypassrls FROM pg_roles WHERE rolname = current_user`);
    expect(rows).toEqual([{ rolsuper: false, rolcreaterole: false, rolcreatedb: false, rolbypassrls: false }]);
    const refused = async (sql: string) =>
      c.query(sql).then(
        () => 'aceptado',
        (error: Error) => error.message,
      );
    expect(await refused(`CREATE ROLE intruso LOGIN SUPERUSER`)).toMatch(/permission denied to create role/);
    expect(await refused(`DROP TABLE products`)).toMatch(/must be owner of table products/);
    expect(await refused(`ALTER TABLE movements DISABLE TRIGGER USER`)).toMatch(/must be owner of table movements/);
    expect(await refused(`CREATE TABLE intrusa (x int)`)).toMatch(/permission denied for schema public/);
    expect(await refused(`TRUNCATE products CASCADE`)).toMatch(/permission denied for table products/);
    // Not even the append-only triggers are reached: the role may not ask.
    expect(await refused(`UPDATE movements SET quantity = 0`)).toMatch(/permission denied for table movements/);
    expect(await refused(`DELETE FROM audit_log`)).toMatch(/permission denied for table audit_log/);
    expect(await refused(`UPDATE invoices SET invoice_number = 'X'`)).toMatch(/permission denied for table invoices/);
    expect(await refused(`SELECT * FROM schema_migrations`)).toMatch(/permission denied for table schema_migrations/);
    // The monthly sums are PostgreSQL's to keep (the entry and exit above added to them through
    // the owner's triggers); the role reads them, no more.
    const totals = await c.query<{ movement_type: string; documents: string }>(
      'SELECT movement_type, documents::text FROM stock_month_totals ORDER BY movement_type',
    );
    expect(totals.rows).toEqual([
      { movement_type: 'DISPATCH', documents: '1' },
      { movement_type: 'INVOICE', documents: '1' },
    ]);
    expect(await refused(`UPDATE stock_month_totals SET amount = 0`)).toMatch(/permission denied for table stock_month_totals/);
    expect(await refused(`DELETE FROM stock_month_totals`)).toMatch(/permission denied for table stock_month_totals/);
    expect(await refused(`UPDATE stock_product_months SET value = 0`)).toMatch(/permission denied for table stock_product_months/);
    expect(await refused(`INSERT INTO period_closing_differences SELECT 1, 1, 0, 0, 0, 0`)).toMatch(
      /permission denied for table period_closing_differences/,
    );
    expect(await refused('SELECT count(*) FROM stock_product_months')).toBe('aceptado');
  });

  server.kill('SIGTERM');
  expect(await new Promise((resolve) => server!.once('exit', resolve))).toBe(0);
});

test('embedded: a table a later migration adds is granted to almacen_app as well', async () => {
  // The same installation, and a release that brings one more migration.
  const migrations = path.join(parent, 'migrations');
  fs.cpSync(MIGRATIONS_DIR, migrations, { recursive: true });
  fs.writeFileSync(
    path.join(migrations, '9000_later_release.sql'),
    'CREATE TABLE later_release (id integer PRIMARY KEY, note text NOT NULL);',
  );
  const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  try {
    const owner = createPool(embedded.url, { max: 1 });
    expect(await migrate(owner, { dir: migrations, appRole: 'almacen_app' })).toEqual(['9000_later_release.sql']);
    await owner.end();
    await as(embedded.appUrl, async (c) => {
      await c.query(`INSERT INTO later_release VALUES (1, 'nueva')`);
      await c.query(`UPDATE later_release SET note = 'cambiada'`);
      expect((await c.query('SELECT note FROM later_release')).rows).toEqual([{ note: 'cambiada' }]);
      await expect(c.query('DROP TABLE later_release')).rejects.toThrow(/must be owner/);
    });
  } finally {
    await embedded.stop();
  }
});

describe('a server of one’s own (DATABASE_URL)', () => {
  const baseEnv = { OIDC_ISSUER: 'https://login.example.org', LOG_LEVEL: 'silent' };

  test('without DATABASE_APP_URL it keeps using DATABASE_URL and warns when that role is a superuser', async () => {
    const database = await createTestDatabase();
    const warnings: string[] = [];
    const connection = await connectDatabase(loadConfig({ ...baseEnv, DATABASE_URL: database.url }), { warn: (m) => warnings.push(m) });
    try {
      const { rows } = await connection.db.query<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = current_user');
      expect(rows).toEqual([{ rolsuper: true }]); // the test server's maintenance role
      expect(warnings).toEqual([
        expect.stringMatching(
          /^El API se conecta a PostgreSQL como ".+", un rol con más privilegios de los que necesita \(superusuario.*DATABASE_APP_URL/,
        ),
      ]);
    } finally {
      await connection.close();
      await database.drop();
    }
  });

  test('with DATABASE_APP_URL the owner migrates, creates that role if missing and grants it only what the API needs', async () => {
    const database = await createTestDatabase();
    const role = `almacen_t_app_${randomBytes(4).toString('hex')}`;
    const appUrl = new URL(database.url);
    appUrl.username = role;
    appUrl.password = randomBytes(12).toString('hex');
    const warnings: string[] = [];
    const config = loadConfig({ ...baseEnv, DATABASE_URL: database.url, DATABASE_APP_URL: appUrl.toString() });
    const connection = await connectDatabase(config, { warn: (m) => warnings.push(m) });
    try {
      expect(warnings).toEqual([]);
      const db = connection.db;
      expect((await db.query('SELECT current_user AS who')).rows).toEqual([{ who: role }]);
      await db.query(
        `INSERT INTO product_units (description, created_by, created_by_name, updated_by, updated_by_name) VALUES ('Caja', 't', 'T', 't', 'T')`,
      );
      await db.query(`UPDATE product_units SET description = 'Caja chica'`);
      expect((await db.query('SELECT description FROM product_units')).rows).toEqual([{ description: 'Caja chica' }]);
      await expect(db.query(`UPDATE movements SET quantity = 0`)).rejects.toThrow(/permission denied for table movements/);
      // Cancellations are documents too: added, read, never changed or removed.
      await db.query('SELECT count(*) FROM document_cancellations');
      await expect(db.query(`UPDATE document_cancellations SET reason = 'Cambiada'`)).rejects.toThrow(
        /permission denied for table document_cancellations/,
      );
      await expect(db.query('DELETE FROM document_cancellations')).rejects.toThrow(/permission denied for table document_cancellations/);
      const grants = await db.query<{ privilege_type: string }>(
        `SELECT privilege_type FROM information_schema.role_table_grants WHERE table_name = 'document_cancellations' AND grantee = current_user ORDER BY 1`,
      );
      expect(grants.rows.map((r) => r.privilege_type)).toEqual(['INSERT', 'SELECT']);
      await expect(db.query(`DROP TABLE product_units`)).rejects.toThrow(/must be owner/);
      await expect(db.query(`CREATE ROLE intruso`)).rejects.toThrow(/permission denied to create role/);
    } finally {
      await connection.close();
      await database.drop();
      await as(adminUrl(), (c) => c.query(`DROP ROLE IF EXISTS ${role}`));
    }
  });
});
