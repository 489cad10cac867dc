// «Traspasos» as stored (migration 0066): the transfer, its lines, and each line's cost and value
// read from the movement that took it out of the origin.
import type { Transfer, TransferStatus } from '@almacen/shared/domain';
import type { Queryable } from '../../db/pool';

/** A transfer as read from PostgreSQL: its times are still dates (the answer writes them ISO). */
export interface TransferView extends Omit<Transfer, 'settledAt' | 'createdAt'> {
  settledAt: Date | null;
  createdAt: Date;
}

const person = (alias: string) => `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE btrim(${alias}.name || ' ' || ${alias}.last_name) END`;

const SELECT_TRANSFER = `
  SELECT t.id, t.origin_warehouse_id AS "originWarehouseId", o.name AS "originWarehouseName",
         t.destination_warehouse_id AS "destinationWarehouseId", d.name AS "destinationWarehouseName",
         to_char(t.transfer_date, 'YYYY-MM-DD') AS date, t.sender_employee_id AS "senderEmployeeId", ${person('s')} AS "senderName",
         t.carrier, t.status, t.receiver_employee_id AS "receiverEmployeeId", ${person('r')} AS "receiverName", t.reason,
         t.settled_at AS "settledAt", t.settled_by_name AS "settledBy", t.created_by_name AS "createdBy", t.created_at AS "createdAt",
         (SELECT coalesce(sum(m.amount), 0)::numeric(20, 2)::text FROM movements m
           WHERE m.transfer_id = t.id AND m.movement_type = 'TRANSFER_OUT') AS total,
         (SELECT coalesce(json_agg(json_build_object(
                   'id', l.id, 'lineNo', l.line_no, 'productId', l.product_id, 'productName', p.name,
                   'quantity', trim_scale(l.quantity)::text, 'unitCost', trim_scale(m.unit_cost)::text,
                   'amount', m.amount::numeric(20, 2)::text, 'observations', l.observations) ORDER BY l.line_no), '[]'::json)
            FROM transfer_lines l JOIN products p ON p.id = l.product_id
            JOIN movements m ON m.transfer_line_id = l.id AND m.movement_type = 'TRANSFER_OUT'
           WHERE l.transfer_id = t.id) AS lines
    FROM transfers t
    JOIN warehouses o ON o.id = t.origin_warehouse_id
    JOIN warehouses d ON d.id = t.destination_warehouse_id
    JOIN employees s ON s.id = t.sender_employee_id
    LEFT JOIN employees r ON r.id = t.receiver_employee_id`;

export async function findTransfer(db: Queryable, id: number): Promise<TransferView | null> {
  const { rows } = await db.query<TransferView>(`${SELECT_TRANSFER} WHERE t.id = $1`, [id]);
  return rows[0] ?? null;
}

/** The transfers a warehouse sent or is to receive, newest first; `status` narrows them. */
/** The transfers on their way to `warehouseId`: sent, not yet received, rejected or withdrawn. */
export async function countToReceive(db: Queryable, warehouseId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM transfers WHERE destination_warehouse_id = $1 AND status = 'ENVIADO'",
    [warehouseId],
  );
  return rows[0].n;
}

export async function listTransfers(db: Queryable, warehouseId: number, status: TransferStatus | null): Promise<TransferView[]> {
  const { rows } = await db.query<TransferView>(
    `${SELECT_TRANSFER}
      WHERE (t.origin_warehouse_id = $1 OR t.destination_warehouse_id = $1) AND ($2::text IS NULL OR t.status = $2)
      ORDER BY t.id DESC`,
    [warehouseId, status],
  );
  return rows;
}
