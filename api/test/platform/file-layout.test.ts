// Where the code and its tests live. A module's tests sit in api/test/modules/<module>/, named
// as the module's folder in api/src/modules/, so a folder there with no module of its name is a
// test left behind by a rename or a move. And no product file passes 400 lines: a longer file is
// split where its code has seams (its concerns, its sections), not cut at a line count. Tests,
// their fixtures and the migrations are not product code.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const MAX_LINES = 400;

const tracked = (...patterns: string[]) =>
  execFileSync('git', ['ls-files', '-z', '--', ...patterns], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);

/** Code that ships or runs the product: not a test or its support, a fixture or a migration. */
const isProduct = (file: string) =>
  !/\.test\.[cm]?[jt]sx?$/.test(file) && !/(^|\/)(test|fixtures)\//.test(file) && !file.startsWith('api/src/db/migrations/');

const entries = (folder: string) => fs.readdirSync(path.join(ROOT, folder), { withFileTypes: true });
const folders = (folder: string) =>
  entries(folder)
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const linesOf = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8').replace(/\n$/, '').split('\n').length;

test('every test folder under api/test/modules is named as a module of api/src/modules', () => {
  const modules = new Set(folders('api/src/modules'));
  const orphans = folders('api/test/modules').filter((name) => !modules.has(name));
  expect(orphans).toEqual([]);
});

test('every test of a module is in its folder: none loose in api/test/modules', () => {
  const loose = entries('api/test/modules')
    .filter((entry) => !entry.isDirectory())
    .map((entry) => entry.name);
  expect(loose).toEqual([]);
});

test(`no product file passes ${MAX_LINES} lines`, () => {
  const files = tracked('*.ts', '*.tsx', '*.js', '*.mjs', '*.cjs').filter(isProduct);
  expect(files.length).toBeGreaterThan(100);
  expect(files.filter((file) => linesOf(file) > MAX_LINES)).toEqual([]);
});
