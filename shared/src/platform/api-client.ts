// The auth-aware fetcher every remote uses through useApi(). The shell builds it with its token
// source; remotes never see a token. It unwraps the API's `{ data }` envelope and turns every
// failure into an ApiError carrying the server's Spanish message.
import { FetchError, ofetch, type FetchOptions } from 'ofetch';
import { ApiError, errorFromResponse, NETWORK_ERROR_MESSAGE } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: HttpMethod;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Resolve to the whole answer instead of its `data`: a paged list's `{ data, nextCursor }`. */
  envelope?: boolean;
}

export interface ApiDownload {
  blob: Blob;
  fileName: string;
}

export interface ApiClient {
  /** Calls the API and resolves to the UNWRAPPED `data` of its answer. */
  <T = unknown>(path: string, options?: ApiRequestOptions): Promise<T>;
  /** Downloads a file (a report): the body as a Blob and the name from Content-Disposition. */
  download(path: string, options?: ApiRequestOptions): Promise<ApiDownload>;
}

/** What the shell's sign-in gives the client. Absent → calls go out without a token. */
export interface TokenSource {
  getAccessToken(): string | null | Promise<string | null>;
  /** Renews the session (refresh token); resolves to the new access token, or null. */
  renewAccessToken(): Promise<string | null>;
  /** Starts the sign-in again (redirect); called when renewal did not help. */
  signIn(): void | Promise<void>;
}

export interface ApiClientOptions {
  baseUrl: string;
  auth?: TokenSource;
  /** Injected in tests; the browser's fetch otherwise. */
  fetch?: typeof globalThis.fetch;
}

export function createApiClient({ baseUrl, auth, fetch }: ApiClientOptions): ApiClient {
  const $fetch = ofetch.create({ baseURL: baseUrl, retry: 0 }, fetch ? { fetch: (input, init) => fetch(input, init) } : undefined);

  // Many requests fail with 401 at once when a token expires: they share ONE renewal.
  let renewal: Promise<string | null> | null = null;
  const renewOnce = (): Promise<string | null> => {
    if (!auth) return Promise.resolve(null);
    renewal ??= auth
      .renewAccessToken()
      .catch(() => null)
      .finally(() => {
        renewal = null;
      });
    return renewal;
  };

  async function send<R extends 'json' | 'blob'>(path: string, options: ApiRequestOptions, responseType: R) {
    const attempt = (token: string | null) =>
      $fetch.raw(path, {
        method: options.method ?? 'GET',
        body: options.body as FetchOptions['body'],
        query: options.query ? dropEmpty(options.query) : undefined,
        signal: options.signal,
        responseType,
        headers: {
          Accept: responseType === 'json' ? 'application/json' : '*/*',
          ...options.headers,
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
      });

    const token = auth ? await auth.getAccessToken() : null;
    try {
      return await busyRetried(() => attempt(token), responseType === 'json' && mayAskTwice(options));
    } catch (error) {
      if (!auth || statusOf(error) !== 401) throw await normalise(error);
      const renewed = await renewOnce();
      if (renewed) {
        try {
          return await attempt(renewed);
        } catch (retryError) {
          if (statusOf(retryError) !== 401) throw await normalise(retryError);
          await auth.signIn();
          throw await normalise(retryError);
        }
      }
      await auth.signIn();
      throw await normalise(error);
    }
  }

  const client = (async <T>(path: string, options: ApiRequestOptions = {}): Promise<T> => {
    const response = await send(path, options, 'json');
    const body = response._data as { data?: T } | undefined;
    if (options.envelope) return body as T;
    // 204 and bodies without an envelope resolve to undefined rather than crashing.
    return (body && typeof body === 'object' && 'data' in body ? body.data : undefined) as T;
  }) as ApiClient;

  client.download = async (path, options = {}) => {
    const response = await send(path, options, 'blob');
    const blob = response._data as Blob;
    return { blob, fileName: fileNameFrom(response.headers.get('content-disposition')) ?? fallbackName(path) };
  };

  return client;
}

/** Times a busy answer is asked again, and the longest Retry-After waited for (longer: the person decides). */
const BUSY_RETRIES = 2;
const BUSY_WAIT_MAX_S = 5;

/** A read, or a document sent with its Idempotency-Key: asking again can never do it twice. */
const mayAskTwice = (options: ApiRequestOptions) =>
  (options.method ?? 'GET') === 'GET' || Object.keys(options.headers ?? {}).some((name) => name.toLowerCase() === 'idempotency-key');

/**
 * A 503 or 429 with a short Retry-After (the API shedding load, nothing of the call ran) is asked
 * again after it, twice at most, when asking again is safe. Reports have their own retries
 * (report-download.ts), so downloads are not retried here.
 */
async function busyRetried<T>(attempt: () => Promise<T>, retry: boolean): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      const status = statusOf(error);
      const wait = error instanceof FetchError ? Number(error.response?.headers.get('retry-after')) : Number.NaN;
      if (!retry || tries >= BUSY_RETRIES || (status !== 503 && status !== 429) || !(wait >= 0 && wait <= BUSY_WAIT_MAX_S)) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
  }
}

function statusOf(error: unknown): number | undefined {
  return error instanceof FetchError ? (error.response?.status ?? error.status) : undefined;
}

async function normalise(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof FetchError) {
    if (!error.response) return new ApiError(0, NETWORK_ERROR_MESSAGE);
    let body: unknown = error.data;
    // A failed download arrives as a Blob: its text is the JSON error.
    if (typeof Blob !== 'undefined' && body instanceof Blob) body = await body.text();
    return errorFromResponse(error.response.status, body);
  }
  if (error instanceof Error && error.name === 'AbortError') throw error;
  return new ApiError(0, NETWORK_ERROR_MESSAGE);
}

function dropEmpty(query: NonNullable<ApiRequestOptions['query']>) {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null));
}

/** `attachment; filename="a.pdf"; filename*=UTF-8''reporte%20de%20existencias.pdf` → the name. */
export function fileNameFrom(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain ? plain[1].trim() : undefined;
}

function fallbackName(path: string): string {
  const last = path.split('?')[0].split('/').filter(Boolean).pop();
  return last ?? 'descarga';
}
