-- 0057 a document belongs to the period of its date, and a movement's value is a recorded figure.
--
-- * movements.dated: the date the movement counts on — the document's own date for entries and
--   exits, the cut-off date for a count's adjustments, the day it was registered (APP_TIME_ZONE)
--   for a cancellation. Every figure "at a date" or "of a month" is the sum of the movements dated
--   up to it; the registration order (id) still decides the running balance a document checks and
--   the average an exit takes.
-- * movements.amount is the movement's VALUE in pesos, fixed when it is registered and never
--   recomputed: an entry's typed line is quantity × price rounded to the cent; a line from a
--   supplier's CFDI is the value the CFDI states; an exit (or a shortage) is its share of the
--   balance's value at that moment, q × V / Q rounded to the cent, and the whole value when it
--   takes the whole quantity. It was a generated q × unit_cost; it becomes a plain column.
-- * The balance's VALUE is the primary figure (Σ of the values), the average its quotient
--   V / Q rounded half up to 6 decimals (an emptied balance keeps its last one): product_balances.value and
--   movements.balance_value become plain columns, and average_cost / balance_average are kept as
--   the quotient for the screens and the exit price. Quantity 0 ⇔ value 0.
-- * Rows written before this migration: their values were quantity × average, so each movement's
--   value is set to the change it made to that balance value (exits and shortages: exactly
--   q × average, as before; entries: q × price plus the average's rounding at that step, at
--   most a fraction of a cent). The sum of a product's movements is then exactly its balance, now
--   and at every earlier movement; no balance changes.
-- * stock_month_totals counts by the month of `dated` (a date needs no time zone), and
--   stock_product_months keeps, per product and month of `dated`, the signed Σ of quantities and
--   values — what the stock at a date adds up instead of reading every movement.

