// The ledger's invariants, recomputed in SQL from the movements alone (ARCHITECTURE.md, "The stock
// ledger"), for the restore's proof (`npm run restore`), the crash and load tests and the benches
// (bench/lib/ledger-check.ts re-exports it). Nothing here trusts the API's arithmetic:
// the values and the average are folded again with their own exact integer rounding (half up, to
// the cent and to 6 decimals), independent of the ledger's SQL functions.
import pg from 'pg';

export interface LedgerReport {
  violations: string[];
  products: number;
  movements: number;
  invoices: number;
  dispatches: number;
}

// The ledger's rules (ARCHITECTURE.md, "The stock ledger"): the balance's VALUE is the primary
// figure, the sum of the movements' recorded values; the average is V / Q half up to 6 decimals
// (an emptied balance keeps its last one). Written here again with integer arithmetic, not with
// the ledger's SQL functions.
const halfUp = (num: string, den: string, scale: number) => `(
  SELECT (t.quot + CASE WHEN 2 * (t.n - t.quot * t.d) >= t.d THEN 1 ELSE 0 END) / ${10 ** scale}::numeric
    FROM (SELECT x.n, x.d, div(x.n, x.d) AS quot FROM (SELECT (${num}) * ${10 ** scale} AS n, (${den}) AS d) x) t)`;
