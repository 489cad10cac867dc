// The ledger fixture of the stock benches (bench/stock-at-date.ts, bench/stock-summary.ts), in
// SQL generate_series and consistent with the ledger rules: `products` products in each of
// `warehouses` warehouses (warehouse 1 is the migration's; the others P002, P003…), each pair with
// `perProduct` movements alternating an entry of 2 and an exit of 1 at the product's own constant
// cost (whole cents, so an exit's share of the value is exactly that cost), so the average stays
// that cost and each balance is the fold. Each movement is dated on its document's date. Step k
// (1…perProduct) of product p in warehouse w is movement n = ((k − 1) · warehouses + w − 1) ·
// products + p, a line of a document holding `linesPerDocument` consecutive products of that step
// and warehouse (one: the document's id is n), dated `perDay` movements a day from 2024-01-01; `recordedAt` is its registration time as a SQL
// expression of n (growing with n, as 0018 makes them). `beforeChecks` runs after the balances.
import type { PoolClient } from 'pg';
import type { Db } from '../../api/src/db/pool';

export interface LedgerFixture {
  products: number;
  perProduct: number;
  /** Default 1: the migration's only warehouse. */
  warehouses?: number;
  /** Lines of each entry and exit (default 1). */
  linesPerDocument?: number;
  /** Movements dated on each day from 2024-01-01 (default 1,400). */
  perDay?: number;
  /** SQL expression of the step's document id `n`: the movement's recorded_at. */
  recordedAt: string;
  /** SQL run once the balances are stored, before the sequences and the check. */
  beforeChecks?: string[];
}

export async function loadLedgerFixture(db: Db, fixture: LedgerFixture): Promise<void> {
  // One connection for the whole load: the temporary table `steps` lives in its session, and a
  // million-row INSERT may outlast the pool's 30 s statement_timeout on a slow machine.
  const client = await db.connect();
  try {
    await client.query('SET statement_timeout = 0');
    await load(client, fixture);
  } finally {
    client.release();
  }
}

async function load(
  db: PoolClient,
  { products, perProduct, warehouses = 1, linesPerDocument = 1, perDay = 1400, recordedAt, beforeChecks = [] }: LedgerFixture,
): Promise<void> {
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
  if (warehouses > 1)
    await q(`INSERT INTO warehouses (id, code, name, created_by, created_by_name)
             SELECT g, 'P' || lpad(g::text, 3, '0'), 'Plantel ' || g, ${who} FROM generate_series(2, ${warehouses}) g`);
  const blocks = Math.ceil(products / linesPerDocument);
  await q(`CREATE TEMP TABLE steps AS
           SELECT w, p, k, n, k % 2 = 1 AS entry,
                  doc,
                  (p - 1) % ${linesPerDocument} + 1 AS line_no,
                  (k + 1) / 2 * 2 - k / 2 AS bal, 1 + (p % 1000) * 0.25 AS cost,
                  DATE '2024-01-01' + (((doc - 1) * ${linesPerDocument} + 1) / ${perDay})::int AS dated
             FROM generate_series(1, ${warehouses}) w, generate_series(1, ${products}) p, generate_series(1, ${perProduct}) k,
                  LATERAL (SELECT ((k - 1) * ${warehouses} + w - 1)::bigint * ${products} + p AS n) s,
                  LATERAL (SELECT ((k - 1) * ${warehouses} + w - 1) * ${blocks} + (p - 1) / ${linesPerDocument} + 1 AS doc) d`);
  await q(`INSERT INTO invoices (id, warehouse_id, supplier_id, invoice_number, invoice_date, invoice_type, director_employee_id, entered_by_employee_id, warehouse_keeper_employee_id, created_by, created_by_name)
           SELECT doc, w, 1, 'B-' || doc, dated, 'COMPRA_DIRECTA', 1, 2, 3, ${who} FROM steps WHERE entry AND line_no = 1`);
  await q(`INSERT INTO invoice_lines (id, invoice_id, line_no, product_id, quantity, purchase_price, observations, apply_value_added_tax_to_purchase_price, apply_excise_tax, excise_tax_rate)
           SELECT n, doc, line_no, p, 2, cost, NULL, false, false, 0 FROM steps WHERE entry`);
  await q(`INSERT INTO dispatches (id, warehouse_id, dispatch_date, person_in_charge_of_the_requesting_area_employee_id, petitioner_employee_id, warehouse_keeper_employee_id, created_by, created_by_name)
           SELECT doc, w, dated, 1, 2, 3, ${who} FROM steps WHERE NOT entry AND line_no = 1`);
  await q(`INSERT INTO dispatch_lines (id, dispatch_id, line_no, product_id, quantity, shown_exit_price, observations)
           SELECT n, doc, line_no, p, 1, cost, NULL FROM steps WHERE NOT entry`);
  await q(`INSERT INTO movements (warehouse_id, product_id, movement_type, invoice_id, invoice_line_id, dispatch_id, dispatch_line_id, quantity, unit_cost, amount, dated,
                                  apply_value_added_tax, apply_excise_tax, excise_tax_rate, balance_quantity, balance_value, balance_average, recorded_at)
           SELECT w, p, CASE WHEN entry THEN 'INVOICE' ELSE 'DISPATCH' END,
                  CASE WHEN entry THEN doc END, CASE WHEN entry THEN n END, CASE WHEN NOT entry THEN doc END, CASE WHEN NOT entry THEN n END,
                  CASE WHEN entry THEN 2 ELSE 1 END, cost, CASE WHEN entry THEN 2 ELSE 1 END * cost, dated,
                  CASE WHEN entry THEN false END, CASE WHEN entry THEN false END, CASE WHEN entry THEN 0 END,
                  bal, bal * cost, cost, ${recordedAt}
             FROM steps ORDER BY n`);
  await q(`INSERT INTO product_balances (warehouse_id, product_id, quantity, value, average_cost, last_movement_id)
           SELECT DISTINCT ON (warehouse_id, product_id) warehouse_id, product_id, balance_quantity, balance_value, balance_average, id
             FROM movements ORDER BY warehouse_id, product_id, id DESC`);
  await q('DROP TABLE steps');
  for (const sql of beforeChecks) await q(sql);
  for (const table of ['products', 'warehouses', 'invoices', 'invoice_lines', 'dispatches', 'dispatch_lines']) {
    await q(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
  }
  const { rows } = await db.query<{ bad: string }>(
    `SELECT count(*) AS bad FROM (
       SELECT balance_quantity,
              sum(CASE WHEN movement_type = 'INVOICE' THEN quantity ELSE -quantity END) OVER (PARTITION BY warehouse_id, product_id ORDER BY id) AS folded
         FROM movements) x WHERE balance_quantity <> folded`,
  );
  if (rows[0].bad !== '0') throw new Error(`La carga de prueba no cumple el libro (${rows[0].bad} saldos).`);
  // The ledger is append-only: its pages are all-visible once vacuumed (index-only probes).
  await q('VACUUM ANALYZE movements');
  await q('ANALYZE');
}
