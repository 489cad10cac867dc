// `npm run build -w @almacen/api`: the API as plain JavaScript in dist/, which production runs
// with `node dist/server.js` (npm start, the container) — no TypeScript loader at run time.
//   dist/                                  src/ compiled (tsconfig.build.json) + the migrations
//                                          + the catalogue import's data files
//   dist/node_modules/@almacen/shared/     shared's domain, domain-pages and schemas compiled
//                                          (tsconfig.shared.json);
//                                          Node looks in dist/node_modules before the workspace
//                                          link, whose package.json points at TypeScript sources
// dist/ is emptied first: a module folder deleted from src/ must not live on in dist/ (app.ts
// loads every folder of modules/ it finds). build-info.json is written last, so its presence
// means a complete build (npm start compares its date with the sources').
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');

fs.rmSync(dist, { recursive: true, force: true });

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const { status } = spawnSync(process.execPath, [tsc, '-b', path.join(here, 'tsconfig.build.json')], { stdio: 'inherit' });
if (status !== 0) process.exit(status ?? 1);

// migrate.ts reads the .sql files next to itself (MIGRATIONS_DIR = __dirname/migrations).
fs.cpSync(path.join(here, 'src', 'db', 'migrations'), path.join(dist, 'db', 'migrations'), {
  recursive: true,
  filter: (source) => fs.statSync(source).isDirectory() || source.endsWith('.sql'),
});

// The catalogue import's shipped files (the CONAC chapter 2000 partidas) next to their module.
fs.cpSync(path.join(here, 'src', 'modules', 'catalog-imports', 'files'), path.join(dist, 'modules', 'catalog-imports', 'files'), {
  recursive: true,
});

fs.writeFileSync(
  path.join(dist, 'node_modules', '@almacen', 'shared', 'package.json'),
  `${JSON.stringify({ name: '@almacen/shared', private: true, exports: Object.fromEntries(['domain', 'domain-pages', 'schemas'].map((part) => [`./${part}`, `./${part}/index.js`])) }, null, 2)}\n`,
);

fs.writeFileSync(
  path.join(dist, 'build-info.json'),
  `${JSON.stringify({ builtAt: new Date().toISOString(), node: process.version }, null, 2)}\n`,
);
