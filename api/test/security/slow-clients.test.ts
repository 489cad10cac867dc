// Slow and idle clients over REAL sockets (net.connect to the listening server): what a client
// that sends a request by halves, or never sends it, can hold. Each test configures short limits
// (HTTP_*_TIMEOUT_MS, HTTP_MAX_CONNECTIONS) so the run stays fast; the defaults are the same code
// with longer numbers. Bounds are generous (several times the limit) for a shared 2-core machine.
//   * partial headers, an idle socket, headers with no body and a body shorter than its
//     Content-Length are answered 408 in Spanish (with the security headers) and closed;
//   * an idle keep-alive socket is closed after HTTP_KEEP_ALIVE_TIMEOUT_MS;
//   * the request timeout covers RECEIVING the request only: a slow answer or a long download
//     is not cut by it;
//   * HTTP_MAX_CONNECTIONS refuses sockets over the cap, and the server answers again once the
//     crowd leaves.
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { createTestApp, type TestApp } from '../helpers/test-app';

jest.setTimeout(60_000);

const HEADERS_MS = 600;
const REQUEST_MS = 1_200;
const KEEP_ALIVE_MS = 1_000;
/** "Closed in time": generous against a loaded machine, far below what an unlimited server keeps. */
const CLOSED_WITHIN_MS = 8_000;

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS),
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
      HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
    },
  });
  port = await listen(t.app);
});
afterAll(() => t?.close());

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as net.AddressInfo).port;
}

const connections = (app: FastifyInstance) =>
  new Promise<number>((resolve, reject) => app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));

interface RawClient {
  socket: net.Socket;
  /** Everything the server sent, and how long after connecting the socket closed. */
  closed: Promise<{ received: string; afterMs: number }>;
  connected: Promise<void>;
}

function rawClient(toPort: number, send?: string): RawClient {
  const started = Date.now();
  const socket = net.connect(toPort, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => undefined);
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  if (send !== undefined) void connected.then(() => socket.write(send));
  const closed = new Promise<{ received: string; afterMs: number }>((resolve) =>
    socket.once('close', () => resolve({ received, afterMs: Date.now() - started })),
  );
  return { socket, closed, connected };
}

/** Resolves with the close, or with null if the socket is still open after `ms`. */
async function closedWithin(client: RawClient, ms = CLOSED_WITHIN_MS) {
  let timer: NodeJS.Timeout | undefined;
  const open = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  const outcome = await Promise.race([client.closed, open]);
  clearTimeout(timer);
  if (outcome === null) client.socket.destroy();
  return outcome;
}

function parseRaw(received: string) {
  const [head, body = ''] = received.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

function expectSpanishTimeout(received: string) {
  const answer = parseRaw(received);
  expect(answer.status).toBe(408);
  expect(JSON.parse(answer.body)).toEqual({
    message: 'La petición tardó demasiado en llegar. Inténtalo de nuevo.',
    code: 'REQUEST_TIMEOUT',
  });
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers.connection).toBe('close');
}

