// Configuration is checked once at start: every bad variable gets its own Spanish line, and
// the defaults run the whole product on one machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultMaxConnections, loadConfig } from '../src/config';
import { configProblems } from './helpers/config-problems';

const problems = configProblems;

test('the defaults: embedded database and identity provider, port 8080, Mexico City time', () => {
  const config = loadConfig({});
  expect(config).toMatchObject({
    port: 8080,
    databaseUrl: null,
    embeddedPgPort: 54320,
    oidcEmbedded: true,
    oidcIssuer: 'http://localhost:8080/oidc',
    oidcAudience: 'almacen-api',
    timeZone: 'America/Mexico_City',
  });
});

test('each bad variable is named in one message, all reported at once', () => {
  const found = problems({
    PORT: 'ochenta',
    DATABASE_URL: 'mysql://x',
    OIDC_ISSUER: 'no-es-url',
    APP_TIME_ZONE: 'Marte/Olympus',
    LOG_LEVEL: 'verbose',
    CORS_ORIGINS: 'http://ok.example, ftp://mal',
  });
  expect(found).toHaveLength(6);
  for (const variable of ['PORT', 'DATABASE_URL', 'OIDC_ISSUER', 'APP_TIME_ZONE', 'LOG_LEVEL', 'CORS_ORIGINS']) {
    expect(found.some((line) => line.startsWith(variable))).toBe(true);
  }
});

test('the embedded PostgreSQL may never take port 5432', () => {
  expect(problems({ EMBEDDED_PG_PORT: '5432' })).toEqual(['EMBEDDED_PG_PORT no puede ser 5432: ese puerto es del PostgreSQL del sistema.']);
  // With a server in DATABASE_URL the embedded port is not used at all.
  expect(problems({ EMBEDDED_PG_PORT: '5432', DATABASE_URL: 'postgres://u@db:5432/almacen' })).toEqual([]);
});

test('the error message lists the problems in Spanish for the operator', () => {
  expect(() => loadConfig({ PORT: '70000' })).toThrow(/Configuración inválida:\n {2}- PORT debe ser un número de puerto entre 1 y 65535/);
});

test('X-Forwarded-For is believed only from the proxies TRUST_PROXY lists, never from anyone', () => {
  expect(loadConfig({}).trustProxy).toEqual([]);
  expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 172.16.0.0/12,uniquelocal, fd00::/8' }).trustProxy).toEqual([
    '10.0.0.5',
    '172.16.0.0/12',
    'uniquelocal',
    'fd00::/8',
  ]);
  for (const bad of ['true', '*', '10.0.0.0/33', 'fd00::/129', 'proxy.example.mx', '10.0.0.1/8/2']) {
    expect(problems({ TRUST_PROXY: bad })).toEqual([
      `TRUST_PROXY debe listar direcciones IP, rangos CIDR o loopback, linklocal, uniquelocal, separados por comas (recibido: "${bad}").`,
    ]);
  }
});

test('the dev servers may sign in only when OIDC_DEV_ORIGINS names them (npm run dev sets it)', () => {
  expect(loadConfig({}).oidcDevOrigins).toEqual([]);
  expect(loadConfig({ OIDC_DEV_ORIGINS: 'http://localhost:3000, http://localhost:3004/' }).oidcDevOrigins).toEqual([
    'http://localhost:3000',
    'http://localhost:3004',
  ]);
  expect(problems({ OIDC_DEV_ORIGINS: 'http://localhost:3000/portal' })).toEqual([
    'OIDC_DEV_ORIGINS contiene un origen inválido: "http://localhost:3000/portal" (solo esquema, servidor y puerto).',
  ]);
  expect(problems({ OIDC_DEV_ORIGINS: 'localhost:3000' })).toHaveLength(1);
});

