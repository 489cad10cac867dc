// "Cierre de periodo": closing a month end stores the stock at the end of that day
// (the figures of "Reporte de existencias al …"), its total value and who closed it; documents
// dated on or before the last closed date are refused from then on (ledger/period-lock.ts).
// Closings go in order, one month end after the other, never a month that has not ended; only
// the last standing closing can be reopened, with a reason. Both run under the closing lock
// taken exclusive, in one transaction with the Idempotency-Key, the audit row and the answer.
import {
  formatDate,
  monthEnd,
  todayIn,
  type LateDocument as WireLateDocument,
  type NextClosing as WireNextClosing,
  type PeriodClosing as WirePeriodClosing,
} from '@almacen/shared/domain';
import { CLOSING_MESSAGES, closingRequestSchema, REOPENING_MESSAGES, reopeningSchema, validateWith } from '@almacen/shared/schemas';
import { withTransaction, type Db, type Trx, type Queryable } from '../../db/pool';
import { AppError } from '../../http/errors';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import { once, type IdempotencyRequest } from '../ledger/idempotency';
import { closedUntil, lockPeriods } from '../ledger/period-lock';
import { balanceJoin, endOfDay } from '../stock/stock-at-date';

/** A closing as read from PostgreSQL: its times are still dates (the answer writes them ISO). */
export interface PeriodClosing extends Omit<WirePeriodClosing, 'closedAt' | 'reopening'> {
  closedAt: Date;
  reopening: { reason: string; reopenedAt: Date; reopenedBy: { sub: string; name: string } } | null;
}

export interface LateDocument extends Omit<WireLateDocument, 'registeredAt'> {
  registeredAt: Date;
}

export interface NextClosing extends Omit<WireNextClosing, 'lateDocuments'> {
  lateDocuments: LateDocument[];
}

export const PERIOD_MESSAGES = {
  ...CLOSING_MESSAGES,
  notOver: (until: string) => `El mes que termina el ${formatDate(until)} aún no termina; solo se cierran meses concluidos.`,
  alreadyClosed: (until: string) => `El periodo hasta el ${formatDate(until)} ya está cerrado.`,
  outOfOrder: (next: string) => `Los periodos se cierran en orden: el siguiente es el que termina el ${formatDate(next)}.`,
  notFound: (until: string) => `No hay un cierre vigente hasta el ${formatDate(until)}.`,
  notLast: (last: string) => `Solo se puede reabrir el último periodo cerrado (hasta el ${formatDate(last)}).`,
  reason: REOPENING_MESSAGES.reason,
} as const;

export { monthEnd };

/** The month end after the month end `until`. */
export const nextMonthEnd = (until: string) => monthEnd(until, 1);

/** The month end before today's month: the last month that has ended. */
const lastEndedMonth = (today: string) => monthEnd(today, -1);

/** `until` from a path or body: a calendar date that is a month end, else 400 naming `field`. */
export function parseUntil(value: unknown, field = 'until'): string {
  const checked = validateWith(closingRequestSchema, { until: value });
  if (!checked.ok) throw new AppError('VALIDATION', checked.message, { [field]: checked.message });
  return checked.value.until;
}

const SELECT_CLOSING = `
  SELECT id, to_char(until, 'YYYY-MM-DD') AS until, total_value::text AS "totalValue", products,
         closed_at AS "closedAt", closed_by AS "closedBySub", closed_by_name AS "closedByName",
         reopen_reason AS "reopenReason", reopened_at AS "reopenedAt", reopened_by AS "reopenedBySub", reopened_by_name AS "reopenedByName",
         (SELECT json_build_object('products', count(*), 'totalValue',
                   (total_value + sum(round(d.date_value, 2) - round(d.value, 2)))::text)
            FROM period_closing_differences d WHERE d.closing_id = period_closings.id HAVING count(*) > 0) AS "dateRuleDifference"
    FROM period_closings`;

interface ClosingRow {
  id: number;
  until: string;
  totalValue: string;
  products: number;
  closedAt: Date;
  closedBySub: string;
  closedByName: string;
  reopenReason: string | null;
  reopenedAt: Date | null;
  reopenedBySub: string | null;
  reopenedByName: string | null;
  dateRuleDifference: { products: number; totalValue: string } | null;
}

