-- 0055 the home page's monthly totals (issue #20, GET /api/stock/summary), kept by PostgreSQL in
-- the same transaction as the movements, so the summary reads ≤ 48 rows instead of a year of the
-- ledger.
--
-- stock_month_totals: one row per REGISTRATION month (in the zone of stock_month_totals_zone,
-- the API's APP_TIME_ZONE) and movement kind that the summary counts (INVOICE,
-- INVOICE_CANCELLATION, DISPATCH, DISPATCH_CANCELLATION; count adjustments are not part of the
-- series): `documents` = distinct documents with a movement of that kind in that month,
-- `amount` = Σ round(amount, 2) of those movements — exactly what the summary folded from the
-- movements before (a document's movements straddling a month boundary count it in both months,
-- as count(DISTINCT …) per month did).
--
-- Maintained by a STATEMENT trigger AFTER INSERT on movements (transition table): one upsert per
-- month and kind the statement touched (ON CONFLICT DO UPDATE adds; two documents written
-- concurrently queue on the row and both add). A document is counted by the statement that
-- appends its FIRST movement of that kind in that month (no earlier movement of the same document,
-- kind and month: one probe of movements_invoice_id_idx / movements_dispatch_id_idx). The ledger
-- refuses UPDATE/DELETE/TRUNCATE, so inserts are the only change.
--
-- The months depend on the zone: stock_month_totals_rebuild(zone) recomputes everything for a
-- zone (the API calls it at start-up when APP_TIME_ZONE differs from the stored zone; the summary
-- folds the movements directly meanwhile). The migration backfills for the API's default zone.
CREATE TABLE stock_month_totals_zone (
  only_row  boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  time_zone text NOT NULL
);

CREATE TABLE stock_month_totals (
  month         date NOT NULL,
  movement_type text NOT NULL CHECK (movement_type IN ('INVOICE', 'INVOICE_CANCELLATION', 'DISPATCH', 'DISPATCH_CANCELLATION')),
  documents     bigint NOT NULL,
  amount        numeric NOT NULL,
  PRIMARY KEY (month, movement_type)
);

CREATE FUNCTION stock_month_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := (SELECT time_zone FROM stock_month_totals_zone);
BEGIN
  INSERT INTO stock_month_totals AS t (month, movement_type, documents, amount)
  SELECT g.month, g.movement_type,
         -- Plain equalities, so each probe is one descent of the document's index.
         count(*) FILTER (WHERE NOT EXISTS (
           SELECT 1 FROM movements m
            WHERE m.invoice_id = g.invoice_id AND m.id < g.first_id AND m.movement_type = g.movement_type
              AND date_trunc('month', m.recorded_at AT TIME ZONE zone)::date = g.month)
           AND NOT EXISTS (
           SELECT 1 FROM movements m
            WHERE m.dispatch_id = g.dispatch_id AND m.id < g.first_id AND m.movement_type = g.movement_type
              AND date_trunc('month', m.recorded_at AT TIME ZONE zone)::date = g.month)),
         sum(g.amount)
    FROM (SELECT date_trunc('month', n.recorded_at AT TIME ZONE zone)::date AS month, n.movement_type,
                 n.invoice_id, n.dispatch_id, min(n.id) AS first_id, sum(round(n.amount, 2)) AS amount
            FROM new_movements n
           WHERE n.movement_type IN ('INVOICE', 'INVOICE_CANCELLATION', 'DISPATCH', 'DISPATCH_CANCELLATION')
           GROUP BY 1, 2, 3, 4) g
   GROUP BY g.month, g.movement_type
   ORDER BY g.month, g.movement_type  -- rows locked in one order: no deadlock between statements
  ON CONFLICT (month, movement_type) DO UPDATE
     SET documents = t.documents + excluded.documents, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;

CREATE TRIGGER movements_month_totals AFTER INSERT ON movements
  REFERENCING NEW TABLE AS new_movements FOR EACH STATEMENT EXECUTE FUNCTION stock_month_totals_add();

-- Recomputes every month for `zone` from the movements (their inserts wait until it commits). As
-- the owner (SECURITY DEFINER): the API's role may not lock the ledger against inserts.
CREATE FUNCTION stock_month_totals_rebuild(zone text) RETURNS void LANGUAGE plpgsql
  SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  LOCK TABLE movements IN SHARE MODE;
  LOCK TABLE stock_month_totals IN EXCLUSIVE MODE;
  INSERT INTO stock_month_totals_zone (time_zone) VALUES (zone)
    ON CONFLICT (only_row) DO UPDATE SET time_zone = excluded.time_zone;
  DELETE FROM stock_month_totals;
  INSERT INTO stock_month_totals (month, movement_type, documents, amount)
  SELECT date_trunc('month', m.recorded_at AT TIME ZONE zone)::date, m.movement_type,
         count(DISTINCT coalesce(m.invoice_id, m.dispatch_id)), sum(round(m.amount, 2))
    FROM movements m
   WHERE m.movement_type IN ('INVOICE', 'INVOICE_CANCELLATION', 'DISPATCH', 'DISPATCH_CANCELLATION')
   GROUP BY 1, 2;
END $$;

-- What the summary reads: the totals of the months from `first_month` on in `zone` — the kept
-- rows when they are kept in that zone, otherwise folded from those months' movements (the same
-- figures; index-only on movements_recorded_at_idx). A function, so the plan of the summary does
-- not carry the fold's cost (and JIT compilation) when it does not run.
CREATE FUNCTION stock_month_totals_since(zone text, first_month date)
  RETURNS TABLE (month date, movement_type text, documents bigint, amount numeric)
  LANGUAGE plpgsql STABLE ROWS 48 AS $$
#variable_conflict use_column
BEGIN
  IF (SELECT z.time_zone = zone FROM stock_month_totals_zone z) IS TRUE THEN
    RETURN QUERY SELECT t.month, t.movement_type, t.documents, t.amount FROM stock_month_totals t WHERE t.month >= first_month;
  ELSE
    RETURN QUERY
    SELECT date_trunc('month', m.recorded_at AT TIME ZONE zone)::date, m.movement_type,
           count(DISTINCT coalesce(m.invoice_id, m.dispatch_id)), sum(round(m.amount, 2))
      FROM movements m
     WHERE m.recorded_at >= (first_month::timestamp AT TIME ZONE zone)
       AND m.movement_type IN ('INVOICE', 'INVOICE_CANCELLATION', 'DISPATCH', 'DISPATCH_CANCELLATION')
     GROUP BY 1, 2;
  END IF;
END $$;

SELECT stock_month_totals_rebuild('America/Mexico_City');
