// The containers' nginx (docker/nginx/*.template) run for real, with Debian's nginx, over REAL
// HTTP: each template is filled in the way nginx's image does it at start (only the variables of
// the container's environment, from docker-compose.yml) and served from a temporary prefix on
// 127.0.0.1, with a build's kinds of files and a small Node server in place of the API.
//   * every answer of every location — pages, hashed files (also precompressed), remoteEntry.js,
//     mf-manifest.json, 404s, the API's paths, nginx's own 502 — carries the security headers of
//     api/src/http/headers.ts, each once; what the API sends itself passes through unchanged;
//   * the API receives X-Forwarded-For as the address nginx saw, never one the client sent
//     (TRUST_PROXY=uniquelocal believes it: a forged one would pick the throttle's address);
//   * the shell looks the API up per request through its resolver: when the API comes back on
//     another address (a recreated container), the shell finds it without a restart;
//   * the images' own nginx.conf (docker/nginx/nginx.conf) is the one around each site, and nginx
//     runs as an unprivileged user (when the tests run as root) with it.
// Without /usr/sbin/nginx the tests fail instead of skipping: CI installs it (.ci/run).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { SECURITY_HEADERS } from '../../src/http/headers';
import { SHELL_PERMISSIONS_POLICY } from '../../src/plugins/static';

jest.setTimeout(20_000);

const NGINX = '/usr/sbin/nginx';
const TEMPLATES = path.join(__dirname, '../../../docker/nginx');
const HASHED = 'main.0123456789.js';
const REMOTE_ORIGINS = 'http://localhost:8081 http://localhost:8082 http://localhost:8083 http://localhost:8084';
/** The sign-in page's own policy, as the API would send it: nginx must not replace or repeat it. */
const API_PAGE_CSP = "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Nginx {
  port: number;
  dir: string;
  child: ChildProcess;
  exited: Promise<void>;
}

let upstream: http.Server;
let shell: Nginx;
let remote: Nginx;
let tmp: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * What nginx's image does with a template at start (20-envsubst-on-templates.sh): envsubst of the
 * variables defined in the container's environment, in either form; nginx's own ($remote_addr…) stay.
 */
function render(template: string, env: Record<string, string>): string {
  return template.replace(/\$\{([A-Za-z_]\w*)\}|\$([A-Za-z_]\w*)/g, (whole, braced?: string, bare?: string) => {
    const name = (braced ?? bare) as string;
    return Object.hasOwn(env, name) ? env[name] : whole;
  });
}

/** Who nginx runs as here: as root, the user nobody (no privilege to lean on, as in the image). */
const UNPRIVILEGED = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};

/** The image's environment, plus what docker-compose.yml gives the container (its defaults). */
const imageEnv = {
  PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
  HOME: '/root',
  NGINX_VERSION: '1.27.5',
  // docker/frontend.Dockerfile's ENV.
  NGINX_RESOLVER: '127.0.0.11',
  HEALTH_PATH: '/mf-manifest.json',
};

function replaceOnce(text: string, from: string, to: string, file: string): string {
  const parts = text.split(from);
  if (parts.length !== 2) throw new Error(`${file}: se esperaba exactamente un «${from}» (hay ${parts.length - 1}).`);
  return parts.join(to);
}

/** A build's kinds of files: the shell's page, a hashed chunk (with its .gz), a remote's entry and manifest. */
function writeBuild(root: string) {
  fs.mkdirSync(root, { recursive: true });
  const chunk = `console.log(${JSON.stringify('x'.repeat(2048))});\n`;
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Almacén</title><script src="/main.0123456789.js"></script>\n');
  fs.writeFileSync(path.join(root, HASHED), chunk);
  fs.writeFileSync(path.join(root, `${HASHED}.gz`), zlib.gzipSync(chunk, { level: 9 }));
  fs.writeFileSync(path.join(root, 'remoteEntry.js'), 'var mf_stock;\n');
  fs.writeFileSync(path.join(root, 'mf-manifest.json'), JSON.stringify({ id: 'mf_stock', name: 'mf_stock' }));
}

/** The images' nginx.conf with every path of it in the prefix `dir`, around the site in `dir`. */
function nginxConf(dir: string): string {
  const file = 'nginx.conf';
  let conf = fs.readFileSync(path.join(TEMPLATES, file), 'utf8').replaceAll(' /tmp/', ` ${dir}/`);
  conf = replaceOnce(conf, 'include /etc/nginx/conf.d/*.conf;', `include ${dir}/default.conf;`, file);
  conf = replaceOnce(conf, 'error_log /var/log/nginx/error.log notice;', `error_log ${dir}/error.log warn;`, file);
  conf = replaceOnce(conf, 'access_log /var/log/nginx/access.log;', 'access_log off;', file);
  conf = replaceOnce(conf, 'worker_connections 1024;', 'worker_connections 64;', file);
  return conf;
}