const toClosing = (r: ClosingRow): PeriodClosing => ({
  id: r.id,
  until: r.until,
  totalValue: r.totalValue,
  products: r.products,
  closedAt: r.closedAt,
  closedBy: { sub: r.closedBySub, name: r.closedByName },
  status: r.reopenedAt ? 'REABIERTO' : 'CERRADO',
  dateRuleDifference: r.dateRuleDifference,
  reopening:
    r.reopenedAt && r.reopenReason
      ? { reason: r.reopenReason, reopenedAt: r.reopenedAt, reopenedBy: { sub: r.reopenedBySub ?? '', name: r.reopenedByName ?? '' } }
      : null,
});

/** Every closing of a warehouse, the most recent month first (a reopened one stays, marked REABIERTO). */
export async function listClosings(db: Queryable, warehouseId: number): Promise<PeriodClosing[]> {
  const { rows } = await db.query<ClosingRow>(
    `${SELECT_CLOSING} WHERE warehouse_id = $1 ORDER BY period_closings.until DESC, period_closings.id DESC`,
    [warehouseId],
  );
  return rows.map(toClosing);
}

/** A warehouse's stock at the end of `until` (date view) of the products with movements dated by then: its value and count. */
async function stockTotals(db: Queryable, until: string, warehouseId: number): Promise<{ totalValue: string; products: number }> {
  const { rows } = await db.query<{ totalValue: string; products: number }>(
    `SELECT coalesce(sum(round(b.value, 2)), 0)::text AS "totalValue", count(b.value)::int AS products
       FROM products p ${balanceJoin('p', '$1::date', warehouseId)}`,
    [until],
  );
  return rows[0];
}

/**
 * The documents that count in `until`'s month (movements dated from its 1st to `until`) but were
 * registered after it ended: late paperwork the closing includes.
 */
export async function lateDocuments(db: Queryable, until: string, timeZone: string, warehouseId: number): Promise<LateDocument[]> {
  const end = endOfDay('$2', '$3::text');
  const { rows } = await db.query<LateDocument>(
    `SELECT m.movement_type AS "movementType", coalesce(m.invoice_id, m.dispatch_id, m.inventory_count_id, m.transfer_id) AS "documentId",
            to_char(min(m.dated), 'YYYY-MM-DD') AS "documentDate", min(i.invoice_number) AS "invoiceNumber", min(m.recorded_at) AS "registeredAt"
       FROM movements m LEFT JOIN invoices i ON i.id = m.invoice_id
      WHERE m.warehouse_id = $4 AND m.dated BETWEEN $1::date AND $2::date AND m.recorded_at >= ${end}
      GROUP BY m.movement_type, coalesce(m.invoice_id, m.dispatch_id, m.inventory_count_id, m.transfer_id)
      ORDER BY "registeredAt", "documentId"`,
    [`${until.slice(0, 8)}01`, until, timeZone, warehouseId],
  );
  return rows;
}

/** The month end to close next, and what closing it would store and show first. */
export async function nextClosing(db: Queryable, timeZone: string, warehouseId: number): Promise<NextClosing> {
  const today = todayIn(timeZone);
  const last = await closedUntil(db, warehouseId);
  const until = last ? nextMonthEnd(last) : lastEndedMonth(today);
  if (until >= today) {
    return { until, closable: false, message: PERIOD_MESSAGES.notOver(until), totalValue: null, products: null, lateDocuments: [] };
  }
  const totals = await stockTotals(db, until, warehouseId);
  return { until, closable: true, message: null, ...totals, lateDocuments: await lateDocuments(db, until, timeZone, warehouseId) };
}

export interface WriteOptions {
  idempotency?: IdempotencyRequest;
  /** The warehouse whose month is closed or reopened. */
  warehouseId: number;
}

const CREATED = 201;

async function underClosingLock<T>(
  db: Db,
  actor: AuthUser,
  { idempotency, warehouseId }: WriteOptions,
  work: (trx: Trx) => Promise<T>,
): Promise<{ data: T; replayed: boolean }> {
  return withTransaction(
    db,
    (trx) =>
      once(trx, actor, idempotency, CREATED, async () => {
        // Exclusive: waits for the warehouse's documents under way, and they wait for this.
        await lockPeriods(trx, warehouseId, true);
        return work(trx);
      }),
    { attempts: 5 },
  );
}

