// The embedded provider's private signing keys and cookie keys are encrypted at rest: whoever
// reads the idp_secrets table (a backup, a dump, an SQL injection) gets no key material. The
// encryption key stays outside the database (SECRETS_KEY, or DATA_DIR/secrets.key, 0600). An
// installation keeps its keys across restarts and upgrades (tokens stay valid), and a wrong or
// lost key stops the start with a Spanish message instead of silently making new keys.
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT, importJWK } from 'jose';
import pg from 'pg';
import { run } from '../../src/cli/users';
import { migrate } from '../../src/db/migrate';
import { createPool } from '../../src/db/pool';
import { freePort } from '../helpers/free-port';
import { createTestDatabase } from '../helpers/test-app';
import { ADMIN_PASSWORD, startIdpApp, type IdpApp } from './idp-app';
import { OidcTestClient } from './oidc-client';

jest.setTimeout(120_000);

type Started = Awaited<ReturnType<typeof startIdpApp>>;

const newKey = () => randomBytes(32).toString('base64');
const open: Started[] = [];
const temp: string[] = [];
afterAll(async () => {
  for (const app of open) await app.close().catch(() => undefined);
  for (const dir of temp) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startIdpApp>[0]): Promise<Started> {
  const app = await startIdpApp(options);
  open.push(app);
  return app;
}

async function stop(app: Started): Promise<void> {
  open.splice(open.indexOf(app), 1);
  await app.close({ drop: false });
}

async function storedSecrets(url: string): Promise<Record<string, string>> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; value: string }>(
      'SELECT name, value::text AS value FROM idp_secrets ORDER BY name',
    );
    return Object.fromEntries(rows.map((r) => [r.name, r.value]));
  } finally {
    await client.end();
  }
}

const publishedKeys = async (app: IdpApp) =>
  ((await (await fetch(`${app.publicUrl}/oidc/jwks`)).json()) as { keys: Array<{ kid: string; n: string }> }).keys;
