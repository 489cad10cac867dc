// Memory stays flat however large a table is: about 150 MB of rows (the audit log of a busy year,
// each entry carrying a large document) are backed up and restored by `npm run backup|restore`
// (api/cli.mjs, as npm runs them) in processes whose JavaScript heap may not exceed 64 MB, and
// the peak RSS of each stays near that of the same command on a database with almost nothing in
// it. Holding the table, or the file, in memory would not fit; nor would the heap V8 grows by its
// defaults over so long a run, which api/cli.mjs bounds (without that the backup's peak is about
// 1.8 times the small one's here, the restore's about 1.5 times; with it, 1.2 to 1.3).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { migrate } from '../../src/db/migrate';
import { createPool } from '../../src/db/pool';
import { createTestDatabase } from '../helpers/test-app';

jest.setTimeout(120_000);

const run = promisify(execFile);
const API = path.resolve(__dirname, '..', '..');
const PEAK_RSS = path.join(__dirname, '..', 'helpers', 'peak-rss.mjs');
const ROWS = 60_000;
/** Peak RSS of a command on the 150 MB table ÷ on the small database, at most. */
const FLAT = 1.6;

type Database = Awaited<ReturnType<typeof createTestDatabase>>;
let source: Database;
let target: Database;
let small: Database;
let smallTarget: Database;
let work: string;
let runs = 0;

/** Runs `node api/cli.mjs <command>` on `url`; its output and the peak RSS (kB) of the command's own process. */
async function cli(command: 'backup' | 'restore', url: string, args: string[] = []) {
  const folder = path.join(work, `run-${++runs}`);
  const peaks = path.join(folder, 'peak-rss.jsonl');
  fs.mkdirSync(folder);
  const result = await run(process.execPath, [path.join(API, 'cli.mjs'), command, ...args], {
    cwd: API,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: url,
      BACKUP_DIR: path.join(folder, 'backups'),
      DATA_DIR: path.join(folder, 'data'),
      OIDC_ISSUER: 'https://login.example.org',
      NODE_OPTIONS: `--max-old-space-size=64 --import=${JSON.stringify(pathToFileURL(PEAK_RSS).href)}`,
      PEAK_RSS_FILE: peaks,
    },
    maxBuffer: 1024 * 1024,
  });
  const own = fs
    .readFileSync(peaks, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { script: string; maxRssKb: number })
    .filter((r) => r.script.endsWith(path.join('cli', `${command}.ts`)) || r.script.endsWith(path.join('cli', `${command}.js`)));
  expect(own.length).toBeGreaterThan(0);
  return { stdout: result.stdout, peakRssKb: Math.max(...own.map((r) => r.maxRssKb)) };
}

const fileOf = (stdout: string) => {
  const file = /^Respaldo creado: (.+)$/m.exec(stdout)?.[1];
  expect(file).toBeDefined();
  return file!;
};

async function fingerprint(url: string) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: number; bytes: string; digest: string }>(
      `SELECT count(*)::int AS n, sum(length(after::text))::text AS bytes, md5(string_agg(id || ':' || after::text, ',' ORDER BY id)) AS digest FROM audit_log`,
    );
    return rows[0];
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-backup-large-'));
  [source, target, small, smallTarget] = await Promise.all([1, 2, 3, 4].map(() => createTestDatabase()));
  for (const database of [source, small]) {
    const db = createPool(database.url, { max: 1 });
    try {
      await migrate(db);
    } finally {
      await db.end();
    }
  }
  const db = createPool(source.url, { max: 1 });
  try {
    await db.query(
      `INSERT INTO audit_log (actor_sub, actor_name, action, entity, entity_id, after)
       SELECT 'user-' || (i % 7), 'Persona ' || (i % 7), 'create', 'inventory_count', i::text,
              jsonb_build_object('renglones', repeat(md5(i::text), 80))
         FROM generate_series(1, ${ROWS}) AS i`,
    );
  } finally {
    await db.end();
  }
});

afterAll(async () => {
  await Promise.all([source, target, small, smallTarget].map((d) => d?.drop()));
  fs.rmSync(work, { recursive: true, force: true });
});

const peaks: Record<'backup' | 'restore', number> = { backup: 0, restore: 0 };

test('backed up and restored within a 64 MB heap, row for row', async () => {
  const before = await fingerprint(source.url);
  expect(before.n).toBe(ROWS);
  expect(Number(before.bytes)).toBeGreaterThan(150_000_000);

  const taken = await cli('backup', source.url);
  const restored = await cli('restore', target.url, [fileOf(taken.stdout)]);
  expect(restored.stdout).toMatch(
    /^Restaurado en la base «almacen_t_\w+» de .*: \d+ tablas, 60,0\d\d filas, las mismas que dice el manifiesto\.$/m,
  );
  expect(await fingerprint(target.url)).toEqual(before);
  peaks.backup = taken.peakRssKb;
  peaks.restore = restored.peakRssKb;
});

test("each command's peak RSS with the 150 MB table stays near its peak with almost nothing", async () => {
  expect(peaks.backup).toBeGreaterThan(0);
  const taken = await cli('backup', small.url);
  const restored = await cli('restore', smallTarget.url, [fileOf(taken.stdout)]);
  const ratios = { backup: peaks.backup / taken.peakRssKb, restore: peaks.restore / restored.peakRssKb };
  expect({ ratios, within: ratios.backup <= FLAT && ratios.restore <= FLAT }).toEqual({ ratios, within: true });
});
