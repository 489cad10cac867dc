// The one way a list that grows without bound is paged: a keyset on the row's id, newest first.
// `?limit=` asks for that many rows, `?cursor=` continues after the page whose `nextCursor` it
// is; the answer is `{ data: rows, nextCursor }`, with nextCursor null on the last page. A keyset
// makes every page cost the same however long the list is, and a row added meanwhile never shifts
// a page already read (it lands before the first one).
import type { CursorPage } from '@almacen/shared/domain';
import { AppError } from './errors';
import { listOf } from './schemas';

export interface PageRequest {
  limit: number;
  /** Rows with an id below this one; null for the first page. */
  cursor: string | null;
}

export interface PageRules {
  /** What the rows are, in Spanish plural ("movimientos"): it names them in the messages. */
  rows: string;
  defaultLimit: number;
  maxLimit: number;
}

export const CURSOR_MESSAGE = 'El cursor de paginación (cursor) no es válido: use el nextCursor de la página anterior.';

export const limitMessage = ({ rows, maxLimit }: PageRules) =>
  `El límite de ${rows} (limit) debe ser un número entero entre 1 y ${maxLimit.toLocaleString('es-MX')}.`;

/** Ids are positive 64-bit integers; their text is the cursor. */
const CURSOR_RE = /^[1-9][0-9]{0,17}$/;
const LIMIT_RE = /^[1-9][0-9]{0,5}$/;

const given = (value: unknown) => value !== undefined && value !== '';

/** Whether the query asks for a page at all (a list may answer whole without either parameter). */
export const asksForPage = (query: Record<string, unknown>) => given(query.limit) || given(query.cursor);

/** `?limit=&cursor=` → the page asked for; each mistake gets its own Spanish 400. */
export function parsePageQuery(query: Record<string, unknown>, rules: PageRules): PageRequest {
  const { limit, cursor } = query;
  let size = rules.defaultLimit;
  if (given(limit)) {
    size = typeof limit === 'string' && LIMIT_RE.test(limit) ? Number(limit) : 0;
    if (size < 1 || size > rules.maxLimit) {
      const message = limitMessage(rules);
      throw new AppError('VALIDATION', message, { limit: message });
    }
  }
  if (given(cursor) && (typeof cursor !== 'string' || !CURSOR_RE.test(cursor))) {
    throw new AppError('VALIDATION', CURSOR_MESSAGE, { cursor: CURSOR_MESSAGE });
  }
  return { limit: size, cursor: given(cursor) ? String(cursor) : null };
}

/** The page from `limit + 1` rows read newest first: the extra row only says that more follow. */
export function pageOf<T>(rows: readonly T[], { limit }: PageRequest, idOf: (row: T) => string | number): CursorPage<T> {
  const data = rows.slice(0, limit);
  return { data, nextCursor: rows.length > limit ? String(idOf(data[data.length - 1])) : null };
}

/** A whole list answered in the page's shape: one page, the last. */
export const wholeList = <T>(data: T[]): CursorPage<T> => ({ data, nextCursor: null });

/** The two query parameters, declared as text so parsePageQuery gives each mistake its message. */
export const pageQueryProperties = (rules: PageRules) =>
  ({
    limit: {
      type: 'string',
      description: `Entero: ${rules.rows} por página, de 1 a ${rules.maxLimit} (${rules.defaultLimit} si solo se envía cursor).`,
    },
    cursor: { type: 'string', description: 'El nextCursor de la página anterior: continúa con las filas más antiguas.' },
  }) as const;

/** The answer of a paged list: `{ data: [...], nextCursor }`. */
export const pageOfSchema = (item: object) =>
  ({
    type: 'object',
    required: ['data', 'nextCursor'],
    properties: {
      data: listOf(item),
      nextCursor: { type: 'string', nullable: true, description: 'Pase como cursor para la página siguiente; null en la última.' },
    },
  }) as const;
