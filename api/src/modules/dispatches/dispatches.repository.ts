// Dispatches (salidas) and their lines. Rows are snake_case here and camelCase in the API,
// mapped only in this file. Decimals leave PostgreSQL as text without trailing zeros.
import type { DispatchDefaults } from '@almacen/shared/domain';
import type { Trx, Queryable } from '../../db/pool';
import type { AuthUser } from '../../plugins/auth';
import { CANCELLATION_COLUMNS, withStatus, type CancellationColumns, type CancellationView } from '../ledger/ledger.reads';

export interface DispatchSummary {
  id: number;
  dispatchDate: string;
  createdAt: Date;
  /** The folio of the material request it delivers ("SOL-000042"), or null. */
  requestFolio: string | null;
}

export interface DispatchListItem extends DispatchSummary {
  status: 'REGISTRADA' | 'CANCELADA';
  cancellation: CancellationView | null;
}

export interface DispatchLineView {
  id: number;
  lineNo: number;
  productId: number;
  productName: string;
  quantity: string;
  /** The server's average at commit time: the price the ledger recorded. */
  exitPrice: string;
  /** What the form showed; informative only. */
  shownExitPrice: string;
  amount: string;
  observations: string | null;
  movementId: number;
  /** The line of the material request it delivers, or null. */
  requestLineId: number | null;
}

export interface DispatchDetail extends DispatchSummary {
  /** The material request it delivers, or null. */
  requestId: number | null;
  personInChargeOfTheRequestingAreaEmployeeId: number;
  petitionerEmployeeId: number;
  warehouseKeeperEmployeeId: number;
  createdBy: string;
  createdByName: string;
  total: string;
  products: DispatchLineView[];
}

/** Newest first, each with its state ("REGISTRADA" or "CANCELADA") and cancellation. */
/** A warehouse's exits, the most recent first. */
export async function listDispatches(db: Queryable, warehouseId: number): Promise<DispatchListItem[]> {
  const { rows } = await db.query<DispatchSummary & CancellationColumns>(
    `SELECT d.id, d.dispatch_date AS "dispatchDate", d.created_at AS "createdAt", r.folio AS "requestFolio", ${CANCELLATION_COLUMNS}
       FROM dispatches d LEFT JOIN document_cancellations c ON c.dispatch_id = d.id
       LEFT JOIN material_requests r ON r.id = d.request_id
      WHERE d.warehouse_id = $1
      ORDER BY d.id DESC`,
    [warehouseId],
  );
  return rows.map(withStatus);
}

export async function dispatchExists(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM dispatches WHERE id = $1', [id]);
  return rowCount === 1;
}

export async function findDispatch(db: Queryable, id: number): Promise<DispatchDetail | null> {
  const { rows } = await db.query<DispatchDetail>(
    `SELECT d.id, d.dispatch_date AS "dispatchDate", d.created_at AS "createdAt", d.request_id AS "requestId",
            (SELECT r.folio FROM material_requests r WHERE r.id = d.request_id) AS "requestFolio",
            d.person_in_charge_of_the_requesting_area_employee_id AS "personInChargeOfTheRequestingAreaEmployeeId",
            d.petitioner_employee_id AS "petitionerEmployeeId", d.warehouse_keeper_employee_id AS "warehouseKeeperEmployeeId",
            d.created_by AS "createdBy", d.created_by_name AS "createdByName",
            (SELECT trim_scale(coalesce(sum(m.amount), 0))::text FROM movements m WHERE m.dispatch_id = d.id AND m.movement_type = 'DISPATCH') AS total,
            (SELECT json_agg(json_build_object(
                      'id', l.id, 'lineNo', l.line_no, 'productId', l.product_id, 'productName', p.name,
                      'quantity', trim_scale(l.quantity)::text, 'exitPrice', trim_scale(m.unit_cost)::text,
                      'shownExitPrice', trim_scale(l.shown_exit_price)::text, 'amount', trim_scale(m.amount)::text,
                      'observations', l.observations, 'movementId', m.id,
                      'requestLineId', l.request_line_id)
                    ORDER BY l.line_no)
               FROM dispatch_lines l
               JOIN products p ON p.id = l.product_id
               JOIN movements m ON m.dispatch_line_id = l.id
              WHERE l.dispatch_id = d.id) AS products
       FROM dispatches d
      WHERE d.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export interface NewDispatch {
  dispatchDate: string;
  personInChargeOfTheRequestingAreaEmployeeId: number;
  petitionerEmployeeId: number;
  warehouseKeeperEmployeeId: number;
  requestId: number | null;
  warehouseId: number;
}

export async function insertDispatch(trx: Trx, actor: AuthUser, dispatch: NewDispatch): Promise<number> {
  const { rows } = await trx.query<{ id: number }>(
    `INSERT INTO dispatches (dispatch_date, person_in_charge_of_the_requesting_area_employee_id, petitioner_employee_id,
                             warehouse_keeper_employee_id, created_by, created_by_name, request_id, warehouse_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      dispatch.dispatchDate,
      dispatch.personInChargeOfTheRequestingAreaEmployeeId,
      dispatch.petitionerEmployeeId,
      dispatch.warehouseKeeperEmployeeId,
      actor.sub,
      actor.name,
      dispatch.requestId,
      dispatch.warehouseId,
    ],
  );
  return rows[0].id;
}

export interface NewDispatchLine {
  productId: number;
  quantity: string;
  shownExitPrice: string;
  observations: string | null;
  requestLineId: number | null;
}

/** Inserts the lines numbered 1..n in the given order; answers their ids in that order. */
export async function insertDispatchLines(trx: Trx, dispatchId: number, lines: NewDispatchLine[]): Promise<number[]> {
  const { rows } = await trx.query<{ id: number; line_no: number }>(
    `INSERT INTO dispatch_lines (dispatch_id, line_no, product_id, quantity, shown_exit_price, observations, request_line_id)
     SELECT $1, t.line_no, t.product_id, t.quantity, t.shown_exit_price, t.observations, t.request_line_id
       FROM unnest($2::integer[], $3::numeric[], $4::numeric[], $5::text[], $6::integer[])
            WITH ORDINALITY AS t(product_id, quantity, shown_exit_price, observations, request_line_id, line_no)
      ORDER BY t.line_no
     RETURNING id, line_no`,
    [
      dispatchId,
      lines.map((l) => l.productId),
      lines.map((l) => l.quantity),
      lines.map((l) => l.shownExitPrice),
      lines.map((l) => l.observations),
      lines.map((l) => l.requestLineId),
    ],
  );
  return rows.sort((a, b) => a.line_no - b.line_no).map((r) => r.id);
}

/** The «Almacenista» of the last exit `sub` registered, or null before their first. */
export async function lastDispatchChoices(db: Queryable, sub: string): Promise<DispatchDefaults | null> {
  const { rows } = await db.query<DispatchDefaults>(
    `SELECT warehouse_keeper_employee_id AS "warehouseKeeperEmployeeId"
       FROM dispatches WHERE created_by = $1 ORDER BY id DESC LIMIT 1`,
    [sub],
  );
  return rows[0] ?? null;
}
