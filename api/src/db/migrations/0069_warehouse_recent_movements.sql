-- 0069 a warehouse's latest movements by an index: the home summary's «Movimientos recientes» are
-- the last 10 ids of one warehouse. Without an index on (warehouse_id, id) PostgreSQL walks the
-- primary key backwards past every other warehouse's newer movements — all of the institution's
-- since a quiet plantel last moved anything; with it, ten index entries.
CREATE INDEX movements_warehouse_id_idx ON movements (warehouse_id, id);
