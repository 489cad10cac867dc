// Migration 0067 on a database whose roles were all institution-wide: every role granted in
// Almacén becomes a grant for every warehouse (so one warehouse behaves as before), each person's
// grants stay theirs, and the table keeps ADMINISTRADOR institution-wide.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate, MIGRATIONS_DIR } from '../../src/db/migrate';
import { createPool } from '../../src/db/pool';
import { createTestDatabase } from '../helpers/test-app';

const before = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-0066-'));
for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && f < '0067'))
  fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(before, file));
afterAll(() => fs.rmSync(before, { recursive: true, force: true }));

test('every existing role becomes a grant for every warehouse; the provider may name one warehouse; ADMINISTRADOR stays institution-wide', async () => {
  const database = await createTestDatabase();
  const db = createPool(database.url, { max: 2 });
  try {
    await migrate(db, { dir: before });
    await db.query(`INSERT INTO app_users (issuer, sub, name, roles, provider_roles) VALUES
      ('https://idp', 'ana', 'Ana', '{ALMACENISTA,SOLICITANTE}', '{CONSULTA}'),
      ('https://idp', 'beto', 'Beto', '{ADMINISTRADOR}', '{}'),
      ('https://idp', 'carla', 'Carla', '{}', '{}')`);
    expect(await migrate(db)).toContain('0067_roles_per_warehouse.sql');
    const { rows } = await db.query(
      `SELECT u.sub, r.role, r.warehouse_id AS "warehouseId" FROM app_user_roles r JOIN app_users u ON u.id = r.user_id ORDER BY u.sub, r.role`,
    );
    expect(rows).toEqual([
      { sub: 'ana', role: 'ALMACENISTA', warehouseId: null },
      { sub: 'ana', role: 'SOLICITANTE', warehouseId: null },
      { sub: 'beto', role: 'ADMINISTRADOR', warehouseId: null },
    ]);
    expect((await db.query("SELECT provider_roles FROM app_users WHERE sub = 'ana'")).rows).toEqual([{ provider_roles: ['CONSULTA'] }]);
    await db.query("UPDATE app_users SET provider_roles = '{ALMACENISTA@P012,CONSULTA}' WHERE sub = 'carla'");
    await expect(db.query("UPDATE app_users SET provider_roles = '{JEFE}' WHERE sub = 'carla'")).rejects.toThrow(/provider_roles_check/);
    await expect(
      db.query("INSERT INTO app_user_roles (user_id, role, warehouse_id) SELECT id, 'ADMINISTRADOR', 1 FROM app_users WHERE sub = 'carla'"),
    ).rejects.toThrow(/check/);
    // The same grant twice, for every warehouse, is one row.
    await expect(
      db.query("INSERT INTO app_user_roles (user_id, role) SELECT id, 'ALMACENISTA' FROM app_users WHERE sub = 'ana'"),
    ).rejects.toThrow(/duplicate key/);
  } finally {
    await db.end();
    await database.drop();
  }
});
