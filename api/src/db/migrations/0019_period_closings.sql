-- 0019 month closing, "Cierre de periodo" (issue #18). A closing until a month end stores the
-- stock at the end of that day (the figures of "Reporte de existencias al …", by registration in
-- APP_TIME_ZONE), its total value and who closed it; from then on entries, exits and
-- cancellations whose DOCUMENT date is on or before `until` are refused (ledger.service.ts,
-- period-lock.ts). Only the last closing may be reopened, with a reason; the row stays, marked
-- reopened, so the history of closings is never lost.
--
-- * Order: closings are consecutive month ends (the service checks it under an exclusive
--   advisory lock); at most one standing (not reopened) closing per month end.
-- * Race-free: documents take the same advisory lock SHARED inside their transaction and read
--   the closed date after it, so a closing waits for the documents already under way and every
--   later document sees it. `last_movement_id` records the ledger's end the closing saw.
-- * Append-only except the reopening: the trigger lets an UPDATE only fill the reopened_*
--   columns of a standing closing; nothing is ever deleted.

CREATE TABLE period_closings (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  until            date NOT NULL CHECK (until = (date_trunc('month', until) + interval '1 month' - interval '1 day')::date),
  total_value      numeric(38, 2) NOT NULL,
  products         integer NOT NULL CHECK (products >= 0),
  last_movement_id bigint,
  closed_by        text NOT NULL,
  closed_by_name   text NOT NULL,
  closed_at        timestamptz NOT NULL DEFAULT clock_timestamp(),
  reopened_by      text,
  reopened_by_name text,
  reopened_at      timestamptz,
  reopen_reason    text CHECK (btrim(reopen_reason) = reopen_reason AND char_length(reopen_reason) BETWEEN 5 AND 500),
  CHECK ((reopened_at IS NULL) = (reopened_by IS NULL) AND (reopened_at IS NULL) = (reopened_by_name IS NULL)
         AND (reopened_at IS NULL) = (reopen_reason IS NULL))
);
CREATE UNIQUE INDEX period_closings_standing_until_key ON period_closings (until) WHERE reopened_at IS NULL;

-- The stock at `until` of every product that had moved by then (a product that had not reads 0).
CREATE TABLE period_closing_stock (
  closing_id   integer NOT NULL REFERENCES period_closings (id),
  product_id   integer NOT NULL REFERENCES products (id),
  quantity     numeric(18, 3) NOT NULL,
  average_cost numeric(18, 6) NOT NULL,
  value        numeric(36, 9) NOT NULL,
  PRIMARY KEY (closing_id, product_id)
);
CREATE INDEX period_closing_stock_product_id_idx ON period_closing_stock (product_id);

CREATE FUNCTION period_closings_only_reopen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.reopened_at IS NULL AND NEW.reopened_at IS NOT NULL
     AND (NEW.id, NEW.until, NEW.total_value, NEW.products, NEW.last_movement_id, NEW.closed_by, NEW.closed_by_name, NEW.closed_at)
         IS NOT DISTINCT FROM (OLD.id, OLD.until, OLD.total_value, OLD.products, OLD.last_movement_id, OLD.closed_by, OLD.closed_by_name, OLD.closed_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'period_closings: % no está permitido; un cierre solo puede reabrirse', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER period_closings_only_reopen BEFORE UPDATE OR DELETE ON period_closings
  FOR EACH ROW EXECUTE FUNCTION period_closings_only_reopen();
CREATE TRIGGER period_closings_no_truncate BEFORE TRUNCATE ON period_closings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_append_only();
CREATE TRIGGER period_closing_stock_append_only BEFORE UPDATE OR DELETE ON period_closing_stock
  FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();
CREATE TRIGGER period_closing_stock_no_truncate BEFORE TRUNCATE ON period_closing_stock
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_append_only();
