// ESLint (flat config). Besides typescript-eslint and the React hooks rules, it enforces the
// one-way imports of ARCHITECTURE.md, "Module Federation contract" so nobody has to remember them:
//   shared ← remotes ← (loaded at run time by) shell; a remote never imports another remote or
//   the shell; shared never imports a remote or the shell; api imports only shared/src/domain;
//   inside a remote, features do not import each other (shared code moves down to shared/).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
/** The remotes' folders, from the registry (remotes.json). */
const remotes = JSON.parse(readFileSync(path.join(root, 'remotes.json'), 'utf8')).remotes.map((remote) => remote.folder);

/** Every feature folder of a remote, read when ESLint starts (features come and go). */
function featuresOf(remote) {
  const dir = path.join(root, remote, 'src/features');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `./${remote}/src/features/${entry.name}`);
}

const boundaryZones = [
  // A remote never imports another remote or the shell.
  ...remotes.map((remote) => ({
    target: `./${remote}`,
    from: ['./shell', ...remotes.filter((other) => other !== remote).map((other) => `./${other}`)],
    message: 'Un remoto no importa otro remoto ni el shell: lo común va a shared/.',
  })),
  // The shell loads remotes at run time only (loadRemote), never by import.
  {
    target: './shell',
    from: remotes.map((remote) => `./${remote}`),
    message: 'El shell carga los remotos en tiempo de ejecución (loadRemote), nunca con import.',
  },
  // shared is the bottom layer.
  {
    target: './shared',
    from: ['./shell', './api', './e2e', ...remotes.map((remote) => `./${remote}`)],
    message: 'shared no importa el shell, los remotos ni la API.',
  },
  // The API may use the pure domain only (no React).
  {
    target: './api',
    from: ['./shell', ...remotes.map((remote) => `./${remote}`), './shared'],
    except: ['./src/domain', './src/domain-pages', './src/schemas'],
    message: 'La API sólo importa @almacen/shared/domain, /domain-pages y /schemas.',
  },
  // Features of one remote do not import each other.
  ...remotes.flatMap((remote) => {
    const features = featuresOf(remote);
    // A lone feature has nobody to keep out (and the rule refuses an empty `from`).
    if (features.length < 2) return [];
    return features.map((feature) => ({
      target: feature,
      from: features.filter((other) => other !== feature),
      message: 'Una feature no importa otra: lo común baja a shared/ (o a src/components del remoto).',
    }));
  }),
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/coverage/**', '**/@mf-types/**', 'e2e/artifacts/**', '**/*.js', '**/*.cjs'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,mjs}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {
        window: 'readonly',
        document: 'readonly',
        console: 'readonly',
        process: 'readonly',
      },
    },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'],
          conditionNames: ['types', 'import', 'default'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
      // Import order, fixed by `npm run format` (eslint --fix): node's modules, packages, the
      // workspace's @almacen/* packages, then relative paths; alphabetical inside each group.
      'import-x/first': 'error',
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
          pathGroups: [{ pattern: '@almacen/**', group: 'internal' }],
          pathGroupsExcludedImportTypes: ['builtin'],
          'newlines-between': 'never',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-undef': 'off',
    },
  },
  {
    files: ['api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@almacen/shared', message: 'La API sólo importa @almacen/shared/domain, /domain-pages y /schemas.' }],
          patterns: [
            { group: ['@almacen/shared/testing'], message: 'La API sólo importa @almacen/shared/domain, /domain-pages y /schemas.' },
          ],
        },
      ],
    },
  },
  {
    // Routing comes from @almacen/shared/router, the shared part of React Router, and Fluent UI
    // from @almacen/shared/fluent, the shared part of Fluent: a package imported
    // directly would be a second copy, with its own contexts, in the build that imports it.
    // The icons are plain functions each build keeps for itself.
    files: ['shell/**/*.{ts,tsx}', 'mf-*/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}', 'jest.setup.front.ts'],
    ignores: ['shared/src/router.ts', 'shared/src/fluent.ts', 'shared/src/fluent-pages.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react-router', 'react-router-dom'].map((name) => ({
            name,
            message: 'Importa el enrutador desde @almacen/shared/router (la parte de React Router que se comparte).',
          })),
          patterns: [
            {
              group: ['@fluentui/*', '!@fluentui/react-icons'],
              message: 'Importa Fluent UI desde @almacen/shared/fluent (la parte de Fluent que se comparte).',
            },
            {
              // By a relative path, the module would be bundled again into the importing build.
              regex: '^\\.\\.?/(.*/)?(fluent|fluent-pages|router)$',
              message:
                'Importa @almacen/shared/fluent, @almacen/shared/fluent-pages o @almacen/shared/router por su nombre, no por una ruta relativa.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/testing/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
