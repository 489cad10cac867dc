// Material requests, their lines and their state changes. Rows are snake_case here and camelCase
// in the API, mapped only in this file; decimals leave PostgreSQL as text without trailing zeros.
// A line's delivered quantity is the sum of the non-cancelled exit lines that name it.
import type { RequestChoices, RequestCounts, RequestDetail, RequestStatus, RequestSummary } from '@almacen/shared/domain';
import type { Queryable, Trx } from '../../db/pool';
import type { AuthUser } from '../../plugins/auth';

const personOf = (alias: string, column: string) =>
  `json_build_object('employeeId', ${column}, 'name', btrim(${alias}.name || ' ' || ${alias}.last_name))`;

const SUMMARY_COLUMNS = `r.id, r.folio, r.status, r.warehouse_id AS "warehouseId",
  ${personOf('re', 'r.requester_employee_id')} AS requester, ${personOf('he', 'r.area_head_employee_id')} AS "areaHead",
  r.reason, (SELECT count(*)::int FROM material_request_lines n WHERE n.request_id = r.id) AS "lineCount",
  r.created_at AS "createdAt", r.updated_at AS "updatedAt"`;

const SUMMARY_FROM = `material_requests r
  JOIN employees re ON re.id = r.requester_employee_id
  JOIN employees he ON he.id = r.area_head_employee_id`;

/** Each line's figures: delivered = Σ of its non-cancelled exit lines; pending = authorized − delivered − closed. */
const LINE_FIGURES = `
  SELECT l.id, l.request_id, l.line_no, l.product_id, l.observations, l.requested, l.authorized, l.closed,
         coalesce(d.delivered, 0) AS delivered, coalesce(d.exits, '[]'::json) AS exits,
         CASE WHEN l.authorized IS NULL THEN 0 ELSE l.authorized - coalesce(d.delivered, 0) - l.closed END AS pending
    FROM material_request_lines l
    LEFT JOIN LATERAL (
      SELECT sum(dl.quantity) FILTER (WHERE c.id IS NULL) AS delivered,
             json_agg(json_build_object('dispatchId', dl.dispatch_id, 'dispatchDate', dd.dispatch_date,
                                        'quantity', trim_scale(dl.quantity)::text, 'cancelled', c.id IS NOT NULL)
                      ORDER BY dl.dispatch_id, dl.id) AS exits
        FROM dispatch_lines dl
        JOIN dispatches dd ON dd.id = dl.dispatch_id
        LEFT JOIN document_cancellations c ON c.dispatch_id = dl.dispatch_id
       WHERE dl.request_line_id = l.id
    ) d ON true`;

export async function findRequest(db: Queryable, id: number): Promise<RequestDetail | null> {
  const { rows } = await db.query<RequestDetail>(
    `SELECT ${SUMMARY_COLUMNS},
            json_build_object('sub', r.created_by, 'name', r.created_by_name) AS "createdBy",
            (SELECT json_agg(json_build_object(
                      'id', f.id, 'lineNo', f.line_no, 'productId', f.product_id, 'productName', p.name,
                      'observations', f.observations, 'requested', trim_scale(f.requested)::text,
                      'authorized', trim_scale(f.authorized)::text, 'delivered', trim_scale(f.delivered)::text,
                      'pending', trim_scale(f.pending)::text, 'closed', trim_scale(f.closed)::text, 'exits', f.exits)
                    ORDER BY f.line_no)
               FROM (${LINE_FIGURES} WHERE l.request_id = r.id) f JOIN products p ON p.id = f.product_id) AS lines,
            (SELECT json_agg(json_build_object(
                      'status', e.status, 'at', e.at, 'by', json_build_object('sub', e.by_sub, 'name', e.by_name),
                      'reason', e.reason, 'dispatchId', e.dispatch_id)
                    ORDER BY e.id)
               FROM material_request_events e WHERE e.request_id = r.id) AS history
       FROM ${SUMMARY_FROM}
      WHERE r.id = $1`,
    [id],
  );
  const found = rows[0];
  if (!found) return null;
  // json_build_object writes timestamps in PostgreSQL's ISO form; the API answers them as JavaScript does.
  return { ...found, history: found.history.map((event) => ({ ...event, at: new Date(event.at).toISOString() })) };
}