/** The average of Q worth V (or `previous` when Q is 0). */
const average = (Q: string, V: string, previous: string) => `CASE WHEN (${Q}) = 0 THEN ${previous} ELSE ${halfUp(V, Q, 6)} END`;
/** What q units take out of Q worth V: q·V/Q to the cent, or all of V when q takes all of Q. */
const share = (q: string, Q: string, V: string) => `CASE WHEN (${q}) >= (${Q}) THEN (${V}) ELSE ${halfUp(`(${q}) * (${V})`, Q, 2)} END`;

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
    // A typed line's unit cost is its price; a CFDI line's, its value ÷ quantity (the price shown is a rounding of it).
    await count(
      'renglones de entrada sin su movimiento (o con otro documento/producto/cantidad)',
      `SELECT count(*) AS n, min(l.id) AS sample FROM invoice_lines l LEFT JOIN movements m ON m.invoice_line_id = l.id
        WHERE m.id IS NULL OR m.invoice_id <> l.invoice_id OR m.product_id <> l.product_id OR m.quantity <> l.quantity
           OR m.movement_type <> 'INVOICE'
           OR m.unit_cost <> CASE WHEN l.cfdi_concept IS NULL THEN l.purchase_price ELSE ${halfUp('l.amount', 'l.quantity', 6)} END`,
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

    // The fold: walk each product's movements in each warehouse in registration order and recompute every balance,
    // its value and the value each movement that leaves had to take. An entry's value is what it
    // recorded (quantity × price to the cent, or its CFDI's); a surplus enters at its cost or, with
    // none, at the average. A cancellation also carries what its rule needs, read from the movement
    // it reverses: an exit's comes back at the value it took; an entry's, when no other document
    // moved the product in between ("exact"), goes back to the balance recorded just before the
    // entry (0 if it was the first), else it leaves like an exit.
    //
    // A movement registered before migration 0057 keeps the value that migration gave it (0057's
    // header): the change it made to its balance's value when every value was quantity × average.
    // What left took exactly quantity × the average before it (not a share to the cent); what
    // entered, its recorded change (the fold of the balances still checks it). 0057 marked nothing
    // on the rows, so the boundary is what the database did record: the movement's recorded_at
    // (clock_timestamp() at its insert) before 0057's applied_at (its transaction's start, which
    // locked the movements), both the server's clock and both carried by a backup; with 0057 not
    // applied, every movement. Such a movement may also carry today's value (a test or a bench
    // back-dates what today's code wrote); every movement registered after 0057 is held to today's
    // rule alone.
    await client.query(`CREATE TEMP TABLE fold_input ON COMMIT DROP AS
      WITH rule AS (
        SELECT (SELECT min(applied_at) FROM schema_migrations WHERE name LIKE '0057\\_%') AS since
      )
      SELECT m.warehouse_id, m.product_id, row_number() OVER (PARTITION BY m.warehouse_id, m.product_id ORDER BY m.id) AS n, m.id, m.movement_type, m.quantity, m.unit_cost,
             m.amount, m.balance_quantity, m.balance_value, m.balance_average, o.amount AS orig_amount,
             (rule.since IS NULL OR m.recorded_at < rule.since) AS legacy,
             (m.movement_type = 'INVOICE_CANCELLATION' AND NOT EXISTS (
                SELECT 1 FROM movements x WHERE x.warehouse_id = m.warehouse_id AND x.product_id = m.product_id AND x.id > o.id AND x.id < m.id
                   AND x.invoice_id IS DISTINCT FROM o.invoice_id)) AS exact,
             coalesce(p.balance_quantity, 0) AS before_q, coalesce(p.balance_value, 0) AS before_v, coalesce(p.balance_average, 0) AS before_a
        FROM movements m CROSS JOIN rule
        LEFT JOIN movements o ON o.id = m.cancels_movement_id
        LEFT JOIN LATERAL (SELECT y.balance_quantity, y.balance_value, y.balance_average FROM movements y
                            WHERE y.warehouse_id = o.warehouse_id AND y.product_id = o.product_id AND y.id < o.id
                            ORDER BY y.id DESC LIMIT 1) p ON true`);
    await client.query('CREATE INDEX ON fold_input (warehouse_id, product_id, n)');
    await client.query('ANALYZE fold_input');
    // The recursion advances one movement per product per step; a hash or merge join would scan
    // every movement at every step (quadratic on a 100,000-movement product). Index lookups only.
    await client.query('SET LOCAL enable_hashjoin = off');
    await client.query('SET LOCAL enable_mergejoin = off');
    // `taken`: the value the movement had to move, by the rules; `q`, `v`, `a`: the balance after it.
    const step = (prevQ: string, prevV: string, prevA: string) => {
      // Today's rule, and the one before 0057 (NULL where it is today's).
      const today = `CASE
          WHEN i.movement_type IN ('DISPATCH', 'ADJUSTMENT_OUT', 'TRANSFER_OUT') THEN ${share('i.quantity', prevQ, prevV)}
          WHEN i.movement_type = 'INVOICE_CANCELLATION' AND i.exact THEN ${prevV} - i.before_v
          WHEN i.movement_type = 'INVOICE_CANCELLATION' THEN ${share('i.quantity', prevQ, prevV)}
          WHEN i.movement_type = 'DISPATCH_CANCELLATION' THEN i.orig_amount
          WHEN i.movement_type = 'ADJUSTMENT_IN' AND i.amount = round(i.quantity * i.unit_cost, 2) THEN i.amount
          WHEN i.movement_type = 'ADJUSTMENT_IN' THEN ${share('i.quantity', prevQ, prevV)}
          ELSE i.amount END`;
      const before0057 = `CASE
          WHEN i.movement_type IN ('DISPATCH', 'ADJUSTMENT_OUT') OR (i.movement_type = 'INVOICE_CANCELLATION' AND NOT i.exact)
            THEN i.quantity * ${prevA}
          WHEN i.movement_type IN ('DISPATCH_CANCELLATION', 'ADJUSTMENT_IN') THEN i.amount
          END`;
      // A pre-0057 movement whose value is not today's is held to the rule of its time (a value
      // neither gives is then a violation, and the fold goes on with what it should have taken).
      const taken = `CASE WHEN NOT i.legacy THEN ${today}
          ELSE coalesce(CASE WHEN i.amount <> (${today}) THEN ${before0057} END, ${today}) END`;
      const enters = `i.movement_type IN ('INVOICE', 'DISPATCH_CANCELLATION', 'ADJUSTMENT_IN', 'TRANSFER_IN', 'TRANSFER_RETURN')`;
      const q = `CASE WHEN ${enters} THEN ${prevQ} + i.quantity WHEN i.exact THEN i.before_q ELSE ${prevQ} - i.quantity END`;
      const v = `CASE WHEN ${enters} THEN ${prevV} + (${taken}) WHEN i.exact THEN i.before_v ELSE ${prevV} - (${taken}) END`;
      const previousAverage = `CASE WHEN i.exact THEN i.before_a ELSE ${prevA} END`;
      return `i.warehouse_id, i.product_id, i.n, i.id, i.movement_type, i.unit_cost, i.amount, i.balance_quantity, i.balance_value, i.balance_average,
              (${taken})::numeric AS taken, (${q})::numeric AS q, (${v})::numeric AS v,
              (${average(`(${q})`, `(${v})`, previousAverage)})::numeric AS a, ${prevA}::numeric AS prev_a`;
    };
    await client.query(`CREATE TEMP TABLE folded ON COMMIT DROP AS
      WITH RECURSIVE f AS (
        SELECT ${step('0', '0', '0')} FROM fold_input i WHERE i.n = 1
        UNION ALL
        SELECT ${step('f.q', 'f.v', 'f.a')} FROM f JOIN fold_input i ON i.warehouse_id = f.warehouse_id AND i.product_id = f.product_id AND i.n = f.n + 1
      )
      SELECT * FROM f`);
    await count(
      'movimientos cuyo saldo no es el pliegue del libro',
      `SELECT count(*) AS n, min(id) AS sample FROM folded
        WHERE q <> balance_quantity OR v <> balance_value OR a <> balance_average OR q < 0 OR v < 0 OR (q = 0 AND v <> 0)`,
    );
    await count(
      'movimientos cuyo valor no es el que les toca (una salida, su parte del valor; una cancelación, lo que revierte)',
      `SELECT count(*) AS n, min(id) AS sample FROM folded WHERE taken <> amount OR amount < 0`,
    );
    await count(
      'salidas que no tomaron el costo promedio vigente',
      `SELECT count(*) AS n, min(id) AS sample FROM folded WHERE movement_type IN ('DISPATCH', 'ADJUSTMENT_OUT', 'TRANSFER_OUT') AND unit_cost <> prev_a`,
    );
    // A transfer moves value, never makes or loses it: what arrives (or returns) is what left.
    await count(
      'traspasos que llegan o regresan con otro valor que el de su salida',
      `SELECT count(*) AS n, min(m.id) AS sample FROM movements m
         JOIN movements o ON o.transfer_line_id = m.transfer_line_id AND o.movement_type = 'TRANSFER_OUT'
        WHERE m.movement_type IN ('TRANSFER_IN', 'TRANSFER_RETURN')
          AND (m.amount <> o.amount OR m.quantity <> o.quantity OR m.unit_cost <> o.unit_cost)`,
    );
    await count(
      'product_balances distinto del pliegue del libro',
      `WITH last AS (
         SELECT DISTINCT ON (warehouse_id, product_id) warehouse_id, product_id, id, q, v, a FROM folded ORDER BY warehouse_id, product_id, n DESC
       )
       SELECT count(*) AS n, min(coalesce(b.product_id, last.product_id)) AS sample
         FROM product_balances b FULL JOIN last ON last.warehouse_id = b.warehouse_id AND last.product_id = b.product_id
        WHERE (last.product_id IS NULL AND (b.quantity <> 0 OR b.last_movement_id IS NOT NULL))
           OR (last.product_id IS NOT NULL AND (b.product_id IS NULL OR b.quantity <> last.q OR b.value <> last.v OR b.average_cost <> last.a
                                                OR b.last_movement_id IS DISTINCT FROM last.id))`,
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