/** A template filled in as the image does, in a new prefix, listening on `port` (127.0.0.1). */
function prepare(name: 'shell' | 'remote', env: Record<string, string>, port: number): { dir: string; conf: string } {
  const dir = fs.mkdtempSync(path.join(tmp, `${name}-`));
  const file = `${name}.conf.template`;
  let site = render(fs.readFileSync(path.join(TEMPLATES, file), 'utf8'), { ...imageEnv, ...env });
  site = replaceOnce(site, 'listen 8080;', `listen 127.0.0.1:${port};`, file);
  site = replaceOnce(site, 'root /usr/share/nginx/html;', `root ${path.join(dir, 'html')};`, file);
  fs.writeFileSync(path.join(dir, 'default.conf'), site);
  writeBuild(path.join(dir, 'html'));
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConf(dir));
  if ('uid' in UNPRIVILEGED) spawnSync('chown', ['-R', `${UNPRIVILEGED.uid}:${UNPRIVILEGED.gid}`, dir]);
  return { dir, conf };
}

async function startNginx(name: 'shell' | 'remote', env: Record<string, string>): Promise<Nginx> {
  const port = await freePort();
  const { dir, conf } = prepare(name, env, port);
  const file = `${name}.conf.template`;
  // In the foreground as one process (master_process off): one pid to stop.
  const child = spawn(NGINX, ['-p', `${dir}/`, '-e', `${dir}/error.log`, '-c', conf, '-g', 'daemon off; master_process off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    ...UNPRIVILEGED,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await listening(port, exited, () => {
    const log = fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8') : '';
    return `nginx (${file}) no arrancó:\n${stderr}${log}`;
  });
  return { port, dir, child, exited };
}

/**
 * A DNS server for one name, answering A queries with `address` as it is at the moment (TTL 1 s):
 * it stands in for Docker's, whose answer for `api` changes when the container is recreated.
 */
async function startDns(name: string): Promise<{ port: number; address: string; close: () => Promise<void> }> {
  const socket = dgram.createSocket('udp4');
  const state = { port: 0, address: '127.0.0.1', close: () => new Promise<void>((resolve) => socket.close(() => resolve())) };
  socket.on('message', (query, from) => {
    let at = 12;
    const labels: string[] = [];
    while (query[at]) {
      labels.push(query.subarray(at + 1, at + 1 + query[at]).toString('latin1'));
      at += query[at] + 1;
    }
    const type = query.readUInt16BE(at + 1);
    const question = query.subarray(12, at + 5);
    const found = labels.join('.').toLowerCase() === name;
    const answer = found && type === 1;
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    header.writeUInt16BE(found ? 0x8180 : 0x8183, 2); // response, recursion available; NXDOMAIN when not ours
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answer ? 1 : 0, 6);
    const record = Buffer.alloc(answer ? 16 : 0);
    if (answer) {
      record.writeUInt16BE(0xc00c, 0); // the question's name
      record.writeUInt16BE(1, 2); // A
      record.writeUInt16BE(1, 4); // IN
      record.writeUInt32BE(1, 6); // TTL
      record.writeUInt16BE(4, 10);
      state.address.split('.').forEach((octet, i) => record.writeUInt8(Number(octet), 12 + i));
    }
    socket.send(Buffer.concat([header, question, record]), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  state.port = socket.address().port;
  return state;
}

/** Resolves once the port accepts connections; rejects if nginx exits first or after 5 s. */
async function listening(port: number, exited: Promise<void>, why: () => string) {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    if (gone) throw new Error(why());
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open && !gone) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(why());
}

async function stopNginx(server: Nginx | undefined) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

function get(port: number, urlPath: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: urlPath, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('latin1') }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.setTimeout(5_000, () => request.destroy(new Error(`sin respuesta de ${urlPath}`)));
  });
}

/** The headers an answer carries, by name (a header sent twice shows as "a, a": Node joins them). */
function pick(answer: Answer, names: string[]): Record<string, unknown> {
  return Object.fromEntries(names.map((name) => [name, answer.headers[name]]));
}

const SECURITY_NAMES = Object.keys(SECURITY_HEADERS);

/** The API's security headers, once each; `csp` is the Content-Security-Policy the answer must carry. */
/** `permissions`: the build's files and nginx's own answers may use the camera (the barcode reader). */
function expectSecurityHeaders(label: string, answer: Answer, csp: string, permissions = SECURITY_HEADERS['permissions-policy']) {
  expect({ label, headers: pick(answer, SECURITY_NAMES) }).toEqual({
    label,
    headers: { ...SECURITY_HEADERS, 'content-security-policy': csp, 'permissions-policy': permissions },
  });
}

