// The stock at a cut-off date (ARCHITECTURE.md, "The stock ledger": a document belongs to the period of its
// date): each product's quantity and value are the sums of its movements DATED up to the end of
// that day — a document on its own date, a count's adjustment on its cut-off date, a cancellation
// on the day it was registered — and the average their quotient. Sums per month are kept by
// PostgreSQL (stock_product_months, 0057), so a date costs the months before it plus the days of
// its own month.
import { formatDate, isCalendarDate, MIN_DOCUMENT_DATE, todayIn } from '@almacen/shared/domain';
import { AppError } from '../../http/errors';

/** Messages about a date parameter; `what` names it ("La fecha de corte", "La fecha inicial"). */
export const DATE_PARAM_MESSAGES = {
  invalid: (what: string) => `${what} no es válida; usa el formato AAAA-MM-DD.`,
  future: (what: string, today: string) => `${what} no puede ser posterior a hoy (${formatDate(today)}).`,
  past: (what: string) => `${what} no puede ser anterior al ${formatDate(MIN_DOCUMENT_DATE)}.`,
} as const;

/**
 * `?date=` → YYYY-MM-DD, or null when absent (today's stock, from the balance rows). A date that
 * is not a calendar date, after today in `timeZone` or before MIN_DOCUMENT_DATE is a 400 naming
 * the field `field`.
 */
export function parseCutoffDate(value: unknown, timeZone: string, field = 'date', what = 'La fecha de corte'): string | null {
  if (value === undefined || value === '') return null;
  const fail = (message: string): never => {
    throw new AppError('VALIDATION', message, { [field]: message });
  };
  if (!isCalendarDate(value)) return fail(DATE_PARAM_MESSAGES.invalid(what));
  const today = todayIn(timeZone);
  if (value > today) return fail(DATE_PARAM_MESSAGES.future(what, today));
  if (value < MIN_DOCUMENT_DATE) return fail(DATE_PARAM_MESSAGES.past(what));
  return value;
}

/**
 * The day whose date view gives the figures at the end of `date`: that day when it is before
 * today in `timeZone`, else null — today's balance rows. At today both hold the same quantity
 * and value (every movement is dated up to today); the balance row also keeps the average an
 * emptied balance last had, which sums by date cannot know, so today reads the same everywhere.
 */
export function dateViewDay(date: string | null, timeZone: string): string | null {
  return date !== null && date < todayIn(timeZone) ? date : null;
}

export interface DateRange {
  from: string | null;
  to: string | null;
}

/** `?from=&to=` (both optional, registration dates): each as parseCutoffDate, and from ≤ to. */
export function parseDateRange(query: { from?: unknown; to?: unknown }, timeZone: string): DateRange {
  const from = parseCutoffDate(query.from, timeZone, 'from', 'La fecha inicial');
  const to = parseCutoffDate(query.to, timeZone, 'to', 'La fecha final');
  if (from && to && from > to) {
    const message = 'La fecha inicial no puede ser posterior a la fecha final.';
    throw new AppError('VALIDATION', message, { from: message });
  }
  return { from, to };
}

/**
 * The first instant AFTER the day `$date` in the time zone `$tz` (SQL text, for two parameter
 * positions): movements registered before it count for that day.
 */
export const endOfDay = (date: string, tz: string) => `((${date}::date + 1)::timestamp AT TIME ZONE ${tz})`;

/** A standing closing taken by the date rule, of one warehouse, meeting `condition` (SQL text). */
const closingWhere = (warehouse: string, condition: string) =>
  `period_closings c WHERE c.warehouse_id = ${warehouse} AND c.reopened_at IS NULL AND c.rule = 'FECHA' AND ${condition}`;

interface DatedStart {
  monthEnd: string;
  backward: string;
  closingId: string;
  lastUntil: string;
}

/**
 * Where the date view of the day `date` (an SQL date expression) starts from, in SQL text: a
 * closing's stored stock (nothing can be dated in a closed month, so it is exact for ever; a
 * reopened closing, or one taken by the registration rule, is not used) and what was dated
 * between it and the day. When the day's own month is closed and its end is nearer than its
 * start, that month's closing minus what was dated after the day (`backward`); otherwise the last
 * closing on or before the day plus what was dated after it. So a day in a closed month reads at
 * most half a month of movements.
 */
