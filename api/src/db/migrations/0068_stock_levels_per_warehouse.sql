-- 0068 minimum and maximum stock per product and warehouse: each warehouse keeps its own reorder
-- levels (a plantel's minimum is not the centre's), while the product stays one catalogue entry
-- for the whole institution.
--
-- * A row exists only for a product with a level in that warehouse (one of the two at least);
--   clearing both removes it. The checks are those of 0030: quantities' scale, not negative, the
--   maximum not under the minimum.
-- * An existing database's levels are the first warehouse's (id 1, the one 0065 created and that
--   holds every balance), exactly as they were; the products lose their two columns.
-- * The products list shows the levels of the warehouse it is asked for and is versioned by the
--   triggers of 0003: a change of a level bumps it, like a change of the product, and so does a
--   change of which warehouses are active.
-- * Deleting a product (one without movements) deletes its levels.
CREATE TABLE stock_levels (
  warehouse_id  integer NOT NULL REFERENCES warehouses (id),
  product_id    integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  minimum_stock numeric(15, 3) CHECK (minimum_stock >= 0),
  maximum_stock numeric(15, 3) CHECK (maximum_stock >= 0),
  PRIMARY KEY (warehouse_id, product_id),
  CONSTRAINT stock_levels_some_check CHECK (minimum_stock IS NOT NULL OR maximum_stock IS NOT NULL),
  CONSTRAINT stock_levels_check CHECK (maximum_stock IS NULL OR minimum_stock IS NULL OR maximum_stock >= minimum_stock)
);
CREATE INDEX stock_levels_product_id_idx ON stock_levels (product_id);

INSERT INTO stock_levels (warehouse_id, product_id, minimum_stock, maximum_stock)
SELECT 1, id, minimum_stock, maximum_stock
  FROM products
 WHERE minimum_stock IS NOT NULL OR maximum_stock IS NOT NULL
 ORDER BY id;

ALTER TABLE products
  DROP CONSTRAINT products_stock_levels_check,
  DROP COLUMN minimum_stock,
  DROP COLUMN maximum_stock;

CREATE TRIGGER stock_levels_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stock_levels
  FOR EACH STATEMENT EXECUTE FUNCTION bump_products_version();
-- A list asked for without a warehouse shows the only active one's levels, or none when there are
-- several: a new warehouse, or one (de)activated, changes that answer too.
CREATE TRIGGER warehouses_products_version AFTER INSERT OR UPDATE OF active OR DELETE ON warehouses
  FOR EACH STATEMENT EXECUTE FUNCTION bump_products_version();
