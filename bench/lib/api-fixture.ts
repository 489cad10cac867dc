// The API bench's data: 10,000 products, one with 100,000 movements and one with 100, inserted with
// SQL (generate_series) and consistent with the ledger rules: each movement's value to the cent,
// its balance the fold of the ones before, product_balances the last of them — checked by
// ledger-check.ts before measuring.
import type { Db } from '../../api/src/db/pool';

export const PRODUCTS = 10_000;
export const HEAVY = 1; // 100,000 movements
export const LIGHT = 2; // 100 movements
export const HEAVY_MOVES = 100_000;
export const LIGHT_MOVES = 100;
export const DISPATCH_PRODUCTS = Array.from({ length: 20 }, (_, i) => 3 + i);

export async function fixture(db: Db): Promise<void> {
  const who = `'bench', 'Banco de pruebas'`;
  const audit = 'created_by, created_by_name, updated_by, updated_by_name';
  const q = (sql: string) => db.query(sql);
  const day = `current_date - 30`;
  await q(
    `INSERT INTO product_categories (id, description, ${audit}) SELECT g, 'Partida ' || (2100 + g), ${who}, ${who} FROM generate_series(1, 20) g`,
  );
  await q(
    `INSERT INTO product_units (id, description, ${audit}) VALUES (1, 'Pieza', ${who}, ${who}), (2, 'Caja', ${who}, ${who}), (3, 'Litro', ${who}, ${who})`,
  );
  await q(
    `INSERT INTO employees (id, name, last_name, ${audit}) VALUES (1, 'María', 'López', ${who}, ${who}), (2, 'Jorge', 'Ramírez', ${who}, ${who}), (3, 'Lucía', 'Hernández', ${who}, ${who})`,
  );
  await q(
    `INSERT INTO suppliers (id, name, rfc, ${audit}) VALUES (1, 'Papelería del Centro, S.A. de C.V.', 'PCE850101AB1', ${who}, ${who})`,
  );
  await q(`INSERT INTO products (id, name, category_id, unit_id, ${audit})
           SELECT g, 'Producto de prueba ' || g || ' de nombre realista', 1 + g % 20, 1 + g % 3, ${who}, ${who} FROM generate_series(1, ${PRODUCTS}) g`);

  // One entry for every product but the two long ledgers (the 20 dispatch products get plenty).
  await q(`INSERT INTO invoices (id, supplier_id, invoice_number, invoice_date, invoice_type, director_employee_id, entered_by_employee_id, warehouse_keeper_employee_id, created_by, created_by_name)
           SELECT g, 1, 'S-' || g, ${day}, 'COMPRA_DIRECTA', 1, 2, 3, 'bench', 'Banco de pruebas' FROM generate_series(3, ${PRODUCTS}) g`);
  await q(`INSERT INTO invoice_lines (id, invoice_id, line_no, product_id, quantity, purchase_price, observations, apply_value_added_tax_to_purchase_price, apply_excise_tax, excise_tax_rate)
           SELECT g, g, 1, g, CASE WHEN g <= 22 THEN 1000000 ELSE 1 + g % 50 END, CASE WHEN g <= 22 THEN 12.5 ELSE 1 + (g % 1000) * 0.125 END,
                  NULL, false, false, 0 FROM generate_series(3, ${PRODUCTS}) g`);
  // Each product's first movement: worth its quantity × price to the cent, its average that value ÷ quantity.
  await q(`INSERT INTO movements (product_id, movement_type, invoice_id, invoice_line_id, quantity, unit_cost, amount, dated, apply_value_added_tax, apply_excise_tax, excise_tax_rate, balance_quantity, balance_value, balance_average)
           SELECT product_id, 'INVOICE', invoice_id, id, quantity, purchase_price, round(quantity * purchase_price, 2), ${day}, false, false, 0,
                  quantity, round(quantity * purchase_price, 2), round(round(quantity * purchase_price, 2) / quantity, 6)
             FROM invoice_lines ORDER BY id`);

  // A long ledger: odd steps enter 2 units at 10.50, even steps take 1 out; every value is then
  // exact (an exit's share of the value is 10.50), so the average stays 10.50 and each balance is the fold.
  const card = async (productId: number, steps: number, offset: number) => {
    await q(`CREATE TEMP TABLE steps AS
      SELECT k, CASE WHEN k % 2 = 1 THEN 2 ELSE 1 END::numeric AS qty, 10.5::numeric AS cost,
             (k + 1) / 2 * 2 - k / 2 AS bal, 10.5::numeric AS avg
        FROM generate_series(1, ${steps}) k`);
    await q(`INSERT INTO invoices (id, supplier_id, invoice_number, invoice_date, invoice_type, director_employee_id, entered_by_employee_id, warehouse_keeper_employee_id, created_by, created_by_name)
             SELECT ${offset} + k, 1, 'K-' || (${offset} + k), ${day}, 'COMPRA_DIRECTA', 1, 2, 3, 'bench', 'Banco de pruebas' FROM steps WHERE k % 2 = 1`);
    await q(`INSERT INTO invoice_lines (id, invoice_id, line_no, product_id, quantity, purchase_price, observations, apply_value_added_tax_to_purchase_price, apply_excise_tax, excise_tax_rate)
             SELECT ${offset} + k, ${offset} + k, 1, ${productId}, qty, cost, NULL, false, false, 0 FROM steps WHERE k % 2 = 1`);
    await q(`INSERT INTO dispatches (id, dispatch_date, person_in_charge_of_the_requesting_area_employee_id, petitioner_employee_id, warehouse_keeper_employee_id, created_by, created_by_name)
             SELECT ${offset} + k, ${day}, 1, 2, 3, 'bench', 'Banco de pruebas' FROM steps WHERE k % 2 = 0`);
    await q(`INSERT INTO dispatch_lines (id, dispatch_id, line_no, product_id, quantity, shown_exit_price, observations)
             SELECT ${offset} + k, ${offset} + k, 1, ${productId}, qty, greatest(round(avg, 3), 0.001), NULL FROM steps WHERE k % 2 = 0`);
    await q(`INSERT INTO movements (product_id, movement_type, invoice_id, invoice_line_id, dispatch_id, dispatch_line_id, quantity, unit_cost, amount, dated,
                                    apply_value_added_tax, apply_excise_tax, excise_tax_rate, balance_quantity, balance_value, balance_average)
             SELECT ${productId}, CASE WHEN k % 2 = 1 THEN 'INVOICE' ELSE 'DISPATCH' END,
                    CASE WHEN k % 2 = 1 THEN ${offset} + k END, CASE WHEN k % 2 = 1 THEN ${offset} + k END,
                    CASE WHEN k % 2 = 0 THEN ${offset} + k END, CASE WHEN k % 2 = 0 THEN ${offset} + k END,
                    qty, cost, qty * cost, ${day}, CASE WHEN k % 2 = 1 THEN false END, CASE WHEN k % 2 = 1 THEN false END, CASE WHEN k % 2 = 1 THEN 0 END,
                    bal, bal * cost, avg
               FROM steps ORDER BY k`);
    await q('DROP TABLE steps');
  };
  await card(HEAVY, HEAVY_MOVES, 1_000_000);
  await card(LIGHT, LIGHT_MOVES, 2_000_000);

  await q(`INSERT INTO product_balances (product_id, quantity, value, average_cost, last_movement_id)
           SELECT DISTINCT ON (product_id) product_id, balance_quantity, balance_value, balance_average, id FROM movements ORDER BY product_id, id DESC`);
  // The API inserts after us: identities continue past the ids written here.
  for (const table of [
    'product_categories',
    'product_units',
    'employees',
    'suppliers',
    'products',
    'invoices',
    'invoice_lines',
    'dispatches',
    'dispatch_lines',
  ]) {
    await q(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
  }
  await q('ANALYZE');
}
