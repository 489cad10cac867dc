// Backup and restore for `npm run bench` (alone: `npm run bench -- backup`, or
// `node --import tsx bench/backup.ts`). For 10,000 and for 1,000,000 movements
// (BENCH_BACKUP_MOVEMENTS="10000,1000000"), a database migrated with today's migrations and
// filled with a consistent ledger (bench/lib/ledger-fixture.ts: 100 movements per product,
// entries of 2 and exits of 1, each with its invoice or dispatch and its line):
//   - `npm run backup` (`node api/cli.mjs backup`, exactly what npm runs: the retention and the
//     record in backup_runs included) against a bare `COPY … TO STDOUT` of the same tables to
//     plain files (psql, one REPEATABLE READ transaction);
//   - `npm run restore -- FILE` into an empty database (the file verified, the one-transaction
//     load, the newer migrations and grants, the proof balances = fold) against a bare
//     `COPY … FROM STDIN` of those files into a database already migrated (psql, one
//     transaction, the tables' own triggers off as the restore has them, foreign keys checked);
//   - the peak RSS of the process that does the work (the command api/cli.mjs starts; read by
//     api/test/helpers/peak-rss.mjs, preloaded through NODE_OPTIONS) at 1,000,000 movements
//     against the same at 10,000: the backup streams, so memory must stay flat as the database
//     grows (target ≤ 1.2×).
// Times are the commands' wall time, node and tsx starting up included (reported apart: the same
// command with --help). Rounds alternate baseline and measured (BENCH_BACKUP_ROUNDS at the small
// size, 3; the large size runs once: its restore alone takes minutes); medians. One backup at the
// small size runs first, unmeasured (tsx's cache, PostgreSQL's). Prints progress on stderr and,
// as its last stdout line, the rows as JSON.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { readTables, type TableInfo } from '../api/src/backup/schema';
import { migrate } from '../api/src/db/migrate';
import { createPool } from '../api/src/db/pool';
import type { BenchRow } from './api';
import { onInterrupt } from './lib/cleanup';
import { createDatabase, scratchDatabase } from './lib/database';
import { loadLedgerFixture } from './lib/ledger-fixture';
import { REPO_ROOT } from './lib/server';
import { bytes, fmt, median, ratio } from './lib/stats';

const PER_PRODUCT = 100;
const [SMALL, LARGE] = (process.env.BENCH_BACKUP_MOVEMENTS ?? '10000,1000000').split(',').map(Number);
const SMALL_ROUNDS = Number(process.env.BENCH_BACKUP_ROUNDS ?? 3);
const LARGE_ROUNDS = 1;
const MEMORY_TARGET = 1.2;
const PSQL = process.env.PSQL ?? 'psql';

const began = performance.now();
const say = (line: string) => process.stderr.write(`[${((performance.now() - began) / 1000).toFixed(0)} s] ${line}\n`);

const seconds = (msValue: number) => (msValue >= 10_000 ? `${fmt(msValue / 1000, 1)} s` : `${fmt(msValue / 1000, 2)} s`);
const mb = (kb: number) => `${fmt(kb / 1024, 0)} MB`;

/** Runs psql on a script; resolves with its wall time. */
function psql(url: string, script: string, args: string[] = []): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(PSQL, ['-X', '-q', '-v', 'ON_ERROR_STOP=1', ...args, '-d', url], { stdio: ['pipe', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', (error) =>
      reject(new Error(`no se pudo ejecutar ${PSQL} (${error.message}); instale postgresql-client o defina PSQL`)),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve(performance.now() - start) : reject(new Error(`psql terminó con ${code}: ${err.trim()}`)),
    );
    child.stdin.end(script);
  });
}

const copyName = (dir: string, table: TableInfo) => path.join(dir, `${table.name}.copy`);
const psqlTable = (table: TableInfo) => `public."${table.name.replace(/"/g, '""')}"`;

/** The bare COPY out: every table, in one snapshot as the backup reads them, to one plain file each. */
function copyOut(url: string, tables: TableInfo[], dir: string): Promise<number> {
  const script = [
    'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY;',
    ...tables.map((t) => `\\copy ${psqlTable(t)} TO '${copyName(dir, t)}'`),
    'COMMIT;',
  ].join('\n');
  return psql(url, script);
}

