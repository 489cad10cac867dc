// Memory stays flat however large a table is: about 150 MB of rows (the audit log of a busy year,
// each entry carrying a large document) are backed up and restored by `npm run backup|restore`
// running in processes whose JavaScript heap may not exceed 64 MB. Holding the table, or the file,
// in memory would not fit.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { migrate } from '../../src/db/migrate';
import { createPool } from '../../src/db/pool';
import { createTestDatabase } from '../helpers/test-app';

jest.setTimeout(120_000);

const run = promisify(execFile);
const API = path.resolve(__dirname, '..', '..');
const ROWS = 60_000;

let source: Awaited<ReturnType<typeof createTestDatabase>>;
let target: Awaited<ReturnType<typeof createTestDatabase>>;
let work: string;

const cli = (command: 'backup' | 'restore', url: string, args: string[] = []) =>
  run(process.execPath, ['--max-old-space-size=64', '--import', 'tsx', path.join('src', 'cli', `${command}.ts`), ...args], {
    cwd: API,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: url,
      BACKUP_DIR: work,
      DATA_DIR: path.join(work, 'data'),
      OIDC_ISSUER: 'https://login.example.org',
    },
    maxBuffer: 1024 * 1024,
  });

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
  source = await createTestDatabase();
  target = await createTestDatabase();
  const db = createPool(source.url, { max: 1 });
  try {
    await migrate(db);
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
  await source?.drop();
  await target?.drop();
  fs.rmSync(work, { recursive: true, force: true });
});

test('backed up and restored within a 64 MB heap, row for row', async () => {
  const before = await fingerprint(source.url);
  expect(before.n).toBe(ROWS);
  expect(Number(before.bytes)).toBeGreaterThan(150_000_000);

  const taken = await cli('backup', source.url);
  const file = /^Respaldo creado: (.+)$/m.exec(taken.stdout)?.[1];
  expect(file).toBeDefined();

  const restored = await cli('restore', target.url, [file!]);
  expect(restored.stdout).toMatch(
    /^Restaurado en la base «almacen_t_\w+» de .*: \d+ tablas, 60,0\d\d filas, las mismas que dice el manifiesto\.$/m,
  );
  expect(await fingerprint(target.url)).toEqual(before);
});
