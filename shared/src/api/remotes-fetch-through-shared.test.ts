/**
 * @jest-environment node
 */
// One way to fetch: a remote reads and writes the API only through @almacen/shared's hooks
// (`useResource`, `useMutation`), never SWR or a fetch of its own (it may still name SWR's
// types). The resources every area uses live in shared/src/api; a resource only one remote uses
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
        const resourceModule = path.dirname(file) === path.join(root, remote, 'src', 'api');
        if (!resourceModule && /['"`]\/api\//.test(line))
          found.push(`${where} escribe una ruta de la API fuera de src/api/: ${line.trim()}`);
        if (/\bfetch\(|from 'ofetch'/.test(line)) found.push(`${where} pide a la red por su cuenta: ${line.trim()}`);
        if (/^import (?!type\b)[^;]*from 'swr(\/[a-z]+)?'/.test(line)) found.push(`${where} usa SWR directamente: ${line.trim()}`);
      });
  }
  expect(found).toEqual([]);
});

// The same inside the platform: SWR is used by the read hook (`useResource`), its provider and the
// cache refreshes, and nowhere else in shared or the shell. The reads listed below still hold a
// fetch of their own, until each is folded into `useResource` (they are named here so a new one
// cannot slip in beside them).
const SWR_PLATFORM = ['shared/src/platform/resource.ts', 'shared/src/platform/platform-providers.tsx', 'shared/src/platform/hooks.ts'];
const SWR_NOT_FOLDED_YET = [
  // The Bitácora's pages of the log (useSWRInfinite with the log's own cursor).
  'shell/src/admin/audit-api.ts',
];

test('inside shared and the shell, only the platform reads through SWR (and the reads not folded yet)', () => {
  const users = ['shared/src', 'shell/src']
    .flatMap((dir) => sources(path.join(root, dir)))
    .filter((file) => /^import (?!type\b)[^;]*from 'swr(\/[a-z]+)?'/m.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(root, file))
    .sort();
  expect(users).toEqual([...SWR_PLATFORM, ...SWR_NOT_FOLDED_YET].sort());
});
