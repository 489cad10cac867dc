// Serves the built front end from this process (ARCHITECTURE.md, "Running", `npm start` mode): the shell at
// `/` (any unknown page path answers its index.html, the single-page app routes it), each
// remote's build under `/remotes/<folder>/`, and `/config.json`, the shell's runtime settings,
// which the shell's index.html also carries (shell-page.ts).
// Caching follows the federation contract (§3): what names the current build — index.html,
// mf-manifest.json, remoteEntry.js, config.json — is revalidated on every load (`no-cache`), so
// a redeployed remote shows on the next reload; content-hashed files never change and are cached
// for a year. A build writes each text file also as `.br` (Brotli 11) and `.gz` (gzip 9)
// (PrecompressPlugin in rspack.shared.ts): those bytes are sent as they are to a browser that
// takes them (@fastify/static `preCompressed`), so nothing is compressed per request and the
// download is a fifth smaller than @fastify/compress's fast Brotli 4; anything else (a file
// without variants, config.json) is compressed by @fastify/compress (registered in app.ts).
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { REMOTE_REGISTRY, type Config } from '../config';
import type { ModuleOptions } from '../modules/module';
import { builtPage, embeddedDiscovery, pageEncoder, pageTag, withInlineConfig } from './shell-page';

export const REMOTE_FOLDERS = REMOTE_REGISTRY.map((remote) => remote.folder);

/** Paths that belong to the API, the provider or the probes: never the single-page app. */
const RESERVED = [/^\/api(\/|$)/, /^\/oidc(\/|$)/, /^\/healthz$/, /^\/remotes(\/|$)/, /^\/config\.json$/];

const HASHED = /\.[0-9a-f]{8,}\.(?:m?js|css|map|woff2?|ttf|png|svg|jpe?g|gif|webp|ico|wasm)$/i;
export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export function cacheControlFor(file: string): string {
  return HASHED.test(path.basename(file)) ? IMMUTABLE : NO_CACHE;
}

/** The shell's runtime settings (contract in the common brief). */
export function runtimeConfig(config: Config) {
  return {
    apiBaseUrl: config.publicUrl,
    institutionName: config.institutionName,
    timeZone: config.timeZone,
    oidc: {
      authority: config.oidcIssuer,
      clientId: config.oidcClientId,
      scope: config.oidcScope,
      extraQueryParams: config.oidcExtraParams,
    },
    // Whether accounts live in Almacén's own provider: only then can "Usuarios" create accounts,
    // reset passwords and deactivate.
    identityProvider: config.oidcEmbedded ? 'embedded' : 'external',
    remotes: { ...config.remotes },
  };
}

/**
 * The menu and routes of each remote this process serves itself (its URL is our own
 * /remotes/<folder>/), read from the pages.json its build wrote beside mf-manifest.json. Read on
 * every request, like the remote's files, so a rebuilt remote's pages show on the next reload;
 * the shell uses them when the remote itself cannot be loaded, so its menu entries stay. A remote
 * served elsewhere (containers, dev servers) is absent: the shell asks the remote for ./pages.
 */
export async function remotePagesOnDisk(config: Config): Promise<Record<string, unknown>> {
  const pages: Record<string, unknown> = {};
  await Promise.all(
    REMOTE_REGISTRY.map(async ({ name, folder }) => {
      if (config.remotes[name] !== `${config.publicUrl}/remotes/${folder}/mf-manifest.json`) return;
      const dir = path.join(config.staticRoot, folder, 'dist');
      if (!isServable(dir, 'pages.json')) return;
      try {
        pages[name] = JSON.parse(await fs.promises.readFile(path.join(dir, 'pages.json'), 'utf8'));
      } catch {
        // Half-written by a build under way, or not JSON: the shell asks the remote itself.
      }
    }),
  );
  return pages;
}

const originOf = (url: string) => new URL(url).origin;

/** The shell's page may use the camera (the barcode reader); the API's answers keep camera=(). */
export const SHELL_PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=()';

/**
 * Content-Security-Policy of the shell's page: scripts only from this origin and the remotes'
 * origins (no inline script), and WebAssembly compiled from them ('wasm-unsafe-eval': the
 * barcode reader where the browser has none; it allows no eval of text); styles also inline,
 * because Griffel (Fluent UI) inserts style tags at run time; network calls to this origin, the
 * identity provider and the remotes.
 */
