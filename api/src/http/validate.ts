// Request bodies are checked by the same superstruct schemas (and Spanish messages) as the
// forms; ids in paths by parseId, and only in canonical decimal form (registerCanonicalIds).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Struct } from 'superstruct';
import { MAX_INT4 } from '@almacen/shared/domain';
import { isObject, validateWith } from '@almacen/shared/schemas';
import { AppError } from './errors';

export { isObject };

/** "1" … "2147483647" as written: no sign, no leading zero, no blank, no fraction, no hex. */
const CANONICAL_ID_RE = /^[1-9][0-9]{0,9}$/;

/** Validates `body` with `schema`; throws AppError('VALIDATION') with one message per field. */
export function parseBody<T, S>(schema: Struct<T, S>, body: unknown): T {
  const result = validateWith(schema, body ?? {});
  if (!result.ok) throw new AppError('VALIDATION', result.message, result.errors);
  return result.value;
}

/** A positive integer id (PostgreSQL `integer`), from a path parameter. */
export function parseId(param: unknown): number {
  // A route with idParam() gets a number (checked by registerCanonicalIds, then coerced).
  const text = typeof param === 'number' && Number.isSafeInteger(param) ? String(param) : typeof param === 'string' ? param : '';
  if (!CANONICAL_ID_RE.test(text)) throw new AppError('INVALID_ID');
  const id = Number(text);
  if (id > MAX_INT4) throw new AppError('INVALID_ID');
  return id;
}

/**
 * A path parameter or a query field as the request carries it, not yet trusted: the caller parses
 * it (parseId, parseUntil, …) into its type, so no route casts what it was sent.
 */
export const paramOf = (request: FastifyRequest, name: string): unknown => (isObject(request.params) ? request.params[name] : undefined);
export const queryOf = (request: FastifyRequest, name: string): unknown => (isObject(request.query) ? request.query[name] : undefined);

/** The query string's fields, not yet trusted. */
export const queryFields = (request: FastifyRequest): Record<string, unknown> => (isObject(request.query) ? request.query : {});

/** The positive integer id in the path parameter `name`. */
export const idParamOf = (request: FastifyRequest, name = 'id'): number => parseId(paramOf(request, name));

type ParamsSchema = { properties?: Record<string, { type?: unknown }> } | undefined;

/**
 * Path parameters declared as integers (idParam) must be written as canonical decimals before
 * Ajv's type coercion turns "0x1", "+1", "1.0" or " 1" into 1: `/api/catalog/products/0x1` is
 * not product 1, for a read or a DELETE. Runs before validation, where the values are still the
 * text of the path.
 */
export function registerCanonicalIds(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const properties = (request.routeOptions.schema?.params as ParamsSchema)?.properties;
    if (!properties) return;
    for (const [name, property] of Object.entries(properties)) {
      if (property.type !== 'integer') continue;
      const value = paramOf(request, name);
      if (typeof value === 'string' && !CANONICAL_ID_RE.test(value)) throw new AppError('INVALID_ID');
    }
  });
}
