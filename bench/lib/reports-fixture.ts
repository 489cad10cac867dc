// The reports bench's data (bench/reports.ts), inserted with SQL generate_series and consistent
// with the ledger rules (every balance is the fold of the movements, checked by the table's
// CHECKs and by a final assertion): 10,000 products in 20 partidas, each received once (the stock
// report); one product with 100,000 movements and one with 10,000 (the kardex), entries and exits
// alternating, an exit taking its share of the balance's value (ledger_share) and the average
// ledger_next_average, as the ledger posts them.
import type { Db } from '../../api/src/db/pool';

export const STOCK_PRODUCTS = 10_000;
export const BIG_CARD = 100_000;
export const SMALL_CARD = 10_000;

export async function fixture(db: Db): Promise<{ big: number; small: number }> {
  const who = `'bench', 'Bench'`;
  const audit = `created_by, created_by_name, updated_by, updated_by_name`;
  const q = (sql: string) => db.query(sql);
  await q(
    `INSERT INTO product_categories (description, ${audit}) SELECT 'Partida ' || (2100 + g), ${who}, ${who} FROM generate_series(1, 20) g`,
  );
  await q(
    `INSERT INTO product_units (description, ${audit}) VALUES ('Pieza', ${who}, ${who}), ('Caja', ${who}, ${who}), ('Litro', ${who}, ${who})`,
  );
  await q(
    `INSERT INTO employees (name, last_name, ${audit}) VALUES ('María', 'López', ${who}, ${who}), ('Jorge', 'Ramírez', ${who}, ${who}), ('Lucía', 'Hernández', ${who}, ${who})`,
  );
  await q(`INSERT INTO suppliers (name, rfc, ${audit}) VALUES ('Papelería del Centro, S.A. de C.V.', 'PCE850101AB1', ${who}, ${who})`);
  await q(`INSERT INTO products (id, name, category_id, unit_id, ${audit})
           SELECT g, 'Producto de prueba número ' || g || ' con nombre de longitud realista', 1 + g % 20, 1 + g % 3, ${who}, ${who}
             FROM generate_series(1, ${STOCK_PRODUCTS + 2}) g`);
  const big = STOCK_PRODUCTS + 1;
  const small = STOCK_PRODUCTS + 2;

  // Stock: one entry per product (invoice id = product id), 1–50 units at 1.000–100.999.
  await q(`INSERT INTO invoices (id, supplier_id, invoice_number, invoice_date, invoice_type, director_employee_id, entered_by_employee_id, warehouse_keeper_employee_id, created_by, created_by_name)
           SELECT g, 1, 'S-' || g, DATE '2026-01-02', 'COMPRA_DIRECTA', 1, 2, 3, ${who} FROM generate_series(1, ${STOCK_PRODUCTS}) g`);
  await q(`INSERT INTO invoice_lines (id, invoice_id, line_no, product_id, quantity, purchase_price, observations, apply_value_added_tax_to_purchase_price, apply_excise_tax, excise_tax_rate)
           SELECT g, g, 1, g, 1 + g % 50, 1 + (g % 100000) * 0.001, NULL, false, false, 0 FROM generate_series(1, ${STOCK_PRODUCTS}) g`);
  await q(`INSERT INTO movements (product_id, movement_type, invoice_id, invoice_line_id, quantity, unit_cost, amount, dated,
                                  apply_value_added_tax, apply_excise_tax, excise_tax_rate, balance_quantity, balance_value, balance_average)
           SELECT l.product_id, 'INVOICE', l.invoice_id, l.id, l.quantity, l.purchase_price, round(l.quantity * l.purchase_price, 2), DATE '2026-01-02',
                  false, false, 0, l.quantity, round(l.quantity * l.purchase_price, 2), ledger_average(l.quantity, round(l.quantity * l.purchase_price, 2))
             FROM invoice_lines l ORDER BY l.id`);

  // Kardex: odd steps are entries, even steps exits; the average is the ledger's function.
  const card = async (productId: number, steps: number, offset: number) => {
    await q(`CREATE TEMP TABLE steps AS
      WITH RECURSIVE s(k, qty, cost, amount, bal, val, avg) AS (
        SELECT 0, 0::numeric, 0::numeric, 0::numeric, 0::numeric, 0::numeric, 0::numeric
        UNION ALL
        SELECT k + 1, t.qty, t.cost, t.amount, t.bal, t.val, ledger_next_average(t.bal, t.val, s.avg)
          FROM s, LATERAL (
            SELECT e.qty, e.cost, e.amount, CASE WHEN (k + 1) % 2 = 1 THEN s.bal + e.qty ELSE s.bal - e.qty END AS bal,
                   CASE WHEN (k + 1) % 2 = 1 THEN s.val + e.amount ELSE s.val - e.amount END AS val
              FROM (SELECT q.qty, q.cost, CASE WHEN (k + 1) % 2 = 1 THEN round(q.qty * q.cost, 2) ELSE ledger_share(q.qty, s.bal, s.val) END AS amount
                      FROM (SELECT CASE WHEN (k + 1) % 2 = 1 THEN 10 + (k + 1) % 7 ELSE 8 + (k + 1) % 5 END::numeric AS qty,
                                   CASE WHEN (k + 1) % 2 = 1 THEN 10 + ((k + 1) % 13) * 0.125 ELSE s.avg END AS cost) q) e) t
         WHERE k < ${steps})
      SELECT k, qty, cost, amount, bal, val, avg FROM s WHERE k > 0`);
    await q(`INSERT INTO invoices (id, supplier_id, invoice_number, invoice_date, invoice_type, director_employee_id, entered_by_employee_id, warehouse_keeper_employee_id, created_by, created_by_name)
             SELECT ${offset} + k, 1, 'K-' || (${offset} + k), DATE '2026-01-02' + (k / 1000)::int, 'COMPRA_DIRECTA', 1, 2, 3, ${who} FROM steps WHERE k % 2 = 1`);
    await q(`INSERT INTO invoice_lines (id, invoice_id, line_no, product_id, quantity, purchase_price, observations, apply_value_added_tax_to_purchase_price, apply_excise_tax, excise_tax_rate)
             SELECT ${offset} + k, ${offset} + k, 1, ${productId}, qty, cost, NULL, false, false, 0 FROM steps WHERE k % 2 = 1`);
    await q(`INSERT INTO dispatches (id, dispatch_date, person_in_charge_of_the_requesting_area_employee_id, petitioner_employee_id, warehouse_keeper_employee_id, created_by, created_by_name)
             SELECT ${offset} + k, DATE '2026-01-02' + (k / 1000)::int, 1, 2, 3, ${who} FROM steps WHERE k % 2 = 0`);
    await q(`INSERT INTO dispatch_lines (id, dispatch_id, line_no, product_id, quantity, shown_exit_price, observations)
             SELECT ${offset} + k, ${offset} + k, 1, ${productId}, qty, greatest(round(avg, 3), 0.001), NULL FROM steps WHERE k % 2 = 0`);
    await q(`INSERT INTO movements (product_id, movement_type, invoice_id, invoice_line_id, dispatch_id, dispatch_line_id, quantity, unit_cost, amount, dated,
                                    apply_value_added_tax, apply_excise_tax, excise_tax_rate, balance_quantity, balance_value, balance_average)
             SELECT ${productId}, CASE WHEN k % 2 = 1 THEN 'INVOICE' ELSE 'DISPATCH' END,
                    CASE WHEN k % 2 = 1 THEN ${offset} + k END, CASE WHEN k % 2 = 1 THEN ${offset} + k END,
                    CASE WHEN k % 2 = 0 THEN ${offset} + k END, CASE WHEN k % 2 = 0 THEN ${offset} + k END,
                    qty, cost, amount, DATE '2026-01-02' + (k / 1000)::int,
                    CASE WHEN k % 2 = 1 THEN false END, CASE WHEN k % 2 = 1 THEN false END, CASE WHEN k % 2 = 1 THEN 0 END,
                    bal, val, avg
               FROM steps ORDER BY k`);
    await q(`DROP TABLE steps`);
  };
  await card(big, BIG_CARD, 1_000_000);
  await card(small, SMALL_CARD, 2_000_000);

  await q(`INSERT INTO product_balances (product_id, quantity, value, average_cost, last_movement_id)
           SELECT DISTINCT ON (product_id) product_id, balance_quantity, balance_value, balance_average, id FROM movements ORDER BY product_id, id DESC`);
  // The ledger invariant, as the API keeps it: the balance is the fold of the movements.
  const { rows } = await db.query<{ bad: string }>(
    `SELECT count(*) AS bad FROM (
       SELECT balance_quantity, balance_value,
              sum(movement_sign(movement_type) * quantity) OVER (PARTITION BY product_id ORDER BY id) AS folded,
              sum(movement_sign(movement_type) * amount) OVER (PARTITION BY product_id ORDER BY id) AS folded_value
         FROM movements) x
      WHERE balance_quantity <> folded OR balance_value <> folded_value`,
  );
  if (rows[0].bad !== '0') throw new Error(`La carga de prueba no cumple el libro (${rows[0].bad} saldos).`);
  await q('ANALYZE');
  return { big, small };
}
