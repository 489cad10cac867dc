// A product with a long kardex, inserted with SQL (generate_series) in a second instead of
// thousands of API calls, consistent with the ledger rules: entries and exits alternate, each
// balance is the fold of the movements before it, the average is the ledger's own
// ledger_moving_average(), and product_balances ends at the last movement. Same shape as the
// bench's fixture (bench/reports.ts).
import type { Db } from '../../../src/db/pool';

export interface KardexFixture {
  productId: number;
  movements: number;
}

/** Creates one product (with unit and partida) and `movements` movements for it. */
export async function seedKardex(db: Db, movements: number, name = 'Hojas blancas tamaño carta para la Dirección'): Promise<KardexFixture> {
  const who = `'prueba', 'Prueba'`;
  const audit = `created_by, created_by_name, updated_by, updated_by_name`;
  const client = await db.connect();
  const q = (sql: string, params: unknown[] = []) => client.query(sql, params);
  try {
    await q('BEGIN');
    // The catalogue rows are shared by every product seeded in the same database.
    const one = async (select: string, insert: string, params: unknown[] = []): Promise<number> =>
      ((await q(select, params)).rows[0] ?? (await q(insert, params)).rows[0]).id;
    const category = await one(
      `SELECT id FROM product_categories WHERE description = '2111 Materiales y útiles de oficina'`,
      `INSERT INTO product_categories (description, ${audit}) VALUES ('2111 Materiales y útiles de oficina', ${who}, ${who}) RETURNING id`,
    );
    const unit = await one(
      `SELECT id FROM product_units WHERE description = 'Paquete'`,
      `INSERT INTO product_units (description, ${audit}) VALUES ('Paquete', ${who}, ${who}) RETURNING id`,
    );
    const supplier = await one(
      `SELECT id FROM suppliers WHERE rfc = 'PCE850101AB1'`,
      `INSERT INTO suppliers (name, rfc, ${audit}) VALUES ('Papelería del Centro, S.A. de C.V.', 'PCE850101AB1', ${who}, ${who}) RETURNING id`,
    );
    const employees: number[] = [];
    for (const [first, last] of [
      ['María', 'López Núñez'],
      ['Jorge', 'Ramírez'],
      ['Lucía', 'Hernández'],
    ]) {
      employees.push(
        await one(
          `SELECT id FROM employees WHERE name = $1 AND last_name = $2`,
          `INSERT INTO employees (name, last_name, ${audit}) VALUES ($1, $2, ${who}, ${who}) RETURNING id`,
          [first, last],
        ),
      );
    }
    const [{ id: product }] = (
      await q(`INSERT INTO products (name, category_id, unit_id, ${audit}) VALUES ($1, $2, $3, ${who}, ${who}) RETURNING id`, [
        name,
        category,
        unit,
      ])
    ).rows;
    const [director, enteredBy, keeper] = employees;

    // Odd steps are entries, even steps exits.
    // The ledger's own rules (0057): an entry adds quantity × cost to the cent, an exit takes its
    // share of the value; the average is the value's quotient.
    await q(`CREATE TEMP TABLE steps ON COMMIT DROP AS
      WITH RECURSIVE s(k, qty, cost, amount, bal, val, avg) AS (
        SELECT 0, 0::numeric, 0::numeric, 0::numeric, 0::numeric, 0::numeric, 0::numeric
        UNION ALL
        SELECT s.k + 1, x.qty, x.cost, y.amount,
               CASE WHEN x.entry THEN s.bal + x.qty ELSE s.bal - x.qty END,
               CASE WHEN x.entry THEN s.val + y.amount ELSE s.val - y.amount END,
               ledger_next_average(CASE WHEN x.entry THEN s.bal + x.qty ELSE s.bal - x.qty END,
                                   CASE WHEN x.entry THEN s.val + y.amount ELSE s.val - y.amount END, s.avg)
          FROM s
          CROSS JOIN LATERAL (
            SELECT (s.k + 1) % 2 = 1 AS entry,
                   CASE WHEN (s.k + 1) % 2 = 1 THEN 10 + (s.k + 1) % 7 ELSE 8 + (s.k + 1) % 5 END::numeric AS qty,
                   CASE WHEN (s.k + 1) % 2 = 1 THEN 10 + ((s.k + 1) % 13) * 0.125 ELSE s.avg END AS cost
          ) x
          CROSS JOIN LATERAL (
            SELECT CASE WHEN x.entry THEN round(x.qty * x.cost, 2) ELSE ledger_share(x.qty, s.bal, s.val) END AS amount
          ) y
         WHERE s.k < ${Number(movements)})
      SELECT k, qty, cost, amount, bal, val, avg, DATE '2026-01-02' + (k / 1000)::int AS dated FROM s WHERE k > 0`);
    await q(`CREATE TEMP TABLE ids ON COMMIT DROP AS SELECT (SELECT coalesce(max(id), 0) FROM invoices) AS i0, (SELECT coalesce(max(id), 0) FROM invoice_lines) AS l0,
                                                        (SELECT coalesce(max(id), 0) FROM dispatches) AS d0, (SELECT coalesce(max(id), 0) FROM dispatch_lines) AS e0`);
    await q(
      `INSERT INTO invoices (id, supplier_id, invoice_number, invoice_date, invoice_type, director_employee_id, entered_by_employee_id, warehouse_keeper_employee_id, created_by, created_by_name)
             SELECT i0 + k, $1, 'K-' || (i0 + k), DATE '2026-01-02' + (k / 1000)::int, 'COMPRA_DIRECTA', $2, $3, $4, ${who} FROM steps, ids WHERE k % 2 = 1`,
      [supplier, director, enteredBy, keeper],
    );
    await q(
      `INSERT INTO invoice_lines (id, invoice_id, line_no, product_id, quantity, purchase_price, observations, apply_value_added_tax_to_purchase_price, apply_excise_tax, excise_tax_rate)
             SELECT l0 + k, i0 + k, 1, $1, qty, cost, NULL, false, false, 0 FROM steps, ids WHERE k % 2 = 1`,
      [product],
    );
    await q(
      `INSERT INTO dispatches (id, dispatch_date, person_in_charge_of_the_requesting_area_employee_id, petitioner_employee_id, warehouse_keeper_employee_id, created_by, created_by_name)
             SELECT d0 + k, DATE '2026-01-02' + (k / 1000)::int, $1, $2, $3, ${who} FROM steps, ids WHERE k % 2 = 0`,
      [director, enteredBy, keeper],
    );
    await q(
      `INSERT INTO dispatch_lines (id, dispatch_id, line_no, product_id, quantity, shown_exit_price, observations)
             SELECT e0 + k, d0 + k, 1, $1, qty, greatest(round(avg, 3), 0.001), NULL FROM steps, ids WHERE k % 2 = 0`,
      [product],
    );
    await q(
      `INSERT INTO movements (product_id, movement_type, invoice_id, invoice_line_id, dispatch_id, dispatch_line_id, quantity, unit_cost, amount, dated,
                                    apply_value_added_tax, apply_excise_tax, excise_tax_rate, balance_quantity, balance_value, balance_average)
             SELECT $1, CASE WHEN k % 2 = 1 THEN 'INVOICE' ELSE 'DISPATCH' END,
                    CASE WHEN k % 2 = 1 THEN i0 + k END, CASE WHEN k % 2 = 1 THEN l0 + k END,
                    CASE WHEN k % 2 = 0 THEN d0 + k END, CASE WHEN k % 2 = 0 THEN e0 + k END,
                    qty, cost, amount, dated,
                    CASE WHEN k % 2 = 1 THEN false END, CASE WHEN k % 2 = 1 THEN false END, CASE WHEN k % 2 = 1 THEN 0 END,
                    bal, val, avg
               FROM steps, ids ORDER BY k`,
      [product],
    );
    await q(
      `INSERT INTO product_balances (product_id, quantity, value, average_cost, last_movement_id)
             SELECT product_id, balance_quantity, balance_value, balance_average, id FROM movements WHERE product_id = $1 ORDER BY id DESC LIMIT 1`,
      [product],
    );
    await q('COMMIT');
    // Identity columns given explicitly: move the sequences past them for the API's own inserts.
    for (const table of ['invoices', 'invoice_lines', 'dispatches', 'dispatch_lines']) {
      await q(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT coalesce(max(id), 1) FROM ${table}))`);
    }
    await q('ANALYZE');
    return { productId: product, movements };
  } catch (error) {
    await q('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export interface DispatchFixture {
  productId: number;
  dispatchId: number;
  lines: number;
}

/**
 * One exit with `lines` lines of one unit each, every line with a different 495-character
 * observation (hex digests, which a zip cannot shrink much): a spreadsheet of several MB from
 * few rows, for a download whose client stops reading.
 */
export async function seedLongDispatch(db: Db, lines: number): Promise<DispatchFixture> {
  const who = `'prueba', 'Prueba'`;
  const audit = `created_by, created_by_name, updated_by, updated_by_name`;
  const client = await db.connect();
  const q = (sql: string, params: unknown[] = []) => client.query(sql, params);
  try {
    await q('BEGIN');
    const one = async (select: string, insert: string, params: unknown[] = []): Promise<number> =>
      ((await q(select, params)).rows[0] ?? (await q(insert, params)).rows[0]).id;
    const supplier = await one(
      `SELECT id FROM suppliers WHERE rfc = 'PCE850101AB1'`,
      `INSERT INTO suppliers (name, rfc, ${audit}) VALUES ('Papelería del Centro, S.A. de C.V.', 'PCE850101AB1', ${who}, ${who}) RETURNING id`,
    );
    const employee = await one(
      `SELECT id FROM employees WHERE name = 'María' AND last_name = 'López Núñez'`,
      `INSERT INTO employees (name, last_name, ${audit}) VALUES ('María', 'López Núñez', ${who}, ${who}) RETURNING id`,
    );
    const [{ id: product }] = (
      await q(`INSERT INTO products (name, ${audit}) VALUES ('Lápiz del número 2 (salida larga)', ${who}, ${who}) RETURNING id`)
    ).rows;
    const [{ id: invoice }] = (
      await q(
        `INSERT INTO invoices (supplier_id, invoice_number, invoice_date, invoice_type, director_employee_id, entered_by_employee_id, warehouse_keeper_employee_id, created_by, created_by_name)
         VALUES ($1, 'L-' || $2::text, DATE '2026-01-02', 'COMPRA_DIRECTA', $3, $3, $3, ${who}) RETURNING id`,
        [supplier, product, employee],
      )
    ).rows;
    const [{ id: invoiceLine }] = (
      await q(
        `INSERT INTO invoice_lines (invoice_id, line_no, product_id, quantity, purchase_price, apply_value_added_tax_to_purchase_price, apply_excise_tax, excise_tax_rate)
         VALUES ($1, 1, $2, $3, 2.5, false, false, 0) RETURNING id`,
        [invoice, product, lines],
      )
    ).rows;
    await q(
      `INSERT INTO movements (product_id, movement_type, invoice_id, invoice_line_id, quantity, unit_cost, amount, dated,
                              apply_value_added_tax, apply_excise_tax, excise_tax_rate, balance_quantity, balance_value, balance_average)
       VALUES ($1, 'INVOICE', $2, $3, $4, 2.5, $4 * 2.5, DATE '2026-01-02', false, false, 0, $4, $4 * 2.5, 2.5)`,
      [product, invoice, invoiceLine, lines],
    );
    const [{ id: dispatch }] = (
      await q(
        `INSERT INTO dispatches (dispatch_date, person_in_charge_of_the_requesting_area_employee_id, petitioner_employee_id, warehouse_keeper_employee_id, created_by, created_by_name)
         VALUES (DATE '2026-01-03', $1, $1, $1, ${who}) RETURNING id`,
        [employee],
      )
    ).rows;
    await q(
      `INSERT INTO dispatch_lines (dispatch_id, line_no, product_id, quantity, shown_exit_price, observations)
       SELECT $1, k, $2, 1, 2.5, (SELECT string_agg(md5(k::text || '-' || j), ' ') FROM generate_series(1, 15) j)
         FROM generate_series(1, $3::int) k`,
      [dispatch, product, lines],
    );
    await q(
      `INSERT INTO movements (product_id, movement_type, dispatch_id, dispatch_line_id, quantity, unit_cost, amount, dated, balance_quantity, balance_value, balance_average)
       SELECT $1, 'DISPATCH', $2, l.id, 1, 2.5, 2.5, DATE '2026-01-03', $3::int - l.line_no, ($3::int - l.line_no) * 2.5, 2.5
         FROM dispatch_lines l WHERE l.dispatch_id = $2 ORDER BY l.line_no`,
      [product, dispatch, lines],
    );
    await q(
      `INSERT INTO product_balances (product_id, quantity, value, average_cost, last_movement_id)
       SELECT product_id, balance_quantity, balance_value, balance_average, id FROM movements WHERE product_id = $1 ORDER BY id DESC LIMIT 1`,
      [product],
    );
    await q('COMMIT');
    await q('ANALYZE');
    return { productId: product, dispatchId: dispatch, lines };
  } catch (error) {
    await q('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
