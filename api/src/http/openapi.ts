// What @fastify/swagger describes of each route (app.ts registers it with `describeRoute`):
// only the API and the operation's probes, each documented body where OpenAPI expects it, and
// an operationId for every operation. The operationId is derived here, in one place, from the
// method and the path, so a new route has one without anyone writing it; a route that wants
// another name declares `schema.operationId` (camelCase, unique: api/test/http/openapi.test.ts
// checks every one).
import { withDocumentedBody } from './schemas';

const DESCRIBED = (url: string) => url.startsWith('/api/') || url === '/healthz' || url === '/metrics';

const pascal = (words: string) =>
  words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');

/**
 * `GET /api/catalog/products/:id` → `getCatalogProductsById`; `DELETE
 * /api/catalog/employee-roles/:employeeId/:roleId` → `deleteCatalogEmployeeRolesByEmployeeIdAndRoleId`;
 * `GET /healthz` → `getHealthz`. The method in lower case, then each segment after `/api` in
 * PascalCase, a run of path parameters as `By<Param>And<Param>`.
 */
export function operationIdOf(method: string | string[], url: string): string {
  const segments = url
    .replace(/^\/api(?=\/)/, '')
    .split('/')
    .filter(Boolean);
  let name = [method].flat().join('-').toLowerCase();
  let previousWasParam = false;
  for (const segment of segments) {
    const param = /^:([A-Za-z0-9_]+)/.exec(segment) ?? /^\{([A-Za-z0-9_]+)\}$/.exec(segment);
    if (param) {
      name += (previousWasParam ? 'And' : 'By') + pascal(param[1]);
      previousWasParam = true;
    } else {
      name += pascal(segment);
      previousWasParam = false;
    }
  }
  return name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

interface RouteToDescribe {
  schema?: unknown;
  url: string;
  route: { method: string | string[] };
}

/** @fastify/swagger's `transform`: hides what is not the API's, names and completes the rest. */
export function describeRoute({ schema, url, route }: RouteToDescribe) {
  const declared = (schema ?? {}) as Record<string, unknown>;
  if (!DESCRIBED(url)) return { schema: { ...declared, hide: true }, url };
  return { schema: { operationId: operationIdOf(route.method, url), ...withDocumentedBody(declared) }, url };
}
