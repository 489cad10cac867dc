// Each row's line in a backup is written by PostgreSQL (array_to_json of the values' text): it must
// be exactly the JSON.stringify of those values — quotes, backslashes, control characters, line
// breaks, non-ASCII, U+2028, empty strings and NULL — and come back as it was.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { writeBackup } from '../../src/backup/backup';
import { restoreBackup } from '../../src/backup/restore';
import { migrate } from '../../src/db/migrate';
import { createPool } from '../../src/db/pool';
import { createTestDatabase } from '../helpers/test-app';

jest.setTimeout(60_000);

const AWKWARD = [
  `comillas "dobles" y 'simples'`,
  'diagonal \\ inversa, \\n y \\u0041 escritos',
  'renglón\nnuevo\r\ny\ttabulador',
  '\b\f',
  '\u0001\u001f\u007f',
  'ñáéíóúü € 𝄞 😀',
  '\u2028\u2029',
  '',
  '</script>/',
];

type Database = Awaited<ReturnType<typeof createTestDatabase>>;
let source: Database;
let target: Database;
let work: string;

async function auditRows(url: string): Promise<Array<Array<string | null>>> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query("SET TimeZone = 'UTC'");
    await db.query("SET DateStyle = 'ISO, YMD'");
    const { rows } = await db.query<Array<string | null>>({
      text: 'SELECT id::text, at::text, actor_sub, actor_name, action, entity, entity_id, before::text, after::text FROM audit_log ORDER BY id',
      rowMode: 'array',
    });
    return rows;
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-backup-lines-'));
  [source, target] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  const db = createPool(source.url, { max: 1 });
  try {
    await migrate(db);
    for (const [i, text] of AWKWARD.entries()) {
      await db.query(
        `INSERT INTO audit_log (actor_sub, actor_name, action, entity, entity_id, before, after)
         VALUES ($1, $2, 'create', 'product', $3, $4, jsonb_build_object('texto', $2::text))`,
        [`sub-${i}`, text, String(i), i % 2 ? null : JSON.stringify({ [text]: [text, null, 1.5] })],
      );
    }
  } finally {
    await db.end();
  }
});

afterAll(async () => {
  await Promise.all([source, target].map((d) => d?.drop()));
  fs.rmSync(work, { recursive: true, force: true });
});

test('a line is the JSON.stringify of the row, and the row comes back as it was', async () => {
  const rows = await auditRows(source.url);
  expect(rows).toHaveLength(AWKWARD.length);
  expect(rows.map((r) => r[3])).toEqual(AWKWARD);

  const { file } = await writeBackup({ url: source.url, dir: work });
  const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
  const lines = text.split('\n');
  const header = lines.findIndex((l) => l.startsWith('{"table":"audit_log"'));
  expect(JSON.parse(lines[header]).columns).toEqual([
    'id',
    'at',
    'actor_sub',
    'actor_name',
    'action',
    'entity',
    'entity_id',
    'before',
    'after',
  ]);
  expect(lines.slice(header + 1, header + 1 + rows.length)).toEqual(rows.map((r) => JSON.stringify(r)));
  expect(lines[header + 1 + rows.length]).toMatch(/^\{"table":/);

  await restoreBackup({ url: target.url, file });
  expect(await auditRows(target.url)).toEqual(rows);
});
