// The access check keeps resolved users in memory per process (access/user-cache.ts), and a
// change must still count from the person's next call in EVERY process: two app instances on
// the same database, as two API processes behind a balancer. A role granted, removed, or an
// account deactivated through one is honoured by the other at its next call once PostgreSQL's
// notification has reached it (milliseconds; the tests wait for it, as a loaded machine can take
// longer than an HTTP round trip) and by the one that made it at once; while the other's
// listening connection is down it serves nothing from memory, and once it is back it caches again.
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_DISABLED_MESSAGE, NO_ACCESS_MESSAGE } from '@almacen/shared/domain';
import { buildApp } from '../../src/app';
import { createPool, type Db } from '../../src/db/pool';
import { createTestApp, TEST_ROLES_CLAIM, type TestApp } from '../helpers/test-app';

jest.setTimeout(60_000);

let t: TestApp;
let other: FastifyInstance;
let otherDb: Db;
const base: Record<'a' | 'b', string> = { a: '', b: '' };

const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

async function until(what: string, condition: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  otherDb = createPool(t.databaseUrl, { max: 10 });
  other = await buildApp({ config: t.config, db: otherDb, jwksCooldownMs: 0 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await other.listen({ port: 0, host: '127.0.0.1' });
  base.a = urlOf(t.app);
  base.b = urlOf(other);
  await until('both listeners', () => t.app.userCache.listening && other.userCache.listening);
});
afterAll(async () => {
  await other?.close();
  await otherDb?.end();
  await t?.close();
});

async function send(on: 'a' | 'b', token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base[on]}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
    },
    body: method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(body ?? {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as { code?: string; message?: string }) : {} };
}

const idOf = async (sub: string) => (await t.db.query<{ id: number }>('SELECT id FROM app_users WHERE sub = $1', [sub])).rows[0].id;

/**
 * The id of `sub` (created by a call before), once B got the notification of its creation: then
 * the next notification about it B receives is the one of the next change (PostgreSQL delivers
 * them in commit order).
 */
async function created(sub: string): Promise<number> {
  const id = await idOf(sub);
  await until('the creation to reach B', () => other.userCache.notifiedAbout(id) >= 1);
  return id;
}

/** Runs `change` of user `id`, then waits until B has received its notification. */
async function changed(id: number, change: () => Promise<unknown>): Promise<void> {
  const before = other.userCache.notifiedAbout(id);
  await change();
  await until('the notification to reach B', () => other.userCache.notifiedAbout(id) > before);
}

test('a role granted, removed, and a deactivation through one process count at the next call in the other once notified', async () => {
  const admin = await t.token({ sub: 'admin-uc', name: 'Admin' });
  // Roles granted in Almacén only: the provider grants nothing.
  const worker = await t.token({ sub: 'almacenista-uc', name: 'Almacenista', [TEST_ROLES_CLAIM]: [] });
  expect((await send('b', worker, 'GET', '/api/catalog/products')).status).toBe(403);
  const id = await created('almacenista-uc');

  await changed(id, async () =>
    expect((await send('a', admin, 'PUT', `/api/users/${id}/roles`, { roles: ['ALMACENISTA'] })).status).toBe(200),
  );
  expect((await send('b', worker, 'GET', '/api/catalog/products')).status).toBe(200);
  // The second call is served from B's memory.
  expect((await send('b', worker, 'GET', '/api/catalog/products')).status).toBe(200);
  expect(other.userCache.size).toBeGreaterThan(0);

  await changed(id, async () => expect((await send('a', admin, 'PUT', `/api/users/${id}/roles`, { roles: [] })).status).toBe(200));
  expect(await send('b', worker, 'GET', '/api/catalog/products')).toEqual({
    status: 403,
    body: { code: 'FORBIDDEN', message: NO_ACCESS_MESSAGE },
  });

  await changed(id, async () =>
    expect((await send('a', admin, 'PUT', `/api/users/${id}/roles`, { roles: ['ALMACENISTA'] })).status).toBe(200),
  );
  expect((await send('b', worker, 'GET', '/api/catalog/products')).status).toBe(200);
  expect((await send('b', worker, 'GET', '/api/catalog/products')).status).toBe(200);
  await changed(id, async () => expect((await send('a', admin, 'POST', `/api/users/${id}/deactivation`)).status).toBe(200));
  expect(await send('b', worker, 'GET', '/api/catalog/products')).toEqual({
    status: 403,
    body: { code: 'FORBIDDEN', message: ACCOUNT_DISABLED_MESSAGE },
  });
  // And in the process that made the change.
  expect(await send('a', worker, 'GET', '/api/catalog/products')).toEqual({
    status: 403,
    body: { code: 'FORBIDDEN', message: ACCOUNT_DISABLED_MESSAGE },
  });
});

