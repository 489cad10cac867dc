// The one list of Module Federation shared singletons, and the build settings every front end
// (the shell and the four remotes) has in common. Each workspace's rspack.config.ts only adds its
// name, its port and what it exposes, so the five builds cannot drift apart.
//
// Why singletons: React contexts (SWR's cache, Fluent's theme, the router, the platform's own
// contexts in @almacen/shared) must be ONE object across the shell and every remote, or a remote
// would not see the shell's providers. `requiredVersion` comes from the root package.json, the
// single place where versions are decided.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import rspack, { type Compiler, type Configuration } from '@rspack/core';
import { parseRemotePages, type RemotePages } from '@almacen/shared/pages';
import { exposedImports, SHARED_MODULE_PREFIX, SHARED_MODULES, type RemoteContract } from './rspack.contract';

const here = path.dirname(fileURLToPath(import.meta.url));
const rootPackage = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const sharedPackage = JSON.parse(readFileSync(path.join(here, 'shared/package.json'), 'utf8')) as {
  version: string;
};

function versionOf(pkg: string): string {
  const range = rootPackage.dependencies[pkg];
  if (!range) throw new Error(`rspack.shared.ts: ${pkg} is not a dependency of the root package.json`);
  return range;
}

interface SharedSingleton {
  singleton: true;
  requiredVersion: string;
  version?: string;
  eager?: false;
}

