-- 0020 (issue #19): the supplier's CFDI kept with the entry, and how each supplier's items map
-- to the institution's products.
--
-- * invoice_cfdis: at most one CFDI per entry and one entry per CFDI (its UUID, the invoice's
--   fiscal identity, upper case). The XML is kept byte for byte ("Descargar XML" answers these
--   bytes). Like the entry itself it never changes: the ledger's append-only trigger guards it.
-- * cfdi_product_mappings: supplier RFC + the concept's key → product, remembered when an entry
--   is saved with a CFDI so the next invoice of that supplier comes pre-matched. The key is
--   'NI:' + NoIdentificacion, or 'PS:' + ClaveProdServ + ':' + the description in upper case.
--   A later entry overwrites the mapping; deleting the product forgets it.

CREATE TABLE invoice_cfdis (
  invoice_id   integer PRIMARY KEY REFERENCES invoices (id),
  uuid         text NOT NULL UNIQUE CHECK (uuid ~ '^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$'),
  issuer_rfc   text NOT NULL,
  xml          bytea NOT NULL CHECK (octet_length(xml) BETWEEN 1 AND 2097152),
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TRIGGER invoice_cfdis_append_only BEFORE UPDATE OR DELETE ON invoice_cfdis
  FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();
CREATE TRIGGER invoice_cfdis_no_truncate BEFORE TRUNCATE ON invoice_cfdis
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_append_only();

CREATE TABLE cfdi_product_mappings (
  supplier_rfc text NOT NULL,
  concept_key  text NOT NULL CHECK (char_length(concept_key) <= 1200),
  product_id   integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (supplier_rfc, concept_key)
);
CREATE INDEX cfdi_product_mappings_product_id_idx ON cfdi_product_mappings (product_id);
