// Month closings: what a closing means for a document's date, in the API's words and
// in the wizards'. A document dated on or before the last standing closing is refused (409
// PERIOD_CLOSED); the wizards' date pickers start at the day after it.
import { formatDate } from './format';

/** A closing as GET /api/period-closings lists it (the fields the date pickers need). */
export const CLOSING_STATUSES = ['CERRADO', 'REABIERTO'] as const;

export interface ClosingStatus {
  until: string;
  status: (typeof CLOSING_STATUSES)[number];
}

/** The API's 409 sentence, and the wizards' when a date on or before the closed date is typed. */
export const periodClosedMessage = (until: string) =>
  `El periodo hasta el ${formatDate(until)} está cerrado; registra el documento con una fecha posterior.`;

/** The hint under a date field while a closing stands. */
export const periodClosedHint = (until: string) => `El periodo hasta el ${formatDate(until)} está cerrado.`;

/** The last closed date (YYYY-MM-DD) of the closings that stand (not reopened), or null. */
export function lastClosedUntil(closings: readonly ClosingStatus[] | null | undefined): string | null {
  let last: string | null = null;
  for (const closing of closings ?? []) {
    if (closing.status === 'CERRADO' && (last === null || closing.until > last)) last = closing.until;
  }
  return last;
}

/** The last day (YYYY-MM-DD) of the month `offset` months from `date`'s: 0 its own, -1 the one before. */
export function monthEnd(date: string, offset = 0): string {
  const [year, month] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month + offset, 0)).toISOString().slice(0, 10);
}

/** The month (YYYY-MM) `offset` months from `date`'s. */
export function monthOf(date: string, offset = 0): string {
  return monthEnd(date, offset).slice(0, 7);
}

/** The calendar day after a YYYY-MM-DD date: the first open day after a closing. */
export function dayAfter(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** "octubre", or "octubre de 2025" when the year is not `today`'s. */
export function monthName(date: string, today?: string): string {
  const name = MONTHS[Number(date.slice(5, 7)) - 1];
  return today && today.slice(0, 4) !== date.slice(0, 4) ? `${name} de ${date.slice(0, 4)}` : name;
}

/**
 * The wizards' note under a date of an earlier month than today's: the document counts in the
 * month of its date (closings, stock at a date, the home page's monthly figures). Null otherwise.
 */
export function earlierMonthNote(date: string, today: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date.slice(0, 7) >= today.slice(0, 7)) return null;
  return `La fecha es del ${formatDate(date)}: contará en ${monthName(date, today)}.`;
}

/**
 * The API's 409 when a back-dated document would leave a date without stock: the first date
 * from the document's own on which the product would fall below zero, what it had then, and what
 * the document takes (`what`: "la salida", "el ajuste del conteo").
 */
export const datedShortfallMessage = (date: string, available: string, productName: string, requested: string, what = 'la salida') =>
  `Al ${formatDate(date)} había ${available} unidades de «${productName}»; ${what} pide ${requested}.`;
