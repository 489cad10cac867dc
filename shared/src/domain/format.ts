// Display formats: MXN with a $ prefix, dates DD/MM/YYYY (es-MX) or a
// long Spanish form, in UTC. Decimal strings are formatted without passing through floats
// (Intl.NumberFormat formats decimal strings exactly).

// How many decimals a peso figure shows: an amount (a line total, a value, a difference, a total)
// to the cent; a unit price or an average with at most the spec's 3 decimals; the exact figure
// (the ledger keeps averages and CFDI prices to 6) where a person asks for it — a tooltip, the
// XLSX files. Intl rounds decimal strings half away from zero, as the ledger does.
const pesos = (maximumFractionDigits: number) =>
  new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN', minimumFractionDigits: 2, maximumFractionDigits });
const amount = pesos(2);
const price = pesos(3);
const exact = pesos(6);
const quantity = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 3 });

type Numeric = string | number | bigint;

// Intl accepts decimal strings at run time (ES2023 Intl.NumberFormat v3); the DOM typings lag.
const asIntl = (value: Numeric) => value as unknown as number;

/** An amount to the cent: "$3,635.56" for 3635.562857. */
export function formatCurrency(value: Numeric): string {
  return amount.format(asIntl(value));
}

/** A unit price or an average price: "$23.563" for 23.562857, "$95.00" for 95. */
export function formatPrice(value: Numeric): string {
  return price.format(asIntl(value));
}

/** The exact figure, up to 6 decimals: "$23.562857". */
export function formatExactCurrency(value: Numeric): string {
  return exact.format(asIntl(value));
}

/** "$1,234.500 MXN" (the stock panel's average price). */
export function formatCurrencyMXN(value: Numeric): string {
  return `${formatPrice(value)} MXN`;
}

/** "1,234.5" */
export function formatQuantity(value: Numeric): string {
  return quantity.format(asIntl(value));
}

function toDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  // A bare calendar date is read as UTC midnight so it never shifts by a day.
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}

const shortDate = new Intl.DateTimeFormat('es-MX', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "22/11/2026" */
export function formatDate(value: string | Date): string {
  return shortDate.format(toDate(value));
}

/** "23/11/2026 09:05" (24 h) in a time zone: when something happened, as the institution's clock said. */
export function formatDateTime(value: string | Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(toDate(value))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** Today's calendar date (YYYY-MM-DD) in a time zone; "not later than today" is judged with it. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Whether a YYYY-MM-DD string names a real calendar date. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
