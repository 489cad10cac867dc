/**
 * @jest-environment node
 */
// The contract in CI: shared/surface.json is what @almacen/shared gives at run time at its
// version, and every remote takes from the shared modules only names they give — so a remote can
// never be built against a name the shell's build lacks without this failing first.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { exposedImports, missingFromContract, remoteImports, SHARED_MODULES, sharedSurface } from '../../../rspack.contract';
import { MODULES } from './contract';

const root = path.resolve(__dirname, '../../..');
const read = <T>(file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T;
const recorded = read<{ version: string; modules: Record<string, string[]> }>('shared/surface.json');
const remotes = read<{ remotes: Array<{ folder: string }> }>('remotes.json').remotes.map((r) => r.folder);

jest.setTimeout(120_000);

test('shared/surface.json is what @almacen/shared gives now, at the version shared/package.json says', () => {
  const message = 'Lo que exporta @almacen/shared cambió: `npm run shared:surface` lo registra y sube su versión.';
  expect({ message, modules: sharedSurface(root, SHARED_MODULES) }).toEqual({ message, modules: recorded.modules });
  expect(read<{ version: string }>('shared/package.json').version).toBe(recorded.version);
});

test.each(remotes)('%s takes from the shared modules only names they give', (remote) => {
  const imports = remoteImports(path.join(root, remote, 'src'), SHARED_MODULES);
  expect(Object.keys(imports).length).toBeGreaterThan(0);
  expect(missingFromContract(imports, recorded.modules)).toEqual([]);
});

test('the shell checks a remote against every shared module of the contract, and only those', () => {
  expect(Object.keys(MODULES).sort()).toEqual([...SHARED_MODULES].sort());
});

test('a name a module lacks, or a module the shell lacks, is reported', () => {
  expect(missingFromContract({ '@almacen/shared': ['useCan', 'useNewer'], '@almacen/shared/extra': ['x'] }, recorded.modules)).toEqual([
    '@almacen/shared: useNewer',
    '@almacen/shared/extra: x',
  ]);
});

test("an exposed module's contract is what its own files take: mf-stock's home section takes none of the pages' modules", () => {
  const remotesJson = read<{ remotes: Array<{ folder: string; exposes: Record<string, string> }> }>('remotes.json');
  const stock = remotesJson.remotes.find((r) => r.folder === 'mf-stock')!;
  const exposes = exposedImports(path.join(root, 'mf-stock'), stock.exposes, SHARED_MODULES);
  expect(Object.keys(exposes['./Home'])).not.toContain('@almacen/shared/kit');
  for (const module of ['@almacen/shared/fluent-pages', '@almacen/shared/schemas', '@almacen/shared/domain-pages'])
    expect(Object.keys(exposes['./Home'])).not.toContain(module);
  expect(exposes['./App']['@almacen/shared/kit']).toContain('DataTable');
  // Everything an exposed module takes, some file of the remote takes.
  const all = remoteImports(path.join(root, 'mf-stock', 'src'), SHARED_MODULES);
  for (const imports of Object.values(exposes)) expect(missingFromContract(imports, all)).toEqual([]);
});