function datedStart(date: string, warehouse: string): DatedStart {
  const monthStart = `date_trunc('month', ${date}::date)::date`;
  const monthEnd = `(date_trunc('month', ${date}::date) + interval '1 month' - interval '1 day')::date`;
  const monthClosing = `(SELECT c.id FROM ${closingWhere(warehouse, `c.until = ${monthEnd}`)})`;
  const last = (column: 'id' | 'until') =>
    `(SELECT c.${column} FROM ${closingWhere(warehouse, `c.until <= ${date}::date`)} ORDER BY c.until DESC LIMIT 1)`;
  const backward = `(${monthClosing} IS NOT NULL AND ${monthEnd} - ${date}::date < ${date}::date - ${monthStart} + 1)`;
  return { monthEnd, backward, closingId: `CASE WHEN ${backward} THEN ${monthClosing} ELSE ${last('id')} END`, lastUntil: last('until') };
}

/**
 * What was dated between the starting closing and the end of the day `date`, per product (SQL
 * text): `product_id`, `quantity` and `value`. Forward, the sums of the whole months after the
 * closing and before the day's month from stock_product_months (0057) and of the days of the
 * day's own month from the movements (a month's last day needs no movement at all: the month of
 * the next day is the boundary); backward, minus the movements dated after the day up to its
 * month's end. Entries add and exits subtract; the sign is applied by negating, which costs less
 * than multiplying. Only one direction's branches run (their conditions are constant). `start`
 * is the one whose closing's rows these sums are added to.
 */
function datedSinceClosing(date: string, warehouse: string, start: DatedStart, one: (column: string) => string): string {
  const { monthEnd, backward, lastUntil } = start;
  const boundary = `date_trunc('month', ${date}::date + 1)::date`;
  const signed = (column: string, inbound: string, outbound: string) =>
    `CASE WHEN movement_sign(m.movement_type) = 1 THEN ${inbound}m.${column} ELSE ${outbound}m.${column} END`;
  return `SELECT product_id, sum(quantity) AS quantity, sum(value) AS value FROM (
           SELECT s.product_id, s.quantity, s.value FROM stock_product_months s
            WHERE NOT ${backward} AND s.warehouse_id = ${warehouse} AND s.month < ${boundary}
              AND s.month > coalesce(${lastUntil}, '-infinity'::date)${one('s.product_id')}
           UNION ALL
           SELECT m.product_id, ${signed('quantity', '', '-')}, ${signed('amount', '', '-')}
             FROM movements m WHERE NOT ${backward} AND m.warehouse_id = ${warehouse}
              AND m.dated >= ${boundary} AND m.dated <= ${date}::date${one('m.product_id')}
           UNION ALL
           SELECT m.product_id, ${signed('quantity', '-', '')}, ${signed('amount', '-', '')}
             FROM movements m WHERE ${backward} AND m.warehouse_id = ${warehouse}
              AND m.dated > ${date}::date AND m.dated <= ${monthEnd}${one('m.product_id')}
         ) dated_after GROUP BY product_id`;
}

/**
 * The date view's figures of a product from the closing's row `k` and the sums since it `a` (SQL
 * select list): quantity and value add up; the average is ledger_average of the two, or the
 * closing's own when nothing was dated since (the quotient the closing took with the same
 * ledger_average). All three are NULL when the product has neither.
 */
const datedFigures = (k: string, a: string) =>
  `CASE WHEN ${a}.product_id IS NULL THEN ${k}.quantity ELSE coalesce(${k}.quantity, 0) + ${a}.quantity END AS quantity,
   CASE WHEN ${a}.product_id IS NULL THEN ${k}.value ELSE coalesce(${k}.value, 0) + ${a}.value END AS value,
   CASE WHEN ${a}.product_id IS NULL THEN ${k}.average_cost
        ELSE ledger_average(coalesce(${k}.quantity, 0) + ${a}.quantity, coalesce(${k}.value, 0) + ${a}.value) END AS average_cost`;

