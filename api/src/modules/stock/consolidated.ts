// «Todos los almacenes»: GET /api/stock?warehouseId=all. Per product, the sum over the warehouses
// of quantities and values plus what is in transit between them (sent, not yet received or
// returned: it is in neither warehouse's stock, and still the institution's); each warehouse's
// part and the transit apart; the average of the consolidated line is value ÷ quantity
// (ledger_average). Today's balance rows only. Someone who may consult only some warehouses sees
// those, and what travels from or to them.
import type { Queryable } from '../../db/pool';

export interface ConsolidatedRow {
  productId: number;
  availableQuantity: string;
  averagePrice: string;
  value: string;
  warehouses: Array<{ warehouseId: number; quantity: string; value: string }>;
  inTransit: { quantity: string; value: string };
}

/** `warehouseIds`: the warehouses to add up; null, every one. */
export async function consolidatedStock(db: Queryable, warehouseIds: number[] | null = null): Promise<ConsolidatedRow[]> {
  const { rows } = await db.query<ConsolidatedRow>(
    `WITH held AS (
       SELECT b.product_id, sum(b.quantity) AS quantity, sum(b.value) AS value,
              json_agg(json_build_object('warehouseId', b.warehouse_id, 'quantity', trim_scale(b.quantity)::text,
                                         'value', trim_scale(b.value)::text) ORDER BY b.warehouse_id) AS warehouses
         FROM product_balances b
        WHERE $1::int[] IS NULL OR b.warehouse_id = ANY($1)
        GROUP BY b.product_id
     ), transit AS (
       SELECT m.product_id, sum(m.quantity) AS quantity, sum(m.amount) AS value
         FROM transfers x JOIN movements m ON m.transfer_id = x.id AND m.movement_type = 'TRANSFER_OUT'
        WHERE x.status = 'ENVIADO'
          AND ($1::int[] IS NULL OR x.origin_warehouse_id = ANY($1) OR x.destination_warehouse_id = ANY($1))
        GROUP BY m.product_id
     ), total AS (
       SELECT p.id, coalesce(h.quantity, 0) + coalesce(t.quantity, 0) AS quantity, coalesce(h.value, 0) + coalesce(t.value, 0) AS value,
              coalesce(h.warehouses, '[]'::json) AS warehouses, coalesce(t.quantity, 0) AS transit_quantity, coalesce(t.value, 0) AS transit_value
         FROM products p LEFT JOIN held h ON h.product_id = p.id LEFT JOIN transit t ON t.product_id = p.id
     )
     SELECT id AS "productId", trim_scale(quantity)::text AS "availableQuantity", trim_scale(ledger_average(quantity, value))::text AS "averagePrice",
            trim_scale(value)::text AS value, warehouses,
            json_build_object('quantity', trim_scale(transit_quantity)::text, 'value', trim_scale(transit_value)::text) AS "inTransit"
       FROM total ORDER BY id`,
    [warehouseIds],
  );
  return rows;
}
