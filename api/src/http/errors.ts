// One error shape for every answer: { message, code, errors? } (ARCHITECTURE.md, "API conventions"), with the
// status of ERROR_CODES[code]. Domain code throws AppError; this file also translates what
// Fastify and PostgreSQL throw, so no client mistake ever becomes a 500 and no 500 shows
// internals (SQL, stack, file names) to the client.
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, type ApiErrorBody, type ErrorCode } from '@almacen/shared/domain';

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_CODES[code].message,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_CODES[code].status;
  }
}

/** Spanish names of the tables that may hold a reference, for the "in use" reason. */
export const REFERENCING_TABLES: Record<string, string> = {
  products: 'productos',
  employee_roles: 'asignaciones de roles a empleados',
  movements: 'movimientos de almacén',
  invoices: 'entradas (facturas)',
  invoice_lines: 'entradas (facturas)',
  dispatches: 'salidas',
  dispatch_lines: 'salidas',
  product_balances: 'existencias',
  period_closing_stock: 'cierres de periodo',
  period_closing_differences: 'cierres de periodo',
  stock_product_months: 'movimientos de almacén',
  inventory_count_lines: 'conteos de inventario físico',
  inventory_counts: 'conteos de inventario físico',
  material_requests: 'solicitudes de material',
  material_request_lines: 'solicitudes de material',
  material_request_events: 'solicitudes de material',
  warehouses: 'almacenes (como responsable)',
  transfers: 'traspasos entre almacenes',
  transfer_lines: 'traspasos entre almacenes',
};

/** "No se puede eliminar el producto: está en uso en movimientos de almacén." */
export function inUseMessage(table: string | undefined, what = 'el registro'): string {
  const where = (table && REFERENCING_TABLES[table]) || 'otros registros';
  return `No se puede eliminar ${what}: está en uso en ${where}.`;
}

export const isPgErrorCode = (error: unknown, code: string): boolean => isPgError(error) && error.code === code;

/**
 * Gives a write's constraint violations the words of the entity:
 * a unique violation → DUPLICATE with `duplicate` (also as the message of `field`, so a form says
 * it under the field that repeats), a delete blocked by a reference → IN_USE naming `what` and
 * where it is used. Anything else is rethrown unchanged.
 */
export function translateWriteError(
  error: unknown,
  { duplicate, field, what }: { duplicate?: string; field?: string; what?: string },
): never {
  if (isPgError(error)) {
    if (error.code === '23505' && duplicate) throw new AppError('DUPLICATE', duplicate, field ? { [field]: duplicate } : undefined);
    if (error.code === '23503' && /^update or delete on table/.test(error.message))
      throw new AppError('IN_USE', inUseMessage(error.table, what));
  }
  throw error;
}

interface PgError {
  code: string;
  message: string;
  table?: string;
  constraint?: string;
}

const isPgError = (error: unknown): error is PgError =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as PgError).code === 'string' &&
  /^[0-9A-Z]{5}$/.test((error as PgError).code) &&
  'severity' in error;

/** Maps a PostgreSQL error that a request can legitimately cause; null for real faults. */
function fromPg(error: PgError): AppError | null {
  switch (error.code) {
    case '23505': // unique_violation
      return new AppError('DUPLICATE');
    case '23503': // foreign_key_violation
      // "update or delete on table … violates foreign key constraint … on table <referencing>"
      return /^update or delete on table/.test(error.message)
        ? new AppError('IN_USE', inUseMessage(error.table))
        : new AppError('VALIDATION', 'Uno de los registros referidos no existe.');
    case '23514': // check_violation
    case '22003': // numeric_value_out_of_range
    case '22P02': // invalid_text_representation
    case '22007': // invalid_datetime_format
    case '22008': // datetime_field_overflow
    case '22001': // string_data_right_truncation
      return new AppError('VALIDATION');
    case '22021': // character_not_in_repertoire (a NUL character in a text)
    case '22P05': // untranslatable_character
      return new AppError('VALIDATION', 'El texto contiene caracteres no permitidos.');
    case '40001': // serialization_failure (after withTransaction's retries)
    case '40P01': // deadlock_detected (after retries)
    case '55P03': // lock_not_available
    case '57014': // query_canceled (statement_timeout)
    case '57P01': // admin_shutdown
    case '57P03': // cannot_connect_now
    case '53300': // too_many_connections
      return new AppError('UNAVAILABLE');
    default:
      return null;
  }
}

const ONE_MB = 1024 * 1024;
const bodyTooLarge = (limit: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `El cuerpo de la petición es demasiado grande (máximo ${Math.round((limit / ONE_MB) * 10) / 10} MB).`);