const signIn = async (app: IdpApp) => (await new OidcTestClient({ publicUrl: app.publicUrl }).signIn('admin', ADMIN_PASSWORD)).access_token;
/** Whether the API accepts the token: /api/me answers any valid token, whatever the person's roles. */
const apiStatus = async (app: IdpApp, token: string) =>
  (await fetch(`${app.publicUrl}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status;
const portOf = (app: IdpApp) => Number(new URL(app.publicUrl).port);

/** Nothing in the stored text that a private JWK, a PEM key or the cookie keys in the clear would show. */
function expectNoKeyMaterial(stored: Record<string, string>, kids: string[]): void {
  expect(Object.keys(stored)).toEqual(['cookie_keys', 'jwks']);
  for (const text of Object.values(stored)) {
    expect(text).not.toMatch(/"(d|p|q|dp|dq|qi|n|kty)":/);
    expect(text).not.toContain('PRIVATE KEY');
    for (const kid of kids) expect(text).not.toContain(kid);
    expect(Array.isArray(JSON.parse(text))).toBe(false); // the cookie keys were a plain array of strings
  }
}

test('the table holds no key material in the clear, and the same keys come back after a restart', async () => {
  const key = newKey();
  const first = await start({ env: { SECRETS_KEY: key } });
  const token = await signIn(first);
  const kids = (await publishedKeys(first)).map((k) => k.kid);
  expect(kids).toHaveLength(1);
  const stored = await storedSecrets(first.databaseUrl);
  expectNoKeyMaterial(stored, kids);

  await stop(first);
  const again = await start({ env: { SECRETS_KEY: key }, database: first.database, port: portOf(first) });
  expect((await publishedKeys(again)).map((k) => k.kid)).toEqual(kids);
  expect(await apiStatus(again, token)).toBe(200); // signed before the restart
  expect(await apiStatus(again, await signIn(again))).toBe(200);
  // Reading them back rewrote nothing.
  expect(await storedSecrets(again.databaseUrl)).toEqual(stored);
});

test('an earlier version’s keys in the clear are encrypted on the first start and keep working: its tokens stay valid', async () => {
  // What the previous version stored: the private JWKS and the cookie keys as plain JSON.
  const database = await createTestDatabase();
  const pool = createPool(database.url, { max: 1 });
  await migrate(pool);
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk: Record<string, string> = {
    ...(privateKey.export({ format: 'jwk' }) as Record<string, string>),
    kid: randomUUID(),
    alg: 'RS256',
    use: 'sig',
  };
  await pool.query(`INSERT INTO idp_secrets (name, value) VALUES ('jwks', $1), ('cookie_keys', $2)`, [
    JSON.stringify({ keys: [jwk] }),
    JSON.stringify([randomBytes(32).toString('base64url')]),
  ]);
  await pool.end();

  const key = newKey();
  const app = await start({ env: { SECRETS_KEY: key }, database });
  const published = await publishedKeys(app);
  expect(published.map((k) => k.kid)).toEqual([jwk.kid]);
  expect(published[0].n).toBe(jwk.n);
  expectNoKeyMaterial(await storedSecrets(database.url), [jwk.kid]);

  // A token the earlier version signed with that key (an access token for the API).
  const now = Math.floor(Date.now() / 1000);
  // Like every access token of the provider it names the account (admin, id 1: an administrator by ADMIN_USERS).
  const earlier = await new SignJWT({ name: 'Administrador', preferred_username: 'admin' })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
    .setIssuer(app.config.oidcIssuer)
    .setAudience(app.config.oidcAudience)
    .setSubject('1')
    .setIssuedAt(now)
    .setExpirationTime(now + 300)
    .sign(await importJWK(jwk, 'RS256'));
  expect(await apiStatus(app, earlier)).toBe(200);
  expect(await apiStatus(app, await signIn(app))).toBe(200);

  // Once encrypted, the same key opens them again.
  await stop(app);
  const again = await start({ env: { SECRETS_KEY: key }, database, port: portOf(app) });
  expect((await publishedKeys(again)).map((k) => k.kid)).toEqual([jwk.kid]);
});

test('another key is refused with a Spanish message, by the server and by rotate-keys, and nothing is regenerated', async () => {
  const first = await start({ env: { SECRETS_KEY: newKey() } });
  const before = await storedSecrets(first.databaseUrl);
  await stop(first);

  const wrong = newKey();
  const refused = startIdpApp({ env: { SECRETS_KEY: wrong }, database: first.database, port: portOf(first) });
  await expect(refused).rejects.toThrow(/Los secretos del proveedor de identidad están cifrados con otra llave/);
  await expect(refused).rejects.toThrow(/no se crean llaves nuevas/);

  await expect(
    run(['rotate-keys'], { DATABASE_URL: first.databaseUrl, SECRETS_KEY: wrong, LOG_LEVEL: 'silent' }, () => undefined),
  ).rejects.toThrow(/cifrados con otra llave/);

  // The real server says it in one line and exits, without a stack trace or new keys.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.resolve(__dirname, '..', '..'),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: first.databaseUrl,
      SECRETS_KEY: wrong,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(1);
  expect(output).toMatch(/"level":60,.*"msg":"Los secretos del proveedor de identidad están cifrados con otra llave/);
  expect(output).not.toMatch(/"stack"|\n\s+at /);
  expect(await storedSecrets(first.databaseUrl)).toEqual(before);
  await first.database.drop();
});

test('rotate-keys encrypts the new key too', async () => {
  const key = newKey();
  const first = await start({ env: { SECRETS_KEY: key } });
  const [k1] = (await publishedKeys(first)).map((k) => k.kid);
  const said: string[] = [];
  await run(['rotate-keys'], { DATABASE_URL: first.databaseUrl, SECRETS_KEY: key, LOG_LEVEL: 'silent' }, (line) => said.push(line));
  const k2 = /^Llave de firma nueva: (\S+)\.$/.exec(said[0])![1];
  expectNoKeyMaterial(await storedSecrets(first.databaseUrl), [k1, k2]);
  await stop(first);
  const again = await start({ env: { SECRETS_KEY: key }, database: first.database, port: portOf(first) });
  expect((await publishedKeys(again)).map((k) => k.kid)).toEqual([k2, k1]);
});

test('without SECRETS_KEY the key is DATA_DIR/secrets.key (0600); once lost, the start is refused instead of making new keys', async () => {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-secrets-')), 'data');
  temp.push(path.dirname(dataDir));
  const env = { SECRETS_KEY: '', DATA_DIR: dataDir };
  const first = await start({ env });
  const keyFile = path.join(dataDir, 'secrets.key');
  expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
  expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
  expect(Buffer.from(fs.readFileSync(keyFile, 'utf8').trim(), 'base64')).toHaveLength(32);
  const kids = (await publishedKeys(first)).map((k) => k.kid);
  const stored = await storedSecrets(first.databaseUrl);
  expectNoKeyMaterial(stored, kids);
  // The key in the file is the one SECRETS_KEY would take.
  await stop(first);
  const withEnv = await start({
    env: { SECRETS_KEY: fs.readFileSync(keyFile, 'utf8').trim() },
    database: first.database,
    port: portOf(first),
  });
  expect((await publishedKeys(withEnv)).map((k) => k.kid)).toEqual(kids);
  await stop(withEnv);

  fs.rmSync(keyFile);
  const refused = startIdpApp({ env, database: first.database, port: portOf(first) });
  await expect(refused).rejects.toThrow(/están cifrados, pero falta la llave/);
  await expect(refused).rejects.toThrow(/SECRETS_KEY/);
  expect(fs.existsSync(keyFile)).toBe(false);
  expect(await storedSecrets(first.databaseUrl)).toEqual(stored);
  await first.database.drop();
});
