// Accounts of the embedded identity provider, from the command line:
//   npm run users -w @almacen/api -- list
//   npm run users -w @almacen/api -- add <usuario> --name "Nombre Apellido" [--email correo] [--password contraseña]
//   npm run users -w @almacen/api -- reset-password <usuario> [--password contraseña]
// Without --password a random one is generated and shown once. The database is the server's:
// DATABASE_URL, or the embedded PostgreSQL under DATA_DIR (used while the server runs, or
// started just for this command when it does not).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded';
import { migrate } from '../db/migrate';
import { createPool, type Db } from '../db/pool';
import { randomPassword } from '../idp/passwords';
import { addUser, listUsers, setPassword, UserError } from '../idp/users';

const USAGE = `Uso:
  npm run users -w @almacen/api -- list
  npm run users -w @almacen/api -- add <usuario> --name "Nombre" [--email correo] [--password contraseña]
  npm run users -w @almacen/api -- reset-password <usuario> [--password contraseña]
Sin --password se genera una contraseña aleatoria que se muestra una sola vez.`;

class UsageError extends Error {}

/** The connection string of an embedded PostgreSQL another process (the server) is running. */
function runningEmbeddedUrl(config: Config): string | null {
  const pidFile = path.join(config.dataDir, 'pg', 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return null;
  const [pidLine = '', , , portLine = ''] = fs.readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(pidLine.trim()), 0);
  } catch {
    return null;
  }
  const password = fs.readFileSync(path.join(config.dataDir, 'pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${Number(portLine.trim())}/almacen`;
}

async function openDatabase(config: Config): Promise<{ db: Db; close(): Promise<void> }> {
  let embedded: EmbeddedPostgres | null = null;
  let url = config.databaseUrl ?? runningEmbeddedUrl(config);
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort });
    url = embedded.url;
  }
  const db = createPool(url, { max: 2, applicationName: 'almacen-users-cli' });
  await migrate(db);
  return {
    db,
    async close() {
      await db.end();
      if (embedded) await embedded.stop();
    },
  };
}

export async function run(argv: string[], env: NodeJS.ProcessEnv, out: (line: string) => void): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } },
  });
  const [command, username] = positionals;
  if (!command || !['list', 'add', 'reset-password'].includes(command)) throw new UsageError(USAGE);
  if (command !== 'list' && !username) throw new UsageError(`Falta el usuario.\n${USAGE}`);

  const config = loadConfig(env);
  const { db, close } = await openDatabase(config);
  try {
    if (command === 'list') {
      const users = await listUsers(db);
      if (!users.length) out('No hay usuarios.');
      for (const user of users) out([user.username, user.name, user.email ?? ''].join('\t'));
      return;
    }
    const password = values.password ?? randomPassword();
    if (command === 'add') {
      const user = await addUser(db, { username, name: values.name, email: values.email, password });
      out(`Usuario "${user.username}" (${user.name}) creado.`);
    } else {
      await setPassword(db, username, password);
      out(`Contraseña de "${username.trim().toLowerCase()}" cambiada.`);
    }
    if (!values.password) out(`Contraseña: ${password}\n(se muestra solo esta vez)`);
  } finally {
    await close();
  }
}

if (require.main === module) {
  // The same settings as `npm start` (DATA_DIR, DATABASE_URL…): .env at the repository root.
  const dotEnv = path.resolve(__dirname, '..', '..', '..', '.env');
  if (fs.existsSync(dotEnv)) process.loadEnvFile(dotEnv);
  run(process.argv.slice(2), process.env, (line) => process.stdout.write(`${line}\n`)).then(
    () => process.exit(0),
    (error: unknown) => {
      const known = error instanceof UserError || error instanceof UsageError || error instanceof ConfigError;
      const message = known ? (error as Error).message : `Error: ${(error as Error).message}`;
      process.stderr.write(`${message}\n`);
      process.exit(error instanceof UsageError ? 2 : 1);
    },
  );
}