test('HTTP limits against slow and idle clients: defaults, overrides, and refused values', () => {
  expect(loadConfig({})).toMatchObject({ httpHeadersTimeoutMs: 20_000, httpRequestTimeoutMs: 60_000, httpKeepAliveTimeoutMs: 30_000 });
  expect(
    loadConfig({
      HTTP_HEADERS_TIMEOUT_MS: '5000',
      HTTP_REQUEST_TIMEOUT_MS: '10000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000',
      HTTP_MAX_CONNECTIONS: '500',
    }),
  ).toMatchObject({ httpHeadersTimeoutMs: 5000, httpRequestTimeoutMs: 10_000, httpKeepAliveTimeoutMs: 65_000, httpMaxConnections: 500 });
  expect(problems({ HTTP_HEADERS_TIMEOUT_MS: '0', HTTP_KEEP_ALIVE_TIMEOUT_MS: '30s', HTTP_MAX_CONNECTIONS: '-1' })).toEqual([
    'HTTP_HEADERS_TIMEOUT_MS debe ser un número entero de milisegundos entre 100 y 3600000 (recibido: "0").',
    'HTTP_KEEP_ALIVE_TIMEOUT_MS debe ser un número entero de milisegundos entre 100 y 3600000 (recibido: "30s").',
    'HTTP_MAX_CONNECTIONS debe ser un número entero de conexiones entre 1 y 1000000 (recibido: "-1").',
  ]);
  expect(problems({ HTTP_HEADERS_TIMEOUT_MS: '30000', HTTP_REQUEST_TIMEOUT_MS: '10000' })).toEqual([
    'HTTP_REQUEST_TIMEOUT_MS no puede ser menor que HTTP_HEADERS_TIMEOUT_MS (la petición completa incluye sus encabezados).',
  ]);
});

test('the default connection cap stays under the open-files limit (ulimit -n), so the database can still connect', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-limits-'));
  const limits = (soft: string) => {
    const file = path.join(dir, `limits-${soft}`);
    fs.writeFileSync(
      file,
      `Limit                     Soft Limit           Hard Limit           Units\nMax open files            ${soft}                 1048576              files\n`,
    );
    return file;
  };
  try {
    expect(defaultMaxConnections(limits('1024'))).toBe(768);
    expect(defaultMaxConnections(limits('20000'))).toBe(4096);
    expect(defaultMaxConnections(limits('unlimited'))).toBe(4096);
    expect(defaultMaxConnections(path.join(dir, 'no-existe'))).toBe(4096);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('SECRETS_KEY must be 32 bytes in base64; DATABASE_APP_URL a postgres URL next to DATABASE_URL', () => {
  const key = Buffer.alloc(32, 7).toString('base64');
  expect(loadConfig({ SECRETS_KEY: key }).secretsKey).toEqual(Buffer.alloc(32, 7));
  expect(loadConfig({}).secretsKey).toBeNull();
  for (const bad of ['corta', Buffer.alloc(16).toString('base64'), Buffer.alloc(33).toString('base64'), `${key.slice(0, -2)}*=`]) {
    expect(problems({ SECRETS_KEY: bad })).toEqual([
      'SECRETS_KEY debe ser 32 bytes en base64 (44 caracteres); genera una con: openssl rand -base64 32',
    ]);
  }
  const app = 'postgres://almacen_app:x@db:5432/almacen';
  expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/almacen', DATABASE_APP_URL: app }).databaseAppUrl).toBe(app);
  expect(problems({ DATABASE_URL: 'postgres://u@db:5432/almacen', DATABASE_APP_URL: 'mysql://x' })).toEqual([
    'DATABASE_APP_URL debe ser una URL postgres:// o postgresql://.',
  ]);
  expect(problems({ DATABASE_APP_URL: app })).toEqual([
    'DATABASE_APP_URL se usa junto con DATABASE_URL (sin DATABASE_URL el PostgreSQL embebido ya usa un rol sin privilegios).',
  ]);
});

test('INSTITUTION_RFC is optional (CFDI receivers unchecked) and, when set, must be an RFC', () => {
  expect(loadConfig({}).institutionRfc).toBeNull();
  expect(loadConfig({ INSTITUTION_RFC: ' cct800101ab1 ' }).institutionRfc).toBe('CCT800101AB1');
  expect(problems({ INSTITUTION_RFC: 'CECATI' })).toEqual([
    'INSTITUTION_RFC no es un RFC válido (12 o 13 caracteres, recibido: "CECATI").',
  ]);
});

test('the daily backup: 02:30 unless BACKUP_TIME says another HH:mm; BACKUP_DISABLED true or 1 turns it off', () => {
  expect(loadConfig({}).backup).toMatchObject({ time: { hour: 2, minute: 30 }, disabled: false });
  expect(loadConfig({ BACKUP_TIME: '23:05', BACKUP_DISABLED: '0' }).backup).toMatchObject({
    time: { hour: 23, minute: 5 },
    disabled: false,
  });
  expect(loadConfig({ BACKUP_DISABLED: 'true' }).backup.disabled).toBe(true);
  expect(loadConfig({ BACKUP_DISABLED: '1' }).backup.disabled).toBe(true);
  expect(problems({ BACKUP_TIME: '2:30am', BACKUP_DISABLED: 'sí' })).toEqual([
    'BACKUP_TIME debe ser una hora HH:mm de 00:00 a 23:59 (recibido: "2:30am").',
    'BACKUP_DISABLED debe ser true, 1, false o 0 (recibido: "sí").',
  ]);
});
