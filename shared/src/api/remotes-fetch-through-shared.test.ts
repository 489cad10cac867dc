/**
 * @jest-environment node
 */
// One way to fetch: no remote writes an API path or an SWR fetch of its own — every key, read hook
// and change lives in shared/src/api (a remote may still name SWR's types). A remote that needs a
// resource adds it there, where every other remote finds it and every change refreshes it.
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
        if (/['"`]\/api\//.test(line)) found.push(`${where} escribe una ruta de la API: ${line.trim()}`);
        if (/^import (?!type\b)[^;]*from 'swr(\/[a-z]+)?'/.test(line)) found.push(`${where} usa SWR directamente: ${line.trim()}`);
      });
  }
  expect(found).toEqual([]);
});
