// A database written by the release before the date rule (migrations up to 0056, its ledger as
// that release wrote it) brought up to today: every balance stays as it was; each movement gets
// the value it added to its balance, so a product's movements add up to its balance at every
// step; each movement gets its date; and a closing taken by the registration rule whose figures
// the date rule changes is kept as taken, listed with its difference, and said once in the log.
// The data is the worked example of late paperwork: an October closing taken before an October
// exit and an October entry were registered in November.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closingsTheDateRuleChanges } from '../../src/db/date-rule';
import { migrate, MIGRATIONS_DIR } from '../../src/db/migrate';
import { createPool, type Db } from '../../src/db/pool';
import { stockAtDate } from '../../src/modules/stock/stock-at-date';
import { createTestDatabase } from '../helpers/test-app';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let before: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createPool(database.url, { max: 2 });
  before = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-0056-'));
  for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && f < '0057'))
    fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(before, file));
  await migrate(db, { dir: before });
  await oldLedger(db);
});
afterAll(async () => {
  await db?.end();
  await database?.drop();
  fs.rmSync(before, { recursive: true, force: true });
});

/** As the release before wrote it: averages as the primary figure, stock at a date by registration. */
async function oldLedger(q: Db) {
  const who = `'migración', 'Prueba de migración'`;
  const audit = 'created_by, created_by_name, updated_by, updated_by_name';
  await q.query(
    `INSERT INTO employees (name, last_name, ${audit}) VALUES ('Dora', 'Directora', ${who}, ${who}), ('Elena', 'Elaboradora', ${who}, ${who}), ('Alma', 'Almacenista', ${who}, ${who})`,
  );
  await q.query(`INSERT INTO suppliers (name, rfc, ${audit}) VALUES ('Papelería', 'PAP850101AB1', ${who}, ${who})`);
  await q.query(`INSERT INTO products (id, name, ${audit}) VALUES (1, 'Papel', ${who}, ${who}), (2, 'Tinta', ${who}, ${who})`);
  const entry = async (
    id: number,
    product: number,
    date: string,
    at: string,
    quantity: string,
    price: string,
    balance: [string, string],
  ) => {
    await q.query(
      `INSERT INTO invoices (id, supplier_id, invoice_number, invoice_date, invoice_type, director_employee_id, entered_by_employee_id, warehouse_keeper_employee_id, created_by, created_by_name, created_at)
       VALUES ($1::int, 1, 'F-' || $1::text, $2, 'COMPRA_DIRECTA', 1, 2, 3, 'migración', 'Prueba', $3)`,
      [id, date, at],
    );
    await q.query(
      `INSERT INTO invoice_lines (id, invoice_id, line_no, product_id, quantity, purchase_price, observations, apply_value_added_tax_to_purchase_price, apply_excise_tax, excise_tax_rate)
       VALUES ($1, $1, 1, $2, $3, $4, NULL, false, false, 0)`,
      [id, product, quantity, price],
    );
    await q.query(
      `INSERT INTO movements (product_id, movement_type, invoice_id, invoice_line_id, quantity, unit_cost, apply_value_added_tax, apply_excise_tax, excise_tax_rate, balance_quantity, balance_average, recorded_at)
       VALUES ($1, 'INVOICE', $2, $2, $3, $4, false, false, 0, $5, $6, $7)`,
      [product, id, quantity, price, balance[0], balance[1], at],
    );
  };
  const exit = async (
    id: number,
    product: number,
    date: string,
    at: string,
    quantity: string,
    average: string,
    balance: [string, string],
  ) => {
    await q.query(
      `INSERT INTO dispatches (id, dispatch_date, person_in_charge_of_the_requesting_area_employee_id, petitioner_employee_id, warehouse_keeper_employee_id, created_by, created_by_name, created_at)
       VALUES ($1, $2, 1, 2, 3, 'migración', 'Prueba', $3)`,
      [id, date, at],
    );
    await q.query(
      `INSERT INTO dispatch_lines (id, dispatch_id, line_no, product_id, quantity, shown_exit_price, observations) VALUES ($1, $1, 1, $2, $3, $4, NULL)`,
      [id, product, quantity, average],
    );
    await q.query(
      `INSERT INTO movements (product_id, movement_type, dispatch_id, dispatch_line_id, quantity, unit_cost, balance_quantity, balance_average, recorded_at)
       VALUES ($1, 'DISPATCH', $2, $2, $3, $4, $5, $6, $7)`,
      [product, id, quantity, average, balance[0], balance[1], at],
    );
  };
  // October, registered in October. Ink: an average that rounds (11 ÷ 7 = 1.571429), then emptied.
  await entry(1, 1, '2026-10-02', '2026-10-02 10:00-06', '10', '10', ['10', '10']);
  await entry(2, 2, '2026-10-05', '2026-10-05 10:00-06', '3', '1', ['3', '1']);
  await entry(3, 2, '2026-10-06', '2026-10-06 10:00-06', '4', '2', ['7', '1.571429']);
  await exit(1, 2, '2026-10-07', '2026-10-07 10:00-06', '7', '1.571429', ['0', '1.571429']);
  // The October closing, taken on 1 November: by registration, paper 10 @ 10 = $100.00, ink 0.
  await q.query(
    `INSERT INTO period_closings (until, total_value, products, last_movement_id, closed_by, closed_by_name, closed_at)
     VALUES ('2026-10-31', 100.00, 2, 4, 'migración', 'Prueba', '2026-11-01 09:00-06')`,
  );
  await q.query(
    `INSERT INTO period_closing_stock (closing_id, product_id, quantity, average_cost, value) VALUES (1, 1, 10, 10, 100), (1, 2, 0, 1.571429, 0)`,
  );
  // November's registrations: a November entry, then October's late exit and entry.
  await entry(4, 1, '2026-11-03', '2026-11-03 10:00-06', '10', '12', ['20', '11']);
  await exit(2, 1, '2026-10-20', '2026-11-04 10:00-06', '5', '11', ['15', '11']);
  await entry(5, 1, '2026-10-25', '2026-11-05 10:00-06', '5', '14', ['20', '11.75']);
  await q.query(
    `INSERT INTO product_balances (product_id, quantity, average_cost, last_movement_id)
     SELECT DISTINCT ON (product_id) product_id, balance_quantity, balance_average, id FROM movements ORDER BY product_id, id DESC`,
  );
}

