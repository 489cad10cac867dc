// A keep-alive HTTP client on node:http for the proof scripts (no extra dependency): N sockets
// reused across requests, like a browser or a load balancer talking to the API. Loopback only.
import http from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body as received (never decoded: a compressed answer stays compressed). */
  raw: Buffer;
  /** Bytes of the body as received (before any decoding). */
  bytes: number;
  ms: number;
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export class HttpClient {
  readonly agent: http.Agent;
  private readonly url: URL;

  constructor(
    base: string,
    private readonly defaults: { connections?: number; token?: () => string } = {},
  ) {
    this.url = new URL(base);
    if (this.url.hostname !== '127.0.0.1' && this.url.hostname !== 'localhost') throw new Error(`Solo loopback: ${base}`);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: defaults.connections ?? 16 });
  }

  request(method: string, path: string, { body, headers = {}, timeoutMs = 30_000 }: RequestOptions = {}): Promise<HttpAnswer> {
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const token = this.defaults.token?.();
    const start = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.url.hostname,
          port: this.url.port,
          method,
          path,
          agent: this.agent,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: raw.toString('utf8'),
              raw,
              bytes: raw.length,
              ms: performance.now() - start,
            });
          });
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`sin respuesta en ${timeoutMs} ms: ${method} ${path}`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  get = (path: string, options?: RequestOptions) => this.request('GET', path, options);
  post = (path: string, body: unknown, options: RequestOptions = {}) => this.request('POST', path, { ...options, body });
  put = (path: string, body: unknown, options: RequestOptions = {}) => this.request('PUT', path, { ...options, body });

  close(): void {
    this.agent.destroy();
  }
}

/**
 * Runs `task` in `concurrency` closed loops until `durationMs` has passed; answers how many
 * tasks completed. Each loop starts its next task when the previous one finished.
 */
export async function closedLoop(
  concurrency: number,
  durationMs: number,
  task: (worker: number) => Promise<void>,
): Promise<{ count: number; seconds: number }> {
  const until = performance.now() + durationMs;
  let count = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < until) {
        await task(worker);
        count++;
      }
    }),
  );
  return { count, seconds: (performance.now() - start) / 1000 };
}
