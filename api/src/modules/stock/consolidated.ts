// «Todos los almacenes»: GET /api/stock?warehouseId=all. Per product, the sum over the warehouses
// of quantities and values plus what is in transit between them (sent, not yet received or
// returned: it is in neither warehouse's stock, and still the institution's); each warehouse's
// part and the transit apart; the average of the consolidated line is value ÷ quantity
// (ledger_average). Today's balance rows only. Over the warehouses the caller may consult
// (consultableWarehouses): their balances, and what travels from or to one of them.
import type { Queryable } from '../../db/pool';

export const ALL_AT_DATE = 'La vista de todos los almacenes es la de hoy; para una fecha pasada, indica un almacén.';

/**
 * The transfer lines in transit from or to the warehouses of `warehouses` (an int[] parameter):
 * sent and not yet received, rejected or withdrawn; each at the cost it left with.
 */
export const inTransitLines = (warehouses: string) =>
  `SELECT x.id AS transfer_id, m.product_id, m.quantity, m.amount
     FROM transfers x JOIN movements m ON m.transfer_id = x.id AND m.movement_type = 'TRANSFER_OUT'
    WHERE x.status = 'ENVIADO' AND (x.origin_warehouse_id = ANY(${warehouses}) OR x.destination_warehouse_id = ANY(${warehouses}))`;

export interface ConsolidatedRow {
  productId: number;
  availableQuantity: string;
  averagePrice: string;
  value: string;
  warehouses: Array<{ warehouseId: number; quantity: string; value: string }>;
  inTransit: { quantity: string; value: string };
}

export async function consolidatedStock(db: Queryable, warehouseIds: number[]): Promise<ConsolidatedRow[]> {
  const { rows } = await db.query<ConsolidatedRow>(
    `WITH held AS (
       SELECT b.product_id, sum(b.quantity) AS quantity, sum(b.value) AS value,
              json_agg(json_build_object('warehouseId', b.warehouse_id, 'quantity', trim_scale(b.quantity)::text,
                                         'value', trim_scale(b.value)::text) ORDER BY b.warehouse_id) AS warehouses
         FROM product_balances b
        WHERE b.warehouse_id = ANY($1::int[])
        GROUP BY b.product_id
     ), transit AS (
       SELECT t.product_id, sum(t.quantity) AS quantity, sum(t.amount) AS value
         FROM (${inTransitLines('$1::int[]')}) t
        GROUP BY t.product_id
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
