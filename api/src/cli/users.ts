// Accounts of the embedded identity provider, from the command line:
//   npm run users -w @almacen/api -- list
//   npm run users -w @almacen/api -- add <usuario> --name "Nombre Apellido" [--email correo] [--password contraseña]
//   npm run users -w @almacen/api -- reset-password <usuario> [--password contraseña]
//   npm run users -w @almacen/api -- deactivate|activate <usuario o correo>   (a person's status in Almacén)
//   npm run users -w @almacen/api -- rotate-keys   (new signing key; restart every copy of the API)
//   npm run users -w @almacen/api -- rotate-keys --lost-key   (new keys for ones no key here opens)
// Without --password a random one is generated and shown once. The database is the server's:
// DATABASE_URL, or the embedded PostgreSQL under DATA_DIR (used while the server runs, or
// started just for this command when it does not).
import { parseArgs } from 'node:util';
import { LostKeyRefusal, replaceLostSecrets } from '../backup/secrets';
import { loadConfig, type Config } from '../config';
import { runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded';
import { migrate } from '../db/migrate';
import { createPool, type Db } from '../db/pool';
import { randomPassword } from '../idp/passwords';
import { rotateSigningKeys, SecretsKeyError } from '../idp/secrets';
import { addUser, listUsers, setPassword, UserError } from '../idp/users';
import { runCommand, UsageError } from './command';
import { setUserStatus, UserStatusError } from './user-status';

export const USAGE = `Uso:
  npm run users -w @almacen/api -- list
  npm run users -w @almacen/api -- add <usuario> --name "Nombre" [--email correo] [--password contraseña]
  npm run users -w @almacen/api -- reset-password <usuario> [--password contraseña]
  npm run users -w @almacen/api -- deactivate <usuario o correo>
  npm run users -w @almacen/api -- activate <usuario o correo>
  npm run users -w @almacen/api -- rotate-keys [--lost-key]
Sin --password se genera una contraseña aleatoria que se muestra una sola vez.
deactivate y activate cambian el estado de una persona en Almacén (por usuario, correo o sub); son la única
manera para un administrador por configuración (ADMIN_USERS), a quien otro administrador no puede desactivar.
rotate-keys crea una llave de firma nueva; la anterior sigue publicada para los tokens que ya firmó.
rotate-keys --lost-key, solo cuando se perdió la llave de los secretos (SECRETS_KEY o DATA_DIR/secrets.key) que abría
las llaves del proveedor (p. ej. al restaurar un respaldo sin ella): las reemplaza por nuevas y cierra todas las sesiones.`;

export { UsageError };

async function openDatabase(config: Config): Promise<{ db: Db; close(): Promise<void> }> {
  let embedded: EmbeddedPostgres | null = null;
  let url = config.databaseUrl ?? runningEmbeddedUrl(config.dataDir);
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, backupDir: config.backup.dir });
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
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        'lost-key': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    // node:util's own messages are English ("Unknown option '--x'…"): say it in Spanish.
    const option = /'(-[^']*)'/.exec((error as Error).message)?.[1];
    throw new UsageError(`${option ? `Opción no válida: ${option}` : 'Argumentos no válidos.'}\n${USAGE}`);
  }
  const { positionals, values } = parsed;
  const [command, username] = positionals;
  if (values.help || command === 'help' || command === 'ayuda') {
    out(USAGE);
    return;
  }
  if (!command || !['list', 'add', 'reset-password', 'deactivate', 'activate', 'rotate-keys'].includes(command))
    throw new UsageError(USAGE);
  if (['add', 'reset-password', 'deactivate', 'activate'].includes(command) && !username)
    throw new UsageError(`Falta el usuario.\n${USAGE}`);
  if (values['lost-key'] && command !== 'rotate-keys') throw new UsageError(`--lost-key solo va con rotate-keys.\n${USAGE}`);

  const config = loadConfig(env);
  const { db, close } = await openDatabase(config);
  try {
    if (command === 'deactivate' || command === 'activate') {
      out(await setUserStatus(db, config, username, command === 'activate'));
      return;
    }
    if (command === 'list') {
      const users = await listUsers(db);
      if (!users.length) out('No hay usuarios.');
      for (const user of users) out([user.username, user.name, user.email ?? ''].join('\t'));
      return;
    }
    if (command === 'rotate-keys' && values['lost-key']) {
      const signing = await replaceLostSecrets(db, config);
      out(`Llaves nuevas del proveedor de identidad, cifradas con la llave de esta instalación; llave de firma: ${signing}.`);
      out('Las anteriores se descartaron: todas las sesiones se cerraron y cada persona vuelve a iniciar sesión.');
      out('Reinicia cada copia del API para que use las llaves nuevas.');
      return;
    }
    if (command === 'rotate-keys') {
      const rotation = await rotateSigningKeys(db, config).catch((error: unknown) => {
        if (!(error instanceof SecretsKeyError)) throw error;
        throw new SecretsKeyError(
          `${error.message}\nSi esa llave se perdió (p. ej. al restaurar un respaldo sin ella): ` +
            'npm run users -w @almacen/api -- rotate-keys --lost-key crea llaves nuevas (todas las sesiones se cierran).',
        );
      });
      out(`Llave de firma nueva: ${rotation.signing}.`);
      if (rotation.kept.length) out(`Sigue publicada para los tokens que ya firmó: ${rotation.kept.join(', ')}.`);
      if (rotation.dropped.length) out(`Retirada (sus tokens ya no se aceptan): ${rotation.dropped.join(', ')}.`);
      out('Reinicia cada copia del API para que firme con la llave nueva.');
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
  runCommand(run, { known: [UserError, SecretsKeyError, LostKeyRefusal, UserStatusError], failure: 'Error' });
}
