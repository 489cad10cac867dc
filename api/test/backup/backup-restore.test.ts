// `npm run backup` and `npm run restore` on a database written through the API like a school would
// write it: typed entries, an entry from a CFDI, exits, a cancellation, an applied inventory count,
// a closed month, people with roles, accounts of the embedded provider and its keys, the audit log.
// Restored into a fresh database every table is the same row by row (all columns as text, in
// primary-key order), the CFDI's bytes are the ones received, the sequences continue where they
// were, the run-time role has its grants and the balances are the fold of the movements. A file
// with any one byte changed, or cut short, is refused before any database is touched; a database
// that is not empty is refused without --replace, and --replace rebuilds it from the migrations.
// A backup of an older schema gets the newer migrations; one restored where the secrets key is
// not says how to get out (and `rotate-keys --lost-key` does).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monthEnd as monthEndOf, todayIn } from '@almacen/shared/domain';
import { buildApp } from '../../src/app';
import { writeBackup } from '../../src/backup/backup';
import { TRAILER_LENGTH } from '../../src/backup/format';
import { checkLedger } from '../../src/backup/ledger-check';
import { RestoreRefusal, verifyBackup } from '../../src/backup/restore';
import { run as backup } from '../../src/cli/backup';
import { run as restore } from '../../src/cli/restore';
import { run as users } from '../../src/cli/users';
import { migrate, MIGRATIONS_DIR } from '../../src/db/migrate';
import { createPool } from '../../src/db/pool';
import { loadCookieKeys, loadSigningKeys, SecretsKeyError } from '../../src/idp/secrets';
import { addUser } from '../../src/idp/users';
import { adminUrl } from '../helpers/admin-url';
import { contents, withClient } from '../helpers/database-contents';
import { client, type Client } from '../helpers/http';
import { createTestApp, createTestDatabase, type TestApp } from '../helpers/test-app';
import { buildCfdi } from '../modules/cfdi/build-cfdi';
import { createCatalog, createProduct, dispatchBody, invoiceBody, today, type Catalog } from '../modules/ledger/fixtures';

/** The newest migration of this release: what a backup taken today names in its manifest. */
const LAST_MIGRATION = fs
  .readdirSync(MIGRATIONS_DIR)
  .filter((f) => f.endsWith('.sql'))
  .sort()
  .at(-1)!;

jest.setTimeout(120_000);

type Database = Awaited<ReturnType<typeof createTestDatabase>>;

const SECRETS_KEY = randomBytes(32).toString('base64');
const OTHER_KEY = randomBytes(32).toString('base64');
const ISSUER = { rfc: 'CPR1001017Z2', nombre: 'COMERCIALIZADORA DE PLASTICOS' };

let t: TestApp;
let c: Client;
let catalog: Catalog;
let work: string;
let file: string;
let cfdi: { xml: string; uuid: string; invoiceId: number };
const databases: Database[] = [];
const roles: string[] = [];

/** The CLI's environment for a database: its own folders, the source's secrets key. */
const envFor = (url: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  DATABASE_URL: url,
  DATA_DIR: path.join(work, 'data'),
  BACKUP_DIR: path.join(work, 'backups'),
  SECRETS_KEY,
  LOG_LEVEL: 'silent',
  APP_TIME_ZONE: 'America/Mexico_City',
  ...extra,
});

async function freshDatabase(): Promise<Database> {
  const database = await createTestDatabase();
  databases.push(database);
  return database;
}

/**
 * A restored database against the source: the same, but for the record of the backup itself,
 * written in the source after its snapshot (so the restore has the attempts before it, not it).
 */
async function expectRestoredFrom(restored: string, source: string) {
  const [got, want] = [await contents(restored), await contents(source)];
  const own = want.backup_runs.filter((row) => !got.backup_runs.includes(row));
  expect(own).toEqual([expect.stringContaining(path.basename(file))]);
  // Its sequence too moved on after the snapshot.
  const rest = (all: Record<string, string[]>) =>
    Object.fromEntries(
      Object.entries(all)
        .filter(([name]) => name !== 'sequence backup_runs_id_seq')
        .map(([name, rows]) => [name, name === 'backup_runs' ? rows.filter((row) => !own.includes(row)) : rows]),
    );
  expect(rest(got)).toEqual(rest(want));
}

