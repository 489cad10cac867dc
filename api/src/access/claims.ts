// What a token (or the provider's userinfo answer) says about a person: name, e-mail and the
// roles the provider grants through OIDC_ROLES_CLAIM + OIDC_ROLE_MAP. Pure functions.
import type { JWTPayload } from 'jose';
import { isProviderRole } from '../config-values';

/** The value at a dotted claim path (`realm_access.roles`); a claim whose own name has dots wins. */
export function claimAt(claims: Record<string, unknown>, path: string): unknown {
  if (Object.hasOwn(claims, path)) return claims[path];
  let value: unknown = claims;
  for (const part of path.split('.')) {
    if (!value || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * The roles a claim value grants, as `ROLE` (every warehouse) or `ROLE@CODE` (one warehouse):
 * each value (a list, or a space- or comma-separated text) is looked up in the map; with no map,
 * a value that is a role's name, or `ROLE@CODE`, grants that role. undefined when the claim is
 * absent (so the caller can ask userinfo), [] when it grants nothing.
 */
export function rolesFromClaim(claims: Record<string, unknown>, path: string, map: Record<string, string[]>): string[] | undefined {
  const value = claimAt(claims, path);
  if (value === undefined || value === null) return undefined;
  const values = Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string'
      ? value.split(/[\s,]+/)
      : [];
  const mapped = Object.keys(map).length > 0;
  const roles = new Set<string>();
  for (const raw of values.map((v) => v.trim()).filter(Boolean)) {
    if (mapped) for (const role of map[raw] ?? []) roles.add(role);
    else if (isProviderRole(raw.toUpperCase())) roles.add(raw.toUpperCase());
  }
  return [...roles].sort();
}

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;

export interface Person {
  name: string | null;
  email: string | null;
  username: string | null;
}

export function personFrom(claims: JWTPayload | Record<string, unknown>): Person {
  const email = text(claims.email, 320);
  return {
    name: text(claims.name, 200) ?? text(claims.preferred_username, 200),
    email: email && /^[^@\s]+@[^@\s]+$/.test(email) ? email : null,
    username: text(claims.preferred_username, 200),
  };
}
