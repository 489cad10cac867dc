// JSON Schema pieces for route declarations (OpenAPI and response serialization).
// Request BODIES are validated by the shared superstruct schemas, not by Fastify: routes
// declare them with `documentBody()`, which derives their OpenAPI description from those schemas.
import type { FastifySchema } from 'fastify';
import { MAX_INT4 } from '@almacen/shared/domain';
import { toJsonSchema, type AnyStruct, type BodyNotes } from '@almacen/shared/schemas';

export const BODY_DOC_KEY = 'x-body';

export const errorSchema = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    code: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
} as const;

/** `{ data: <schema> }`, the envelope of every answer. */
export const dataOf = (schema: object) => ({ type: 'object', required: ['data'], properties: { data: schema } }) as const;

export const listOf = (schema: object) => ({ type: 'array', items: schema }) as const;

export const idParam = (name = 'id', description = 'Identificador') =>
  ({
    type: 'object',
    required: [name],
    properties: { [name]: { type: 'integer', minimum: 1, maximum: MAX_INT4, description } },
  }) as const;

/** Decimal values travel as strings ("1234.500"), never as binary floating point. */
export const decimalString = { type: 'string', pattern: '^-?[0-9]+(\\.[0-9]+)?$' } as const;

export const ERROR_RESPONSES = {
  400: errorSchema,
  401: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
  503: {
    ...errorSchema,
    description: 'El servidor está ocupado o sin base de datos: Retry-After dice en cuántos segundos pedirlo de nuevo (nada se hizo).',
  },
} as const;

/**
 * A route schema whose body is documented for OpenAPI but not compiled into a Fastify validator:
 * its JSON Schema is derived from `body`, the shared struct the handler validates with, and
 * `notes` add what a field means on this route.
 */
export function documentBody(schema: FastifySchema & Record<string, unknown>, body: AnyStruct, notes?: BodyNotes): FastifySchema {
  return { ...schema, [BODY_DOC_KEY]: toJsonSchema(body, notes) } as FastifySchema;
}

/** Used by the OpenAPI generator (app.ts) to put documented bodies where OpenAPI expects them. */
export function withDocumentedBody<T extends Record<string, unknown> | undefined>(schema: T): T {
  if (!schema || !(BODY_DOC_KEY in schema)) return schema;
  const { [BODY_DOC_KEY]: body, ...rest } = schema;
  return { ...rest, body } as unknown as T;
}
