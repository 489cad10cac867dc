/**
 * @jest-environment node
 */
// One way to fetch, write and page: a remote reads and writes the API only through @almacen/shared's
// hooks (`useResource`, `usePagedResource`, `useMutation`), never SWR or a fetch of its own (it may
// still name SWR's types). The resources every area uses live in shared/src/api; a resource only one remote uses
// may live in that remote, in one module per resource under its `src/api/` — the only place of
// the remote that writes API paths — so a squad ships a new resource without the shell.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const remotes = (JSON.parse(readFileSync(path.join(root, 'remotes.json'), 'utf8')) as { remotes: Array<{ folder: string }> }).remotes.map(
  (r) => r.folder,
);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

test.each(remotes)('%s reads and writes the API only through @almacen/shared', (remote) => {
  const found: string[] = [];
  for (const file of sources(path.join(root, remote, 'src'))) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const where = `${path.relative(root, file)}:${i + 1}`;
        // A page's `count` names the /api/ path the shell reads for the menu's number: the remote
        // declares it (src/pages.ts, plain data) and never fetches it itself.
        const resourceModule =
          path.dirname(file) === path.join(root, remote, 'src', 'api') || file === path.join(root, remote, 'src', 'pages.ts');
        if (!resourceModule && /['"`]\/api\//.test(line))
          found.push(`${where} escribe una ruta de la API fuera de src/api/: ${line.trim()}`);
        if (/\bfetch\(|from 'ofetch'/.test(line)) found.push(`${where} pide a la red por su cuenta: ${line.trim()}`);
        if (/^import (?!type\b)[^;]*from 'swr(\/[a-z]+)?'/.test(line)) found.push(`${where} usa SWR directamente: ${line.trim()}`);
      });
  }
  expect(found).toEqual([]);
});

// The same inside the platform: SWR is used by the read hook (`useResource`), its provider and the
// cache refreshes, and nowhere else in shared or the shell.
const SWR_PLATFORM = ['shared/src/platform/resource.ts', 'shared/src/platform/platform-providers.tsx', 'shared/src/platform/hooks.ts'];

test('inside shared and the shell, only the platform reads through SWR', () => {
  const users = ['shared/src', 'shell/src']
    .flatMap((dir) => sources(path.join(root, dir)))
    .filter((file) => /^import (?!type\b)[^;]*from 'swr(\/[a-z]+)?'/m.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(root, file))
    .sort();
  expect(users).toEqual([...SWR_PLATFORM].sort());
});

/** The product's front sources (no tests, no test kit), each line with its place; comments left out. */
function codeLines(): Array<{ file: string; where: string; line: string }> {
  return ['shared/src', 'shell/src', ...remotes.map((r) => `${r}/src`)]
    .flatMap((dir) => sources(path.join(root, dir)))
    .filter((file) => !file.includes(`${path.sep}testing${path.sep}`))
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ file: path.relative(root, file), where: `${path.relative(root, file)}:${i + 1}`, line }))
        .filter(({ line }) => !/^\s*(\/\/|\/?\*)/.test(line)),
    );
}

// Where API paths are written: a module per resource (shared/src/api/*, a shell area's *-api.ts, a
// remote's src/api/*), the platform's own two (/api/me, the month closings the date pickers read)
// and a remote's src/pages.ts, whose pages' `count` names the path the shell reads for the menu.
const API_MODULE =
  /^(shared\/src\/api\/[^/]+|shell\/src\/.+-api|mf-[a-z]+\/src\/api\/[^/]+|mf-[a-z]+\/src\/pages|shared\/src\/platform\/(access|period-closings))\.tsx?$/;

test('API paths are written only in the resource modules, and each path in one of them', () => {
  const outside: string[] = [];
  const modulesOf = new Map<string, Set<string>>();
  for (const { file, where, line } of codeLines()) {
    for (const [, literal] of line.matchAll(/['"`](\/api\/[^'"`]*)['"`]/g)) {
      if (!API_MODULE.test(file)) outside.push(`${where}: ${line.trim()}`);
      // `${id}` and the like are one path whatever the expression.
      const shape = literal.replace(/\$\{[^}]*\}/g, '{}');
      modulesOf.set(shape, (modulesOf.get(shape) ?? new Set()).add(file));
    }
  }
  expect(outside).toEqual([]);
  const twice = [...modulesOf].filter(([, files]) => files.size > 1).map(([shape, files]) => `${shape}: ${[...files].join(', ')}`);
  expect(twice).toEqual([]);
});

test('one way to write: the resource modules send changes through useMutation', () => {
  const found: string[] = [];
  for (const { file, where, line } of codeLines()) {
    // A report is a download (POST /api/reports/…), not a change: the kit's report download sends it.
    const sender = API_MODULE.test(file) || file === 'shared/src/kit/actions/report-download.ts';
    if (!sender && /\bmethod: [^,}]*'(POST|PUT|PATCH|DELETE)'/.test(line))
      found.push(`${where} envía un cambio fuera de un módulo de recurso: ${line.trim()}`);
    const actionKit =
      ['shared/src/api/mutation.ts', 'shared/src/kit/actions/report-download.ts'].includes(file) ||
      file.startsWith('shared/src/kit/actions/');
    if (!actionKit && /\buseAction\(/.test(line)) found.push(`${where} usa useAction en vez de useMutation: ${line.trim()}`);
  }
  expect(found).toEqual([]);
});

test('one way to page: only usePagedResource follows a cursor', () => {
  const pager = ['shared/src/platform/paged-resource.ts', 'shared/src/domain/wire.ts'];
  const found = codeLines()
    .filter(({ file, line }) => !pager.includes(file) && /\bnextCursor\b|[?&](cursor|before)=|\bcursor: [a-z]/.test(line))
    .map(({ where, line }) => `${where}: ${line.trim()}`);
  expect(found).toEqual([]);
});
