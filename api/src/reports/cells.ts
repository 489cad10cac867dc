// Cell text and spreadsheet values for each CellKind: a PDF shows amounts to the cent and prices
// with at most 3 decimals, a spreadsheet keeps the exact figure. Decimal strings are formatted by the
// shared es-MX formatters (Intl formats decimal strings exactly, no float in between).
import { formatCurrency, formatDate, formatPrice, formatQuantity } from '@almacen/shared/domain';
import type { Cell, CellKind } from './model';

/** The text a PDF cell shows. */
export function cellText(kind: CellKind, value: Cell): string {
  if (value === null || value === '') return '';
  switch (kind) {
    case 'money':
      return formatCurrency(value);
    case 'price':
      return formatPrice(value);
    case 'quantity':
      return formatQuantity(value);
    case 'date':
      return formatDate(value);
    default:
      return value;
  }
}

export const isNumericKind = (kind: CellKind) => kind === 'money' || kind === 'price' || kind === 'quantity';

/** Spreadsheet number formats: what Excel/LibreOffice show for the stored value. */
export const XLSX_NUMBER_FORMATS: Record<CellKind, string | undefined> = {
  text: undefined,
  quantity: '#,##0.###',
  money: '"$"#,##0.00',
  price: '"$"#,##0.00####',
  date: 'dd/mm/yyyy',
};

const DECIMAL_RE = /^-?\d+(\.\d+)?$/;

/**
 * A decimal string as a spreadsheet number. XLSX stores numbers as IEEE doubles (that is the
 * file format, and what every spreadsheet computes with); a decimal with at most 15 significant
 * digits survives that round trip unchanged, which covers every figure of the ledger (15 digits
 * before the point would be a trillion pesos). Anything longer is written as text rather than
 * silently altered.
 */
export function spreadsheetNumber(value: string): number | string {
  if (!DECIMAL_RE.test(value)) return value;
  const significant = value.replace(/^-/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  if (significant.length > 15) return value;
  return Number(value);
}