beforeAll(async () => {
  if (!fs.existsSync(NGINX)) {
    throw new Error(
      `No está ${NGINX}: estas pruebas corren las plantillas de docker/nginx con el nginx de Debian (apt-get install nginx; .ci/run lo instala).`,
    );
  }
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-nginx-'));
  // The unprivileged nginx reaches its own prefix inside it.
  fs.chmodSync(tmp, 0o755);
  // Stands in for the API: echoes the forwarding headers it received. /oidc/ answers with the
  // sign-in page's own headers; /api/broken drops the connection, so nginx answers a 502 itself.
  upstream = http.createServer((request, response) => {
    if (request.url?.startsWith('/api/broken')) {
      request.socket.destroy();
      return;
    }
    // As the API does on every answer: no camera for its JSON and its pages.
    response.setHeader('permissions-policy', SECURITY_HEADERS['permissions-policy']);
    if (request.url?.startsWith('/oidc/')) {
      response.setHeader('content-security-policy', API_PAGE_CSP);
      response.setHeader('x-content-type-options', 'nosniff');
      response.setHeader('x-frame-options', 'DENY');
      response.setHeader('referrer-policy', 'no-referrer');
    }
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ url: request.url, xForwardedFor: request.headers['x-forwarded-for'] ?? null }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamPort = (upstream.address() as net.AddressInfo).port;
  [shell, remote] = await Promise.all([
    // docker-compose.yml's shell service, with its defaults (OIDC_ORIGIN empty: the embedded provider).
    startNginx('shell', { API_UPSTREAM: `http://127.0.0.1:${upstreamPort}`, REMOTE_ORIGINS, OIDC_ORIGIN: '' }),
    // A remote's service sets no variables.
    startNginx('remote', {}),
  ]);
});

afterAll(async () => {
  await Promise.all([stopNginx(shell), stopNginx(remote)]);
  await new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve()));
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the shell (shell.conf.template)', () => {
  /** The page's policy, from the template as compose fills it. */
  let pageCsp: string;

  beforeAll(async () => {
    pageCsp = String((await get(shell.port, '/')).headers['content-security-policy']);
  });

  it("the page's Content-Security-Policy: scripts only from itself and the remotes, no framing", () => {
    const directives = pageCsp.split(';').map((directive) => directive.trim().split(/\s+/));
    const scriptSrc = directives.find(([name]) => name === 'script-src');
    // 'wasm-unsafe-eval': the barcode reader's WebAssembly, from those same origins.
    expect(scriptSrc).toEqual(['script-src', "'self'", ...REMOTE_ORIGINS.split(' '), "'wasm-unsafe-eval'"]);
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(directives).toContainEqual(['frame-ancestors', "'none'"]);
    expect(directives).toContainEqual(['object-src', "'none'"]);
  });

  it.each([
    ['the page', '/', 200, 'no-cache'],
    ['a page path (the single-page app)', '/dashboard/stock', 200, 'no-cache'],
    ['a hashed file', `/${HASHED}`, 200, 'public, max-age=31536000, immutable'],
    ['a hashed file that is not there', '/missing.0123456789.js', 404, undefined],
  ])('%s (%s): %d with every security header', async (_label, urlPath, status, cacheControl) => {
    const answer = await get(shell.port, urlPath);
    expect(answer.status).toBe(status);
    expectSecurityHeaders(urlPath, answer, pageCsp, SHELL_PERMISSIONS_POLICY);
    expect(answer.headers['cache-control']).toBe(cacheControl);
  });

  it('a precompressed file is sent as it is, with every security header', async () => {
    const answer = await get(shell.port, `/${HASHED}`, { 'accept-encoding': 'gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expectSecurityHeaders(`/${HASHED} (gzip)`, answer, pageCsp, SHELL_PERMISSIONS_POLICY);
  });

  it.each(['/api/catalog/products', '/config.json', '/healthz'])(
    "%s: proxied, nginx adds the security headers the API's answer lacks",
    async (urlPath) => {
      const answer = await get(shell.port, urlPath);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ url: urlPath });
      expectSecurityHeaders(urlPath, answer, pageCsp);
      expect(answer.headers['cache-control']).toBeUndefined();
    },
  );

  it("the API's own security headers pass through unchanged, none repeated; nginx adds only the missing ones", async () => {
    const answer = await get(shell.port, '/oidc/auth');
    expect(answer.status).toBe(200);
    expectSecurityHeaders('/oidc/auth', answer, API_PAGE_CSP);
  });

  it("nginx's own answer on the API's paths (the API is gone: 502) carries them too", async () => {
    const answer = await get(shell.port, '/api/broken');
    expect(answer.status).toBe(502);
    expectSecurityHeaders('/api/broken (502)', answer, pageCsp, SHELL_PERMISSIONS_POLICY);
  });

  it.each(['/api/catalog/products', '/oidc/session', '/config.json', '/healthz'])(
    '%s: the API gets X-Forwarded-For as the address nginx saw, never the one the client sent',
    async (urlPath) => {
      const forged = await get(shell.port, urlPath, { 'x-forwarded-for': '6.6.6.6' });
      expect(JSON.parse(forged.body)).toMatchObject({ url: urlPath, xForwardedFor: '127.0.0.1' });
      const plain = await get(shell.port, urlPath);
      expect(JSON.parse(plain.body)).toMatchObject({ url: urlPath, xForwardedFor: '127.0.0.1' });
    },
  );
});