/**
 * A subquery (SQL text) of every product's stock in the date view at the end of the day `date`
 * (an SQL date expression): `product_id`, `quantity` = Σ of the quantities of its movements dated
 * up to that day (entries add, exits subtract), `value` = Σ of their values, `average_cost` =
 * ledger_average of the two; products without such movements have no row (or, on a day inside a
 * closed month counted back from its end, a row of zeros). It starts from a closing's stored stock
 * (datedStart) and adds what was dated between (datedSinceClosing). The closing's rows are joined
 * to those sums rather than summed again with them: a product with nothing dated between costs no
 * aggregate, and its figures are the closing's. Everything is of one warehouse; `product` (SQL
 * text) restricts it to one product.
 */
export function datedBalances(date: string, warehouseId: number, product: string | null = null): string {
  const warehouse = sqlId(warehouseId);
  const one = (column: string) => (product === null ? '' : ` AND ${column} = ${product}`);
  const start = datedStart(date, warehouse);
  return `SELECT coalesce(k.product_id, a.product_id) AS product_id, ${datedFigures('k', 'a')}
       FROM (SELECT k.product_id, k.quantity, k.value, k.average_cost FROM period_closing_stock k
              WHERE k.closing_id = ${start.closingId}${one('k.product_id')}) k
       FULL JOIN (${datedSinceClosing(date, warehouse, start, one)}) a ON a.product_id = k.product_id`;
}

/** The sentence printed under the title of a report of the stock at a date. */
export function cutoffNote(date: string): string {
  return (
    `Existencias al ${formatDate(date)}: la suma de los movimientos de cada producto con fecha hasta ese día. ` +
    'Un documento cuenta en la fecha del documento, aunque se haya registrado después; una cancelación, el día en que se registró.'
  );
}

export interface StockAtDateRow {
  productId: number;
  availableQuantity: string;
  averagePrice: string;
  value: string;
}

type Queryable = { query<R>(text: string, values?: unknown[]): Promise<{ rows: R[] }> };

/**
 * A warehouse id written into SQL text: only ever a resolved id (access/warehouse-scope.ts), and
 * checked to be an integer here, so the text can hold nothing else.
 */
export function sqlId(id: number): string {
  if (!Number.isSafeInteger(id) || id < 1) throw new Error(`Identificador de almacén inválido: ${String(id)}`);
  return String(id);
}

/**
 * The balance columns `quantity`, `average_cost`, `value` of alias `b` for the date view at the end
 * of `date` (an SQL date expression), NULL for a product without movements dated by then (as
 * datedBalances), or today's balance rows when `date` is null, in the warehouse `warehouseId`.
 * `productAlias`.id is the product. The date view joins each product to the closing's row and to
 * the sums since it (two joins on the product, rather than datedBalances' full join), and takes
 * the figures from both.
 */
export function balanceJoin(productAlias: string, date: string | null, warehouseId: number, alias = 'b'): string {
  const warehouse = sqlId(warehouseId);
  if (date === null) {
    return `LEFT JOIN product_balances ${alias} ON ${alias}.warehouse_id = ${warehouse} AND ${alias}.product_id = ${productAlias}.id`;
  }
  const [k, a] = [`${alias}_closing`, `${alias}_since`];
  const start = datedStart(date, warehouse);
  return `LEFT JOIN period_closing_stock ${k} ON ${k}.closing_id = ${start.closingId} AND ${k}.product_id = ${productAlias}.id
       LEFT JOIN (${datedSinceClosing(date, warehouse, start, () => '')}) ${a} ON ${a}.product_id = ${productAlias}.id
       CROSS JOIN LATERAL (SELECT ${datedFigures(k, a)}) ${alias}`;
}

/**
 * Every product (in id order) with its stock at the end of `date` in the date view, or today's
 * balance rows when `date` is null. A product that had not moved reads 0 / 0 / 0.
 */
export async function stockAtDate(db: Queryable, date: string | null, warehouseId: number): Promise<StockAtDateRow[]> {
  const { rows } = await db.query<StockAtDateRow>(
    `SELECT p.id AS "productId",
            trim_scale(coalesce(b.quantity, 0))::text AS "availableQuantity",
            trim_scale(coalesce(b.average_cost, 0))::text AS "averagePrice",
            trim_scale(coalesce(b.value, 0))::text AS value
       FROM products p
       ${balanceJoin('p', date === null ? null : '$1', warehouseId)}
      ORDER BY p.id`,
    date === null ? [] : [date],
  );
  return rows;
}
