// JSON request bodies without binary floating point: a number literal with a fraction or an
// exponent, or too large to be an exact integer, becomes its decimal TEXT ("0.1", "1e3") before
// validation, so a price like 33.333 reaches PostgreSQL `numeric` digit for digit. Safe
// integers stay numbers (ids are integers). The superstruct schemas accept both forms.
// Nesting is limited before parsing: a payload is at most 3 levels deep ({ products: [{ … }] }),
// and everything that walks a body recursively (the parser, the idempotency fingerprint) would
// otherwise overflow the stack on `[[[[…` thousands deep.
import type { FastifyInstance } from 'fastify';
import { parse } from 'lossless-json';
import { AppError } from './errors';

export const BODY_LIMIT = 1_048_576; // 1 MB
export const MAX_JSON_DEPTH = 32;

/** Whether arrays and objects nest deeper than `max`, counting brackets outside strings. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}

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
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new AppError('VALIDATION', `Los datos enviados anidan demasiados niveles (máximo ${MAX_JSON_DEPTH}).`);
  }
  try {
    return parse(text, null, parseNumberExactly);
  } catch {
    throw new AppError('MALFORMED_JSON');
  }
}

// JSON is UTF-8 (RFC 8259): bytes that are not are refused, never replaced by U+FFFD (a name
// saved as "��" would be a silent change of what the client sent).
const utf8 = new TextDecoder('utf-8', { fatal: true });
export const NOT_UTF8 = 'Los datos enviados no son texto UTF-8 válido.';

export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser(
    /^application\/([\w.+-]+\+)?json(;.*)?$/i,
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      try {
        let text: string;
        try {
          text = utf8.decode(body as Buffer);
        } catch {
          throw new AppError('MALFORMED_JSON', NOT_UTF8);
        }
        done(null, parseJsonBody(text));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
}
