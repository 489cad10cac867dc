// Static serving in `npm start` mode: the shell and its deep links, each remote under
// /remotes/<folder>/, /config.json from the configuration; caching per the federation contract
// (names of the current build revalidated, hashed files immutable), compression and the CSP.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../helpers/test-app';

const REGISTRY = (
  JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../remotes.json'), 'utf8')) as {
    remotes: Array<{ name: string; folder: string }>;
  }
).remotes;

jest.setTimeout(60_000);

let t: TestApp;
let root: string;
const bigScript = `console.log(${JSON.stringify('almacén '.repeat(2000))});`;

function write(relative: string, body: string) {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-static-'));
  write(
    'shell/dist/index.html',
    '<!doctype html><html lang="es-MX"><head><script defer src="/main.0123abcd45.js"></script></head><body><div id="root"></div></body></html>',
  );
  write('shell/dist/main.0123abcd45.js', bigScript);
  // A build's file with the variants PrecompressPlugin (rspack.shared.ts) writes beside it.
  write('shell/dist/chart.0123abcd46.js', bigScript);
  fs.writeFileSync(path.join(root, 'shell/dist/chart.0123abcd46.js.br'), brotliCompressSync(bigScript));
  fs.writeFileSync(path.join(root, 'shell/dist/chart.0123abcd46.js.gz'), gzipSync(bigScript, { level: 9 }));
  write('shell/dist/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('mf-stock/dist/mf-manifest.json', JSON.stringify({ id: 'mf_stock', name: 'mf_stock' }));
  write('mf-stock/dist/remoteEntry.js', bigScript);
  write('mf-stock/dist/__federation_expose_App.89abcdef01.js', bigScript);
  write('mf-stock/dist/secret/.env', 'NO');
  write('package.json', '{"name":"fuera"}');
  fs.mkdirSync(path.join(root, 'mf-catalogs'));
  t = await createTestApp({
    env: {
      STATIC_ROOT: root,
      PUBLIC_URL: 'https://almacen.example.mx',
      REMOTE_MF_INVOICES_URL: 'https://entradas.example.mx/mf-manifest.json',
    },
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the shell', () => {
  it('serves index.html at / and for deep links, revalidated, under a CSP without inline script', async () => {
    for (const url of ['/', '/dashboard', '/dashboard/stock', '/auth/callback?code=x&state=y']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.headers['cache-control']).toBe('no-cache');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://entradas.example.mx 'wasm-unsafe-eval';");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
      // «Escanear»: the page may use the camera; the API's answers keep camera=() (http/headers.ts).
      expect(response.headers['permissions-policy']).toBe('camera=(self), microphone=(), geolocation=()');
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      // The identity provider (here the test issuer) may be reached, and show pictures.
      const idp = new URL(t.config.oidcIssuer).origin;
      expect(csp).toContain(`connect-src 'self' ${idp} https://entradas.example.mx;`);
      expect(csp).toContain(`img-src 'self' ${idp} data: blob:`);
      expect(csp).toContain("frame-ancestors 'none'");
    }
  });

  it("carries /config.json's answer in the page as data, compressed once, answering 304 while it is unchanged", async () => {
    const config = (await get('/config.json')).json();
    const page = await get('/dashboard/stock', { 'accept-encoding': 'gzip, br' });
    expect(page.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(page.rawPayload).toString();
    const block = /<script id="almacen-config" type="application\/json">([^<]*)<\/script><\/head>/.exec(html);
    expect(block).not.toBeNull();
    expect(JSON.parse(block![1])).toEqual(config);
    const tag = String(page.headers.etag);
    const again = await get('/auth/callback?code=x', { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect((await get('/', { 'accept-encoding': 'identity' })).body).toBe(html);
  });

  it('caches hashed files for a year and compresses them', async () => {
    const response = await get('/main.0123abcd45.js', { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(bigScript);
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  it("sends the build's precompressed variant, as it is, to a browser that takes it; the plain file to one that does not", async () => {
    const onDisk = fs.readFileSync(path.join(root, 'shell/dist/chart.0123abcd46.js.br'));
    const br = await get('/chart.0123abcd46.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.equals(onDisk)).toBe(true); // the file's bytes: not compressed again
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);

    const gz = await get('/chart.0123abcd46.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(fs.readFileSync(path.join(root, 'shell/dist/chart.0123abcd46.js.gz')))).toBe(true);

    const plain = await get('/chart.0123abcd46.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
    // The variants are the build's own files, not addresses of their own for the single-page app.
    expect((await get('/chart.0123abcd46.js.br')).statusCode).toBe(200);
  });

  it('answers 404 for missing files and never serves the single-page app for the API or the provider', async () => {
    expect((await get('/missing.0123abcd45.js')).statusCode).toBe(404);
    expect((await get('/api')).statusCode).toBe(404);
    const api = await get('/api/unknown');
    expect(api.statusCode).toBe(401);
    expect(api.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await get('/%2e%2e/package.json')).statusCode).toBe(404);
  });
});

describe('remotes', () => {
  it('serves each remote under /remotes/<folder>/: manifest and entry revalidated, chunks immutable, readable cross-origin', async () => {
    const manifest = await get('/remotes/mf-stock/mf-manifest.json');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json()).toEqual({ id: 'mf_stock', name: 'mf_stock' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['access-control-allow-origin']).toBe('*');

    const entry = await get('/remotes/mf-stock/remoteEntry.js', { 'accept-encoding': 'br' });
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['content-encoding']).toBe('br');

    const chunk = await get('/remotes/mf-stock/__federation_expose_App.89abcdef01.js');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // A changed file is seen at once: nothing is listed at start-up.
    write('mf-stock/dist/mf-manifest.json', JSON.stringify({ id: 'mf_stock', name: 'mf_stock', version: 2 }));
    expect((await get('/remotes/mf-stock/mf-manifest.json')).json()).toMatchObject({ version: 2 });
  });

  it('serves nothing outside the remotes builds', async () => {
    expect((await get('/remotes/mf-nope/remoteEntry.js')).statusCode).toBe(404);
    expect((await get('/remotes/mf-invoices/remoteEntry.js')).statusCode).toBe(404);
    expect((await get('/remotes/mf-stock/secret/.env')).statusCode).toBe(404);
    expect((await get('/remotes/mf-stock/%2e%2e/%2e%2e/package.json')).statusCode).toBe(404);
    expect((await get('/remotes/mf-stock/..%2f..%2fpackage.json')).statusCode).toBe(404);
  });
});

describe('symbolic links', () => {
  let outside: string;
  beforeAll(() => {
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-fuera-'));
    fs.writeFileSync(path.join(outside, 'secreto.txt'), 'SECRETO FUERA DE LA CARPETA');
    fs.mkdirSync(path.join(outside, 'carpeta'));
    fs.writeFileSync(path.join(outside, 'carpeta', 'datos.js'), 'SECRETO EN UNA CARPETA ENLAZADA');
    // Links inside the builds that point out of them: to another folder, to the repository
    // root (still under STATIC_ROOT, but not part of any build), and a linked folder.
    fs.symlinkSync(path.join(outside, 'secreto.txt'), path.join(root, 'shell/dist/fuga.0123abcd99.js'));
    fs.symlinkSync(path.join(root, 'package.json'), path.join(root, 'shell/dist/paquete.json'));
    fs.symlinkSync(path.join(outside, 'secreto.txt'), path.join(root, 'mf-stock/dist/fuga.js'));
    fs.symlinkSync(path.join(outside, 'carpeta'), path.join(root, 'mf-stock/dist/enlazada'));
    // A deployment whose dist folder is itself a link to a release: served normally.
    fs.mkdirSync(path.join(outside, 'release-7'));
    fs.writeFileSync(path.join(outside, 'release-7', 'remoteEntry.js'), 'console.log("catálogos");');
    fs.symlinkSync(path.join(outside, 'release-7'), path.join(root, 'mf-catalogs/dist'));
  });
  afterAll(() => fs.rmSync(outside, { recursive: true, force: true }));

  it('a link out of its build is not followed: 404, and nothing of the target is sent', async () => {
    for (const url of ['/fuga.0123abcd99.js', '/paquete.json', '/remotes/mf-stock/fuga.js', '/remotes/mf-stock/enlazada/datos.js']) {
      const response = await get(url);
      expect([url, response.statusCode]).toEqual([url, 404]);
      expect(response.body).not.toMatch(/SECRETO|fuera/);
    }
  });

  it('a build folder that is itself a link is served', async () => {
    const response = await get('/remotes/mf-catalogs/remoteEntry.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("catálogos");');
  });
});

describe('/config.json', () => {
  it('tells the shell the API, the identity provider and where each remote is', async () => {
    const response = await get('/config.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({
      apiBaseUrl: 'https://almacen.example.mx',
      institutionName: t.config.institutionName,
      timeZone: 'America/Mexico_City',
      oidc: {
        authority: t.config.oidcIssuer,
        clientId: 'almacen-portal',
        scope: 'openid profile email offline_access',
        extraQueryParams: {},
      },
      identityProvider: t.config.oidcEmbedded ? 'embedded' : 'external',
      // Every remote of the registry, under /remotes/<folder>/ unless its REMOTE_<NAME>_URL says otherwise.
      remotes: {
        ...Object.fromEntries(REGISTRY.map((r) => [r.name, `https://almacen.example.mx/remotes/${r.folder}/mf-manifest.json`])),
        mf_invoices: 'https://entradas.example.mx/mf-manifest.json',
      },
      pages: {},
    });
  });

  it('carries the pages.json of each remote it serves, read again on every request', async () => {
    const stock = {
      label: 'Stock de productos',
      routes: ['stock/*'],
      menu: [{ label: 'Stock de productos', path: '/dashboard/stock', order: 40 }],
    };
    const withAlerts = { ...stock, menu: [...stock.menu, { label: 'Alertas', path: '/dashboard/stock/alerts', order: 45 }] };
    write('mf-stock/dist/pages.json', JSON.stringify(stock));
    // Served from elsewhere: the shell asks that remote itself, a copy on this disk may be stale.
    write('mf-invoices/dist/pages.json', JSON.stringify({ label: 'Entradas', routes: ['invoices/*'], menu: [] }));
    // Half-written by a build under way: left out, never a 500.
    write('mf-dispatches/dist/pages.json', '{"label": "Sali');
    try {
      let response = await get('/config.json');
      expect(response.statusCode).toBe(200);
      expect(response.json().pages).toEqual({ mf_stock: stock });

      // A rebuilt remote's new page is in the next /config.json, without restarting the API.
      write('mf-stock/dist/pages.json', JSON.stringify(withAlerts));
      response = await get('/config.json');
      expect(response.json().pages).toEqual({ mf_stock: withAlerts });
    } finally {
      for (const folder of ['mf-stock', 'mf-invoices', 'mf-dispatches'])
        fs.rmSync(path.join(root, folder, 'dist', 'pages.json'), { force: true });
    }
  });
});

describe('before the front end is built', () => {
  it('says so in Spanish instead of failing', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-empty-'));
    const bare = await createTestApp({ env: { STATIC_ROOT: empty } });
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/dashboard' });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('El portal aún no está compilado');
    } finally {
      await bare.close();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
