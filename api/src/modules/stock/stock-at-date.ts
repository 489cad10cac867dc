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

/**
 * A subquery (SQL text) of every product's stock in the date view at the end of the day `date`
 * (an SQL date expression): `product_id`, `quantity` = Σ of the quantities of its movements dated
 * up to that day (entries add, exits subtract), `value` = Σ of their values, `average_cost` =
 * ledger_average of the two; products without such movements have no row. It starts from the
 * stock stored by the last standing closing taken by the date rule on or before the day (nothing
 * can be dated in a closed month, so that stock is exact for ever; a reopened closing, or one taken
 * by the registration rule, is not used), and adds what was dated after it: the whole months
 * before the day's from stock_product_months (0057) and the days of the day's own month from the
 * movements; a month's last day needs no movement at all (the month of the next day is the
 * boundary). The closing's rows are joined to those sums rather than summed again with them: a
 * product with nothing dated since costs no aggregate, and its quantity, value and average are
 * the closing's — the quantity and value the sums would give, and the average the closing took
 * of them with the same ledger_average. Everything is of one warehouse; `product` (SQL text)
 * restricts it to one product.
 */
export function datedBalances(date: string, warehouseId: number, product: string | null = null): string {
  const boundary = `date_trunc('month', ${date}::date + 1)::date`;
  const warehouse = sqlId(warehouseId);
  const one = (column: string) => (product === null ? '' : ` AND ${column} = ${product}`);
  const closing = (column: 'id' | 'until') =>
    `(SELECT c.${column} FROM period_closings c
       WHERE c.warehouse_id = ${warehouse} AND c.reopened_at IS NULL AND c.rule = 'FECHA' AND c.until <= ${date}::date
       ORDER BY c.until DESC LIMIT 1)`;
  return `SELECT d.product_id, d.quantity, d.value,
            CASE WHEN d.since_closing THEN ledger_average(d.quantity, d.value) ELSE d.closing_average END AS average_cost FROM (
     SELECT coalesce(k.product_id, a.product_id) AS product_id,
            coalesce(k.quantity, 0) + coalesce(a.quantity, 0) AS quantity,
            coalesce(k.value, 0) + coalesce(a.value, 0) AS value,
            a.product_id IS NOT NULL AS since_closing, k.average_cost AS closing_average
       FROM (SELECT k.product_id, k.quantity, k.value, k.average_cost FROM period_closing_stock k
              WHERE k.closing_id = ${closing('id')}${one('k.product_id')}) k
       FULL JOIN (
         SELECT product_id, sum(quantity) AS quantity, sum(value) AS value FROM (
           SELECT s.product_id, s.quantity, s.value FROM stock_product_months s
            WHERE s.warehouse_id = ${warehouse} AND s.month < ${boundary}
              AND s.month > coalesce(${closing('until')}, '-infinity'::date)${one('s.product_id')}
           UNION ALL
           SELECT m.product_id, movement_sign(m.movement_type) * m.quantity, movement_sign(m.movement_type) * m.amount
             FROM movements m WHERE m.warehouse_id = ${warehouse} AND m.dated >= ${boundary} AND m.dated <= ${date}::date${one('m.product_id')}
         ) dated_after GROUP BY product_id
       ) a ON a.product_id = k.product_id
    ) d`;
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
 * of `date` (an SQL date expression) — a LEFT JOIN of datedBalances, the average the quotient
 * (ledger_average) — or today's balance rows when `date` is null, in the warehouse `warehouseId`.
 * `productAlias`.id is the product.
 */
export function balanceJoin(productAlias: string, date: string | null, warehouseId: number, alias = 'b'): string {
  if (date === null) {
    return `LEFT JOIN product_balances ${alias} ON ${alias}.warehouse_id = ${sqlId(warehouseId)} AND ${alias}.product_id = ${productAlias}.id`;
  }
  return `LEFT JOIN (${datedBalances(date, warehouseId)}) ${alias} ON ${alias}.product_id = ${productAlias}.id`;
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
