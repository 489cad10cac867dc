// Spanish text helpers shared by the table and the selects: one collator (sorting that puts
// "Ñandú" after "Nube" and "Producto 10" after "Producto 9") and one way to compare what a clerk
// types with what a row shows (without case or accents: "cafe" finds "Café").

import { compareDecimal, DECIMAL_TEXT } from '../../domain/decimal';

/** Spanish (Mexico) collation, numeric-aware, case- and accent-insensitive at the first level. */
export const spanishCollator = new Intl.Collator('es-MX', { numeric: true, sensitivity: 'base' });

/** Orders two cell values: numbers and decimal texts by value, other text with Spanish collation, empty values last. */
export function compareValues(a: unknown, b: unknown): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  // Quantities and prices arrive as exact decimal text: "9.25" < "9.3" by value (a numeric
  // collation would compare the digits after the point as whole numbers, 25 > 3).
  if (typeof a === 'string' && typeof b === 'string' && DECIMAL_TEXT.test(a) && DECIMAL_TEXT.test(b)) return compareDecimal(a, b);
  return spanishCollator.compare(String(a), String(b));
}

const DIACRITICS = /\p{M}+/gu;

/** Lower case, without accents and with collapsed spaces: the form both sides of a search take. */
export function foldForSearch(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value).normalize('NFD').replace(DIACRITICS, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
