// Configuration from the environment, validated once at start-up. Every variable has a default
// that runs the whole product on one machine (embedded PostgreSQL and identity provider); a bad
// value stops the start with one Spanish line per variable.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ACCESS_ROLES } from '@almacen/shared/domain';
import { parseTimeOfDay, type TimeOfDay } from './backup/schedule';
import {
  defaultMaxConnections,
  isAddressOrRange,
  isProxyEntry,
  isTimeZone,
  isUrl,
  list,
  LOG_LEVELS,
  parseExtraParams,
  parseRoleMap,
} from './config-values';
import type { SheetLimits } from './files/sheet-reader';

export { defaultMaxConnections, parseRoleMap };

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  /** Unset → embedded PostgreSQL under dataDir. */
  databaseUrl: string | null;
  /** The role the API runs as on that server (DATABASE_URL then only migrates); unset → DATABASE_URL's. */
  databaseAppUrl: string | null;
  dataDir: string;
  embeddedPgPort: number;
  /** 32 bytes that encrypt the embedded provider's keys in the database; unset → DATA_DIR/secrets.key. */
  secretsKey: Buffer | null;
  /** Unset → the embedded identity provider at `${publicUrl}/oidc`. */
  oidcIssuer: string;
  oidcEmbedded: boolean;
  oidcAudience: string;
  oidcClientId: string;
  oidcScope: string;
  /** Extra authorization parameters for the shell (e.g. resource=… or audience=…). */
  oidcExtraParams: Record<string, string>;
  corsOrigins: string[];
  /** Dev servers (`npm run dev`) the embedded provider may send back to and answer; none by default. */
  oidcDevOrigins: string[];
  institutionName: string;
  /** INSTITUTION_RFC: the RFC a supplier's CFDI must be issued to (receptor); null = not checked. */
  institutionRfc: string | null;
  timeZone: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** LOG_FORMAT: 'json' (one JSON object a line, for a log collector) or 'text' (lines a person reads); unset = text on a terminal, json otherwise. */
  logFormat: 'json' | 'text' | 'auto';
  adminPassword: string | null;
  /** Folder holding the built shell and remotes (`<name>/dist`). */
  staticRoot: string;
  /** Remote name → mf-manifest.json URL, as /config.json tells the shell. */
  remotes: Record<string, string>;
  /** Connections the API's PostgreSQL pool may open. */
  dbPoolSize: number;
  /** Calls waiting for a pool connection past which a new API call is answered 503 at once. */
  dbQueueLimit: number;
  /** A report download whose client accepts no byte for this long is cut (milliseconds). */
  reportWriteTimeoutMs: number;
  /** Time to receive a request's line and headers; a slower or idle client gets a 408. */
  httpHeadersTimeoutMs: number;
  /** Time to receive a whole request, body included; answers and downloads are not limited by it. */
  httpRequestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open between requests. */
  httpKeepAliveTimeoutMs: number;
  /** Open connections at most; more are refused so the process keeps descriptors for its database. */
  httpMaxConnections: number;
  /**
   * Reverse proxies trusted to say who the client is (X-Forwarded-For): addresses, CIDR ranges or
   * the names loopback / linklocal / uniquelocal. Empty → the socket's address is the client's.
   */
  trustProxy: string[];
  /** ADMIN_USERS: e-mails or subs (and, with the embedded provider, usernames) who are administrators by configuration. */
  adminUsers: string[];
  /** OIDC_ROLES_CLAIM: dotted path of the claim that carries the provider's groups or roles (`realm_access.roles`); null = none. */
  oidcRolesClaim: string | null;
  /**
   * OIDC_ROLE_MAP: claim value → the roles of Almacén it grants, `ROLE` (every warehouse) or
   * `ROLE@CODE` (one warehouse). Empty = a value that is a role's name (or `ROLE@CODE`) grants that role.
   */
  oidcRoleMap: Record<string, string[]>;
  /** OIDC_ACCOUNT_URL: the provider's page where a person manages their account (shown in "Cuenta"); null = none. */
  oidcAccountUrl: string | null;
  /** What an uploaded spreadsheet may hold: IMPORT_MAX_ROWS, IMPORT_MAX_UNPACKED_MB, IMPORT_MAX_RATIO (files/). */
  importLimits: SheetLimits;
  /** METRICS_ALLOW: addresses and CIDR ranges that may read GET /metrics without a token. */
  metricsAllow: string[];
  /** METRICS_TOKEN: `Authorization: Bearer <token>` reads GET /metrics from any address; null = no token. */
  metricsToken: string | null;
  /**
   * Backups: BACKUP_DIR (default DATA_DIR/backups) and how many it keeps, BACKUP_KEEP_DAILY /
   * BACKUP_KEEP_MONTHLY; the daily one at BACKUP_TIME of APP_TIME_ZONE unless BACKUP_DISABLED.
   */
  backup: { dir: string; keepDaily: number; keepMonthly: number; time: TimeOfDay; disabled: boolean };
  /**
   * Mail to people (mail/): SMTP_URL (smtp:// or smtps://, user and password in it; unset = no
   * mail) and MAIL_FROM, the sender people see.
   */
  mail: { smtpUrl: string | null; from: string };
}

