-- A version number per cached list, bumped by triggers in the same transaction as any change to
-- the rows the list shows (whoever writes them: the API, a seed, a person in psql). The products
-- list (products with their unit and partida) is sent with ETag "<epoch>-<version>" and kept
-- built in memory per version, so an unchanged catalogue costs one tiny query, or a 304.
-- `epoch` tells two databases apart (a restored backup, another server): same version, other tag.
CREATE TABLE catalog_versions (
  name    text PRIMARY KEY,
  epoch   uuid NOT NULL DEFAULT gen_random_uuid(),
  version bigint NOT NULL DEFAULT 1
);

INSERT INTO catalog_versions (name) VALUES ('products');

CREATE FUNCTION bump_products_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_versions SET version = version + 1 WHERE name = 'products';
  RETURN NULL;
END;
$$;

CREATE TRIGGER products_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_products_version();
CREATE TRIGGER product_units_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_units
  FOR EACH STATEMENT EXECUTE FUNCTION bump_products_version();
CREATE TRIGGER product_categories_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_categories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_products_version();
