// docker-compose.yml and docker/ hold what the containers need, read without docker (CI has no
// daemon): every setting of README's «Configuración» table reaches the api container, defaults
// follow the port settings, services wait only for what they use, the front ends' nginx runs
// unprivileged with a healthcheck, the images install with `npm ci` alone, and backups run.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, REMOTE_REGISTRY } from '../../src/config';
import { containerEnvironment, loadCompose, publishedPorts, rawEnvironment, remotePortVariable, ROOT } from '../helpers/compose';

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const compose = loadCompose();
const { services } = compose;

/** The variables README's settings table names (`PORT` / `HOST`, the four REMOTE_…_URL in one row). */
function readmeSettings(): string[] {
  const readme = read('README.md');
  const section = readme.slice(readme.indexOf('## Configuración'), readme.indexOf('\n## ', readme.indexOf('## Configuración') + 1));
  const names = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]));
  return [...new Set(names)];
}

/** Settings of the table that the api service deliberately does not take from the environment. */
const NOT_PASSED: Record<string, string> = {
  PORT: 'the port inside the container, where the shell (API_UPSTREAM) and the healthcheck reach it; people use SHELL_PORT',
  HOST: 'inside the container it listens on every interface, or the shell could not reach it',
  DATABASE_URL: "compose's own PostgreSQL, from POSTGRES_PASSWORD",
  DATABASE_APP_URL: "compose's own PostgreSQL, from POSTGRES_APP_PASSWORD",
  DATA_DIR: 'the image sets it to the folder of the apidata volume',
  EMBEDDED_PG_PORT: 'the containers use the postgres service, never the embedded PostgreSQL',
  OIDC_DEV_ORIGINS: 'development servers (npm run dev) only; no container runs one',
  STATIC_ROOT: 'the API serves no front end here: the shell and each remote have their own nginx',
};

describe("README's settings reach the api container", () => {
  const settings = readmeSettings();
  const api = rawEnvironment(services.api);

  it('reads a table of settings', () => {
    expect(settings).toEqual(expect.arrayContaining(['PUBLIC_URL', 'ADMIN_USERS', 'HTTP_MAX_CONNECTIONS', 'REMOTE_MF_STOCK_URL']));
  });

  it.each(settings.filter((name) => !(name in NOT_PASSED)))('%s is passed through from the environment or .env', (name) => {
    expect(api[name]).toBeDefined();
    const value = 'valor-de-prueba';
    expect(containerEnvironment(services.api, { [name]: value })[name]).toBe(value);
  });

  it('names each deliberate exception in the table, with a reason', () => {
    for (const [name, reason] of Object.entries(NOT_PASSED)) {
      expect({ name, inTable: settings.includes(name) }).toEqual({ name, inTable: true });
      expect(reason.length).toBeGreaterThan(10);
      // An exception that does reach the container from the environment is no exception.
      expect({ name, passed: containerEnvironment(services.api, { [name]: 'valor-de-prueba' })[name] === 'valor-de-prueba' }).toEqual({
        name,
        passed: false,
      });
    }
  });

  it.each(settings)('%s empty (as ${VAR:-} passes an unset one) configures the API as unset', (name) => {
    expect(loadConfig({ [name]: '' })).toEqual(loadConfig({}));
  });

  it("the api container's environment as compose writes it, with nothing set, is a valid configuration", () => {
    const config = loadConfig(containerEnvironment(services.api));
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'http://localhost:8080',
      databaseUrl: expect.stringContaining('@postgres:5432/'),
    });
  });
});

describe('defaults follow the port settings', () => {
  it("SHELL_PORT: the shell is published there and PUBLIC_URL's default is it", () => {
    expect(publishedPorts(services.shell, { SHELL_PORT: '9090' })[0].published).toBe(9090);
    expect(loadConfig(containerEnvironment(services.api, { SHELL_PORT: '9090' })).publicUrl).toBe('http://localhost:9090');
    expect(loadConfig(containerEnvironment(services.api, { SHELL_PORT: '9090', PUBLIC_URL: 'https://almacen.example.mx' })).publicUrl).toBe(
      'https://almacen.example.mx',
    );
  });

  it.each(REMOTE_REGISTRY.map((remote) => [remote.folder, remote.name]))(
    '%s: published on its port setting, its URL follows',
    (folder, name) => {
      const variable = remotePortVariable(folder);
      expect(publishedPorts(services[folder], { [variable]: '19999' })[0].published).toBe(19999);
      expect(loadConfig(containerEnvironment(services.api, { [variable]: '19999' })).remotes[name]).toBe(
        'http://localhost:19999/mf-manifest.json',
      );
    },
  );
});

describe('services wait only for what they use', () => {
  const dependsOn = (name: string) => {
    const value = services[name].depends_on ?? {};
    return Array.isArray(value) ? Object.fromEntries(value.map((dependency) => [dependency, 'service_started'])) : value;
  };

  it('no remote depends on anything: `up mf-stock` starts its nginx alone', () => {
    for (const { folder } of REMOTE_REGISTRY) expect({ folder, dependsOn: dependsOn(folder) }).toEqual({ folder, dependsOn: {} });
  });

  it('the shell waits for a healthy API, the API and backup for a healthy PostgreSQL', () => {
    expect(dependsOn('shell')).toEqual({ api: { condition: 'service_healthy' } });
    expect(dependsOn('api')).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(dependsOn('backup')).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(services.postgres.healthcheck?.test).toBeDefined();
  });
});