export interface ListFilter {
  /** Requests whose requester is this employee. */
  requester?: number;
  /** Requests whose named head is this employee. */
  areaHead?: number;
  statuses?: readonly RequestStatus[];
  oldestFirst?: boolean;
  /** Requests of these warehouses only; null or absent, of every one. */
  warehouses?: number[] | null;
}

export async function listRequests(db: Queryable, filter: ListFilter): Promise<RequestSummary[]> {
  const { rows } = await db.query<RequestSummary>(
    `SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM}
      WHERE ($1::integer IS NULL OR r.requester_employee_id = $1)
        AND ($2::integer IS NULL OR r.area_head_employee_id = $2)
        AND ($3::text[] IS NULL OR r.status = ANY($3::text[]))
        AND ($4::int[] IS NULL OR r.warehouse_id = ANY($4::int[]))
      ORDER BY r.id ${filter.oldestFirst ? 'ASC' : 'DESC'}`,
    [filter.requester ?? null, filter.areaHead ?? null, filter.statuses ?? null, filter.warehouses ?? null],
  );
  return rows;
}

/**
 * What the menu shows (RequestCounts); `employeeId` null counts nothing of one's own. Those to
 * fulfil, of `fulfilIn`'s warehouses only (null: every one).
 */
export async function countRequests(
  db: Queryable,
  employeeId: number | null,
  statuses: { toAuthorize: RequestStatus; toFulfil: readonly RequestStatus[]; toReceive: RequestStatus; closed: RequestStatus },
  fulfilIn: number[] | null = null,
): Promise<RequestCounts> {
  const { rows } = await db.query<RequestCounts>(
    `SELECT count(*) FILTER (WHERE r.area_head_employee_id = $1 AND r.status = $2)::int AS "toAuthorize",
            count(*) FILTER (WHERE r.status = ANY($3::text[]) AND ($6::int[] IS NULL OR r.warehouse_id = ANY($6::int[])))::int AS "toFulfil",
            count(*) FILTER (WHERE r.requester_employee_id = $1 AND (r.status = $4 OR (r.status = $5 AND EXISTS (
              SELECT 1 FROM dispatches d LEFT JOIN document_cancellations c ON c.dispatch_id = d.id
               WHERE d.request_id = r.id AND c.id IS NULL))))::int AS mine
       FROM material_requests r`,
    [employeeId, statuses.toAuthorize, statuses.toFulfil, statuses.toReceive, statuses.closed, fulfilIn],
  );
  return rows[0];
}

/** The request row, locked until the transaction ends: concurrent changes of one request queue here. */
export interface LockedRequest {
  id: number;
  folio: string;
  status: RequestStatus;
  requesterEmployeeId: number;
  areaHeadEmployeeId: number;
  warehouseId: number;
}

export async function lockRequest(trx: Trx, id: number): Promise<LockedRequest | null> {
  const { rows } = await trx.query<LockedRequest>(
    `SELECT id, folio, status, requester_employee_id AS "requesterEmployeeId", area_head_employee_id AS "areaHeadEmployeeId",
            warehouse_id AS "warehouseId"
       FROM material_requests WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

export interface LineFigures {
  id: number;
  lineNo: number;
  productId: number;
  productName: string;
  requested: string;
  authorized: string | null;
  delivered: string;
  pending: string;
  closed: string;
}

/** The figures of a request's lines, in line order (the request should be locked). */
export async function lineFigures(db: Queryable, requestId: number): Promise<LineFigures[]> {
  const { rows } = await db.query<LineFigures>(
    `SELECT f.id, f.line_no AS "lineNo", f.product_id AS "productId", p.name AS "productName",
            trim_scale(f.requested)::text AS requested, trim_scale(f.authorized)::text AS authorized,
            trim_scale(f.delivered)::text AS delivered, trim_scale(f.pending)::text AS pending, trim_scale(f.closed)::text AS closed
       FROM (${LINE_FIGURES} WHERE l.request_id = $1) f JOIN products p ON p.id = f.product_id
      ORDER BY f.line_no`,
    [requestId],
  );
  return rows;
}

export interface NewRequest {
  warehouseId: number;
  requesterEmployeeId: number;
  areaHeadEmployeeId: number;
  reason: string;
  lines: Array<{ productId: number; quantity: string; observations: string | null }>;
}

export async function insertRequest(trx: Trx, actor: AuthUser, request: NewRequest): Promise<number> {
  const { rows } = await trx.query<{ id: number }>(
    `INSERT INTO material_requests (requester_employee_id, area_head_employee_id, reason, created_by, created_by_name, warehouse_id)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [request.requesterEmployeeId, request.areaHeadEmployeeId, request.reason, actor.sub, actor.name, request.warehouseId],
  );
  const id = rows[0].id;
  await trx.query(
    `INSERT INTO material_request_lines (request_id, line_no, product_id, requested, observations)
     SELECT $1, t.line_no, t.product_id, t.quantity, t.observations
       FROM unnest($2::integer[], $3::numeric[], $4::text[]) WITH ORDINALITY AS t(product_id, quantity, observations, line_no)`,
    [id, request.lines.map((l) => l.productId), request.lines.map((l) => l.quantity), request.lines.map((l) => l.observations)],
  );
  return id;
}

