// The ledger's invariants, recomputed in SQL from the movements alone (ARCHITECTURE.md, "The stock ledger"), for the
// crash and load tests. Nothing here trusts the API's arithmetic: the moving average is folded
// again with its own exact integer rounding (half up, 6 decimals), independent of the ledger's
// ledger_moving_average().
import pg from 'pg';

export interface LedgerReport {
  violations: string[];
  products: number;
  movements: number;
  invoices: number;
  dispatches: number;
}

// (Q·avg + q·c)/(Q + q) rounded half up to 6 decimals, exactly: integer quotient + remainder test.
const average = (Q: string, avg: string, q: string, c: string) => `(
  SELECT (t.quot + CASE WHEN 2 * (t.num - t.quot * t.den) >= t.den THEN 1 ELSE 0 END) / 1000000
    FROM (SELECT x.num, x.den, div(x.num, x.den) AS quot
            FROM (SELECT ((${Q}) * (${avg}) + (${q}) * (${c})) * 1000000 AS num, (${Q}) + (${q}) AS den) x) t)`;

export async function checkLedger(url: string): Promise<LedgerReport> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const violations: string[] = [];
  const count = async (label: string, sql: string) => {
    const { rows } = await client.query<{ n: string; sample: unknown }>(sql);
    const n = Number(rows[0]?.n ?? 0);
    if (n > 0) violations.push(`${label}: ${n}${rows[0].sample ? ` (p. ej. ${JSON.stringify(rows[0].sample)})` : ''}`);
  };
  try {
    // One snapshot for every check (temporary tables need a read-write transaction).
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');

    await count(
      'cantidades negativas en product_balances',
      `SELECT count(*) AS n FROM product_balances WHERE quantity < 0 OR average_cost < 0`,
    );
    await count('saldos negativos en movements', `SELECT count(*) AS n FROM movements WHERE balance_quantity < 0 OR quantity <= 0`);

    // Every document complete: lines numbered 1..n, each line with exactly one movement of its document.
    await count(
      'entradas sin renglones',
      `SELECT count(*) AS n FROM invoices i WHERE NOT EXISTS (SELECT 1 FROM invoice_lines l WHERE l.invoice_id = i.id)`,
    );
    await count(
      'salidas sin renglones',
      `SELECT count(*) AS n FROM dispatches d WHERE NOT EXISTS (SELECT 1 FROM dispatch_lines l WHERE l.dispatch_id = d.id)`,
    );
    await count(
      'renglones de entrada sin su movimiento (o con otro documento/producto/cantidad)',
      `SELECT count(*) AS n, min(l.id) AS sample FROM invoice_lines l LEFT JOIN movements m ON m.invoice_line_id = l.id
        WHERE m.id IS NULL OR m.invoice_id <> l.invoice_id OR m.product_id <> l.product_id OR m.quantity <> l.quantity
           OR m.movement_type <> 'INVOICE' OR m.unit_cost <> l.purchase_price`,
    );
    await count(
      'renglones de salida sin su movimiento (o con otro documento/producto/cantidad)',
      `SELECT count(*) AS n, min(l.id) AS sample FROM dispatch_lines l LEFT JOIN movements m ON m.dispatch_line_id = l.id
        WHERE m.id IS NULL OR m.dispatch_id <> l.dispatch_id OR m.product_id <> l.product_id OR m.quantity <> l.quantity
           OR m.movement_type <> 'DISPATCH'`,
    );
    await count(
      'movimientos sin renglón',
      `SELECT count(*) AS n FROM movements m
        WHERE (m.movement_type = 'INVOICE' AND NOT EXISTS (SELECT 1 FROM invoice_lines l WHERE l.id = m.invoice_line_id))
           OR (m.movement_type = 'DISPATCH' AND NOT EXISTS (SELECT 1 FROM dispatch_lines l WHERE l.id = m.dispatch_line_id))`,
    );
    await count(
      'renglones no numerados 1..n',
      `SELECT count(*) AS n FROM (
         SELECT invoice_id AS doc, count(*) AS c, max(line_no) AS top FROM invoice_lines GROUP BY invoice_id
         UNION ALL SELECT dispatch_id, count(*), max(line_no) FROM dispatch_lines GROUP BY dispatch_id) x
        WHERE c <> top`,
    );

    // The fold: walk each product's movements in registration order and recompute every balance.
    // A cancellation (issue #16) also carries what its rule needs, read from the movement it
    // reverses: that movement's price; for an entry's, whether another document moved the product
    // in between ("exact": back to the balance recorded just before the entry, which the fold has
    // already checked) and that balance (0 / 0 when the entry was the product's first movement).
    await client.query(`CREATE TEMP TABLE fold_input ON COMMIT DROP AS
      SELECT m.product_id, row_number() OVER (PARTITION BY m.product_id ORDER BY m.id) AS n, m.id, m.movement_type, m.quantity, m.unit_cost,
             m.balance_quantity, m.balance_average, o.unit_cost AS orig_cost,
             (m.movement_type = 'INVOICE_CANCELLATION' AND NOT EXISTS (
                SELECT 1 FROM movements x WHERE x.product_id = m.product_id AND x.id > o.id AND x.id < m.id
                   AND x.invoice_id IS DISTINCT FROM o.invoice_id)) AS exact,
             coalesce(p.balance_quantity, 0) AS before_q, coalesce(p.balance_average, 0) AS before_a
        FROM movements m
        LEFT JOIN movements o ON o.id = m.cancels_movement_id
        LEFT JOIN LATERAL (SELECT y.balance_quantity, y.balance_average FROM movements y
                            WHERE y.product_id = o.product_id AND y.id < o.id ORDER BY y.id DESC LIMIT 1) p ON true`);
    await client.query('CREATE INDEX ON fold_input (product_id, n)');
    await client.query('ANALYZE fold_input');
    // The recursion advances one movement per product per step; a hash or merge join would scan
    // every movement at every step (quadratic on a 100,000-movement product). Index lookups only.
    await client.query('SET LOCAL enable_hashjoin = off');
    await client.query('SET LOCAL enable_mergejoin = off');
    await client.query(`CREATE TEMP TABLE folded ON COMMIT DROP AS
      WITH RECURSIVE f AS (
        SELECT i.product_id, i.n, i.id, i.movement_type, i.unit_cost, i.balance_quantity, i.balance_average, i.orig_cost, i.exact,
               CASE WHEN i.movement_type IN ('INVOICE', 'ADJUSTMENT_IN') THEN i.quantity ELSE -i.quantity END::numeric AS q,
               CASE WHEN i.movement_type IN ('INVOICE', 'ADJUSTMENT_IN') THEN ${average('0', '0', 'i.quantity', 'i.unit_cost')} ELSE 0 END::numeric AS a,
               0::numeric AS prev_a
          FROM fold_input i WHERE i.n = 1
        UNION ALL
        SELECT i.product_id, i.n, i.id, i.movement_type, i.unit_cost, i.balance_quantity, i.balance_average, i.orig_cost, i.exact,
               CASE WHEN i.movement_type IN ('INVOICE', 'DISPATCH_CANCELLATION', 'ADJUSTMENT_IN') THEN f.q + i.quantity
                    WHEN i.exact THEN i.before_q
                    ELSE f.q - i.quantity END,
               CASE WHEN i.movement_type IN ('INVOICE', 'DISPATCH_CANCELLATION', 'ADJUSTMENT_IN') THEN ${average('f.q', 'f.a', 'i.quantity', 'i.unit_cost')}
                    WHEN i.exact THEN i.before_a
                    ELSE f.a END,
               f.a
          FROM f JOIN fold_input i ON i.product_id = f.product_id AND i.n = f.n + 1
      )
      SELECT * FROM f`);
    await count(
      'movimientos cuyo saldo no es el pliegue del libro',
      `SELECT count(*) AS n, min(id) AS sample FROM folded WHERE q <> balance_quantity OR a <> balance_average OR q < 0`,
    );
    await count(
      'salidas que no tomaron el costo promedio vigente',
      `SELECT count(*) AS n, min(id) AS sample FROM folded WHERE movement_type IN ('DISPATCH', 'ADJUSTMENT_OUT') AND unit_cost <> prev_a`,
    );
    await count(
      'cancelaciones que no tomaron el precio que les toca',
      `SELECT count(*) AS n, min(id) AS sample FROM folded
        WHERE (movement_type = 'DISPATCH_CANCELLATION' AND unit_cost IS DISTINCT FROM orig_cost)
           OR (movement_type = 'INVOICE_CANCELLATION' AND exact AND unit_cost IS DISTINCT FROM orig_cost)
           OR (movement_type = 'INVOICE_CANCELLATION' AND NOT exact AND unit_cost <> prev_a)`,
    );
    await count(
      'product_balances distinto del pliegue del libro',
      `WITH last AS (SELECT DISTINCT ON (product_id) product_id, id, q, a FROM folded ORDER BY product_id, n DESC)
       SELECT count(*) AS n, min(coalesce(b.product_id, last.product_id)) AS sample
         FROM product_balances b FULL JOIN last ON last.product_id = b.product_id
        WHERE (last.product_id IS NULL AND (b.quantity <> 0 OR b.last_movement_id IS NOT NULL))
           OR (last.product_id IS NOT NULL AND (b.product_id IS NULL OR b.quantity <> last.q OR b.average_cost <> last.a OR b.last_movement_id IS DISTINCT FROM last.id))`,
    );

    const totals = await client.query<{ products: string; movements: string; invoices: string; dispatches: string }>(
      `SELECT (SELECT count(DISTINCT product_id) FROM movements) AS products, (SELECT count(*) FROM movements) AS movements,
              (SELECT count(*) FROM invoices) AS invoices, (SELECT count(*) FROM dispatches) AS dispatches`,
    );
    await client.query('COMMIT');
    const t = totals.rows[0];
    return {
      violations,
      products: Number(t.products),
      movements: Number(t.movements),
      invoices: Number(t.invoices),
      dispatches: Number(t.dispatches),
    };
  } finally {
    await client.end();
  }
}