async function objectsIn(url: string): Promise<number> {
  return withClient(url, async (db) => {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_class WHERE relnamespace = 'public'::regnamespace`);
    return rows[0].n;
  });
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('se esperaba un rechazo');
    },
    (error: unknown) => error as Error,
  );

async function ok(response: Promise<{ statusCode: number; body: string; json(): { data: unknown } }>, status = 201) {
  const r = await response;
  if (r.statusCode !== status) throw new Error(`${r.statusCode} ${r.body}`);
  return r.json().data as { id: number } & Record<string, unknown>;
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-backup-'));
  t = await createTestApp();
  c = client(t, { sub: 'user-almacen', name: 'Lucía Hernández' });
  catalog = await createCatalog(c);
  const partida = (await ok(c.post('/api/catalog/product-categories', { description: '2111 Materiales y útiles de oficina' }))).id;
  const productIn = async (name: string) => {
    const id = await createProduct(c, name);
    await ok(c.put('/api/catalog/products', { id, name, categoryId: partida }), 200);
    return id;
  };
  const paper = await productIn('Papel bond carta 75 g');
  const toner = await productIn('Tóner HP 85A');
  const bag = await createProduct(c, 'Bolsa de plástico chica');

  // Last month: an entry, then the month is closed.
  const lastMonth = monthEndOf(todayIn(t.config.timeZone), -1);
  await ok(
    c.post(
      '/api/invoices',
      invoiceBody(t, catalog, [{ productId: paper, quantity: '20', purchasePrice: '6' }], { invoiceDate: lastMonth }),
    ),
  );
  await ok(c.post('/api/period-closings', { until: lastMonth }));

  // Typed entries, one line with IVA; exits; an exit cancelled.
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
  const exit = await ok(c.post('/api/dispatches', dispatchBody(t, catalog, [{ productId: toner, quantity: '2' }])));
  await ok(c.post(`/api/dispatches/${exit.id}/cancellation`, { reason: 'El área no recogió el material' }));

  // An entry from the supplier's CFDI, its bytes kept as received.
  const supplierId = (await ok(c.post('/api/catalog/suppliers', { name: 'Comercializadora de Plásticos', rfc: ISSUER.rfc }))).id;
  const { xml, uuid } = buildCfdi({
    issuer: ISSUER,
    concepts: [
      {
        noIdentificacion: 'BOL-CH',
        cantidad: '1200',
        descripcion: 'Bolsa de plástico chica «económica»',
        valorUnitario: '0.33',
        importe: '396.00',
        traslados: [{ impuesto: '002', tasa: '0.160000', base: '396.00', importe: '63.36' }],
      },
    ],
  });
  const parsed = await t.app.inject({
    method: 'POST',
    url: '/api/cfdi/parse',
    headers: { authorization: `Bearer ${await t.token()}`, 'content-type': 'application/xml' },
    payload: xml,
  });
  const line = parsed.json().data.lines[0];
  const body = invoiceBody(
    t,
    catalog,
    [
      {
        productId: bag,
        quantity: line.form.quantity,
        purchasePrice: line.purchasePrice,
        applyValueAddedTaxToPurchasePrice: line.form.applyValueAddedTaxToPurchasePrice,
      },
    ],
    { supplierId, invoiceNumber: `CFDI-${uuid.slice(0, 8)}` },
  );
  const fromCfdi = await ok(
    c.post('/api/invoices', {
      ...body,
      cfdi: { uuid, xml },
      products: body.products.map((p) => ({ ...p, cfdiIndex: 1, amount: line.value })),
    }),
  );
  cfdi = { xml, uuid, invoiceId: fromCfdi.id };

  // A physical count of the partida, applied: a shortage of paper.
  const count = await ok(c.post('/api/inventory-counts', { cutoffDate: today(t), description: 'Conteo anual', categoryIds: [partida] }));
  await ok(c.put(`/api/inventory-counts/${count.id}/lines`, { lines: [{ productId: paper, countedQuantity: '88.5' }] }), 200);
  await ok(
    c.post(`/api/inventory-counts/${count.id}/application`, {
      directorEmployeeId: catalog.employeeIds[0],
      warehouseKeeperEmployeeId: catalog.employeeIds[1],
      witnessEmployeeId: catalog.employeeIds[2],
    }),
    200,
  );

  // People with roles granted in Almacén.
  for (const [sub, name] of [
    ['mario', 'Mario Ruiz'],
    ['rosa', 'Rosa Méndez'],
  ]) {
    await ok(client(t, { sub, name, almacen_roles: [] }).get('/api/me'), 200);
  }
  const ids = (await t.db.query<{ id: number; sub: string }>('SELECT id, sub FROM app_users')).rows;
  await ok(c.put(`/api/users/${ids.find((u) => u.sub === 'mario')!.id}/roles`, { roles: ['ALMACENISTA'] }), 200);
  await ok(c.put(`/api/users/${ids.find((u) => u.sub === 'rosa')!.id}/roles`, { roles: ['AUTORIZADOR', 'CONSULTA'] }), 200);

  // The embedded provider's accounts and keys (encrypted with SECRETS_KEY).
  await addUser(t.db, { username: 'lucia', name: 'Lucía Hernández', email: 'lucia@ejemplo.mx', password: 'contraseña-larga-1' });
  const secrets = { secretsKey: Buffer.from(SECRETS_KEY, 'base64'), dataDir: path.join(work, 'data') };
  await loadSigningKeys(t.db, secrets);
  await loadCookieKeys(t.db, secrets);

  const said: string[] = [];
  const result = await backup([], envFor(t.databaseUrl), (l) => said.push(l));
  file = result!.file;
  expect(said[0]).toBe(`Respaldo creado: ${file}`);
  expect(said.join('\n')).toMatch(/La llave de los secretos \(SECRETS_KEY\) no va en el respaldo: guárdala aparte/);
});

afterAll(async () => {
  await t?.close();
  for (const database of databases) await database.drop();
  for (const role of roles) await withClient(adminUrl(), (db) => db.query(`DROP ROLE IF EXISTS ${role}`));
  fs.rmSync(work, { recursive: true, force: true });
});

test('the file: one gzip with a manifest of version, last migration, time, rows per table and SHA-256; private to its user', async () => {
  expect(path.basename(file)).toMatch(/^almacen-\d{8}T\d{6}Z\.respaldo\.gz$/);
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  const { manifest } = await verifyBackup(file);
  const { rows } = await t.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1');
  expect(manifest).toMatchObject({ format: 'almacen-respaldo', version: '1.0.0', lastMigration: rows[0].name });
  expect(Date.now() - Date.parse(manifest.createdAt)).toBeLessThan(120_000);
  expect(manifest.contentSha256).toMatch(/^[0-9a-f]{64}$/);
  expect(manifest.tables).toMatchObject({ invoices: 3, invoice_cfdis: 1, dispatches: 2, document_cancellations: 1, period_closings: 1 });
  expect(manifest.tables.movements).toBeGreaterThan(5);
  // Parents before the tables that refer to them.
  const order = Object.keys(manifest.tables);
  expect(order.indexOf('invoices')).toBeLessThan(order.indexOf('invoice_lines'));
  expect(order.indexOf('invoice_lines')).toBeLessThan(order.indexOf('movements'));
  expect(order.indexOf('movements')).toBeLessThan(order.indexOf('product_balances'));
});

describe('restored into a fresh database', () => {
  let target: Database;
  const role = `almacen_t_app_${randomBytes(4).toString('hex')}`;
  let said: string[];
  beforeAll(async () => {
    target = await freshDatabase();
    roles.push(role);
    const appUrl = new URL(target.url);
    appUrl.username = role;
    appUrl.password = randomBytes(12).toString('hex');
    said = [];
    await restore([file], envFor(target.url, { DATABASE_APP_URL: appUrl.toString() }), (l) => said.push(l));
  });

  test('every table row by row and every sequence are the same; it says what it checked', async () => {
    await expectRestoredFrom(target.url, t.databaseUrl);
    expect(said[0]).toMatch(
      new RegExp(
        `^Respaldo verificado: almacen-.*\\(Almacén 1\\.0\\.0, \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d UTC, migración ${LAST_MIGRATION.replace('.', '\\.')}; \\d+ tablas, [\\d,]+ filas\\)\\.$`,
      ),
    );
    expect(said).toContainEqual(
      expect.stringMatching(/^Restaurado en la base «almacen_t_\w+» de .*: \d+ tablas, [\d,]+ filas, las mismas que dice el manifiesto\.$/),
    );
    expect(said).toContain('El respaldo ya tenía todas las migraciones.');
    expect(said).toContainEqual(
      expect.stringMatching(
        /^Comprobado: el saldo de cada uno de los 3 productos con movimientos .* es el pliegue de sus movimientos \(\d+\)\.$/,
      ),
    );
    // The secrets key given is the one that encrypted the keys: no warning about it.
    expect(said.join('\n')).not.toMatch(/Aviso/);
  });

  test('the CFDI is the bytes the supplier sent, also as the API serves it', async () => {
    const stored = await withClient(target.url, (db) =>
      db.query<{ xml: Buffer }>('SELECT xml FROM invoice_cfdis WHERE uuid = $1', [cfdi.uuid]),
    );
    expect(stored.rows[0].xml.equals(Buffer.from(cfdi.xml, 'utf8'))).toBe(true);
  });

  test('balances are the fold of the movements', async () => {
    const report = await checkLedger(target.url);
    expect(report.violations).toEqual([]);
    expect(report).toMatchObject({ products: 3, invoices: 3, dispatches: 2 });
  });

  test('the run-time role is granted as at a start: it reads and adds to the ledger, never rewrites it', async () => {
    await withClient(target.url, async (db) => {
      const can = async (table: string, privilege: string) =>
        (await db.query<{ ok: boolean }>('SELECT has_table_privilege($1, $2, $3) AS ok', [role, `public.${table}`, privilege])).rows[0].ok;
      expect(await can('movements', 'INSERT')).toBe(true);
      expect(await can('movements', 'UPDATE')).toBe(false);
      expect(await can('products', 'UPDATE')).toBe(true);
      expect(await can('schema_migrations', 'SELECT')).toBe(false);
      // The triggers are back on: the ledger refuses rewriting as before.
      await expect(db.query('UPDATE movements SET quantity = quantity')).rejects.toThrow();
    });
  });

  test('the restored database serves: the CFDI download, and a new exit takes the next id and keeps the ledger', async () => {
    const db = createPool(target.url, { max: 4 });
    const app = await buildApp({ config: t.config, db, jwksCooldownMs: 0 });
    try {
      await app.ready();
      const headers = { authorization: `Bearer ${await t.token()}` };
      const download = await app.inject({ method: 'GET', url: `/api/invoices/${cfdi.invoiceId}/cfdi`, headers });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(Buffer.from(cfdi.xml, 'utf8'))).toBe(true);
      const { rows } = await db.query<{ top: number; product: number }>(
        'SELECT (SELECT max(id) FROM dispatches) AS top, (SELECT product_id FROM product_balances WHERE quantity > 1 ORDER BY product_id LIMIT 1) AS product',
      );
      const r = await app.inject({
        method: 'POST',
        url: '/api/dispatches',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(dispatchBody(t, catalog, [{ productId: rows[0].product, quantity: '1' }])),
      });
      expect(r.statusCode).toBe(201);
      expect(r.json().data.id).toBe(rows[0].top + 1);
    } finally {
      await app.close();
      await db.end();
    }
    expect((await checkLedger(target.url)).violations).toEqual([]);
  });

  test('--replace on a database that is not empty drops and rebuilds it from the migrations: the same rows again', async () => {
    const replaced: string[] = [];
    await restore([file, '--replace'], envFor(target.url), (l) => replaced.push(l));
    expect(replaced).toContainEqual(expect.stringMatching(/\(se reemplazó lo que tenía\)/));
    await expectRestoredFrom(target.url, t.databaseUrl);
  });
});

describe('refused, and nothing changes', () => {
  test('a file with any one byte changed, or cut short: refused before any database is touched', async () => {
    const bytes = fs.readFileSync(file);
    const member = bytes.length - TRAILER_LENGTH; // where the closing member begins
    // The gzip header, the compressed data, its last byte (unused bits at its end), CRC and size,
    // the closing member's header, its SHA-256, its last byte.
    const positions = [
      0,
      4,
      9,
      10,
      Math.floor(member / 2),
      member - 9,
      member - 5,
      member - 1,
      member,
      member + 3,
      member + 30,
      bytes.length - 1,
    ];
    for (const at of positions) {
      for (const flip of [0x01, 0x80]) {
        const changed = Buffer.from(bytes);
        changed[at] ^= flip;
        const copy = path.join(work, 'cambiado.respaldo.gz');
        fs.writeFileSync(copy, changed);
        const error = await refusal(verifyBackup(copy));
        expect([at, flip, error]).toEqual([at, flip, expect.any(RestoreRefusal)]);
        expect(error.message).toMatch(/(está dañado|no es un respaldo de Almacén).*No se cambió nada/s);
      }
    }
    for (const length of [bytes.length - 1, member, 100]) {
      const copy = path.join(work, 'cortado.respaldo.gz');
      fs.writeFileSync(copy, bytes.subarray(0, length));
      expect(await refusal(verifyBackup(copy))).toBeInstanceOf(RestoreRefusal);
    }
  });

  test('npm run restore of a damaged copy says so in Spanish and leaves the database empty', async () => {
    const target = await freshDatabase();
    const changed = fs.readFileSync(file);
    changed[Math.floor(changed.length / 2)] ^= 0x20;
    const copy = path.join(work, 'dañado.respaldo.gz');
    fs.writeFileSync(copy, changed);
    const error = await refusal(restore([copy], envFor(target.url), () => undefined));
    expect(error).toBeInstanceOf(RestoreRefusal);
    expect(error.message).toBe(
      'El respaldo «dañado.respaldo.gz» está dañado: su contenido no coincide con la suma SHA-256 que se guardó al crearlo ' +
        '(el archivo cambió o se copió incompleto). No se cambió nada. Usa otra copia del respaldo.',
    );
    expect(await objectsIn(target.url)).toBe(0);
  });

  test('a database that is not empty, without --replace; with --replace while the service is connected', async () => {
    const before = await contents(t.databaseUrl);
    const error = await refusal(restore([file], envFor(t.databaseUrl), () => undefined));
    expect(error).toBeInstanceOf(RestoreRefusal);
    expect(error.message).toMatch(
      /^La base de datos «almacen_t_\w+» no está vacía \(tiene \d+ tablas en el esquema public\)\. Para reemplazar todo su contenido por el del respaldo, repite la orden con --replace \(lo que tiene ahora se pierde\)\. No se cambió nada\.$/,
    );
    // The service's connection (held here too, whatever its pool has open at this moment).
    const busy = await withClient(t.databaseUrl, () => refusal(restore([file, '--replace'], envFor(t.databaseUrl), () => undefined)));
    expect(busy).toBeInstanceOf(RestoreRefusal);
    expect(busy.message).toMatch(
      /tiene (otra conexión abierta|\d+ conexiones abiertas más) .*: detén Almacén \(cada copia del API\) antes de restaurar\. No se cambió nada\.$/,
    );
    expect(await contents(t.databaseUrl)).toEqual(before);
  });

  test('arguments: no file, two files, an unknown option — the usage in Spanish', async () => {
    for (const argv of [[], [file, file], [file, '--reemplazar']]) {
      const error = await refusal(restore(argv, envFor(t.databaseUrl), () => undefined));
      expect(error.message).toMatch(
        /^(Falta el archivo del respaldo\.|Indica un solo archivo\.|Opción no válida: --reemplazar)\nUso: npm run restore -- ARCHIVO \[--replace\]/,
      );
    }
  });
});

test('a backup of the release before (migrations up to 0056) is restored as it was, then brought up to date', async () => {
  const old = await freshDatabase();
  const before = fs.mkdtempSync(path.join(work, 'migraciones-'));
  for (const name of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && f < '0057')) {
    fs.copyFileSync(path.join(MIGRATIONS_DIR, name), path.join(before, name));
  }
  const db = createPool(old.url, { max: 1 });
  try {
    await migrate(db, { dir: before });
    await db.query(
      `INSERT INTO products (name, created_by, created_by_name, updated_by, updated_by_name) VALUES ('Engrapadora', 'm', 'M', 'm', 'M')`,
    );
  } finally {
    await db.end();
  }
  const taken = await writeBackup({ url: old.url, dir: path.join(work, 'anteriores') });
  expect(taken.manifest.lastMigration).toBe('0056_month_totals_owner_writes.sql');

  const target = await freshDatabase();
  const said: string[] = [];
  await restore([taken.file], envFor(target.url), (l) => said.push(l));
  const newer = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql') && f >= '0057')
    .sort();
  expect(said).toContain(`Migraciones más nuevas que el respaldo, aplicadas: ${newer.join(', ')}.`);
  await withClient(target.url, async (q) => {
    expect((await q.query('SELECT name FROM products')).rows).toEqual([{ name: 'Engrapadora' }]);
    expect((await q.query(`SELECT count(*)::int AS n FROM schema_migrations WHERE name LIKE '0057%'`)).rows).toEqual([{ n: 1 }]);
  });
});

test('restored where its secrets key is not: the restore says how to get out, and rotate-keys --lost-key does', async () => {
  const target = await freshDatabase();
  const elsewhere = envFor(target.url, { SECRETS_KEY: OTHER_KEY });
  const said: string[] = [];
  await restore([file], elsewhere, (l) => said.push(l));
  const advice = said.find((l) => l.startsWith('Aviso:'));
  expect(advice).toMatch(/el respaldo no contiene la llave de los secretos \(SECRETS_KEY o DATA_DIR\/secrets\.key\)/);
  expect(advice).toMatch(/npm run users -w @almacen\/api -- rotate-keys --lost-key crea llaves nuevas/);
  expect(advice).toMatch(/Detalle: Los secretos del proveedor de identidad están cifrados con otra llave/);

  // Plain rotate-keys cannot open them either, and says which option does.
  const plain = await refusal(users(['rotate-keys'], elsewhere, () => undefined));
  expect(plain).toBeInstanceOf(SecretsKeyError);
  expect(plain.message).toMatch(/rotate-keys --lost-key crea llaves nuevas/);

  const out: string[] = [];
  await users(['rotate-keys', '--lost-key'], elsewhere, (l) => out.push(l));
  expect(out[0]).toMatch(/^Llaves nuevas del proveedor de identidad, cifradas con la llave de esta instalación; llave de firma: [\w-]+\.$/);
  const db = createPool(target.url, { max: 1 });
  try {
    const config = { secretsKey: Buffer.from(OTHER_KEY, 'base64'), dataDir: path.join(work, 'data') };
    expect((await loadSigningKeys(db, config)).keys).toHaveLength(1);
    // Accounts stay.
    expect((await db.query('SELECT username FROM idp_users')).rows).toEqual([{ username: 'lucia' }]);
  } finally {
    await db.end();
  }
  // Keys that open are not "lost": refused.
  const again = await refusal(users(['rotate-keys', '--lost-key'], elsewhere, () => undefined));
  expect(again.message).toMatch(/no hay ninguna perdida/);
});