/** The installed version, stated explicitly: some packages (react-final-form) ship a dist/package.json without one. */
function installedVersion(pkg: string): string | undefined {
  try {
    const file = path.join(here, 'node_modules', pkg, 'package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

const singleton = (requiredVersion: string, version?: string): SharedSingleton => ({
  singleton: true,
  requiredVersion,
  ...(version ? { version } : {}),
});

/** A shared npm package (or a subpath of one) at the versions the root package.json decides. */
const dependency = (pkg: string, basePkg = pkg): SharedSingleton => singleton(versionOf(basePkg), installedVersion(basePkg));

/** Every module shared between the shell and the remotes; each one is loaded once. */
export const sharedSingletons: Record<string, SharedSingleton> = {
  react: dependency('react'),
  'react/jsx-runtime': dependency('react/jsx-runtime', 'react'),
  'react/jsx-dev-runtime': dependency('react/jsx-dev-runtime', 'react'),
  'react-dom': dependency('react-dom'),
  'react-dom/client': dependency('react-dom/client', 'react-dom'),
  swr: dependency('swr'),
  // Fluent UI as the part of it the portal uses (shared/src/fluent.ts), one module, not Fluent's
  // ~60 packages: a shared module is never tree-shaken, so shared package by package
  // every component package travelled whole. Fluent's contexts are one copy because the module is.
  '@almacen/shared/fluent': singleton(`^${sharedPackage.version}`, sharedPackage.version),
  // What the dashboard does not draw (shared/src/fluent-pages.ts): forms, tables, menus, dialogs.
  '@almacen/shared/fluent-pages': singleton(`^${sharedPackage.version}`, sharedPackage.version),
  // Griffel (Fluent's CSS-in-JS) stays a package of its own: @fluentui/react-icons, which each build
  // bundles for itself, styles its icons with it, and its renderer must be the one the provider uses.
  '@griffel/react': dependency('@griffel/react'),
  // The form kit in @almacen/shared renders react-final-form's <Form>; a remote's own fields read
  // its context, so the form libraries must be one copy too (else "useFormState must be used
  // inside of a <Form>"). superstruct: one StructError class for `instanceof` across bundles.
  'final-form': dependency('final-form'),
  'react-final-form': dependency('react-final-form'),
  'final-form-arrays': dependency('final-form-arrays'),
  'react-final-form-arrays': dependency('react-final-form-arrays'),
  superstruct: dependency('superstruct'),
  // The platform itself: its contexts (api client, user, runtime config) must be one object.
  '@almacen/shared': singleton(`^${sharedPackage.version}`, sharedPackage.version),
  '@almacen/shared/domain': singleton(`^${sharedPackage.version}`, sharedPackage.version),
  // What only some pages use of the domain (the audit log, label sheets, CFDI units, backups):
  // apart, so the dashboard does not download it (shared/src/domain-pages/index.ts).
  '@almacen/shared/domain-pages': singleton(`^${sharedPackage.version}`, sharedPackage.version),
  // The request bodies' schemas (and superstruct, which they need) apart: only pages with a form
  // load them, not the dashboard (shared/src/schemas/index.ts).
  '@almacen/shared/schemas': singleton(`^${sharedPackage.version}`, sharedPackage.version),
  // The DataTable, forms and wizard (and the Fluent components they use) apart: a page without
  // them — the home page — does not download them (shared/src/kit/index.ts).
  '@almacen/shared/kit': singleton(`^${sharedPackage.version}`, sharedPackage.version),
  // React Router as the part of it the portal uses (shared/src/router.ts), not the whole package.
  '@almacen/shared/router': singleton(`^${sharedPackage.version}`, sharedPackage.version),
};

// The contract's list of our shared modules (rspack.contract.ts) is exactly these singletons.
{
  const ours = Object.keys(sharedSingletons).filter((name) => name.startsWith(SHARED_MODULE_PREFIX));
  if (ours.sort().join() !== [...SHARED_MODULES].sort().join())
    throw new Error(`rspack.contract.ts: SHARED_MODULES must list ${ours.join(', ')}`);
}

export interface RemoteEntry {
  /** Module Federation name (`mf_stock`). */
  name: string;
  /** Workspace folder (`mf-stock`), also its path under /remotes/ when the API serves it. */
  folder: string;
  /** Port of its dev server. */
  port: number;
  /** Federated modules: ./App (its routes) and ./pages (its menu and route list). */
  exposes: Record<string, string>;
}

/** The one registry of remotes (remotes.json, ARCHITECTURE.md "Añadir un remoto"). */
export const remoteRegistry: RemoteEntry[] = (
  JSON.parse(readFileSync(path.join(here, 'remotes.json'), 'utf8')) as { remotes: RemoteEntry[] }
).remotes;

/** Module Federation names and dev ports of the remotes, by name. */
export const remotes: Record<string, RemoteEntry> = Object.fromEntries(remoteRegistry.map((remote) => [remote.name, remote]));

/** Where the shell puts the federation SDK for the remotes (shell/src/federation/provide-sdk.ts). */
const FEDERATION_SDK_GLOBAL = '_ALMACEN_FEDERATION_SDK';

export const SHELL_PORT = 3000;
/** Where `npm run dev` expects the API (and its /config.json and /oidc). */
export const DEV_API_ORIGIN = process.env.ALMACEN_API_ORIGIN ?? 'http://localhost:8080';

interface FrontEndOptions {
  /** Workspace folder (absolute). */
  dir: string;
  /** Module Federation name: `shell` or `mf_*`. */
  name: string;
  port: number;
  /** What a remote exposes (`./App`); absent for the shell. */
  exposes?: Record<string, string>;
  /** Runtime plugins (the shell's retry + error hooks). */
  runtimePlugins?: string[];
  /** RSPACK_SERVE / RSPACK_BUILD as passed by @rspack/cli. */
  env: Record<string, unknown>;
}

/** Writes the remote's pages (./pages) as pages.json beside mf-manifest.json, for /config.json. */
class PagesJsonPlugin {
  constructor(private readonly pages: RemotePages) {}

  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('AlmacenPagesJson', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'AlmacenPagesJson', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('pages.json', new rspack.sources.RawSource(`${JSON.stringify(this.pages, null, 2)}\n`));
      });
    });
  }
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** What is worth compressing: text the browser downloads (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(?:m?js|css|html|json|svg|map|txt)$/;

/**
 * Writes each text file of a production build also compressed at the highest settings — `x.js.br`
 * (Brotli 11) and `x.js.gz` (gzip 9) — beside it, once, at build time. The servers
 * send these bytes as they are: the API's static files (@fastify/static `preCompressed`) and the
 * containers' nginx (`gzip_static`). Compressing on the fly can only afford fast settings
 * (@fastify/compress: Brotli 4; nginx: gzip 1), which leave a fifth more bytes to download.
 */
export class PrecompressPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tapPromise('AlmacenPrecompress', async (compilation) => {
      const outputPath = compilation.outputOptions.path ?? compiler.outputPath;
      // The bytes just written, from the compilation (not read back from disk).
      const assets = compilation.getAssets().filter((asset) => COMPRESSIBLE.test(asset.name));
      await Promise.all(
        assets.map(async (asset) => {
          const file = path.join(outputPath, asset.name);
          const text = asset.source.buffer();
          if (text.length < 1024) return; // smaller than a packet: not worth a second file
          const [br, gz] = await Promise.all([
            brotli(text, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: text.length,
              },
            }),
            gzip(text, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    });
  }
}

interface RemoteOptions {
  dir: string;
  /** Its name in remotes.json. */
  name: string;
  /** The default export of its src/pages.ts. */
  pages: RemotePages;
  env: Record<string, unknown>;
}

/** A remote's rspack configuration: port and exposed modules from remotes.json, plus pages.json. */
export function remoteConfig({ dir, name, pages, env }: RemoteOptions): Configuration {
  const remote = remotes[name];
  if (!remote) throw new Error(`rspack.shared.ts: ${name} is not in remotes.json`);
  // A broken menu fails the build here, not in the browser.
  const checked = parseRemotePages(pages);
  if (!checked || checked.menu.length !== pages.menu.length)
    throw new Error(`${remote.folder}/src/pages.ts: the routes or a menu entry are not valid`);
  // What this build takes from the shell's shared modules, for the shell to check before loading it.
  const contract: RemoteContract = { shared: sharedPackage.version, exposes: exposedImports(dir, remote.exposes, SHARED_MODULES) };
  const config = frontEndConfig({ dir, name, port: remote.port, exposes: remote.exposes, env });
  const pagesModule = remote.exposes['./pages'];
  config.module!.rules!.push({
    test: path.resolve(dir, pagesModule),
    use: [{ loader: path.join(here, 'rspack.pages-loader.cjs'), options: { contract } }],
  });
  config.plugins = [...(config.plugins ?? []), new PagesJsonPlugin({ ...checked, contract })];
  return config;
}

/** The same singletons, taken from the share scope only: the build provides no copy of its own. */
function consumedOnly(shared: Record<string, SharedSingleton>): Record<string, SharedSingleton & { import: false }> {
  return Object.fromEntries(Object.entries(shared).map(([name, config]) => [name, { ...config, import: false as const }]));
}

/** The common rspack configuration of the five front ends. */
export function frontEndConfig(options: FrontEndOptions): Configuration {
  const isDev = Boolean(options.env.RSPACK_SERVE);
  const isShell = options.exposes === undefined;
  // A remote's own page (src/index.ts: startStandalone) is its squad's run on the dev server. A
  // production build of a remote is only what the shell loads — its container and chunks — and
  // uses the federation runtime of the shell that loads it (see `experiments` below).
  const standalonePage = isShell || isDev;
  return {
    mode: isDev ? 'development' : 'production',
    context: options.dir,
    entry: standalonePage ? { main: './src/index.ts' } : {},
    devtool: isDev ? 'eval-cheap-module-source-map' : false,
    output: {
      path: path.join(options.dir, 'dist'),
      // The shell serves deep links (/dashboard/stock), so its files live at absolute paths;
      // a remote is loaded from wherever its manifest is, so its chunks resolve from there.
      publicPath: isShell ? '/' : 'auto',
      filename: isDev ? '[name].js' : '[name].[contenthash:10].js',
      chunkFilename: isDev ? '[name].js' : '[name].[contenthash:10].js',
      uniqueName: options.name,
      clean: true,
    },
    // The plugins' own progress notes (the manifest plugin announces, for every remote, that
    // publicPath 'auto' resolves its chunks from where the manifest is: that is the design) stay
    // out of the build's output; their errors and the compilation's own warnings still show.
    infrastructureLogging: { level: isDev ? 'info' : 'error' },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: isDev } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.(svg|png|jpg)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      ...(standalonePage
        ? [
            new rspack.HtmlRspackPlugin({
              template: path.join(options.dir, 'public/index.html'),
              // The logo of shared/src/platform/logo.tsx as a file, for the browser tab.
              favicon: path.join(here, 'shared/assets/favicon.svg'),
              publicPath: '/',
              // Only the app's own entry: the remote container (remoteEntry.js) is for the shell.
              chunks: ['main'],
            }),
          ]
        : []),
      new rspack.DefinePlugin({
        // Dev servers proxy /api to the API, so the browser talks to its own origin (no CORS).
        __ALMACEN_DEV_PROXY__: JSON.stringify(isDev),
        // The global the shell puts the federation SDK on, and its remotes' builds read it from.
        __ALMACEN_FEDERATION_SDK_GLOBAL__: JSON.stringify(FEDERATION_SDK_GLOBAL),
        // The @almacen/shared a build was made with (shell/src/federation/contract.ts).
        __ALMACEN_SHARED_VERSION__: JSON.stringify(sharedPackage.version),
      }),
      new ModuleFederationPlugin({
        name: options.name,
        filename: isShell ? undefined : 'remoteEntry.js',
        exposes: options.exposes,
        // The shell names no remotes at build time: it reads them from /config.json at run time.
        remotes: {},
        // The shell provides every shared module; a remote's production build consumes them and
        // brings no copy of its own (`import: false`): its container is smaller, and whatever it
        // draws comes from the one copy — above all @almacen/shared/fluent and fluent-pages, which
        // share Fluent's internals only as modules of the same (the shell's) build.
        shared: isShell || isDev ? sharedSingletons : consumedOnly(sharedSingletons),
        shareStrategy: 'loaded-first',
        runtimePlugins: options.runtimePlugins,
        manifest: isShell ? false : { fileName: 'mf-manifest.json' },
        dts: false,
        // One federation runtime on the page: the shell's build carries it and puts it
        // on the page (provideExternalRuntime), a remote's production container uses that one
        // instead of its own copy (externalRuntime: remoteEntry.js 32 → 17 KB compressed, each).
        // So a remote's production build loads only in a shell that provides the runtime; a
        // Module Federation upgrade is deployed shell first (ARCHITECTURE.md). On the dev server a
        // remote keeps its own runtime, for its standalone page. `target: 'web'` leaves out the
        // runtime's Node-only code (loading a remote in Node), which a browser never runs.
        experiments: {
          ...(isShell ? { provideExternalRuntime: true } : isDev ? {} : { externalRuntime: true }),
          optimization: { target: 'web' },
        },
      }),
      // The SDK of the federation runtime, like the runtime itself, from the shell
      // (shell/src/federation/provide-sdk.ts).
      ...(isShell || isDev ? [] : [new rspack.ExternalsPlugin('global', { '@module-federation/sdk': FEDERATION_SDK_GLOBAL })]),
      ...(isDev ? [] : [new PrecompressPlugin()]),
    ],
    optimization: {
      minimize: !isDev,
    },
    performance: { hints: false },
    devServer: {
      port: options.port,
      historyApiFallback: true,
      hot: false,
      liveReload: true,
      // The shell (another origin in dev) fetches a remote's manifest and chunks.
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api', '/config.json', '/healthz'], target: DEV_API_ORIGIN, changeOrigin: true }],
    },
  };
}