/** The bare COPY in: those files into a migrated database whose seeds were cleared, in one transaction. */
function copyIn(url: string, tables: TableInfo[], dir: string): Promise<number> {
  return psql(url, tables.map((t) => `\\copy ${psqlTable(t)} FROM '${copyName(dir, t)}'`).join('\n'), ['-1']);
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const PEAK_RSS = path.join(REPO_ROOT, 'api', 'test', 'helpers', 'peak-rss.mjs');

interface CommandReport {
  /** Wall time, from the start of `node api/cli.mjs` to its exit. */
  ms: number;
  /** Peak RSS of the command's own process (kB). */
  maxRssKb: number;
  /** Each line it printed, with when (ms from the start). */
  lines: Array<{ ms: number; line: string }>;
}

/** Runs `node api/cli.mjs <command> …` as `npm run backup|restore` does; resolves with its report. */
function command(name: 'backup' | 'restore', args: string[], env: Record<string, string>, work: string): Promise<CommandReport> {
  const peaks = path.join(work, `peak-${process.pid}-${Date.now()}.jsonl`);
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const proc = spawn(process.execPath, [path.join('api', 'cli.mjs'), name, ...args], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        TMPDIR: os.tmpdir(),
        NODE_OPTIONS: `--import=${JSON.stringify(pathToFileURL(PEAK_RSS).href)}`,
        PEAK_RSS_FILE: peaks,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: CommandReport['lines'] = [];
    let pending = '';
    let err = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      const now = performance.now() - start;
      pending += chunk.toString();
      const complete = pending.split('\n');
      pending = complete.pop()!;
      for (const line of complete) lines.push({ ms: now, line });
    });
    proc.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    proc.on('exit', (code) => {
      const ms = performance.now() - start;
      if (code !== 0) return reject(new Error(`npm run ${name} terminó con ${code}: ${err.trim()}`));
      const own = fs
        .readFileSync(peaks, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { script: string; maxRssKb: number })
        .filter((r) => /cli[\\/](backup|restore)\.(ts|js)$/.test(r.script));
      fs.rmSync(peaks, { force: true });
      if (!own.length) return reject(new Error(`npm run ${name}: no se leyó la memoria del proceso (${PEAK_RSS})`));
      resolve({ ms, maxRssKb: Math.max(...own.map((r) => r.maxRssKb)), lines });
    });
  });
}

/** When the command printed the first line starting with `prefix` (ms from its start). */
const at = (report: CommandReport, prefix: string) => {
  const found = report.lines.find((l) => l.line.startsWith(prefix));
  if (!found) throw new Error(`la salida no dice «${prefix}…»: ${report.lines.map((l) => l.line).join(' / ')}`);
  return found.ms;
};

interface Measured {
  movements: number;
  rows: number;
  tables: number;
  copyOutMs: number[];
  backupMs: number[];
  copyInMs: number[];
  restoreMs: number[];
  backupRss: number[];
  restoreRss: number[];
  fileBytes: number;
  copyBytes: number;
  /** Restore phases of the last round: verify, load (the transaction), newer migrations and grants, proof. */
  phases: number[];
}

/** The command doing nothing but loading its modules (`--help`): its start-up time and RSS. */
interface Idle {
  backupMs: number;
  backupRss: number;
  restoreMs: number;
  restoreRss: number;
}

const commandEnv = (url: string, dir: string) => ({
  DATABASE_URL: url,
  BACKUP_DIR: dir,
  DATA_DIR: path.join(dir, 'data'),
  OIDC_ISSUER: 'https://login.example.org',
});

async function idle(work: string): Promise<Idle> {
  const runs = { backup: [] as CommandReport[], restore: [] as CommandReport[] };
  for (let i = 0; i < 3; i++) {
    for (const name of ['backup', 'restore'] as const) runs[name].push(await command(name, ['--help'], commandEnv('', work), work));
  }
  return {
    backupMs: median(runs.backup.map((r) => r.ms)),
    backupRss: median(runs.backup.map((r) => r.maxRssKb)),
    restoreMs: median(runs.restore.map((r) => r.ms)),
    restoreRss: median(runs.restore.map((r) => r.maxRssKb)),
  };
}