export async function closePeriod(db: Db, actor: AuthUser, until: string, timeZone: string, options: WriteOptions) {
  const { warehouseId } = options;
  return underClosingLock(db, actor, options, async (trx) => {
    const today = todayIn(timeZone);
    if (until >= today) throw new AppError('VALIDATION', PERIOD_MESSAGES.notOver(until), { until: PERIOD_MESSAGES.notOver(until) });
    const last = await closedUntil(trx, warehouseId);
    if (last && until <= last) throw new AppError('PERIOD_ORDER', PERIOD_MESSAGES.alreadyClosed(until));
    if (last && until !== nextMonthEnd(last)) throw new AppError('PERIOD_ORDER', PERIOD_MESSAGES.outOfOrder(nextMonthEnd(last)));
    // Under the exclusive lock nothing is being registered: the stock at `until` and the end of
    // the ledger are what every later document will find.
    const { rows } = await trx.query<{ id: number }>(
      `WITH s AS (
         SELECT p.id AS product_id, b.quantity, b.average_cost, b.value
           FROM products p ${balanceJoin('p', '$1::date', warehouseId)}
          WHERE b.quantity IS NOT NULL
       ), c AS (
         INSERT INTO period_closings (warehouse_id, until, total_value, products, last_movement_id, closed_by, closed_by_name, rule)
         SELECT $4, $1::date, coalesce(sum(round(s.value, 2)), 0), count(*), (SELECT max(id) FROM movements), $2, $3, 'FECHA' FROM s
         RETURNING id
       ), stock AS (
         INSERT INTO period_closing_stock (closing_id, product_id, quantity, average_cost, value)
         SELECT c.id, s.product_id, s.quantity, s.average_cost, s.value FROM c CROSS JOIN s
       )
       SELECT id FROM c`,
      [until, actor.sub, actor.name, warehouseId],
    );
    const { rows: saved } = await trx.query<ClosingRow>(`${SELECT_CLOSING} WHERE id = $1`, [rows[0].id]);
    const closing = toClosing(saved[0]);
    await recordAudit(trx, actor, { action: 'create', entity: 'period_closings', entityId: until, after: closing });
    return closing;
  });
}

export async function reopenPeriod(db: Db, actor: AuthUser, until: string, reason: string, options: WriteOptions) {
  const { warehouseId } = options;
  return underClosingLock(db, actor, options, async (trx) => {
    const { rows } = await trx.query<ClosingRow>(`${SELECT_CLOSING} WHERE warehouse_id = $2 AND until = $1 AND reopened_at IS NULL`, [
      until,
      warehouseId,
    ]);
    if (rows.length === 0) throw new AppError('NOT_FOUND', PERIOD_MESSAGES.notFound(until));
    const last = await closedUntil(trx, warehouseId);
    if (last !== until) throw new AppError('PERIOD_ORDER', PERIOD_MESSAGES.notLast(last ?? until));
    const before = toClosing(rows[0]);
    await trx.query(
      `UPDATE period_closings SET reopened_at = clock_timestamp(), reopened_by = $2, reopened_by_name = $3, reopen_reason = $4 WHERE id = $1`,
      [before.id, actor.sub, actor.name, reason],
    );
    const { rows: saved } = await trx.query<ClosingRow>(`${SELECT_CLOSING} WHERE id = $1`, [before.id]);
    const after = toClosing(saved[0]);
    await recordAudit(trx, actor, { action: 'update', entity: 'period_closings', entityId: until, before, after });
    return after;
  });
}

/** A reopening's reason (and warehouse), by the shared schema the «Reabrir» dialog validates with: trimmed, 5–500 characters, free text. */
export function parseReason(body: unknown): { reason: string; warehouseId: number | null | undefined } {
  const checked = validateWith(reopeningSchema, body);
  if (!checked.ok) throw new AppError('VALIDATION', checked.message, checked.errors);
  return { reason: checked.value.reason.trim(), warehouseId: checked.value.warehouseId };
}