describe('a client that does not finish its request is answered 408 and disconnected', () => {
  // A signed-in POST: the route is waiting for the body, which is what holds a request open.
  const post = async (body: string) =>
    `POST /api/catalog/roles HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${await t.token()}\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n${body}`;
  const cases: Array<[string, () => Promise<string | undefined>]> = [
    ['partial headers', async () => 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Lento: '],
    ['a connection that sends nothing', async () => undefined],
    ['headers of a POST and no body', () => post('')],
    ['a body shorter than its Content-Length', () => post('{"description":')],
  ];

  it.each(cases)('%s', async (_label, request) => {
    const client = rawClient(port, await request());
    const outcome = await closedWithin(client);
    expect(outcome).not.toBeNull();
    expectSpanishTimeout(outcome!.received);
    expect((await connections(t.app)) <= 1).toBe(true);
  });

  it('without a token the POST is refused at once, and the socket still does not wait for the body', async () => {
    const client = rawClient(
      port,
      'POST /api/catalog/roles HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{',
    );
    const outcome = await closedWithin(client);
    expect(outcome).not.toBeNull();
    expect(parseRaw(outcome!.received).status).toBe(401);
  });

  it('many of them at once are all closed (no socket left behind)', async () => {
    const clients = Array.from({ length: 50 }, (_, i) => rawClient(port, i % 2 ? 'GET / HTTP/1.1\r\nHost: x\r\n' : undefined));
    const outcomes = await Promise.all(clients.map((client) => closedWithin(client)));
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(0);
    expect(await connections(t.app)).toBe(0);
  });
});

it('an idle keep-alive socket is closed after the keep-alive timeout', async () => {
  const client = rawClient(port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  const outcome = await closedWithin(client);
  expect(outcome).not.toBeNull();
  expect(parseRaw(outcome!.received).status).toBe(200);
  // Node tells the client in whole seconds: 1 here, 72 with Fastify's default.
  expect(parseRaw(outcome!.received).headers['keep-alive']).toMatch(/^timeout=1(,|$)/);
});

describe('the request timeout covers receiving the request only', () => {
  let app: FastifyInstance;
  let slowPort: number;
  const SLOW_MS = REQUEST_MS * 3;

  beforeAll(async () => {
    app = await buildApp({ config: t.config, db: t.db, jwksCooldownMs: 0 });
    // Stand-ins for a report that takes a while to start and then streams for a while.
    app.get('/prueba/respuesta-lenta', async () => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
      return { listo: true };
    });
    app.get('/prueba/descarga-larga', async (_request, reply) => {
      const { PassThrough } = await import('node:stream');
      const stream = new PassThrough();
      let sent = 0;
      const timer = setInterval(() => {
        stream.write('x'.repeat(1024));
        if (++sent * 200 >= SLOW_MS) {
          clearInterval(timer);
          stream.end();
        }
      }, 200);
      return reply.type('text/plain').send(stream);
    });
    slowPort = await listen(app);
  });
  afterAll(() => app?.close());

  it('an answer that takes longer than the timeout to start arrives whole', async () => {
    const response = await fetch(`http://127.0.0.1:${slowPort}/prueba/respuesta-lenta`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ listo: true });
  });

  it('a download that lasts longer than the timeout arrives whole', async () => {
    const started = Date.now();
    const response = await fetch(`http://127.0.0.1:${slowPort}/prueba/descarga-larga`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(Date.now() - started).toBeGreaterThan(REQUEST_MS);
    expect(text.length).toBe(1024 * Math.ceil(SLOW_MS / 200));
  });
});

describe('HTTP_MAX_CONNECTIONS', () => {
  let capped: TestApp;
  let cappedPort: number;
  const CAP = 5;

  beforeAll(async () => {
    // Headers timeout long enough that the crowd stays connected during the test.
    capped = await createTestApp({
      env: { HTTP_MAX_CONNECTIONS: String(CAP), HTTP_HEADERS_TIMEOUT_MS: '30000', HTTP_REQUEST_TIMEOUT_MS: '30000' },
    });
    cappedPort = await listen(capped.app);
  });
  afterAll(() => capped?.close());

  it('refuses sockets over the cap and serves again once they leave', async () => {
    const crowd = Array.from({ length: CAP }, () => rawClient(cappedPort));
    try {
      await Promise.all(crowd.map((client) => client.connected));
      // The server has taken all of them before the next one knocks.
      for (let i = 0; i < 100 && (await connections(capped.app)) < CAP; i++) await new Promise((resolve) => setTimeout(resolve, 20));

      const extra = rawClient(cappedPort, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      const refused = await closedWithin(extra);
      expect(refused).not.toBeNull();
      expect(refused!.received).toBe('');
    } finally {
      for (const client of crowd) client.socket.destroy();
    }
    await Promise.all(crowd.map((client) => client.closed));
    let health: Response | null = null;
    for (let i = 0; i < 50 && health?.status !== 200; i++) {
      health = await fetch(`http://127.0.0.1:${cappedPort}/healthz`).catch(() => null);
      if (health?.status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(health?.status).toBe(200);
  });
});
