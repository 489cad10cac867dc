// The stock at a cut-off date (issue #18; ARCHITECTURE.md, "The stock ledger": "the warehouse's date is the
// registration"): each product's balance after the last movement REGISTERED up to the end of
// that day in APP_TIME_ZONE, read from the balance every movement already stores. A backdated
// document counts on the day it was registered, a cancellation on the day it was registered;
// once the day is over the figure never changes. Index and measurements: 0018_stock_at_date.sql.
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

/** The first instant of the day `$date` in the time zone `$tz` (SQL text). */
export const startOfDay = (date: string, tz: string) => `(${date}::date::timestamp AT TIME ZONE ${tz})`;

/**
 * The first instant AFTER the day `$date` in the time zone `$tz` (SQL text, for two parameter
 * positions): movements registered before it count for that day.
 */
export const endOfDay = (date: string, tz: string) => `((${date}::date + 1)::timestamp AT TIME ZONE ${tz})`;

/**
 * A LATERAL subquery `alias` with the product `productAlias`'s balance at the cut-off instant
 * `cutoff` (SQL text): quantity, average_cost and value, or no row when the product had not
 * moved by then. One backwards probe of movements_product_recorded_idx per product. Within a
 * product recorded_at grows with id (0018), so the last by recorded_at is the last by ledger
 * order; id breaks ties of movements written before 0018 in one transaction.
 */
export function balanceAt(productAlias: string, cutoff: string, alias: string): string {
  return `LEFT JOIN LATERAL (
      SELECT m.balance_quantity AS quantity, m.balance_average AS average_cost, m.balance_value AS value
        FROM movements m
       WHERE m.product_id = ${productAlias}.id AND m.recorded_at < ${cutoff}
       ORDER BY m.recorded_at DESC, m.id DESC
       LIMIT 1
    ) ${alias} ON true`;
}

/** The sentence printed under the title of a report of the stock at a date. */
export function cutoffNote(date: string, timeZone: string): string {
  return (
    `Existencias al ${formatDate(date)}: el saldo de cada producto después del último movimiento registrado ` +
    `hasta el fin de ese día (hora de ${timeZone}). Cuenta la fecha de registro en el almacén: un documento con ` +
    'fecha anterior registrado después, o una cancelación registrada después, no cambia estas cifras.'
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
 * Every product (in id order) with its stock at the end of `date` in `timeZone`, or today's
 * balance rows when `date` is null. A product that had not moved reads 0 / 0 / 0.
 */
export async function stockAtDate(db: Queryable, date: string | null, timeZone: string): Promise<StockAtDateRow[]> {
  const join = date === null ? 'LEFT JOIN product_balances b ON b.product_id = p.id' : balanceAt('p', endOfDay('$1', '$2'), 'b');
  const { rows } = await db.query<StockAtDateRow>(
    `SELECT p.id AS "productId",
            trim_scale(coalesce(b.quantity, 0))::text AS "availableQuantity",
            trim_scale(coalesce(b.average_cost, 0))::text AS "averagePrice",
            trim_scale(coalesce(b.value, 0))::text AS value
       FROM products p
       ${join}
      ORDER BY p.id`,
    date === null ? [] : [date, timeZone],
  );
  return rows;
}