export function shellCsp(config: Config): string {
  const self = originOf(config.publicUrl);
  const idp = originOf(config.oidcIssuer);
  const remotes = [...new Set(Object.values(config.remotes).map(originOf))].filter((o) => o !== self);
  const list = (...sources: string[]) => [...new Set(sources)].filter((s) => s !== self).join(' ');
  const withSelf = (...sources: string[]) => ["'self'", list(...sources)].filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src ${withSelf(...remotes)} 'wasm-unsafe-eval'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${withSelf(idp)} data: blob:`,
    "font-src 'self' data:",
    `connect-src ${withSelf(idp, ...remotes)}`,
    `frame-src ${withSelf(idp)}`,
    `form-action ${withSelf(idp)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Whether `relative` is a file that really lies inside `dir`: a symbolic link (or a linked
 * folder) inside the build that points elsewhere — `ln -s /etc/passwd dist/x.js` — is refused,
 * not followed. `dir` itself may be a link (a deployment's `dist` → a release folder).
 */
function isServable(dir: string, relative: string): boolean {
  try {
    const root = fs.realpathSync(dir);
    const file = fs.realpathSync(path.join(dir, relative));
    return file.startsWith(root + path.sep) && fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** `/a/b.js` → `a/b.js`, or null for anything that could leave the folder. */
function safeRelative(urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const normalized = path.posix.normalize(decoded).replace(/^\/+/, '');
  if (normalized.startsWith('..') || normalized.split('/').some((part) => part.startsWith('.'))) return null;
  return normalized;
}

const notFoundBody = { message: 'La ruta solicitada no existe.', code: 'NOT_FOUND' };

const staticFiles: FastifyPluginAsync<ModuleOptions> = async (app, { config }) => {
  const root = config.staticRoot;
  const shellDist = path.join(root, 'shell', 'dist');
  const csp = shellCsp(config);
  const settings = runtimeConfig(config);
  const shellPage = builtPage(path.join(shellDist, 'index.html'));
  const discovery = embeddedDiscovery(app, config);
  const encodePage = pageEncoder();

  /** /config.json's answer: the settings, the provider's discovery when it is ours, each remote's pages. */
  async function currentSettings() {
    const [metadata, pages] = await Promise.all([discovery(), remotePagesOnDisk(config)]);
    return { ...settings, oidc: { ...settings.oidc, ...(metadata ? { metadata } : {}) }, pages };
  }

  // Only reply.sendFile (ETag, Last-Modified, 304, ranges, path checks); routes are ours.
  await app.register(fastifyStatic, { root, serve: false, cacheControl: false, dotfiles: 'deny', preCompressed: true });

  function send(reply: FastifyReply, dir: string, relative: string) {
    reply.header('cache-control', cacheControlFor(relative));
    // The bytes depend on Accept-Encoding (a .br or .gz variant, or the plain file).
    reply.header('vary', 'Accept-Encoding');
    if (relative.endsWith('.html')) {
      reply.header('content-security-policy', csp);
      // «Escanear» reads codes with the camera, in the portal's own page only (never a frame).
      reply.header('permissions-policy', SHELL_PERMISSIONS_POLICY);
    }
    return reply.sendFile(relative, dir);
  }

  async function sendShellPage(request: FastifyRequest, reply: FastifyReply) {
    if (!isServable(shellDist, 'index.html')) {
      return reply
        .status(503)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('El portal aún no está compilado: ejecuta "npm run build" (o "npm start", que compila lo que falta).');
    }
    // The build's page with /config.json's answer in it (shell-page.ts).
    const body = withInlineConfig(await shellPage(), await currentSettings());
    const tag = pageTag(body);
    reply
      .header('cache-control', NO_CACHE)
      .header('vary', 'Accept-Encoding')
      .header('etag', tag)
      .header('content-security-policy', csp)
      // «Escanear» reads codes with the camera, in the portal's own page only (never a frame).
      .header('permissions-policy', SHELL_PERMISSIONS_POLICY);
    if (request.headers['if-none-match'] === tag) return reply.status(304).send();
    const page = encodePage(tag, body, request.headers['accept-encoding']);
    if (page.encoding) reply.header('content-encoding', page.encoding);
    return reply.type('text/html; charset=utf-8').send(page.body);
  }

  app.get('/config.json', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('cache-control', NO_CACHE)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(await currentSettings())),
  );

  app.get<{ Params: { folder: string; '*': string } }>('/remotes/:folder/*', { schema: { hide: true } }, async (request, reply) => {
    const { folder } = request.params;
    const relative = safeRelative(request.params['*'] || 'index.html');
    // Files of a remote are public and fetched by the federation runtime from wherever the
    // shell runs (e.g. a dev server on another port).
    if (!reply.hasHeader('access-control-allow-origin')) reply.header('access-control-allow-origin', '*');
    const dir = path.join(root, folder, 'dist');
    if (!REMOTE_FOLDERS.includes(folder) || !relative || !isServable(dir, relative)) {
      return reply.status(404).send(notFoundBody);
    }
    return send(reply, dir, relative);
  });

  app.get('/', { schema: { hide: true } }, async (request, reply) => sendShellPage(request, reply));

  // The shell's build is flat (hashed chunks next to index.html): a route for one-segment paths
  // gets the per-route compression @fastify/compress installs. /api, /oidc, /remotes alone are 404.
  app.get<{ Params: { file: string } }>('/:file', { schema: { hide: true } }, async (request, reply) => {
    const relative = safeRelative(request.params.file);
    if (!relative || RESERVED.some((re) => re.test(`/${relative}`))) return reply.status(404).send(notFoundBody);
    if (relative !== 'index.html' && isServable(shellDist, relative)) return send(reply, shellDist, relative);
    if (relative === 'index.html' || !path.posix.extname(relative)) return sendShellPage(request, reply);
    return reply.status(404).send(notFoundBody);
  });

  // Every other GET that no route answers (app.ts's not-found handler would): a file of the
  // shell's build, or — for a page path (no file extension) — the shell's index.html, so a deep
  // link like /dashboard/stock opens the app there. A hook rather than a not-found handler,
  // because app.ts owns that one; it runs only for requests no route matched.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.is404 || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    const urlPath = request.url.split('?')[0];
    if (RESERVED.some((re) => re.test(urlPath))) return;
    const relative = safeRelative(urlPath);
    if (relative && relative !== 'index.html' && isServable(shellDist, relative)) return send(reply, shellDist, relative);
    if (relative === 'index.html' || (relative !== null && !path.posix.extname(relative))) return sendShellPage(request, reply);
  });
};

// Not encapsulated (what fastify-plugin does): the hook above must see the root's not-found
// requests, which a plugin's own scope never receives.
(staticFiles as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export default staticFiles;
