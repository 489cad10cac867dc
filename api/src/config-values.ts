// What an environment variable's text must look like to be a setting: URLs, lists, proxy
// addresses and ranges, time zones, the role map of a provider's groups, the connection limit under
// the process's descriptors. loadConfig (config.ts) reads each variable through these.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { isAccessRole } from '@almacen/shared/domain';
import { WAREHOUSE_CODE_RE } from '@almacen/shared/schemas';

/** Descriptors kept for the rest of the process (database pool, files, reports) under `ulimit -n`. */
const RESERVED_DESCRIPTORS = 256;

/**
 * 4096 connections, or fewer when the process may open fewer files (`ulimit -n`): past that
 * limit new database connections fail and /healthz turns 503 — what the cap is there to prevent.
 */
export function defaultMaxConnections(limitsFile = '/proc/self/limits'): number {
  let soft = Number.POSITIVE_INFINITY;
  try {
    const match = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync(limitsFile, 'utf8'));
    if (match && match[1] !== 'unlimited') soft = Number(match[1]);
  } catch {
    // Not Linux: nothing to read; HTTP_MAX_CONNECTIONS sets it.
  }
  return Math.max(16, Math.min(4096, soft - RESERVED_DESCRIPTORS));
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function isUrl(value: string, protocols = ['http:', 'https:']): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** `a, b,,c` → ['a', 'b', 'c']. */
export const list = (raw: string) =>
  raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's range names. */
export function isProxyEntry(entry: string): boolean {
  return PROXY_RANGE_NAMES.has(entry) || isAddressOrRange(entry);
}

/** An IPv4 or IPv6 address, or a CIDR range of either (`127.0.0.1/8`, `fd00::/8`). */
export function isAddressOrRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export function parseExtraParams(raw: string): Record<string, string> | null {
  if (!raw.trim()) return {};
  if (raw.trim().startsWith('{')) {
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (parsed && typeof parsed === 'object' && Object.values(parsed).every((v) => typeof v === 'string')) {
        return parsed as Record<string, string>;
      }
      return null;
    } catch {
      return null;
    }
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

/**
 * OIDC_ROLE_MAP: `Grupo-Almacen=ALMACENISTA&Grupo-Jefes=AUTORIZADOR` (a value may repeat to grant
 * several roles) or JSON `{ "Grupo-Almacen": "ALMACENISTA", "Jefes": ["AUTORIZADOR"] }`. A role
 * alone is for every warehouse; `ALMACENISTA@P012`, for the warehouse whose code is P012 (never
 * ADMINISTRADOR, which is for the whole institution). null when malformed or when it names a role
 * that does not exist.
 */
export function parseRoleMap(raw: string): Record<string, string[]> | null {
  if (!raw.trim()) return {};
  let pairs: Array<[string, unknown]>;
  if (raw.trim().startsWith('{')) {
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
      pairs = Object.entries(parsed).flatMap(([key, value]) =>
        Array.isArray(value) ? value.map((v) => [key, v] as [string, unknown]) : [[key, value]],
      );
    } catch {
      return null;
    }
  } else {
    pairs = [...new URLSearchParams(raw)];
  }
  const map: Record<string, string[]> = {};
  for (const [key, value] of pairs) {
    const role = typeof value === 'string' ? value.trim().toUpperCase() : '';
    if (!key.trim() || !isProviderRole(role)) return null;
    map[key.trim()] = [...new Set([...(map[key.trim()] ?? []), role])];
  }
  return map;
}

/** `ROLE` or `ROLE@CODE` (a warehouse's code as «Almacenes» keeps it; not ADMINISTRADOR), in upper case. */
export function isProviderRole(text: string): boolean {
  const at = text.indexOf('@');
  if (at < 0) return isAccessRole(text);
  const role = text.slice(0, at);
  return isAccessRole(role) && role !== 'ADMINISTRADOR' && WAREHOUSE_CODE_RE.test(text.slice(at + 1));
}