/** Sets the state and writes who changed it, when, why and through which exit. */
export async function changeStatus(
  trx: Trx,
  actor: AuthUser,
  requestId: number,
  status: RequestStatus,
  { reason = null, dispatchId = null }: { reason?: string | null; dispatchId?: number | null } = {},
): Promise<void> {
  await trx.query('UPDATE material_requests SET status = $2, updated_at = now() WHERE id = $1', [requestId, status]);
  await recordEvent(trx, actor, requestId, status, { reason, dispatchId });
}

export async function recordEvent(
  trx: Trx,
  actor: AuthUser,
  requestId: number,
  status: RequestStatus,
  { reason = null, dispatchId = null }: { reason?: string | null; dispatchId?: number | null } = {},
): Promise<void> {
  await trx.query(
    `INSERT INTO material_request_events (request_id, status, reason, dispatch_id, by_sub, by_name)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [requestId, status, reason, dispatchId, actor.sub, actor.name],
  );
}

/** Writes each line's authorized quantity (lines not named keep theirs). */
export async function setAuthorized(trx: Trx, requestId: number, lines: Array<{ lineId: number; quantity: string }>): Promise<void> {
  await trx.query(
    `UPDATE material_request_lines l SET authorized = t.quantity
       FROM unnest($2::integer[], $3::numeric[]) AS t(id, quantity)
      WHERE l.id = t.id AND l.request_id = $1`,
    [requestId, lines.map((l) => l.lineId), lines.map((l) => l.quantity)],
  );
}

/** Closes what is still pending: closed = authorized − delivered on every authorized line. */
export async function closePending(trx: Trx, requestId: number): Promise<void> {
  await trx.query(
    `UPDATE material_request_lines l SET closed = f.authorized - f.delivered
       FROM (${LINE_FIGURES} WHERE l.request_id = $1) f
      WHERE l.id = f.id AND f.authorized IS NOT NULL`,
    [requestId],
  );
}

/** Whether an active user is this employee (the head named on a request must be able to act). */
export async function employeeHasUser(db: Queryable, employeeId: number): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM app_users WHERE employee_id = $1 AND active', [employeeId]);
  return rowCount === 1;
}

/** The request an exit delivers, or null. */
export async function requestOfDispatch(db: Queryable, dispatchId: number): Promise<number | null> {
  const { rows } = await db.query<{ request_id: number | null }>('SELECT request_id FROM dispatches WHERE id = $1', [dispatchId]);
  return rows[0]?.request_id ?? null;
}

/** The form's choices (RequestChoices): products by name with what the warehouse has of each, heads by name, `employeeId` left out. */
export async function requestChoices(db: Queryable, employeeId: number | null, warehouseId: number): Promise<RequestChoices> {
  const { rows } = await db.query<RequestChoices>(
    `SELECT (SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'unit', u.description, 'barcode', p.barcode,
                                                        'availableQuantity', trim_scale(coalesce(b.quantity, 0))::text)
                                      ORDER BY p.name, p.id), '[]'::json)
               FROM products p LEFT JOIN product_units u ON u.id = p.unit_id
                               LEFT JOIN product_balances b ON b.warehouse_id = $2 AND b.product_id = p.id) AS products,
            (SELECT coalesce(json_agg(json_build_object('employeeId', e.id, 'name', btrim(e.name || ' ' || e.last_name))
                                      ORDER BY e.name, e.last_name, e.id), '[]'::json)
               FROM employees e
              WHERE EXISTS (SELECT 1 FROM app_users a WHERE a.employee_id = e.id AND a.active)
                AND e.id IS DISTINCT FROM $1) AS "areaHeads"`,
    [employeeId, warehouseId],
  );
  return rows[0];
}
