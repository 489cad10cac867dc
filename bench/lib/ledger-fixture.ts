// The ledger fixture of the stock benches (bench/stock-at-date.ts, bench/stock-summary.ts), in
// SQL generate_series and consistent with the ledger rules: `products` products, each with
// `perProduct` movements alternating an entry of 2 and an exit of 1 at the product's own constant
// cost (whole cents, so an exit's share of the value is exactly that cost), so the average stays
// that cost and each balance is the fold. Each movement is dated on its document's date. Step k (1…perProduct) of
// product p is document id n = (k − 1) · products + p; `recordedAt` is its registration time as a
// SQL expression of n (growing with n, as 0018 makes them). `beforeChecks` runs after the balances.
import type { PoolClient } from 'pg';
import type { Db } from '../../api/src/db/pool';

export interface LedgerFixture {
  products: number;
  perProduct: number;
  /** SQL expression of the step's document id `n`: the movement's recorded_at. */
  recordedAt: string;
  /** SQL run once the balances are stored, before the sequences and the check. */
  beforeChecks?: string[];
}

export async function loadLedgerFixture(db: Db, { products, perProduct, recordedAt, beforeChecks = [] }: LedgerFixture): Promise<void> {
  // One connection for the whole load: the temporary table `steps` lives in its session, and a
  // million-row INSERT may outlast the pool's 30 s statement_timeout on a slow machine.
  const client = await db.connect();
  try {
    await client.query('SET statement_timeout = 0');
    await load(client, { products, perProduct, recordedAt, beforeChecks });
  } finally {
    client.release();
  }
}

async function load(db: PoolClient, { products, perProduct, recordedAt, beforeChecks = [] }: LedgerFixture): Promise<void> {
  const who = `'bench', 'Bench'`;
  const audit = `created_by, created_by_name, updated_by, updated_by_name`;
  const q = (sql: string) => db.query(sql);
  await q(
    `INSERT INTO product_categories (description, ${audit}) SELECT 'Partida ' || (2100 + g), ${who}, ${who} FROM generate_series(1, 20) g`,
  );
  await q(`INSERT INTO product_units (description, ${audit}) VALUES ('Pieza', ${who}, ${who})`);
  await q(
    `INSERT INTO employees (name, last_name, ${audit}) VALUES ('María', 'López', ${who}, ${who}), ('Jorge', 'Ramírez', ${who}, ${who}), ('Lucía', 'Hernández', ${who}, ${who})`,
  );
  await q(`INSERT INTO suppliers (name, rfc, ${audit}) VALUES ('Papelería del Centro, S.A. de C.V.', 'PCE850101AB1', ${who}, ${who})`);
  await q(`INSERT INTO products (id, name, category_id, unit_id, ${audit})
           SELECT g, 'Producto de prueba número ' || g, 1 + g % 20, 1, ${who}, ${who} FROM generate_series(1, ${products}) g`);
  await q(`CREATE TEMP TABLE steps AS
           SELECT p, k, (k - 1) * ${products} + p AS n, k % 2 = 1 AS entry,
                  (k + 1) / 2 * 2 - k / 2 AS bal, 1 + (p % 1000) * 0.25 AS cost,
                  DATE '2024-01-01' + (((k - 1) * ${products} + p) / 1400)::int AS dated
             FROM generate_series(1, ${products}) p, generate_series(1, ${perProduct}) k`);
  await q(`INSERT INTO invoices (id, supplier_id, invoice_number, invoice_date, invoice_type, director_employee_id, entered_by_employee_id, warehouse_keeper_employee_id, created_by, created_by_name)
           SELECT n, 1, 'B-' || n, dated, 'COMPRA_DIRECTA', 1, 2, 3, ${who} FROM steps WHERE entry`);
  await q(`INSERT INTO invoice_lines (id, invoice_id, line_no, product_id, quantity, purchase_price, observations, apply_value_added_tax_to_purchase_price, apply_excise_tax, excise_tax_rate)
           SELECT n, n, 1, p, 2, cost, NULL, false, false, 0 FROM steps WHERE entry`);
  await q(`INSERT INTO dispatches (id, dispatch_date, person_in_charge_of_the_requesting_area_employee_id, petitioner_employee_id, warehouse_keeper_employee_id, created_by, created_by_name)
           SELECT n, dated, 1, 2, 3, ${who} FROM steps WHERE NOT entry`);
  await q(`INSERT INTO dispatch_lines (id, dispatch_id, line_no, product_id, quantity, shown_exit_price, observations)
           SELECT n, n, 1, p, 1, cost, NULL FROM steps WHERE NOT entry`);
  await q(`INSERT INTO movements (product_id, movement_type, invoice_id, invoice_line_id, dispatch_id, dispatch_line_id, quantity, unit_cost, amount, dated,
                                  apply_value_added_tax, apply_excise_tax, excise_tax_rate, balance_quantity, balance_value, balance_average, recorded_at)
           SELECT p, CASE WHEN entry THEN 'INVOICE' ELSE 'DISPATCH' END,
                  CASE WHEN entry THEN n END, CASE WHEN entry THEN n END, CASE WHEN NOT entry THEN n END, CASE WHEN NOT entry THEN n END,
                  CASE WHEN entry THEN 2 ELSE 1 END, cost, CASE WHEN entry THEN 2 ELSE 1 END * cost, dated,
                  CASE WHEN entry THEN false END, CASE WHEN entry THEN false END, CASE WHEN entry THEN 0 END,
                  bal, bal * cost, cost, ${recordedAt}
             FROM steps ORDER BY n`);
  await q(`INSERT INTO product_balances (product_id, quantity, value, average_cost, last_movement_id)
           SELECT DISTINCT ON (product_id) product_id, balance_quantity, balance_value, balance_average, id FROM movements ORDER BY product_id, id DESC`);
  await q('DROP TABLE steps');
  for (const sql of beforeChecks) await q(sql);
  for (const table of ['invoices', 'invoice_lines', 'dispatches', 'dispatch_lines']) {
    await q(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
  }
  const { rows } = await db.query<{ bad: string }>(
    `SELECT count(*) AS bad FROM (
       SELECT balance_quantity, sum(CASE WHEN movement_type = 'INVOICE' THEN quantity ELSE -quantity END) OVER (PARTITION BY product_id ORDER BY id) AS folded
         FROM movements) x WHERE balance_quantity <> folded`,
  );
  if (rows[0].bad !== '0') throw new Error(`La carga de prueba no cumple el libro (${rows[0].bad} saldos).`);
  // The ledger is append-only: its pages are all-visible once vacuumed (index-only probes).
  await q('VACUUM ANALYZE movements');
  await q('ANALYZE');
}
