// `npm run shared:surface`: records what @almacen/shared gives at run time (shared/surface.json)
// and moves its version when that changed — major when a name is gone (a remote built before may
// use it), minor when names were added (a remote built after may need them). The shell and every
// remote's build carry this version; a test fails while the record is behind the sources.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHARED_MODULES, sharedSurface } from '../rspack.contract';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const surfaceFile = path.join(root, 'shared/surface.json');
const packageFile = path.join(root, 'shared/package.json');
const lockFile = path.join(root, 'package-lock.json');

interface Surface {
  version: string;
  modules: Record<string, string[]>;
}

const recorded = JSON.parse(readFileSync(surfaceFile, 'utf8')) as Surface;
const modules = sharedSurface(root, SHARED_MODULES);
const names = (surface: Record<string, string[]>) => new Set(Object.entries(surface).flatMap(([m, list]) => list.map((n) => `${m}: ${n}`)));
const before = names(recorded.modules);
const after = names(modules);
const removed = [...before].filter((name) => !after.has(name));
const added = [...after].filter((name) => !before.has(name));
if (removed.length === 0 && added.length === 0) {
  console.log(`@almacen/shared ${recorded.version}: sin cambios.`);
} else {
  const [major, minor] = recorded.version.split('.').map(Number);
  const version = removed.length > 0 ? `${major + 1}.0.0` : `${major}.${minor + 1}.0`;
  writeFileSync(surfaceFile, `${JSON.stringify({ version, modules }, null, 2)}\n`);
  // shared/package.json and its entry in package-lock.json (the workspaces depend on it as "*").
  writeFileSync(packageFile, readFileSync(packageFile, 'utf8').replace(/"version": "[^"]+"/, `"version": "${version}"`));
  const lock = readFileSync(lockFile, 'utf8').replace(
    /("shared": \{\s*"name": "@almacen\/shared",\s*"version": )"[^"]+"/,
    `$1"${version}"`,
  );
  writeFileSync(lockFile, lock);
  for (const name of removed) console.log(`- ${name}`);
  for (const name of added) console.log(`+ ${name}`);
  console.log(`@almacen/shared ${recorded.version} → ${version}.`);
}