async function measure(serverUrl: string, work: string, movements: number, rounds: number, warmUp: boolean): Promise<Measured> {
  if (movements % PER_PRODUCT) throw new Error(`BENCH_BACKUP_MOVEMENTS: ${movements} no es múltiplo de ${PER_PRODUCT}`);
  const products = movements / PER_PRODUCT;
  const source = await createDatabase(serverUrl, 'almacen_bench_backup_src');
  const forget = onInterrupt(source.drop);
  const m: Measured = {
    movements,
    rows: 0,
    tables: 0,
    copyOutMs: [],
    backupMs: [],
    copyInMs: [],
    restoreMs: [],
    backupRss: [],
    restoreRss: [],
    fileBytes: 0,
    copyBytes: 0,
    phases: [],
  };
  try {
    say(`${fmt(movements)} movimientos: cargando ${fmt(products)} productos con ${PER_PRODUCT} movimientos cada uno…`);
    const pool = createPool(source.url, { max: 1, applicationName: 'almacen-bench' });
    try {
      await migrate(pool);
      await loadLedgerFixture(pool, {
        products,
        perProduct: PER_PRODUCT,
        // Registration times ending now, 40 s apart.
        recordedAt: `now() - (${movements} - n) * interval '40 seconds'`,
      });
    } finally {
      await pool.end();
    }
    const tables = await withClient(source.url, readTables);
    m.tables = tables.length;
    const backup = async (dir: string) => {
      const report = await command('backup', [], commandEnv(source.url, dir), work);
      const file = /^Respaldo creado: (.+)$/.exec(report.lines.find((l) => l.line.startsWith('Respaldo creado: '))?.line ?? '')?.[1];
      if (!file) throw new Error('npm run backup no dijo qué archivo creó');
      return { report, file };
    };
    if (warmUp) {
      say('  Un respaldo sin medir (cachés de tsx y de PostgreSQL)…');
      await backup(fs.mkdtempSync(path.join(work, 'warm-')));
    }

    for (let round = 1; round <= rounds; round++) {
      const dir = fs.mkdtempSync(path.join(work, `r${round}-`));
      const copies = path.join(dir, 'copy');
      fs.mkdirSync(copies);
      const first = round % 2 === 1;
      let taken: Awaited<ReturnType<typeof backup>> | undefined;
      const doCopyOut = async () => {
        m.copyOutMs.push(await copyOut(source.url, tables, copies));
        m.copyBytes = tables.reduce((sum, t) => sum + fs.statSync(copyName(copies, t)).size, 0);
      };
      const doBackup = async () => {
        taken = await backup(path.join(dir, 'backups'));
        m.backupMs.push(taken.report.ms);
        m.backupRss.push(taken.report.maxRssKb);
        m.fileBytes = fs.statSync(taken.file).size;
      };
      say(`  Ronda ${round}/${rounds}: respaldo y COPY … TO STDOUT…`);
      for (const step of first ? [doCopyOut, doBackup] : [doBackup, doCopyOut]) await step();

      const doCopyIn = async () => {
        const target = await createDatabase(serverUrl, 'almacen_bench_backup_copy');
        const drop = onInterrupt(target.drop);
        try {
          const db = createPool(target.url, { max: 1, applicationName: 'almacen-bench' });
          try {
            await migrate(db);
          } finally {
            await db.end();
          }
          // As the restore does before loading: the schema's own triggers off, the migrations' seeds cleared.
          await withClient(target.url, async (c) => {
            for (const t of tables) await c.query(`ALTER TABLE ${psqlTable(t)} DISABLE TRIGGER USER`);
            await c.query(`TRUNCATE ${tables.map(psqlTable).join(', ')}`);
          });
          m.copyInMs.push(await copyIn(target.url, tables, copies));
          const n = await withClient(target.url, async (c) => Number((await c.query('SELECT count(*) AS n FROM movements')).rows[0].n));
          if (n !== movements) throw new Error(`el COPY dejó ${n} movimientos, no ${movements}`);
        } finally {
          drop();
          await target.drop();
        }
      };
      const doRestore = async () => {
        const target = await createDatabase(serverUrl, 'almacen_bench_backup_restore');
        const drop = onInterrupt(target.drop);
        try {
          const report = await command('restore', [taken!.file], commandEnv(target.url, path.join(dir, 'restore')), work);
          const proved = report.lines.find((l) => l.line.startsWith('Comprobado: '))?.line ?? '';
          if (!proved.includes(`(${fmt(movements)})`))
            throw new Error(`la restauración no comprobó los ${fmt(movements)} movimientos: ${proved}`);
          m.restoreMs.push(report.ms);
          m.restoreRss.push(report.maxRssKb);
          const verified = at(report, 'Respaldo verificado');
          const loaded = at(report, 'Restaurado en');
          const migrated = report.lines.find((l) => /^(Migraciones más nuevas|El respaldo ya tenía)/.test(l.line))?.ms ?? loaded;
          m.phases = [verified, loaded - verified, migrated - loaded, at(report, 'Comprobado: ') - migrated];
          const rows = /(\d[\d,]*) filas, las mismas/.exec(report.lines.find((l) => l.line.startsWith('Restaurado en'))!.line)?.[1];
          m.rows = Number(rows?.replace(/,/g, ''));
        } finally {
          drop();
          await target.drop();
        }
      };
      say(`  Ronda ${round}/${rounds}: restauración y COPY … FROM STDIN…`);
      for (const step of first ? [doCopyIn, doRestore] : [doRestore, doCopyIn]) await step();
      fs.rmSync(dir, { recursive: true, force: true });
      say(
        `    COPY fuera ${seconds(m.copyOutMs.at(-1)!)}, respaldo ${seconds(m.backupMs.at(-1)!)} (RSS máx. ${mb(m.backupRss.at(-1)!)}); ` +
          `COPY dentro ${seconds(m.copyInMs.at(-1)!)}, restauración ${seconds(m.restoreMs.at(-1)!)} (RSS máx. ${mb(m.restoreRss.at(-1)!)})`,
      );
    }
    return m;
  } finally {
    forget();
    await source.drop();
  }
}

