// JSON request bodies without binary floating point: a number literal with a fraction or an
// exponent, or too large to be an exact integer, becomes its decimal TEXT ("0.1", "1e3") before
// validation, so a price like 33.333 reaches PostgreSQL `numeric` digit for digit. Safe
// integers stay numbers (ids are integers). The superstruct schemas accept both forms.
import type { FastifyInstance } from 'fastify';
import { parse } from 'lossless-json';
import { AppError } from './errors';

export const BODY_LIMIT = 1_048_576; // 1 MB

export function parseNumberExactly(text: string): number | string {
  if (/^-?\d+$/.test(text)) {
    const value = Number(text);
    if (Number.isSafeInteger(value)) return value;
  }
  return text;
}

export function parseJsonBody(text: string): unknown {
  // An empty body (a DELETE sent with a JSON content type) is "no body", not an error.
  if (text.trim() === '') return undefined;
  try {
    return parse(text, null, parseNumberExactly);
  } catch {
    throw new AppError('MALFORMED_JSON');
  }
}

export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser(
    /^application\/([\w.+-]+\+)?json(;.*)?$/i,
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, parseJsonBody(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
}