export interface RemoteRegistryEntry {
  name: string;
  folder: string;
  port: number;
  exposes: Record<string, string>;
}

/**
 * The one registry of remotes, remotes.json at the repository root (the API image copies it
 * next to api/): REMOTE_<NAME>_URL, /config.json and /remotes/<folder>/ follow it.
 */
export const REMOTE_REGISTRY: RemoteRegistryEntry[] = (
  JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', 'remotes.json'), 'utf8')) as { remotes: RemoteRegistryEntry[] }
).remotes;

/** REMOTE_MF_STOCK_URL for mf_stock. */
export const remoteUrlVariable = (name: string) => `REMOTE_${name.toUpperCase()}_URL`;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuración inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const str = (name: string, fallback: string) => (env[name] ?? '').trim() || fallback;
  const port = (name: string, fallback: number) => {
    const raw = str(name, String(fallback));
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < 1 || n > 65535) {
      problems.push(`${name} debe ser un número de puerto entre 1 y 65535 (recibido: "${raw}").`);
      return fallback;
    }
    return n;
  };

  const portNumber = port('PORT', 8080);
  const publicUrl = str('PUBLIC_URL', `http://localhost:${portNumber}`).replace(/\/+$/, '');
  if (!isUrl(publicUrl)) problems.push(`PUBLIC_URL debe ser una URL http(s) (recibido: "${publicUrl}").`);

  const databaseUrl = str('DATABASE_URL', '') || null;
  if (databaseUrl && !isUrl(databaseUrl, ['postgres:', 'postgresql:'])) {
    problems.push('DATABASE_URL debe ser una URL postgres:// o postgresql://.');
  }
  const databaseAppUrl = str('DATABASE_APP_URL', '') || null;
  if (databaseAppUrl && !isUrl(databaseAppUrl, ['postgres:', 'postgresql:'])) {
    problems.push('DATABASE_APP_URL debe ser una URL postgres:// o postgresql://.');
  } else if (databaseAppUrl && !databaseUrl) {
    problems.push(
      'DATABASE_APP_URL se usa junto con DATABASE_URL (sin DATABASE_URL el PostgreSQL embebido ya usa un rol sin privilegios).',
    );
  }
  const embeddedPgPort = port('EMBEDDED_PG_PORT', 54320);
  if (!databaseUrl && embeddedPgPort === 5432) {
    problems.push('EMBEDDED_PG_PORT no puede ser 5432: ese puerto es del PostgreSQL del sistema.');
  }

  const externalIssuer = str('OIDC_ISSUER', '');
  if (externalIssuer && !isUrl(externalIssuer)) problems.push(`OIDC_ISSUER debe ser una URL http(s) (recibido: "${externalIssuer}").`);
  const oidcIssuer = (externalIssuer || `${publicUrl}/oidc`).replace(/\/+$/, '');

  const extra = parseExtraParams(env.OIDC_EXTRA_PARAMS ?? '');
  if (extra === null) problems.push('OIDC_EXTRA_PARAMS debe ser "clave=valor&…" o un objeto JSON de textos.');

  const corsOrigins = list(str('CORS_ORIGINS', '')).map((o) => o.replace(/\/+$/, ''));
  for (const origin of corsOrigins) {
    if (!isUrl(origin)) problems.push(`CORS_ORIGINS contiene un origen inválido: "${origin}".`);
  }

  // The embedded provider registers `<origin>/auth/callback` for each: an origin, nothing more.
  const oidcDevOrigins = list(str('OIDC_DEV_ORIGINS', '')).map((o) => o.replace(/\/+$/, ''));
  for (const origin of oidcDevOrigins) {
    if (!isUrl(origin) || new URL(origin).origin !== origin) {
      problems.push(`OIDC_DEV_ORIGINS contiene un origen inválido: "${origin}" (solo esquema, servidor y puerto).`);
    }
  }

  const timeZone = str('APP_TIME_ZONE', 'America/Mexico_City');
  if (!isTimeZone(timeZone)) problems.push(`APP_TIME_ZONE no es una zona horaria IANA válida (recibido: "${timeZone}").`);

  const institutionRfc = str('INSTITUTION_RFC', '').toUpperCase() || null;
  if (institutionRfc !== null && !/^[A-ZÑ&]{3,4}[0-9]{6}[A-Z0-9]{3}$/.test(institutionRfc)) {
    problems.push(`INSTITUTION_RFC no es un RFC válido (12 o 13 caracteres, recibido: "${institutionRfc}").`);
  }

  const logLevel = str('LOG_LEVEL', 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL debe ser uno de: ${LOG_LEVELS.join(', ')}.`);
  const logFormat = str('LOG_FORMAT', 'auto') as Config['logFormat'];
  if (!['json', 'text', 'auto'].includes(logFormat)) problems.push(`LOG_FORMAT debe ser json o text (recibido: "${logFormat}").`);

  const rawSecretsKey = str('SECRETS_KEY', '');
  const secretsKey = rawSecretsKey ? Buffer.from(rawSecretsKey, 'base64') : null;
  if (rawSecretsKey && (!/^[A-Za-z0-9+/]{43}=?$/.test(rawSecretsKey) || secretsKey!.length !== 32)) {
    problems.push('SECRETS_KEY debe ser 32 bytes en base64 (44 caracteres); genera una con: openssl rand -base64 32');
  }

  const adminPassword = (env.ADMIN_PASSWORD ?? '') || null;
  if (adminPassword !== null && adminPassword.length < 8) problems.push('ADMIN_PASSWORD debe tener al menos 8 caracteres.');

  const repoRoot = path.resolve(__dirname, '..', '..');
  const remotes: Record<string, string> = {};
  for (const { name, folder } of REMOTE_REGISTRY) {
    const variable = remoteUrlVariable(name);
    const url = str(variable, `${publicUrl}/remotes/${folder}/mf-manifest.json`);
    if (!isUrl(url)) problems.push(`${variable} debe ser una URL http(s).`);
    remotes[name] = url;
  }

  const intInRange = (name: string, fallback: number, min: number, max: number, unit: string) => {
    const raw = str(name, String(fallback));
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max) {
      problems.push(`${name} debe ser un número entero de ${unit} entre ${min} y ${max} (recibido: "${raw}").`);
      return fallback;
    }
    return n;
  };
  // 10 is pg's default and plenty for a school; reports may take 3 of them (modules/reports/limits.ts).
  const dbPoolSize = intInRange('DB_POOL_SIZE', 10, 2, 200, 'conexiones');
  // Past this many calls queued for a connection, a new one would wait longer than a person does:
  // it is refused at once with 503 and Retry-After (http/overload.ts).
  const dbQueueLimit = intInRange('DB_QUEUE_LIMIT', 100, 1, 100_000, 'peticiones');
  // A minute without the client taking a byte: far beyond a slow network, short for a stalled client.
  const reportWriteTimeoutMs = intInRange('REPORT_WRITE_TIMEOUT_MS', 60_000, 100, 3_600_000, 'milisegundos');

  // Slow and idle clients (README, «Configuración»): 20 s for the headers is ample
  // on any network; 60 s for a whole request covers the 1 MB body limit at ~17 KB/s.
  const httpHeadersTimeoutMs = intInRange('HTTP_HEADERS_TIMEOUT_MS', 20_000, 100, 3_600_000, 'milisegundos');
  const httpRequestTimeoutMs = intInRange('HTTP_REQUEST_TIMEOUT_MS', 60_000, 100, 3_600_000, 'milisegundos');
  if (httpRequestTimeoutMs < httpHeadersTimeoutMs) {
    // Node refuses a headers timeout longer than the whole request's.
    problems.push('HTTP_REQUEST_TIMEOUT_MS no puede ser menor que HTTP_HEADERS_TIMEOUT_MS (la petición completa incluye sus encabezados).');
  }
  const httpKeepAliveTimeoutMs = intInRange('HTTP_KEEP_ALIVE_TIMEOUT_MS', 30_000, 100, 3_600_000, 'milisegundos');
  const httpMaxConnections = intInRange('HTTP_MAX_CONNECTIONS', defaultMaxConnections(), 1, 1_000_000, 'conexiones');

  // Uploaded spreadsheets (files/sheet-reader.ts): 50,000 rows is five times the largest catalogue
  // a school keeps; 64 MB unpacked holds such a sheet with room to spare; a real workbook's parts
  // compress 5–40 times, a bomb's thousands.
  const importLimits: SheetLimits = {
    maxRows: intInRange('IMPORT_MAX_ROWS', 50_000, 10, 1_000_000, 'renglones'),
    maxUnpackedBytes: intInRange('IMPORT_MAX_UNPACKED_MB', 64, 1, 1024, 'MB') * 1024 * 1024,
    maxRatio: intInRange('IMPORT_MAX_RATIO', 200, 10, 100_000, 'veces'),
  };

  // Only listed proxies are believed: trusting every sender of X-Forwarded-For would let anyone
  // pick the address the sign-in throttle counts, so `true` or `*` is refused.
  const trustProxy = list(str('TRUST_PROXY', ''));
  for (const entry of trustProxy) {
    if (!isProxyEntry(entry)) {
      problems.push(
        `TRUST_PROXY debe listar direcciones IP, rangos CIDR o loopback, linklocal, uniquelocal, separados por comas (recibido: "${entry}").`,
      );
    }
  }

  // GET /metrics: this machine only, unless listed; the token is for a Prometheus elsewhere. The
  // address is the one TRUST_PROXY resolves, like the sign-in throttle's.
  const metricsAllow = list(str('METRICS_ALLOW', '127.0.0.1/8,::1'));
  for (const entry of metricsAllow) {
    if (!isAddressOrRange(entry)) {
      problems.push(
        `METRICS_ALLOW debe listar direcciones IP o rangos CIDR (como 127.0.0.1/8, ::1 o 10.0.0.0/24) separados por comas (recibido: "${entry}").`,
      );
    }
  }
  const metricsToken = str('METRICS_TOKEN', '') || null;
  // Sent in a header on every scrape: visible ASCII only, and long enough not to be guessed.
  if (metricsToken !== null && !/^[\x21-\x7e]{16,}$/.test(metricsToken)) {
    problems.push('METRICS_TOKEN debe tener al menos 16 caracteres, sin espacios ni acentos; genera uno con: openssl rand -hex 32');
  }

  // The embedded provider's first account is "admin" (idp/users.ts): it administers by default.
  const adminUsers = list(str('ADMIN_USERS', externalIssuer ? '' : 'admin'));
  const rolesClaim = str('OIDC_ROLES_CLAIM', '');
  if (rolesClaim && !/^[\w:/-]+(\.[\w:/-]+)*$/.test(rolesClaim)) {
    problems.push(
      `OIDC_ROLES_CLAIM debe ser el nombre de un claim o una ruta con puntos como realm_access.roles (recibido: "${rolesClaim}").`,
    );
  }
  const roleMap = parseRoleMap(env.OIDC_ROLE_MAP ?? '');
  if (roleMap === null) {
    problems.push(
      `OIDC_ROLE_MAP debe ser "valor=ROL&…" o un objeto JSON; los roles son ${ACCESS_ROLES.join(', ')}, para todos los almacenes o para uno con ROL@CLAVE (ALMACENISTA@P012; ADMINISTRADOR solo para todos).`,
    );
  } else if (Object.keys(roleMap).length && !rolesClaim) {
    problems.push('OIDC_ROLE_MAP necesita OIDC_ROLES_CLAIM: el claim donde el proveedor pone los grupos o roles.');
  }
  const accountUrl = str('OIDC_ACCOUNT_URL', '');
  if (accountUrl && !isUrl(accountUrl)) problems.push(`OIDC_ACCOUNT_URL debe ser una URL http(s) (recibido: "${accountUrl}").`);

  // Backups (backup/): the newest of each of the last 7 days and of the last 12 months.
  const dataDir = path.resolve(str('DATA_DIR', path.join(repoRoot, '.data')));
  const backup = {
    dir: path.resolve(str('BACKUP_DIR', path.join(dataDir, 'backups'))),
    keepDaily: intInRange('BACKUP_KEEP_DAILY', 7, 1, 3660, 'días'),
    keepMonthly: intInRange('BACKUP_KEEP_MONTHLY', 12, 0, 1200, 'meses'),
    // A school's quietest hour, before anyone arrives.
    time: parseTimeOfDay(str('BACKUP_TIME', '02:30')) ?? { hour: 2, minute: 30 },
    disabled: false,
  };
  if (!parseTimeOfDay(str('BACKUP_TIME', '02:30'))) {
    problems.push(`BACKUP_TIME debe ser una hora HH:mm de 00:00 a 23:59 (recibido: "${str('BACKUP_TIME', '')}").`);
  }
  const disabled = str('BACKUP_DISABLED', 'false').toLowerCase();
  if (['true', '1'].includes(disabled)) backup.disabled = true;
  else if (!['false', '0'].includes(disabled)) problems.push(`BACKUP_DISABLED debe ser true, 1, false o 0 (recibido: "${disabled}").`);

  const smtpUrl = str('SMTP_URL', '') || null;
  if (smtpUrl && !isUrl(smtpUrl, ['smtp:', 'smtps:'])) problems.push('SMTP_URL debe ser una URL smtp:// o smtps://.');
  const mailFrom = str('MAIL_FROM', `Almacén <almacen@${new URL(isUrl(publicUrl) ? publicUrl : 'http://localhost').hostname}>`);
  if (!/^[^\r\n<>]*<[^\s<>@]+@[^\s<>@]+>$|^[^\s<>@]+@[^\s<>@]+$/.test(mailFrom)) {
    problems.push(`MAIL_FROM debe ser una dirección de correo, p. ej. "Almacén <almacen@escuela.edu.mx>" (recibido: "${mailFrom}").`);
  }

  if (problems.length) throw new ConfigError(problems);

  return {
    port: portNumber,
    host: str('HOST', '0.0.0.0'),
    publicUrl,
    databaseUrl,
    databaseAppUrl,
    dataDir,
    embeddedPgPort,
    secretsKey,
    oidcIssuer,
    oidcEmbedded: !externalIssuer,
    oidcAudience: str('OIDC_AUDIENCE', 'almacen-api'),
    oidcClientId: str('OIDC_CLIENT_ID', 'almacen-portal'),
    oidcScope: str('OIDC_SCOPE', 'openid profile email offline_access'),
    oidcExtraParams: extra ?? {},
    corsOrigins,
    oidcDevOrigins,
    institutionName: str('INSTITUTION_NAME', 'Centro de Capacitación para el Trabajo Industrial'),
    institutionRfc,
    timeZone,
    logLevel,
    logFormat,
    adminPassword,
    staticRoot: path.resolve(str('STATIC_ROOT', repoRoot)),
    remotes,
    dbPoolSize,
    dbQueueLimit,
    reportWriteTimeoutMs,
    httpHeadersTimeoutMs,
    httpRequestTimeoutMs,
    httpKeepAliveTimeoutMs,
    httpMaxConnections,
    trustProxy,
    adminUsers,
    oidcRolesClaim: rolesClaim || null,
    oidcRoleMap: roleMap ?? {},
    oidcAccountUrl: accountUrl || null,
    importLimits,
    metricsAllow,
    metricsToken,
    mail: { smtpUrl, from: mailFrom },
    backup,
  };
}
