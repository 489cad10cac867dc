-- 0059 one supplier per RFC. Entries from a CFDI find their supplier by the issuer's RFC, so two
-- suppliers with one RFC make that match ambiguous. SAT's generic RFCs are the exception: every
-- foreign supplier is XEXX010101000 and the general public XAXX010101000.
--
-- The API refuses a second supplier with an RFC (create, edit and import, under one advisory
-- lock). A unique index backs that rule only where the data already obeys it: an installation
-- that registered duplicates before this check keeps starting, keeps its suppliers (entries may
-- point at either one), and the index is left out until those duplicates are resolved — the
-- check still refuses any new one, and editing one of them to another RFC is allowed (refusing the
-- start, or merging suppliers that entries point at, would be worse than a warning).
DO $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM suppliers
     WHERE rfc NOT IN ('XAXX010101000', 'XEXX010101000')
     GROUP BY rfc HAVING count(*) > 1
  ) THEN
    CREATE UNIQUE INDEX suppliers_rfc_key ON suppliers (rfc) WHERE rfc NOT IN ('XAXX010101000', 'XEXX010101000');
  ELSE
    RAISE WARNING 'Hay proveedores con el mismo RFC; el índice único suppliers_rfc_key no se creó. Corrige los duplicados en «Proveedores».';
  END IF;
END
$$;

-- "What this person chose last time" is read from their last document (invoices.routes.ts).
CREATE INDEX invoices_created_by_idx ON invoices (created_by, id);
CREATE INDEX dispatches_created_by_idx ON dispatches (created_by, id);
