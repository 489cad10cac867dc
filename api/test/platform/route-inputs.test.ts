// What a client sends — path parameters, the query string, the body — reaches a handler untrusted
// and is parsed into its type there (parseBody with a shared schema, idParamOf, queryOf + a
// parser), never asserted to a type with `as`: a cast would let a value through that no check has
// seen. This reads the API's sources and fails on such a cast.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const sources = execFileSync('git', ['ls-files', '-z', '--', 'api/src/*.ts'], { cwd: ROOT, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && !file.endsWith('.test.ts'));

const CAST = /\b(?:request|req)\.(?:params|query|body)\s+as\b|\((?:params|query|body)\s+as\s*\{/;

test('no route casts its params, query or body to a type', () => {
  const casts = sources.flatMap((file) =>
    fs
      .readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (CAST.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
  expect(sources.length).toBeGreaterThan(50);
  expect(casts).toEqual([]);
});