test('every balance stays; each movement carries its date and the value it added, and the values add up to the balance at every step', async () => {
  const balances = `SELECT product_id, trim_scale(quantity)::text AS quantity, trim_scale(average_cost)::text AS average FROM product_balances ORDER BY 1`;
  const { rows: kept } = await db.query(balances);
  const applied = await migrate(db);
  expect(applied[0]).toBe('0057_document_dates_and_values.sql');
  expect((await db.query(balances)).rows).toEqual(kept);

  const { rows } = await db.query<{ id: string; dated: string; amount: string; balance_value: string; folded: string }>(
    `SELECT id::text, to_char(dated, 'YYYY-MM-DD') AS dated, trim_scale(amount)::text AS amount, trim_scale(balance_value)::text AS balance_value,
            trim_scale(sum(movement_sign(movement_type) * amount) OVER (PARTITION BY product_id ORDER BY id))::text AS folded
       FROM movements ORDER BY id`,
  );
  expect(rows).toEqual([
    { id: '1', dated: '2026-10-02', amount: '100', balance_value: '100', folded: '100' },
    { id: '2', dated: '2026-10-05', amount: '3', balance_value: '3', folded: '3' },
    // 7 × 1.571429 = 11.000003: the entry of 4 @ 2 added 8.000003 to the balance's value.
    { id: '3', dated: '2026-10-06', amount: '8.000003', balance_value: '11.000003', folded: '11.000003' },
    { id: '4', dated: '2026-10-07', amount: '11.000003', balance_value: '0', folded: '0' },
    { id: '5', dated: '2026-11-03', amount: '120', balance_value: '220', folded: '220' },
    { id: '6', dated: '2026-10-20', amount: '55', balance_value: '165', folded: '165' },
    { id: '7', dated: '2026-10-25', amount: '70', balance_value: '235', folded: '235' },
  ]);
  const { rows: values } = await db.query(`SELECT product_id, trim_scale(value)::text AS value FROM product_balances ORDER BY 1`);
  expect(values).toEqual([
    { product_id: 1, value: '235' },
    { product_id: 2, value: '0' },
  ]);
});

test('the October closing taken by registration stays as taken, is listed with what the date rule gives, and the log says it once', async () => {
  const { rows: closing } = await db.query(`SELECT trim_scale(total_value)::text AS total, rule FROM period_closings WHERE id = 1`);
  expect(closing).toEqual([{ total: '100', rule: 'REGISTRO' }]);
  const { rows: differences } = await db.query(
    `SELECT product_id, trim_scale(quantity)::text AS quantity, trim_scale(value)::text AS value,
            trim_scale(date_quantity)::text AS date_quantity, trim_scale(date_value)::text AS date_value FROM period_closing_differences`,
  );
  // Paper at 31 October by date: 10 − 5 + 5 = 10 units worth 100 − 55 + 70 = 115.00.
  expect(differences).toEqual([{ product_id: 1, quantity: '10', value: '100', date_quantity: '10', date_value: '115' }]);
  expect(await closingsTheDateRuleChanges(db)).toEqual([
    'El cierre al 31/10/2026 se tomó con la regla anterior (existencias por fecha de registro): con la regla de la fecha del documento ' +
      'cambia 1 producto y su valor sería $115.00 en lugar de $100.00. El cierre no se modificó; «Cierres de periodo» lo muestra.',
  ]);
  const october = await stockAtDate(db, '2026-10-31', 1);
  expect(october.find((r) => r.productId === 1)).toMatchObject({ availableQuantity: '10', value: '115' });
});
