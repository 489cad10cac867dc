import { isCalendarDate } from '@almacen/shared/domain';

/** What a date field shows and accepts, whatever the browser's language. */
export const DATE_PLACEHOLDER = 'DD/MM/AAAA';
export const DATE_FORMAT_MESSAGE = 'Escribe la fecha como DD/MM/AAAA (por ejemplo, 28/11/2026).';

/** "2026-11-28" → "28/11/2026"; anything that is not a calendar date stays as it is. */
export function isoToDateText(value: string): string {
  if (!isCalendarDate(value)) return value;
  const [year, month, day] = value.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * What a person typed → YYYY-MM-DD, '' for nothing, or null when it names no date. Day first:
 * "28/11/2026", "28-11-2026", "28.11.2026", "28112026", "1/2/2026"; a pasted "2026-11-28" too.
 */
export function dateTextToIso(text: string): string | null {
  const typed = text.trim();
  if (typed === '') return '';
  if (isCalendarDate(typed)) return typed;
  const parts = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(typed) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(typed);
  if (!parts) return null;
  const iso = `${parts[3]}-${parts[2]!.padStart(2, '0')}-${parts[1]!.padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}

/**
 * Typing help: digits and separators only, and the slash after the day and after the month is
 * written for the person ("2811" → "28/11/"), unless they are deleting. A year-first date
 * (pasted "2026-11-28") is left as it is.
 */
export function maskDateText(next: string, previous: string): string {
  const cleaned = next.replace(/[^\d/.-]/g, '').replace(/([/.-])[/.-]+/g, '$1');
  if (next.length < previous.length || (/^\d{3}/.test(cleaned) && /[/.-]/.test(cleaned))) return cleaned.slice(0, 10);
  if (!/[/.-]/.test(cleaned)) {
    const digits = cleaned.slice(0, 8);
    if (digits.length < 2) return digits;
    if (digits.length < 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
    if (digits.length === 4) return `${digits.slice(0, 2)}/${digits.slice(2)}/`;
    return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
  }
  const parts = cleaned.split(/[/.-]/);
  const separator = /[/.-]/.exec(cleaned)![0];
  const last = parts[parts.length - 1]!;
  if (parts.length < 3 && last.length === 2 && !cleaned.endsWith(separator)) return `${cleaned}${separator}`;
  return cleaned.slice(0, 10);
}
