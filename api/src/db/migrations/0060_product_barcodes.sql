-- 0060 a product's «Código de barras»: a manufacturer's GTIN or an internal code (shared
-- barcode.ts decides what is valid; the API refuses the rest with its reason). One product per
-- code, so a scanned code names exactly one product; most products have none.
ALTER TABLE products ADD COLUMN barcode text
  CONSTRAINT products_barcode_format CHECK (barcode ~ '^[A-Z0-9][A-Z0-9./-]{0,39}$');
CREATE UNIQUE INDEX products_barcode_key ON products (barcode) WHERE barcode IS NOT NULL;
