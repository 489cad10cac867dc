-- 0053 the movements of a count's application (issue #17; the sessions are in 0021). Numbered
-- after 0052 because it rewrites the movement kinds' CHECKs that 0052 last set.
--   ADJUSTMENT_IN  "Ajuste por inventario (sobrante)": inventory_count_id set, every document
--                  and cancellation column NULL; unit_cost = the line's cost or the average.
--   ADJUSTMENT_OUT "Ajuste por inventario (faltante)": the same columns; unit_cost = the average.
ALTER TABLE movements ADD COLUMN inventory_count_id integer REFERENCES inventory_counts (id);
CREATE INDEX movements_inventory_count_id_idx ON movements (inventory_count_id, id) WHERE inventory_count_id IS NOT NULL;
ALTER TABLE inventory_count_lines ADD CONSTRAINT inventory_count_lines_movement_id_fkey FOREIGN KEY (movement_id) REFERENCES movements (id);

ALTER TABLE movements DROP CONSTRAINT movements_movement_type_check;
ALTER TABLE movements ADD CONSTRAINT movements_movement_type_check
  CHECK (movement_type IN ('INVOICE', 'DISPATCH', 'INVOICE_CANCELLATION', 'DISPATCH_CANCELLATION', 'ADJUSTMENT_IN', 'ADJUSTMENT_OUT'));
ALTER TABLE movements DROP CONSTRAINT movements_check;
ALTER TABLE movements ADD CONSTRAINT movements_check CHECK (
  (movement_type = 'INVOICE' AND invoice_id IS NOT NULL AND invoice_line_id IS NOT NULL AND dispatch_id IS NULL AND dispatch_line_id IS NULL
     AND apply_value_added_tax IS NOT NULL AND apply_excise_tax IS NOT NULL AND excise_tax_rate IS NOT NULL
     AND cancellation_id IS NULL AND cancels_movement_id IS NULL AND inventory_count_id IS NULL)
  OR
  (movement_type = 'DISPATCH' AND dispatch_id IS NOT NULL AND dispatch_line_id IS NOT NULL AND invoice_id IS NULL AND invoice_line_id IS NULL
     AND apply_value_added_tax IS NULL AND apply_excise_tax IS NULL AND excise_tax_rate IS NULL
     AND cancellation_id IS NULL AND cancels_movement_id IS NULL AND inventory_count_id IS NULL)
  OR
  (movement_type = 'INVOICE_CANCELLATION' AND invoice_id IS NOT NULL AND invoice_line_id IS NULL AND dispatch_id IS NULL AND dispatch_line_id IS NULL
     AND apply_value_added_tax IS NULL AND apply_excise_tax IS NULL AND excise_tax_rate IS NULL
     AND cancellation_id IS NOT NULL AND cancels_movement_id IS NOT NULL AND inventory_count_id IS NULL)
  OR
  (movement_type = 'DISPATCH_CANCELLATION' AND dispatch_id IS NOT NULL AND dispatch_line_id IS NULL AND invoice_id IS NULL AND invoice_line_id IS NULL
     AND apply_value_added_tax IS NULL AND apply_excise_tax IS NULL AND excise_tax_rate IS NULL
     AND cancellation_id IS NOT NULL AND cancels_movement_id IS NOT NULL AND inventory_count_id IS NULL)
  OR
  (movement_type IN ('ADJUSTMENT_IN', 'ADJUSTMENT_OUT') AND inventory_count_id IS NOT NULL
     AND invoice_id IS NULL AND invoice_line_id IS NULL AND dispatch_id IS NULL AND dispatch_line_id IS NULL
     AND apply_value_added_tax IS NULL AND apply_excise_tax IS NULL AND excise_tax_rate IS NULL
     AND cancellation_id IS NULL AND cancels_movement_id IS NULL)
);