const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);

/** Turns anything thrown into an AppError (unknown faults → INTERNAL). */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isPgError(error)) return fromPg(error) ?? new AppError('INTERNAL');
  const err = error as Partial<FastifyError> & { code?: string; message?: string };
  if (err?.code && CONNECTION_ERRORS.has(err.code)) return new AppError('UNAVAILABLE');
  if (err?.message === 'timeout exceeded when trying to connect') return new AppError('UNAVAILABLE');
  if (err?.validation) {
    // Route schemas only declare params and querystrings (bodies go through the superstruct
    // schemas), so a failure here is an id or a query parameter.
    if (err.validationContext === 'params') return new AppError('INVALID_ID');
    return new AppError('VALIDATION', 'Los parámetros de la consulta no son válidos.');
  }
  switch (err?.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return bodyTooLarge(ONE_MB);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('MALFORMED_JSON');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('VALIDATION', 'La longitud declarada del cuerpo no coincide con la recibida.');
    default:
      break;
  }
  const status = typeof err?.statusCode === 'number' ? err.statusCode : 500;
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE');
  if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE');
  if (status === 429) return new AppError('RATE_LIMITED');
  if (status === 404) return new AppError('NOT_FOUND');
  if (status >= 400 && status < 500) return new AppError('VALIDATION', 'La petición no es válida.');
  return new AppError('INTERNAL');
}

export function errorBody(error: AppError): ApiErrorBody {
  return error.errors ? { message: error.message, code: error.code, errors: error.errors } : { message: error.message, code: error.code };
}

/** Retry-After of a 503 or 429 that no route timed itself. */
const RETRY_AFTER_SECONDS = 2;

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    // A body over the route's own limit (an upload's 10 MB, a CFDI's 2 MB) is said with that limit.
    const appError =
      (error as Partial<FastifyError>)?.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? bodyTooLarge(request.routeOptions.bodyLimit ?? ONE_MB)
        : toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code, status: appError.status }, appError.message);
    // A refusal that asking again may turn into an answer says when (a route may have said it already).
    if ((appError.status === 503 || appError.status === 429) && !reply.hasHeader('retry-after'))
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return reply.status(appError.status).send(errorBody(appError));
  });
  app.setNotFoundHandler((_request, reply) => {
    return reply.status(404).send(errorBody(new AppError('NOT_FOUND', 'La ruta solicitada no existe.')));
  });
}

/**
 * What the router refuses before any route runs (Fastify's `frameworkErrors`): a bad `%` escape,
 * a path parameter over 100 characters. Fastify's own answers are English and echo the path;
 * these are Spanish, never repeat the input, and — as no onSend hook runs for them — carry the
 * security headers themselves.
 */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    let appError: AppError;
    if (error.code === 'FST_ERR_BAD_URL') appError = new AppError('VALIDATION', 'La dirección solicitada no es válida.');
    else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') appError = new AppError('URI_TOO_LONG');
    else appError = toAppError(error);
    request.log.info({ code: appError.code, status: appError.status }, appError.message);
    return reply
      .status(appError.status)
      .headers({ ...headers, 'cache-control': 'no-store', 'x-request-id': request.id })
      .send(errorBody(appError));
  };
}

/** Node's parser errors that have a status of their own; any other is a malformed request. */
function clientError(code: string | undefined): AppError {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return new AppError('REQUEST_TIMEOUT');
  if (code === 'HPE_HEADER_OVERFLOW') return new AppError('HEADERS_TOO_LARGE');
  return new AppError('VALIDATION', 'La petición no es válida.');
}

/**
 * Node's `clientError`: a request that did not arrive in time (HTTP_HEADERS_TIMEOUT_MS,
 * HTTP_REQUEST_TIMEOUT_MS), headers over 16 KB, or bytes that are not HTTP. No Fastify reply
 * exists, so the answer is written on the socket, in the API's shape and with the headers of
 * every answer, and the connection is closed.
 */
export function clientErrorHandler(headers: Record<string, string>) {
  return function onClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Duplex): void {
    // A reset connection has no one to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const appError = clientError(error.code);
    this.log.debug({ code: error.code, status: appError.status }, appError.message);
    const pending = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (!socket.writable || pending?.headersSent) {
      socket.destroy();
      return;
    }
    const body = JSON.stringify(errorBody(appError));
    const head = [
      `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status]}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'cache-control: no-store',
      'connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
    // A client that does not read even this small answer does not keep the socket either.
    setTimeout(() => socket.destroy(), 1_000).unref();
  };
}
