/**
 * @jest-environment node
 */
// @almacen/shared/kit is a Module Federation singleton of its own, apart from @almacen/shared
// (shared/src/kit/index.ts). A kit file that reached the platform, the API layer or the light
// pieces by a relative path would bundle a SECOND copy of them into the kit — with its own React
// contexts, so a table's toast or a form's date would not see the shell's providers. Jest has one
// module registry and would never notice; this test does: outside the kit's own folders, a kit
// file imports '@almacen/shared' or '@almacen/shared/domain' only. @almacen/shared/domain-pages
// and @almacen/shared/schemas are singletons apart from the domain in the same way.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const src = path.resolve(__dirname, '..');
const KIT_FOLDERS = ['data-table', 'form', 'documents', 'wizard', 'scan', 'catalogs'].map((folder) => path.join(__dirname, folder));
const within = (folders: string[], file: string) => folders.some((folder) => file === folder || file.startsWith(folder + path.sep));
const ownFolder = (file: string) => within(KIT_FOLDERS, file);
const APART_FROM_DOMAIN = ['domain-pages', 'schemas'];

/** Each relative import of `files` that leaves `folders`, as "file: 'specifier'". */
function relativeImportsOut(files: string[], folders: string[]): string[] {
  return files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/from '(\.[^']*)'/g)]
      .filter(([, specifier]) => !within(folders, path.resolve(path.dirname(file), specifier)))
      .map(([, specifier]) => `${path.relative(src, file)}: '${specifier}'`),
  );
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

test('the kit reaches the rest of @almacen/shared through the package, never by a relative path', () => {
  const files = KIT_FOLDERS.flatMap(sources);
  expect(files.length).toBeGreaterThan(20);
  const found: string[] = [];
  for (const file of files) {
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']*)'/g)) {
      const target = path.resolve(path.dirname(file), specifier);
      // The idempotency key lives in @almacen/shared (the API layer uses it too).
      if (!ownFolder(target) || target.endsWith(`${path.sep}wizard${path.sep}idempotency`)) {
        found.push(`${path.relative(src, file)}: '${specifier}' (usa '@almacen/shared' o '@almacen/shared/domain')`);
      }
    }
  }
  expect(found).toEqual([]);
});

test('the index of @almacen/shared does not re-export the kit', () => {
  const index = readFileSync(path.join(src, 'index.ts'), 'utf8');
  expect(index).not.toMatch(/from '\.\/kit'/);
  for (const folder of ['data-table', 'form', 'documents', 'wizard', 'catalogs'])
    expect(index).not.toMatch(new RegExp(`from './kit/${folder}'`));
});

test.each(APART_FROM_DOMAIN)('@almacen/shared/%s reaches the domain through the package, and neither index re-exports it', (folder) => {
  const own = path.join(src, folder);
  const files = sources(own);
  expect(files.length).toBeGreaterThan(3);
  expect(relativeImportsOut(files, [own])).toEqual([]);
  for (const index of ['index.ts', 'domain/index.ts']) {
    expect(readFileSync(path.join(src, index), 'utf8')).not.toMatch(new RegExp(`from '\\.\\.?/(\\.\\./)*${folder}'`));
  }
});
