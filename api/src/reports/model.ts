// What a report is, independent of the file format: a header, a table whose rows arrive in
// batches (from a database cursor), and what follows the table (totals, a note, signature
// blocks). pdf.ts and xlsx.ts each turn one ReportDefinition into a file while the rows are
// still arriving, so neither ever holds the whole table.
//
// Cells carry decimal STRINGS exactly as PostgreSQL computed them. Renderers format them
// (es-MX) and never do arithmetic: money columns arrive already rounded to cents by the query,
// totals arrive as rows or in `closing`, computed in SQL or with the shared BigInt helpers.

/**
 * How a cell is shown.
 * - text: as is (wrapped in the PDF when long);
 * - quantity: up to 3 decimals, thousands separators ("1,234.5");
 * - money: an amount in cents ("$1,234.50");
 * - price: a unit price or average with up to 6 decimals ("$12.345679");
 * - date: a calendar date YYYY-MM-DD shown DD/MM/YYYY.
 */
export type CellKind = 'text' | 'quantity' | 'money' | 'price' | 'date';

export interface Column {
  header: string;
  kind: CellKind;
  /** Relative width in the PDF (the table fills the page width). */
  weight: number;
  /** Column width in the spreadsheet, in characters. */
  xlsxWidth: number;
}

/** A heading over several adjacent columns (the kardex's "Entradas", "Salidas", "Existencia"). */
export interface ColumnGroup {
  title: string;
  first: number;
  span: number;
}

export type Cell = string | null;

/**
 * A table row. An emphasized row (a partida heading, a subtotal, the total) is bold, and a text
 * cell in it spans the empty cells to its right, so "Total de la partida 2111" can be long.
 */
export interface Row {
  cells: Cell[];
  emphasis?: 'group' | 'subtotal' | 'total';
}

export interface Signature {
  /** The block's caption, e.g. "Almacenista". */
  role: string;
  /** Who signs; shown above the caption, under the line. */
  name: string;
}

export interface Closing {
  /** Label/amount pairs under the table ("Total", "IVA"), amounts as money decimal strings. */
  totals?: Array<{ label: string; amount: string }>;
  /** A sentence under the totals (e.g. how the taxes are broken down). */
  note?: string;
  signatures?: Signature[];
}

export interface ReportDefinition {
  institution: string;
  title: string;
  /** Date of issue, YYYY-MM-DD (today in the configured time zone). */
  issued: string;
  orientation: 'portrait' | 'landscape';
  /** Worksheet name (at most 31 characters, no []:*?/\). */
  sheetName: string;
  /** Label/value pairs printed between the title and the table (the document's identity). */
  fields: Array<{ label: string; value: string }>;
  columns: Column[];
  groups?: ColumnGroup[];
  /** Batches of rows in order; iterated once. */
  rows: AsyncIterable<Row[]>;
  /** Called after the last row (totals may come from the same database snapshot). */
  closing?: () => Promise<Closing> | Closing;
  /** Shown instead of an empty table. */
  emptyText?: string;
  /**
   * Printed on every page, under the title: a cancelled document's "CANCELADA" with the date
   * and the reason. The original stays readable; the stamp says it no longer counts.
   */
  stamp?: { title: string; text: string };
  /**
   * A sentence printed under the title on every page (PDF) and under the date of issue (XLSX):
   * what the figures mean, e.g. the stock at a cut-off date counts by registration.
   */
  note?: string;
  /**
   * PDF only: at each page break a row `after` with the values of `columns` of the last row that
   * had them (the kardex's balance), and on the next page, under the header, a row `before` with
   * the same values, so every printed page carries the balance.
   */
  carry?: { columns: number[]; before: string; after: string };
}

export type ReportFormat = 'pdf' | 'xlsx';

export const CONTENT_TYPES: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