describe('the front ends: nginx unprivileged, with a healthcheck', () => {
  const dockerfile = read('docker/frontend.Dockerfile');
  const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const nginxConf = read('docker/nginx/nginx.conf');

  it('the image runs as the user nginx, with its own nginx.conf (no `user`, pid file and temporary files in /tmp)', () => {
    expect(finalStage).toMatch(/^USER nginx$/m);
    expect(finalStage).toContain('COPY docker/nginx/nginx.conf /etc/nginx/nginx.conf');
    expect(nginxConf).not.toMatch(/^\s*user\s/m);
    expect(nginxConf).toMatch(/^pid \/tmp\/[\w.]+;$/m);
    for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
      expect(nginxConf).toMatch(new RegExp(`^\\s*${kind}_temp_path /tmp/`, 'm'));
  });

  it.each([['shell', 'shell'], ...REMOTE_REGISTRY.map(({ folder }) => [folder, 'remote'])])(
    '%s listens on an unprivileged port, the one compose publishes',
    (name, conf) => {
      const listen = Number(/^\s*listen (\d+);$/m.exec(read(`docker/nginx/${conf}.conf.template`))?.[1]);
      expect(listen).toBeGreaterThanOrEqual(1024);
      expect(publishedPorts(services[name]).map((port) => port.container)).toEqual([listen]);
    },
  );

  it('has a healthcheck on a file every build has (the shell: its page; a remote: its manifest)', () => {
    expect(finalStage).toMatch(/^HEALTHCHECK .*CMD wget -q -O \/dev\/null "http:\/\/127\.0\.0\.1:8080\$\{HEALTH_PATH\}"/m);
    expect(finalStage).toMatch(/^ARG HEALTH_PATH=\/mf-manifest\.json$/m);
    expect(services.shell.build?.args?.HEALTH_PATH).toBe('/');
    for (const { folder } of REMOTE_REGISTRY) expect(services[folder].build?.args?.HEALTH_PATH).toBeUndefined();
  });
});

describe('the images', () => {
  const dockerfiles = ['docker/api.Dockerfile', 'docker/frontend.Dockerfile'];

  it.each(dockerfiles)('%s installs with npm ci only (a drifted lockfile fails the build)', (file) => {
    const runs = read(file)
      .replace(/\\\n/g, ' ')
      .split('\n')
      .filter((line) => /^RUN /.test(line) && /\bnpm\b/.test(line));
    expect(runs.some((line) => /\bnpm ci\b/.test(line))).toBe(true);
    for (const line of runs) expect(line).not.toMatch(/\bnpm (install|i|update)\b|\|\|/);
  });

  it("the API's runtime dependencies: production only, no optional ones (the embedded PostgreSQL), no TypeScript", () => {
    const api = read('docker/api.Dockerfile');
    const finalStage = api.slice(api.lastIndexOf('\nFROM '));
    const depsStage = /FROM node:\S+ AS deps\n([\s\S]*?)\nFROM /.exec(api)?.[1] ?? '';
    expect(depsStage).toMatch(/npm ci --omit=dev --omit=optional --workspace @almacen\/api --include-workspace-root=false/);
    expect(depsStage).toMatch(/rm -rf node_modules\/typescript\b/);
    expect(finalStage).toContain('COPY --from=deps /app/node_modules node_modules');
    expect(finalStage).not.toMatch(/^RUN .*npm (ci|install)/m);
  });
});

describe('scheduled backups', () => {
  const backup = services.backup;

  it('run in the api image, the way it runs the API (node on the build), until stopped', () => {
    expect(backup.image).toBe(services.api.image);
    expect(backup.build).toEqual(services.api.build);
    expect(backup.command).toEqual(['node', 'api/dist/cli/backup.js', '--schedule']);
    expect(fs.existsSync(path.join(ROOT, 'api/src/cli/backup.ts'))).toBe(true);
  });

  it('write into the volume backups at BACKUP_DIR, with the settings of the API', () => {
    const environment = containerEnvironment(backup);
    expect(environment.BACKUP_DIR).toBe('/var/backups/almacen');
    expect(backup.volumes).toContain('backups:/var/backups/almacen');
    // A backup by hand in the api service, and a restore there, use the same folder.
    expect(containerEnvironment(services.api).BACKUP_DIR).toBe('/var/backups/almacen');
    expect(services.api.volumes).toContain('backups:/var/backups/almacen');
    expect(compose.volumes).toHaveProperty('backups');
    for (const name of ['BACKUP_TIME', 'BACKUP_KEEP_DAILY', 'BACKUP_KEEP_MONTHLY', 'APP_TIME_ZONE']) {
      expect({ name, value: containerEnvironment(backup, { [name]: 'x' })[name] }).toEqual({ name, value: 'x' });
    }
    expect(environment.DATABASE_URL).toBe(containerEnvironment(services.api).DATABASE_URL);
    // The folder exists in the image, owned by the API's user, so the new volume is writable.
    expect(read('docker/api.Dockerfile')).toMatch(
      /mkdir -p [^\n]*\/var\/backups\/almacen[^\n]*chown node:node [^\n]*\/var\/backups\/almacen/,
    );
  });
});