describe('a remote (remote.conf.template)', () => {
  const csp = SECURITY_HEADERS['content-security-policy'];

  it.each([
    ['its container', '/remoteEntry.js', 200, 'no-cache'],
    ['its manifest', '/mf-manifest.json', 200, 'no-cache'],
    ['a hashed chunk', `/${HASHED}`, 200, 'public, max-age=31536000, immutable'],
    ['a file that is not there', '/nothing.js', 404, undefined],
    ['a hashed chunk that is not there', '/missing.0123456789.js', 404, undefined],
  ])('%s (%s): %d with every security header and CORS for everyone', async (_label, urlPath, status, cacheControl) => {
    const answer = await get(remote.port, urlPath);
    expect(answer.status).toBe(status);
    expectSecurityHeaders(urlPath, answer, csp);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['cache-control']).toBe(cacheControl);
  });

  it('a precompressed chunk is sent as it is, with every security header', async () => {
    const answer = await get(remote.port, `/${HASHED}`, { 'accept-encoding': 'gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expectSecurityHeaders(`/${HASHED} (gzip)`, answer, csp);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('the shell finds the API where it is now', () => {
  it("as compose fills it in: the API through a variable, looked up by Docker's resolver for 10 s at most; nginx -t accepts it", async () => {
    const { dir, conf } = prepare('shell', { API_UPSTREAM: 'http://api:8080', REMOTE_ORIGINS, OIDC_ORIGIN: '' }, await freePort());
    const site = fs.readFileSync(path.join(dir, 'default.conf'), 'utf8');
    expect(site).toMatch(/^\s*resolver 127\.0\.0\.11 valid=10s\b/m);
    expect(site).toMatch(/^\s*set \$api_upstream http:\/\/api:8080;$/m);
    const passes = [...site.matchAll(/proxy_pass ([^;]+);/g)].map((match) => match[1]);
    expect(passes.length).toBeGreaterThan(0);
    expect(new Set(passes)).toEqual(new Set(['$api_upstream']));
    // `api` does not resolve here: nginx -t passing shows nothing is looked up at start.
    const check = spawnSync(NGINX, ['-t', '-p', `${dir}/`, '-e', `${dir}/error.log`, '-c', conf], { encoding: 'utf8', ...UNPRIVILEGED });
    expect({ status: check.status, output: check.stderr }).toEqual({ status: 0, output: expect.stringContaining('test is successful') });
  });

  it('the API comes back on another address: /healthz answers from there within 10 s, without restarting nginx', async () => {
    const name = 'api.almacen.test';
    const dns = await startDns(name);
    const port = await freePort();
    const api = (who: string, host: string) =>
      new Promise<http.Server>((resolve) => {
        const server = http.createServer((_request, response) => response.end(JSON.stringify({ who })));
        server.listen(port, host, () => resolve(server));
      });
    let first: http.Server | undefined = await api('first', '127.0.0.1');
    let second: http.Server | undefined;
    let moved: Nginx | undefined;
    try {
      moved = await startNginx('shell', {
        API_UPSTREAM: `http://${name}:${port}`,
        NGINX_RESOLVER: `127.0.0.1:${dns.port}`,
        REMOTE_ORIGINS,
        OIDC_ORIGIN: '',
      });
      const before = await get(moved.port, '/healthz');
      expect({ status: before.status, body: before.body }).toEqual({ status: 200, body: JSON.stringify({ who: 'first' }) });

      // The container is recreated: the old address stops answering, the name points elsewhere.
      await new Promise<void>((resolve) => first!.close(() => resolve()));
      first = undefined;
      second = await api('second', '127.0.0.2');
      dns.address = '127.0.0.2';
      const movedAt = Date.now();
      let answer = await get(moved.port, '/healthz');
      while (answer.body !== JSON.stringify({ who: 'second' }) && Date.now() - movedAt < 14_000) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        answer = await get(moved.port, '/healthz');
      }
      const took = Date.now() - movedAt;
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: JSON.stringify({ who: 'second' }) });
      // 10 s of the cached answer, and room for a loaded machine (a 30 s cache would not pass).
      expect({ took, within: took < 12_000 }).toEqual({ took, within: true });
    } finally {
      await stopNginx(moved);
      for (const server of [first, second]) if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
      await dns.close();
    }
  }, 40_000);
});