test('in the process that makes the change it counts from the very next call, without waiting for the notification', async () => {
  const admin = await t.token({ sub: 'admin-uc', name: 'Admin' });
  const worker = await t.token({ sub: 'local-uc', name: 'Local', [TEST_ROLES_CLAIM]: [] });
  await send('b', worker, 'GET', '/api/me');
  const id = await idOf('local-uc');
  expect((await send('b', admin, 'PUT', `/api/users/${id}/roles`, { roles: ['ALMACENISTA'] })).status).toBe(200);
  expect((await send('b', worker, 'GET', '/api/catalog/products')).status).toBe(200);
  expect((await send('b', worker, 'GET', '/api/catalog/products')).status).toBe(200);
  expect((await send('b', admin, 'POST', `/api/users/${id}/deactivation`)).status).toBe(200);
  expect(await send('b', worker, 'GET', '/api/catalog/products')).toEqual({
    status: 403,
    body: { code: 'FORBIDDEN', message: ACCOUNT_DISABLED_MESSAGE },
  });
  expect((await send('b', admin, 'DELETE', `/api/users/${id}/deactivation`)).status).toBe(200);
  expect((await send('b', worker, 'GET', '/api/catalog/products')).status).toBe(200);
});

test('a change written straight into the table (another tool, another process) also counts at the next call', async () => {
  const worker = await t.token({ sub: 'sql-uc', name: 'Por SQL', [TEST_ROLES_CLAIM]: [] });
  await send('b', worker, 'GET', '/api/me');
  const id = await created('sql-uc');
  await changed(id, () =>
    t.db.query(`INSERT INTO app_user_roles (user_id, role) SELECT id, 'ALMACENISTA' FROM app_users WHERE sub = 'sql-uc'`),
  );
  expect((await send('b', worker, 'GET', '/api/catalog/products')).status).toBe(200);
  expect((await send('b', worker, 'GET', '/api/catalog/products')).status).toBe(200);
  // A change to the grants' own table counts the same way.
  await changed(id, () => t.db.query(`UPDATE app_user_roles SET role = 'CONSULTA' WHERE user_id = $1`, [id]));
  expect((await send('b', worker, 'POST', '/api/catalog/products', {})).status).toBe(403);
  await changed(id, () => t.db.query(`UPDATE app_users SET active = false WHERE sub = 'sql-uc'`));
  expect((await send('b', worker, 'GET', '/api/catalog/products')).status).toBe(403);
});

test('while the listening connection is down nothing is served from memory; back up, it caches again', async () => {
  const worker = await t.token({ sub: 'caida-uc', name: 'Caída', [TEST_ROLES_CLAIM]: [] });
  await send('b', worker, 'GET', '/api/me');
  const id = await created('caida-uc');
  await changed(id, () =>
    t.db.query(`INSERT INTO app_user_roles (user_id, role) SELECT id, 'ALMACENISTA' FROM app_users WHERE sub = 'caida-uc'`),
  );
  expect((await send('b', worker, 'GET', '/api/catalog/products')).status).toBe(200);

  // The database ends both listening connections (a restart, a network cut, an administrator).
  await t.db.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'almacen-api-listen'`,
  );
  await until('B to notice', () => !other.userCache.listening);
  expect(other.userCache.size).toBe(0);
  // A change nobody is told about: still honoured, because every call reads the table now.
  await t.db.query(`DELETE FROM app_user_roles WHERE user_id = (SELECT id FROM app_users WHERE sub = 'caida-uc')`);
  expect((await send('b', worker, 'GET', '/api/catalog/products')).status).toBe(403);
  await t.db.query(`INSERT INTO app_user_roles (user_id, role) SELECT id, 'ALMACENISTA' FROM app_users WHERE sub = 'caida-uc'`);
  expect((await send('b', worker, 'GET', '/api/catalog/products')).status).toBe(200);
  expect(other.userCache.size).toBe(0);

  await until('B to listen again', () => other.userCache.listening && t.app.userCache.listening);
  expect((await send('b', worker, 'GET', '/api/catalog/products')).status).toBe(200);
  expect(other.userCache.size).toBeGreaterThan(0);
  await changed(id, () => t.db.query(`UPDATE app_users SET active = false WHERE sub = 'caida-uc'`));
  expect(await send('b', worker, 'GET', '/api/catalog/products')).toEqual({
    status: 403,
    body: { code: 'FORBIDDEN', message: ACCOUNT_DISABLED_MESSAGE },
  });
});
