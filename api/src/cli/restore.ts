// `npm run restore -- FILE [--replace]`: the file is checked before any database is touched
// (backup/restore.ts), then restored as the owner in one transaction; then, as at every start, the
// newer migrations and the run-time role's grants (connectDatabase); then the proof: every
// product's balance is the fold of its movements (backup/ledger-check.ts) — the row counts were
// compared with the manifest inside the transaction. Last, whether this installation's secrets
// key opens the embedded provider's restored keys (backup/secrets.ts). The database is the
// server's: DATABASE_URL, or the embedded PostgreSQL under DATA_DIR, which must not be running (a
// restore replaces what a running server reads).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkLedger } from '../backup/ledger-check';
import {
  DATA_CONDITIONAL_INDEXES,
  migrationsOf,
  restoreBackup,
  RestoreFailure,
  RestoreRefusal,
  verifyBackup,
  type RestoreResult,
} from '../backup/restore';
import { lostKeyAdvice, unopenableSecrets } from '../backup/secrets';
import { loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { EmbeddedPostgresError, runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded';
import { MigrationError } from '../db/migrate';
import { createPool } from '../db/pool';
import { DatabaseRoleError } from '../db/roles';
import { runCommand, UsageError } from './command';

export const USAGE = `Uso: npm run restore -- ARCHIVO [--replace]
Comprueba el respaldo (su suma SHA-256 y su manifiesto) y lo restaura en la base de datos de Almacén
(DATABASE_URL o el PostgreSQL embebido de DATA_DIR), con Almacén detenido. Una base que no está vacía
solo se reemplaza con --replace. Después aplica las migraciones más nuevas y comprueba que cada saldo
es el pliegue de sus movimientos y que cada tabla tiene las filas del manifiesto.`;

const number = new Intl.NumberFormat('es-MX');
/** 2026-11-28T05:11:22.345Z → 28/11/2026 05:11 UTC. */
const when = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 16)} UTC`;

export async function run(argv: string[], env: NodeJS.ProcessEnv, out: (line: string) => void): Promise<RestoreResult | null> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { replace: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    const option = /'(-[^']*)'/.exec((error as Error).message)?.[1];
    throw new UsageError(`${option ? `Opción no válida: ${option}` : 'Argumentos no válidos.'}\n${USAGE}`);
  }
  const { positionals, values } = parsed;
  if (values.help) {
    out(USAGE);
    return null;
  }
  if (positionals.length !== 1)
    throw new UsageError(`${positionals.length ? 'Indica un solo archivo.' : 'Falta el archivo del respaldo.'}\n${USAGE}`);
  const config = loadConfig(env);
  // `npm run restore -- FILE` runs from the repository's root: FILE is relative to where it was typed.
  const file = path.resolve(env.INIT_CWD || process.cwd(), positionals[0]);

  const verified = await verifyBackup(file);
  const { manifest } = verified;
  migrationsOf(manifest);
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  out(
    `Respaldo verificado: ${path.basename(file)} (Almacén ${manifest.version}, ${when(manifest.createdAt)}, ` +
      `migración ${manifest.lastMigration ?? '(ninguna)'}; ${number.format(Object.keys(manifest.tables).length)} tablas, ${number.format(rows)} filas).`,
  );

  let embedded: EmbeddedPostgres | null = null;
  let ownerUrl = config.databaseUrl;
  let appUrl = config.databaseAppUrl;
  if (!ownerUrl) {
    if (runningEmbeddedUrl(config.dataDir)) {
      throw new RestoreRefusal(
        `El PostgreSQL embebido de ${config.dataDir} está en marcha (¿el servidor de Almacén?): detén Almacén antes de restaurar. No se cambió nada.`,
      );
    }
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, backupDir: config.backup.dir });
    ownerUrl = embedded.url;
    appUrl = embedded.appUrl;
  }
  try {
    const target = new URL(ownerUrl);
    const where = embedded
      ? `el PostgreSQL embebido de ${config.dataDir}`
      : `la base «${decodeURIComponent(target.pathname.slice(1))}» de ${target.hostname}:${target.port || '5432'}`;
    const result = await restoreBackup({ url: ownerUrl, file, replace: values.replace, verified });
    out(
      `Restaurado en ${where}${result.replaced ? ' (se reemplazó lo que tenía)' : ''}: ` +
        `${number.format(Object.keys(manifest.tables).length)} tablas, ${number.format(result.rows)} filas, las mismas que dice el manifiesto.`,
    );
    for (const index of result.leftOut) out(DATA_CONDITIONAL_INDEXES[index]);

    // As at every start: the migrations newer than the backup, then the run-time role's grants.
    const applied: string[] = [];
    const connection = await connectDatabase(
      { ...config, databaseUrl: ownerUrl, databaseAppUrl: appUrl },
      {
        log: (line) => {
          if (line.startsWith('Migración aplicada: ')) applied.push(line.slice('Migración aplicada: '.length));
        },
        warn: out,
      },
    );
    await connection.close();
    out(
      applied.length
        ? `Migraciones más nuevas que el respaldo, aplicadas: ${applied.join(', ')}.`
        : 'El respaldo ya tenía todas las migraciones.',
    );

    const ledger = await checkLedger(ownerUrl);
    if (ledger.violations.length) {
      throw new RestoreFailure(
        `Los datos se restauraron, pero los saldos no son el pliegue de sus movimientos:\n  - ${ledger.violations.join('\n  - ')}\n` +
          'No arranques Almacén con esta base: restaura otro respaldo.',
      );
    }
    out(
      `Comprobado: el saldo de cada uno de los ${number.format(ledger.products)} productos con movimientos (cantidad, valor y costo promedio) ` +
        `es el pliegue de sus movimientos (${number.format(ledger.movements)}).`,
    );

    if (config.oidcEmbedded) {
      const db = createPool(ownerUrl, { max: 1, applicationName: 'almacen-restauracion' });
      try {
        const problem = await unopenableSecrets(db, config);
        if (problem) out(lostKeyAdvice(problem));
      } finally {
        await db.end();
      }
    }
    return result;
  } finally {
    await embedded?.stop();
  }
}

if (require.main === module) {
  runCommand(run, {
    known: [RestoreRefusal, RestoreFailure, EmbeddedPostgresError, MigrationError, DatabaseRoleError],
    failure: 'No se pudo restaurar',
  });
}
