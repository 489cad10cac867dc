-- 0030 minimum and maximum stock (issue #20): optional reorder levels per product, with the
-- quantities' scale (3 decimals). "Bajo mínimo" is a balance at or under the minimum; the
-- suggested purchase is up to the maximum (or up to the minimum when there is no maximum).
-- The products list is versioned by the triggers of 0003: an UPDATE of these columns bumps it.
ALTER TABLE products
  ADD COLUMN minimum_stock numeric(15, 3) CHECK (minimum_stock >= 0),
  ADD COLUMN maximum_stock numeric(15, 3) CHECK (maximum_stock >= 0),
  ADD CONSTRAINT products_stock_levels_check CHECK (maximum_stock IS NULL OR minimum_stock IS NULL OR maximum_stock >= minimum_stock);

-- The home page's monthly series (GET /api/stock/summary) read the last 12 months of movements
-- by registration time: index-only (the ledger is append-only, its pages stay all-visible once
-- vacuumed), so the index carries what the series add up.
CREATE INDEX movements_recorded_at_idx ON movements (recorded_at) INCLUDE (movement_type, amount, invoice_id, dispatch_id);