function rowsOf(small: Measured, large: Measured, rest: Idle): Array<BenchRow & { failed?: boolean }> {
  const what = `${fmt(large.movements)} movimientos (${fmt(large.movements / PER_PRODUCT)} productos; ${fmt(large.tables)} tablas, ${fmt(large.rows)} filas)`;
  const rounds = (m: Measured) => (m.backupMs.length > 1 ? `medianas de ${m.backupMs.length} rondas alternadas` : '1 ronda');
  const atSmall = (measured: number[], baseline: number[]) =>
    `con ${fmt(small.movements)} movimientos: ${seconds(median(measured))} vs ${seconds(median(baseline))} ` +
    `(${ratio(median(measured) / median(baseline))}, ${rounds(small)})`;
  const [verify, load, migrations, proof] = large.phases;
  const memory = (label: string, peakSmall: number[], peakLarge: number[], help: number) => {
    const r = median(peakLarge) / median(peakSmall);
    return {
      figure: `${label}: memoria pico del proceso (RSS máx.), ${fmt(large.movements)} movimientos (${fmt(large.movements / small.movements)}× los datos)`,
      baseline: `${mb(median(peakSmall))} — lo mismo con ${fmt(small.movements)} movimientos`,
      measured: mb(median(peakLarge)),
      ratio: ratio(r),
      note:
        `objetivo ≤ ${fmt(MEMORY_TARGET, 1)}× (la memoria no crece con los datos); getrusage del proceso que hace el trabajo ` +
        `(el que arranca api/cli.mjs); con solo sus módulos cargados (--help): ${mb(help)}, así que sobre eso ` +
        `+${mb(median(peakLarge) - help)} vs +${mb(median(peakSmall) - help)}` +
        (r > MEMORY_TARGET ? `; SUPERA el objetivo de ${fmt(MEMORY_TARGET, 1)}×` : ''),
      failed: r > MEMORY_TARGET,
    };
  };
  return [
    {
      figure: `Respaldo (npm run backup): ${what}, un archivo gzip`,
      baseline: `${seconds(median(large.copyOutMs))} — COPY … TO STDOUT simple de las mismas tablas a archivos (psql, una transacción)`,
      measured: seconds(median(large.backupMs)),
      ratio: ratio(median(large.backupMs) / median(large.copyOutMs)),
      note:
        `${rounds(large)}; archivo de ${bytes(large.fileBytes)} (el COPY, en texto sin comprimir: ${bytes(large.copyBytes)}); ` +
        `una transacción REPEATABLE READ, cursor por tabla, cada fila en JSON, gzip 6, SHA-256, retención y registro en backup_runs; ` +
        `incluye arrancar node y tsx (${seconds(rest.backupMs)} con --help); ${atSmall(small.backupMs, small.copyOutMs)}`,
    },
    {
      figure: `Restauración (npm run restore) en una base vacía: ${what}, con sus comprobaciones`,
      baseline: `${seconds(median(large.copyInMs))} — COPY … FROM STDIN simple de los mismos archivos a una base ya migrada (psql, una transacción)`,
      measured: seconds(median(large.restoreMs)),
      ratio: ratio(median(large.restoreMs) / median(large.copyInMs)),
      note:
        `${rounds(large)}; verificar el archivo ${seconds(verify)} (arranque incluido), migraciones y carga en una transacción ${seconds(load)}, ` +
        `migraciones más nuevas y permisos ${seconds(migrations)}, saldos = pliegue del libro ${seconds(proof)}; ` +
        `el COPY no migra, no verifica ni comprueba (disparadores de las tablas apagados como en la restauración, llaves foráneas comprobadas); ` +
        atSmall(small.restoreMs, small.copyInMs),
    },
    memory('Respaldo', small.backupRss, large.backupRss, rest.backupRss),
    memory('Restauración', small.restoreRss, large.restoreRss, rest.restoreRss),
  ];
}

async function main(): Promise<void> {
  const server = await scratchDatabase('almacen_bench_backup');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-bench-backup-'));
  const forget = onInterrupt(() => fs.rmSync(work, { recursive: true, force: true }));
  try {
    say(`Base de datos: ${server.kind}. psql: ${PSQL}.`);
    const small = await measure(server.url, work, SMALL, SMALL_ROUNDS, true);
    const large = await measure(server.url, work, LARGE, LARGE_ROUNDS, false);
    say('Arranque de los comandos (--help)…');
    const rest = await idle(work);
    console.log(JSON.stringify(rowsOf(small, large, rest)));
  } finally {
    forget();
    fs.rmSync(work, { recursive: true, force: true });
    await server.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
