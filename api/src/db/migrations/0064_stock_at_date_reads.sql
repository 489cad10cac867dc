-- 0064 what the stock at a date reads, read faster.
--
-- movement_sign and ledger_average as SQL functions PostgreSQL inlines into the statements
-- that call them. A STRICT SQL function whose body is not strict itself (a CASE) is never
-- inlined: it is called row by row, and those calls were most of the cost of the sums by date
-- (the stock at a date, a kardex's running average). Declared CALLED ON NULL INPUT, with the NULL
-- case written in the body, they answer exactly what they answered before for every input,
-- NULL included.

CREATE OR REPLACE FUNCTION movement_sign(movement_type text) RETURNS integer
LANGUAGE sql IMMUTABLE CALLED ON NULL INPUT PARALLEL SAFE AS $$
  SELECT CASE WHEN movement_type IS NULL THEN NULL::integer
              WHEN movement_type IN ('INVOICE', 'DISPATCH_CANCELLATION', 'ADJUSTMENT_IN') THEN 1 ELSE -1 END
$$;

CREATE OR REPLACE FUNCTION ledger_average(q numeric, v numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE CALLED ON NULL INPUT PARALLEL SAFE AS $$
  -- Half up to 6 decimals with div() (exact), as ledger_moving_average does.
  SELECT CASE WHEN q IS NULL OR v IS NULL THEN NULL::numeric(18, 6)
              WHEN q = 0 THEN 0::numeric(18, 6)
              ELSE (div(v * 2000000 + q, 2 * q) * 0.000001)::numeric(18, 6) END
$$;

-- The stock a closing stored, in product order from the index alone (a closing's rows are written
-- once, so their pages are soon all-visible): the stock at a date starts from it and joins it to
-- the products without sorting it or reading the table.
CREATE INDEX period_closing_stock_reading_idx ON period_closing_stock (closing_id, product_id) INCLUDE (quantity, value, average_cost);
