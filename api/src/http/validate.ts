// Request bodies are checked by the same superstruct schemas (and Spanish messages) as the
// forms; ids in paths by parseId.
import type { Struct } from 'superstruct';
import { validateWith } from '@almacen/shared/domain';
import { AppError } from './errors';

const MAX_INT4 = 2_147_483_647;

/** Validates `body` with `schema`; throws AppError('VALIDATION') with one message per field. */
export function parseBody<T, S>(schema: Struct<T, S>, body: unknown): T {
  const result = validateWith(schema, body ?? {});
  if (!result.ok) throw new AppError('VALIDATION', result.message, result.errors);
  return result.value;
}

/** A positive integer id (PostgreSQL `integer`), from a path parameter. */
export function parseId(param: unknown): number {
  const text = typeof param === 'number' ? String(param) : typeof param === 'string' ? param.trim() : '';
  if (!/^[0-9]{1,10}$/.test(text)) throw new AppError('INVALID_ID');
  const id = Number(text);
  if (id < 1 || id > MAX_INT4) throw new AppError('INVALID_ID');
  return id;
}
