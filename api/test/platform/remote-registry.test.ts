// remotes.json is the one registry of remotes (ARCHITECTURE.md, "Añadir un remoto"). What reads it
// follows by itself; what cannot read it — docker-compose.yml, .env.example, the workspaces — is
// checked against it here, so a fifth remote cannot be half added.
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_REGISTRY, remoteUrlVariable } from '../../src/config';
import { containerEnvironment, loadCompose, publishedPorts, rawEnvironment, remotePortVariable } from '../helpers/compose';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

const envExample = read('.env.example');
const rootPackage = JSON.parse(read('package.json')) as { workspaces: string[] };

const composeFile = loadCompose();

/** The port docker-compose publishes a remote's nginx on, by default. */
function publishedPort(folder: string): number | null {
  return publishedPorts(composeFile.services[folder])[0]?.published ?? null;
}

describe('remotes.json', () => {
  it('names each remote once, with its own folder, dev port and the modules the shell loads', () => {
    expect(REMOTE_REGISTRY.length).toBeGreaterThan(0);
    const names = REMOTE_REGISTRY.map((remote) => remote.name);
    const ports = REMOTE_REGISTRY.map((remote) => remote.port);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(REMOTE_REGISTRY.map((remote) => remote.folder)).size).toBe(names.length);
    // 3000 is the shell's dev server, 8080 the API's.
    expect(new Set([...ports, 3000, 8080]).size).toBe(ports.length + 2);
    for (const remote of REMOTE_REGISTRY) {
      expect(remote.name).toMatch(/^mf_[a-z][a-z0-9_]*$/);
      expect(Object.keys(remote.exposes)).toEqual(expect.arrayContaining(['./App', './pages']));
      for (const file of Object.values(remote.exposes)) expect(fs.existsSync(path.join(ROOT, remote.folder, file))).toBe(true);
      expect(read(`${remote.folder}/rspack.config.ts`)).toContain(`name: '${remote.name}'`);
    }
  });

  it('is what the workspaces and jest list', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.config.js is CommonJS
    const jestConfig = require(path.join(ROOT, 'jest.config.js')) as { projects: Array<{ displayName: string }> };
    for (const { folder } of REMOTE_REGISTRY) {
      expect(rootPackage.workspaces).toContain(folder);
      expect(jestConfig.projects.map((project) => project.displayName)).toContain(folder);
    }
  });
});

describe('docker-compose.yml', () => {
  it('has one nginx per remote, published on its port setting, and gives the API each manifest URL on that port', () => {
    const problems: string[] = [];
    const api = containerEnvironment(composeFile.services.api);
    const shellOrigins = containerEnvironment(composeFile.services.shell).REMOTE_ORIGINS?.split(' ') ?? [];
    for (const { name, folder } of REMOTE_REGISTRY) {
      const block = composeFile.services[folder];
      if (block?.build?.args?.APP !== folder) problems.push(`falta el servicio ${folder} (APP: ${folder})`);
      const port = publishedPort(folder);
      if (!port) {
        problems.push(`${folder} no publica un puerto`);
        continue;
      }
      const moved = { [remotePortVariable(folder)]: '19999' };
      if (publishedPort(folder) === publishedPorts(block, moved)[0]?.published) {
        problems.push(`${folder} no se publica en ${remotePortVariable(folder)}`);
      }
      const variable = remoteUrlVariable(name);
      const url = `http://localhost:${port}/mf-manifest.json`;
      if (api[variable] !== url) problems.push(`api no define ${variable} con ${url}`);
      if (containerEnvironment(composeFile.services.api, moved)[variable] !== 'http://localhost:19999/mf-manifest.json') {
        problems.push(`${variable} no sigue a ${remotePortVariable(folder)}`);
      }
      if (
        containerEnvironment(composeFile.services.api, { [variable]: 'https://cdn.example/m.json' })[variable] !==
        'https://cdn.example/m.json'
      ) {
        problems.push(`${variable} no llega a la API`);
      }
      if (!shellOrigins.includes(`http://localhost:${port}`)) problems.push(`REMOTE_ORIGINS del shell no incluye http://localhost:${port}`);
      if (!containerEnvironment(composeFile.services.shell, moved).REMOTE_ORIGINS?.split(' ').includes('http://localhost:19999')) {
        problems.push(`REMOTE_ORIGINS del shell no sigue a ${remotePortVariable(folder)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has no remote the registry does not name', () => {
    const folders = REMOTE_REGISTRY.map((remote) => remote.folder);
    const services = Object.keys(composeFile.services).filter((name) => name.startsWith('mf-'));
    expect(services.sort()).toEqual([...folders].sort());
    const variables = Object.keys(rawEnvironment(composeFile.services.api)).filter((name) => /^REMOTE_MF_\w+_URL$/.test(name));
    expect(variables.sort()).toEqual(REMOTE_REGISTRY.map((remote) => remoteUrlVariable(remote.name)).sort());
  });
});

describe('.env.example', () => {
  it('documents each remote URL as docker-compose publishes it, and no other', () => {
    const documented = [...envExample.matchAll(/^#?\s*(REMOTE_MF_\w+_URL)=(.*)$/gm)].map((match) => [match[1], match[2]]);
    const expected = REMOTE_REGISTRY.map(({ name, folder }) => [
      remoteUrlVariable(name),
      `http://localhost:${publishedPort(folder)}/mf-manifest.json`,
    ]);
    expect(documented.sort()).toEqual(expected.sort());
    const ports = [...envExample.matchAll(/^#?\s*(MF_\w+_PORT)=(\d+)$/gm)].map((match) => [match[1], Number(match[2])]);
    expect(ports.sort()).toEqual(REMOTE_REGISTRY.map(({ folder }) => [remotePortVariable(folder), publishedPort(folder)]).sort());
    const origins = /^#?\s*REMOTE_ORIGINS=(.*)$/m.exec(envExample)?.[1].split(' ') ?? [];
    expect(origins.sort()).toEqual(REMOTE_REGISTRY.map(({ folder }) => `http://localhost:${publishedPort(folder)}`).sort());
  });
});