CREATE FUNCTION ledger_average(q numeric, v numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  -- Half up to 6 decimals with div() (exact), as ledger_moving_average does.
  SELECT CASE WHEN q = 0 THEN 0::numeric(18, 6)
              ELSE (div(v * 2000000 + q, 2 * q) * 0.000001)::numeric(18, 6) END
$$;

-- The running balance's average after a movement: V / Q, or, when it empties, the average it had
-- (what a later surplus without a cost, or a screen, still shows for a product at 0).
CREATE FUNCTION ledger_next_average(q numeric, v numeric, previous numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN q = 0 THEN previous::numeric(18, 6) ELSE ledger_average(q, v) END
$$;

-- q units of a balance of balance_q worth v: q × v / balance_q half up to the cent (0 when the
-- balance is empty) — what a surplus entering at the average is worth.
CREATE FUNCTION ledger_value_at(q numeric, balance_q numeric, v numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN balance_q = 0 THEN 0::numeric ELSE div(q * v * 200 + balance_q, 2 * balance_q) * 0.01 END
$$;

-- What an exit (or a shortage) of q takes out of a balance of balance_q worth v: its share, or all
-- of v when it takes all of balance_q, so an emptied balance is worth exactly 0.
CREATE FUNCTION ledger_share(q numeric, balance_q numeric, v numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN q >= balance_q THEN v ELSE ledger_value_at(q, balance_q, v) END
$$;

-- +1 for what enters, −1 for what leaves.
CREATE FUNCTION movement_sign(movement_type text) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN movement_type IN ('INVOICE', 'DISPATCH_CANCELLATION', 'ADJUSTMENT_IN') THEN 1 ELSE -1 END
$$;

ALTER TABLE movements ALTER COLUMN amount DROP EXPRESSION;
ALTER TABLE movements ALTER COLUMN balance_value DROP EXPRESSION;
ALTER TABLE product_balances ALTER COLUMN value DROP EXPRESSION;
ALTER TABLE movements ADD COLUMN dated date;

-- The one rewrite of the ledger's history: the owner fills the two columns, then the ledger is
-- append-only again.
ALTER TABLE movements DISABLE TRIGGER movements_append_only;

WITH computed AS (
  SELECT x.id,
         CASE WHEN x.cancellation_id IS NOT NULL
              THEN (c.cancelled_at AT TIME ZONE coalesce((SELECT time_zone FROM stock_month_totals_zone), 'America/Mexico_City'))::date
              ELSE coalesce(i.invoice_date, d.dispatch_date, ic.cutoff_date) END AS dated,
         movement_sign(x.movement_type) * (x.balance_value - coalesce(lag(x.balance_value) OVER (PARTITION BY x.product_id ORDER BY x.id), 0)) AS value
    FROM movements x
    LEFT JOIN document_cancellations c ON c.id = x.cancellation_id
    LEFT JOIN invoices i ON i.id = x.invoice_id
    LEFT JOIN dispatches d ON d.id = x.dispatch_id
    LEFT JOIN inventory_counts ic ON ic.id = x.inventory_count_id
)
UPDATE movements m SET dated = computed.dated, amount = computed.value FROM computed WHERE computed.id = m.id;

ALTER TABLE movements ENABLE TRIGGER movements_append_only;

ALTER TABLE movements ALTER COLUMN dated SET NOT NULL;
ALTER TABLE movements
  ADD CONSTRAINT movements_balance_value_check CHECK (balance_value >= 0 AND (balance_quantity > 0 OR balance_value = 0));
ALTER TABLE product_balances ALTER COLUMN value SET NOT NULL;
ALTER TABLE product_balances ALTER COLUMN value SET DEFAULT 0;
ALTER TABLE product_balances
  ADD CONSTRAINT product_balances_value_check CHECK (value >= 0 AND (quantity > 0 OR value = 0));

-- A product's movements by date, then registration: the kardex of a range, the stock at a date
-- within a month, and the check that a back-dated document leaves no date negative.
CREATE INDEX movements_product_dated_idx ON movements (product_id, dated, id) INCLUDE (movement_type, quantity, amount);
-- Every product's movements of a stretch of days (the part of a month the monthly sums miss).
CREATE INDEX movements_dated_idx ON movements (dated) INCLUDE (product_id, movement_type, quantity, amount);

-- ---- per product and month of `dated` -----------------------------------------------------------
CREATE TABLE stock_product_months (
  product_id integer NOT NULL REFERENCES products (id),
  month      date NOT NULL CHECK (month = date_trunc('month', month)::date),
  quantity   numeric NOT NULL,
  value      numeric NOT NULL,
  PRIMARY KEY (product_id, month)
);
-- "Every product's sum up to a month": the rows of the months up to it, all products.
CREATE INDEX stock_product_months_month_idx ON stock_product_months (month) INCLUDE (product_id, quantity, value);

INSERT INTO stock_product_months (product_id, month, quantity, value)
SELECT product_id, date_trunc('month', dated)::date, sum(movement_sign(movement_type) * quantity), sum(movement_sign(movement_type) * amount)
  FROM movements GROUP BY 1, 2;

-- Kept by a statement trigger in the transaction that appends the movements, as the owner; the
-- rows of a product are only written by a document holding that product's balance lock, and a
-- statement writes them in one order.
CREATE FUNCTION stock_product_months_add() RETURNS trigger LANGUAGE plpgsql
  SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO stock_product_months AS t (product_id, month, quantity, value)
  SELECT n.product_id, date_trunc('month', n.dated)::date,
         sum(movement_sign(n.movement_type) * n.quantity), sum(movement_sign(n.movement_type) * n.amount)
    FROM new_movements n
   GROUP BY 1, 2
   ORDER BY 1, 2
  ON CONFLICT (product_id, month) DO UPDATE
     SET quantity = t.quantity + excluded.quantity, value = t.value + excluded.value;
  RETURN NULL;
END $$;

CREATE TRIGGER movements_product_months AFTER INSERT ON movements
  REFERENCING NEW TABLE AS new_movements FOR EACH STATEMENT EXECUTE FUNCTION stock_product_months_add();

-- ---- the home page's month totals: by the month of `dated` ---------------------------------------
-- Every movement of a document of one kind has the same date, so a document is counted by the
-- statement that appends its first movement of that kind.
CREATE OR REPLACE FUNCTION stock_month_totals_add() RETURNS trigger LANGUAGE plpgsql
  SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO stock_month_totals AS t (month, movement_type, documents, amount)
  SELECT g.month, g.movement_type,
         count(*) FILTER (WHERE NOT EXISTS (
           SELECT 1 FROM movements m WHERE m.invoice_id = g.invoice_id AND m.id < g.first_id AND m.movement_type = g.movement_type)
           AND NOT EXISTS (
           SELECT 1 FROM movements m WHERE m.dispatch_id = g.dispatch_id AND m.id < g.first_id AND m.movement_type = g.movement_type)),
         sum(g.amount)
    FROM (SELECT date_trunc('month', n.dated)::date AS month, n.movement_type,
                 n.invoice_id, n.dispatch_id, min(n.id) AS first_id, sum(round(n.amount, 2)) AS amount
            FROM new_movements n
           WHERE n.movement_type IN ('INVOICE', 'INVOICE_CANCELLATION', 'DISPATCH', 'DISPATCH_CANCELLATION')
           GROUP BY 1, 2, 3, 4) g
   GROUP BY g.month, g.movement_type
   ORDER BY g.month, g.movement_type
  ON CONFLICT (month, movement_type) DO UPDATE
     SET documents = t.documents + excluded.documents, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;

DELETE FROM stock_month_totals;
INSERT INTO stock_month_totals (month, movement_type, documents, amount)
SELECT date_trunc('month', m.dated)::date, m.movement_type, count(DISTINCT coalesce(m.invoice_id, m.dispatch_id)), sum(round(m.amount, 2))
  FROM movements m
 WHERE m.movement_type IN ('INVOICE', 'INVOICE_CANCELLATION', 'DISPATCH', 'DISPATCH_CANCELLATION')
 GROUP BY 1, 2;

-- The months no longer depend on a time zone: the zone, its rebuild and the fold are gone.
DROP FUNCTION stock_month_totals_since(text, date);
DROP FUNCTION stock_month_totals_rebuild(text);
DROP TABLE stock_month_totals_zone;

-- ---- invoice lines: the value, and the taxes a CFDI states --------------------------------------
-- `amount`: the line's value as the ledger recorded it (NULL on lines written before: their
-- value was quantity × price). `vat_amount` / `ieps_amount`: the IVA and IEPS the supplier's CFDI
-- states for the concept, in pesos (NULL on typed lines, whose taxes are split from the amount).
-- `cfdi_concept`: the concept (1-based) whose value the line carries.
ALTER TABLE invoice_lines
  ADD COLUMN amount numeric(20, 2) CHECK (amount > 0),
  ADD COLUMN vat_amount numeric(20, 2) CHECK (vat_amount >= 0),
  ADD COLUMN ieps_amount numeric(20, 2) CHECK (ieps_amount >= 0),
  ADD COLUMN cfdi_concept integer CHECK (cfdi_concept >= 1);
ALTER TABLE invoice_lines ADD CONSTRAINT invoice_lines_cfdi_value_check
  CHECK ((cfdi_concept IS NULL) = (vat_amount IS NULL) AND (cfdi_concept IS NULL) = (ieps_amount IS NULL)
         AND (cfdi_concept IS NULL OR amount IS NOT NULL));

-- What the CFDI says in total, in pesos, for the voucher's "Total del CFDI" (NULL before).
ALTER TABLE invoice_cfdis
  ADD COLUMN total numeric(20, 2),
  ADD COLUMN withheld numeric(20, 2);

-- The description a concept was registered with, to tell a code reused for another thing.
ALTER TABLE cfdi_product_mappings ADD COLUMN description text CHECK (char_length(description) <= 1000);

-- ---- closings taken under the registration rule ----------------------------------------------------
-- Each standing closing is compared once with the stock its month end has under the date rule;
-- a difference is kept here (the stored figures are never rewritten) and shown with the closing.
CREATE TABLE period_closing_differences (
  closing_id     integer NOT NULL REFERENCES period_closings (id),
  product_id     integer NOT NULL REFERENCES products (id),
  quantity       numeric NOT NULL,
  value          numeric NOT NULL,
  date_quantity  numeric NOT NULL,
  date_value     numeric NOT NULL,
  PRIMARY KEY (closing_id, product_id)
);
ALTER TABLE period_closings ADD COLUMN rule text NOT NULL DEFAULT 'FECHA' CHECK (rule IN ('REGISTRO', 'FECHA'));
ALTER TABLE period_closings DISABLE TRIGGER period_closings_only_reopen;
UPDATE period_closings SET rule = 'REGISTRO';
ALTER TABLE period_closings ENABLE TRIGGER period_closings_only_reopen;

WITH standing AS (
  SELECT id, until FROM period_closings WHERE reopened_at IS NULL
), stored AS (
  SELECT sc.closing_id, sc.product_id, sc.quantity, sc.value FROM period_closing_stock sc JOIN standing s ON s.id = sc.closing_id
), by_date AS (
  SELECT s.id AS closing_id, m.product_id, sum(movement_sign(m.movement_type) * m.quantity) AS quantity,
         sum(movement_sign(m.movement_type) * m.amount) AS value
    FROM standing s JOIN movements m ON m.dated <= s.until
   GROUP BY s.id, m.product_id
)
INSERT INTO period_closing_differences (closing_id, product_id, quantity, value, date_quantity, date_value)
SELECT coalesce(a.closing_id, b.closing_id), coalesce(a.product_id, b.product_id),
       coalesce(a.quantity, 0), coalesce(a.value, 0), coalesce(b.quantity, 0), coalesce(b.value, 0)
  FROM stored a FULL JOIN by_date b ON b.closing_id = a.closing_id AND b.product_id = a.product_id
 WHERE coalesce(a.quantity, 0) <> coalesce(b.quantity, 0) OR round(coalesce(a.value, 0), 2) <> round(coalesce(b.value, 0), 2);
