// Operations: /healthz follows the database; logs are JSON lines with request ids and never
// carry the bearer token.
import { Writable } from 'node:stream';
import pino from 'pino';
import { buildApp } from '../../src/app';
import { createPool } from '../../src/db/pool';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('GET /healthz answers 200 without a token while the database answers', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/healthz' });
  expect(response.statusCode).toBe(200);
  // No backup yet: said, and the status stays the database's.
  expect(response.json()).toEqual({ status: 'ok', backup: { lastAt: null, ageHours: null, ok: false } });
});

test('GET /healthz answers 503 when the database does not, and API calls answer 503 (not 500)', async () => {
  // Nothing listens on port 1: every connection is refused.
  const deadDb = createPool('postgres://postgres@127.0.0.1:1/nada', { max: 1 });
  const app = await buildApp({ config: t.config, db: deadDb, jwksCooldownMs: 0 });
  try {
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ message: 'La base de datos no responde.', code: 'UNAVAILABLE' });
    const list = await app.inject({ method: 'GET', url: '/api/catalog/roles', headers: await t.auth() });
    expect(list.statusCode).toBe(503);
    expect(list.json().code).toBe('UNAVAILABLE');
  } finally {
    await app.close();
    await deadDb.end();
  }
});

test('logs are JSON with the request id, and the token never appears in them', async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const logger = pino({ level: 'trace', redact: ['req.headers.authorization'] }, sink);
  const app = await buildApp({ config: t.config, db: t.db, logger, jwksCooldownMs: 0 });
  try {
    const token = await t.token();
    const ok = await app.inject({
      method: 'GET',
      url: '/api/catalog/roles',
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'req-ok-1' },
    });
    expect(ok.statusCode).toBe(200);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/catalog/roles',
      headers: { authorization: `Bearer ${token}x`, 'x-request-id': 'req-bad-1' },
    });
    expect(bad.statusCode).toBe(401);
  } finally {
    await app.close();
  }
  const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(entries.some((e) => e.reqId === 'req-ok-1')).toBe(true);
  expect(entries.some((e) => e.reqId === 'req-bad-1')).toBe(true);
  // One access line per request, with what was asked, the answer and how long it took.
  const access = (id: string) => entries.filter((e) => e.reqId === id && /^request (completed|aborted)$/.test(String(e.msg)));
  expect(access('req-ok-1')).toEqual([
    expect.objectContaining({
      msg: 'request completed',
      req: expect.objectContaining({ method: 'GET', url: '/api/catalog/roles' }),
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    }),
  ]);
  expect(access('req-bad-1')).toEqual([expect.objectContaining({ res: { statusCode: 401 } })]);
  expect(entries.filter((e) => e.msg === 'incoming request')).toEqual([]);
  const all = lines.join('\n');
  expect(all).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/);
  expect(all.toLowerCase()).not.toContain('bearer');
});

test('credentials in a URL never reach the logs: the sign-in code, the logout hint, a token in the query', async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  // A plain logger, as a caller may give: buildApp adds the request serializer that hides them.
  const app = await buildApp({ config: t.config, db: t.db, logger: pino({ level: 'info' }, sink), jwksCooldownMs: 0 });
  const secrets = {
    code: 'CODIGO-DE-AUTORIZACION-123',
    state: 'ESTADO-456',
    idToken: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhbmEifQ.firma-del-id-token',
    accessToken: await t.token(),
    refresh: 'REFRESCO-789',
  };
  try {
    await app.inject({ method: 'GET', url: `/auth/callback?code=${secrets.code}&state=${secrets.state}&iss=https%3A%2F%2Flogin.example` });
    await app.inject({
      method: 'GET',
      url: `/oidc/session/end?id_token_hint=${secrets.idToken}&post_logout_redirect_uri=https%3A%2F%2Fportal.example`,
    });
    await app.inject({ method: 'GET', url: `/api/catalog/roles?access_token=${secrets.accessToken}` });
    await app.inject({ method: 'GET', url: `/api/catalog/roles?Refresh_Token=${secrets.refresh}&acc%65ss_token=${secrets.code}` });
  } finally {
    await app.close();
  }
  const all = lines.join('\n');
  for (const secret of Object.values(secrets)) expect(all).not.toContain(secret);
  expect(all).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/);
  // The line still says what was asked, with the other parameters.
  const urls = lines.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url).filter(Boolean);
  expect(urls).toContain('/auth/callback?code=[oculto]&state=[oculto]&iss=https%3A%2F%2Flogin.example');
  expect(urls).toContain('/oidc/session/end?id_token_hint=[oculto]&post_logout_redirect_uri=https%3A%2F%2Fportal.example');
  expect(urls).toContain('/api/catalog/roles?access_token=[oculto]');
  expect(urls).toContain('/api/catalog/roles?Refresh_Token=[oculto]&acc%65ss_token=[oculto]');
});
