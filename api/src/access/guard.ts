// The access check of every API call, right after the token's (app.ts): who is calling (the
// users table, created on first sight — through the per-process cache of user-cache.ts, which
// serves only while no change can have been missed), whether the account is active, and whether
// the route's rule (route-permissions.ts) lets them in. A route without a rule stops the start.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { ACCOUNT_DISABLED_MESSAGE, forbiddenMessage, NO_ACCESS_MESSAGE } from '@almacen/shared/domain';
import type { Config } from '../config';
import type { Db } from '../db/pool';
import { AppError } from '../http/errors';
import { isObject } from '../http/validate';
import { personFrom, rolesFromClaim } from './claims';
import { ruleOf } from './route-permissions';
import { createUserCache } from './user-cache';
import { callerOf, isConfigAdmin, type Caller } from './users';
import { warehouseCodes } from './warehouse-scope';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
}

export interface GuardOptions {
  db: Db;
  config: Config;
  /** The provider's userinfo endpoint, once discovered (plugins/auth.ts). */
  userinfoUrl: () => string | null;
  /** Where the user cache reports its listening connection's failures. */
  warn?: (message: string) => void;
}

/** Userinfo answers per access token (by hash), until the token expires; bounded. */
const USERINFO_CACHE_SIZE = 5_000;

export function createGuard({ db, config, userinfoUrl, warn }: GuardOptions) {
  const users = createUserCache({ db, warn });
  const userinfoCache = new Map<string, { claims: Record<string, unknown> | null; expires: number }>();

  /** The provider's userinfo for this token, or null when it has none or does not answer. */
  async function userinfo(request: FastifyRequest): Promise<Record<string, unknown> | null> {
    const url = userinfoUrl();
    if (!url) return null;
    const key = createHash('sha256').update(request.token.raw).digest('base64url');
    const now = Date.now();
    const cached = userinfoCache.get(key);
    if (cached && cached.expires > now) return cached.claims;
    let claims: Record<string, unknown> | null = null;
    try {
      const response = await fetch(url, {
        headers: { authorization: `Bearer ${request.token.raw}`, accept: 'application/json' },
        signal: AbortSignal.timeout(5_000),
      });
      const body = response.ok ? ((await response.json()) as unknown) : null;
      // Userinfo about someone else is ignored (OpenID Connect Core §5.3.2).
      if (isObject(body) && body.sub === request.token.payload.sub) claims = body;
    } catch (error) {
      request.log.warn({ reason: (error as Error).name }, 'userinfo failed');
    }
    if (userinfoCache.size >= USERINFO_CACHE_SIZE) userinfoCache.delete(userinfoCache.keys().next().value as string);
    const exp = typeof request.token.payload.exp === 'number' ? request.token.payload.exp * 1000 : now + 60_000;
    userinfoCache.set(key, { claims, expires: Math.min(exp, now + 3_600_000) });
    return claims;
  }

  /** The caller of this request, from the token (and, for what it lacks, the provider's userinfo). */
  async function resolveCaller(request: FastifyRequest): Promise<Caller> {
    const payload = request.token.payload;
    let person = personFrom(payload);
    let providerRoles: string[] | undefined;
    if (!config.oidcEmbedded) {
      if (config.oidcRolesClaim) providerRoles = rolesFromClaim(payload, config.oidcRolesClaim, config.oidcRoleMap);
      // Providers that keep groups or the e-mail out of the access token publish them in userinfo.
      if ((config.oidcRolesClaim && providerRoles === undefined) || !person.email) {
        const info = await userinfo(request);
        if (info) {
          const more = personFrom(info);
          person = { name: person.name ?? more.name, email: person.email ?? more.email, username: person.username ?? more.username };
          if (config.oidcRolesClaim && providerRoles === undefined)
            providerRoles = rolesFromClaim(info, config.oidcRolesClaim, config.oidcRoleMap) ?? [];
        }
      }
    }
    const sub = payload.sub as string;
    const user = await users.see({
      issuer: config.oidcIssuer,
      sub,
      name: person.name ?? person.email ?? sub,
      email: person.email,
      username: person.username,
      providerRoles,
    });
    return callerOf(user, isConfigAdmin(config.adminUsers, user, config.oidcEmbedded), await warehouseCodes(db), unknownCode);
  }

  /** A provider's `ROLE@CODE` naming no warehouse grants nothing, and is told once per code. */
  const unknownCodes = new Set<string>();
  function unknownCode(code: string): void {
    if (unknownCodes.has(code) || unknownCodes.size >= 1_000) return;
    unknownCodes.add(code);
    (warn ?? (() => undefined))(`El proveedor otorga un rol para el almacén ${code}, que no existe en «Almacenes»: no da ningún permiso.`);
  }

  const hook: onRequestHookHandler = async (request) => {
    const rule = ruleOf(request.method, request.routeOptions.url ?? '');
    // Unknown paths reach the 404 handler; everything routed has a rule (checked at start).
    if (rule === undefined) return;
    const caller = await resolveCaller(request);
    request.caller = caller;
    if (!caller.active) throw new AppError('FORBIDDEN', ACCOUNT_DISABLED_MESSAGE);
    if (rule === 'signedIn') return;
    if (caller.effectiveRoles.length === 0) throw new AppError('FORBIDDEN', NO_ACCESS_MESSAGE);
    // The door: the route's permission held in some warehouse. The route checks it for the warehouse it touches.
    if (!caller.permissions.includes(rule)) throw new AppError('FORBIDDEN', forbiddenMessage(rule));
  };

  /** Every route of the protected scope, as registered (`GET /api/me`): what the access tests enumerate. */
  const routes: string[] = [];

  /** Registers the check on a scope and refuses any route of it without a rule. */
  function protect(scope: FastifyInstance): void {
    scope.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        if (ruleOf(method, route.url) === undefined) {
          throw new Error(`La ruta ${method} ${route.url} no tiene permiso en api/src/access/route-permissions.ts (se niega por omisión).`);
        }
        routes.push(`${method} ${route.url}`);
      }
    });
    scope.addHook('onRequest', hook);
  }

  return { protect, resolveCaller, routes, users };
}
