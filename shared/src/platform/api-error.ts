import type { ApiErrorBody } from '../domain';

/**
 * Every failed call to the API, normalised: the HTTP status, the server's Spanish `message`
 * (shown to the user as is) and, for validation errors, the message of each field.
 * Network failures have status 0 and a Spanish message of our own.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly errors?: Record<string, string>;

  constructor(status: number, message: string, options: { code?: string; errors?: Record<string, string> } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = options.code;
    this.errors = options.errors;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export const NETWORK_ERROR_MESSAGE = 'No pudimos comunicarnos con el servidor. Revisa tu conexión e inténtalo de nuevo.';
export const GENERIC_ERROR_MESSAGE = 'El servidor respondió con un error inesperado.';

/** Reads `{ message, code, errors }` from whatever the server answered (JSON, text, nothing). */
export function errorFromResponse(status: number, body: unknown): ApiError {
  const parsed = typeof body === 'string' ? tryParseJson(body) : body;
  if (parsed && typeof parsed === 'object' && typeof (parsed as ApiErrorBody).message === 'string') {
    const { message, code, errors } = parsed as ApiErrorBody;
    return new ApiError(status, message, { code, errors: isStringRecord(errors) ? errors : undefined });
  }
  return new ApiError(status, GENERIC_ERROR_MESSAGE);
}

function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((item) => typeof item === 'string');
}
