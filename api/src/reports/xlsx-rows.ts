// The table's data rows of an XLSX report. A row with no merged cells — nearly every row — is
// written as worksheet XML directly: the very markup exceljs writes for it (`<row>` with its
// height and spans, one `<c>` per column with the column's style id, `t="str"` texts, numbers
// as the decimal text), gathered per batch into one write of the sheet's stream. Going through
// exceljs' Row and Cell objects cost a handful of objects and an XML builder per cell. A row
// with merged cells (a label spanning the empty cells after it) still goes through exceljs,
// which keeps the list of merges; the two kinds can follow each other in any order.
//
// A number reaches the cell as its decimal text from PostgreSQL, normalized as text (no binary
// floating point on the way): at most 15 significant digits, which a spreadsheet's double keeps
// exactly; anything longer stays text, as it would be unchanged by no spreadsheet.
import type ExcelJS from 'exceljs';
import { XLSX_NUMBER_FORMATS } from './cells';
import type { CellKind, ReportDefinition, Row } from './model';

const THIN = { style: 'thin' as const, color: { argb: 'FF9A9A9A' } };
export const BORDER: Partial<ExcelJS.Borders> = { top: THIN, left: THIN, bottom: THIN, right: THIN };
const EMPHASIS_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF1F1F1' } };

/**
 * The parts of exceljs' streaming worksheet and workbook this module writes through (exceljs 4,
 * `lib/stream/xlsx/`): the sheet's XML stream, the number of the next row (`_rowZero` once every
 * row is committed) and the styles registry. `xlsx-rows.test.ts` holds the markup to exceljs' own.
 */
interface SheetInternals {
  readonly stream: { write(chunk: string): unknown };
  _rowZero: number;
  readonly _rows: unknown[];
  readonly startedData: boolean;
}
export interface StyleRegistry {
  addStyleModel(style: Partial<ExcelJS.Style>, cellType: ExcelJS.ValueType): number;
}

const LINE_HEIGHT = 15;
/** Bytes of XML gathered before they are written to the sheet's stream. */
const GATHER = 64 * 1024;

/**
 * How many lines a text needs in a column `width` characters wide. Spreadsheets do not all
 * re-measure rows when they open a file (LibreOffice keeps the stored height), so the height is
 * estimated from the text length against the column width, erring on the tall side.
 */
function linesOf(text: string, width: number): number {
  const perLine = Math.max(1, Math.floor(width * 0.95) - 1);
  if (!text.includes('\n')) return Math.max(1, Math.ceil(text.length / perLine));
  return text.split('\n').reduce((sum, part) => sum + Math.max(1, Math.ceil(part.length / perLine)), 0);
}

/** The row height for wrapped texts (text, width in characters), or undefined for one line. */
export function fitHeight(row: ExcelJS.Row, texts: Array<[string, number]>): void {
  let lines = 1;
  for (const [text, width] of texts) lines = Math.max(lines, linesOf(text, width));
  if (lines > 1) row.height = lines * LINE_HEIGHT;
}

export function sumWidths(def: ReportDefinition, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += def.columns[i].xlsxWidth;
  return sum;
}

const DECIMAL_RE = /^(-?)0*(\d+?)(?:\.(\d*?)0*)?$/;

/** A decimal string as a spreadsheet number's text ("12.500" → "12.5"), or null to keep it text. */
export function numberText(value: string): string | null {
  const match = DECIMAL_RE.exec(value);
  if (!match || value.endsWith('.')) return null;
  const [, sign, whole, fraction = ''] = match;
  const digits = (whole === '0' ? '' : whole) + fraction;
  if (digits.replace(/^0+/, '').replace(/0+$/, '').length > 15) return null;
  if (whole === '0' && fraction === '') return '0';
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;
/** Day 0 of the spreadsheet's calendar (1899-12-30) counted back from 1970-01-01. */
const EPOCH_DAYS = 25_569;

/** A calendar date as the spreadsheet's day number (whole days: UTC midnight never shifts a day). */
export function dateSerial(value: string): number | null {
  const match = DATE_RE.exec(value);
  if (!match) return null;
  return EPOCH_DAYS + Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

const ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };
// The control characters are the point: XML 1.0 cannot hold them.
// eslint-disable-next-line no-control-regex
const XML_SPECIAL = /[<>&'"\x7F\x00-\x08\x0B\x0C\x0E-\x1F]/;
// eslint-disable-next-line no-control-regex
const XML_SPECIALS = /[<>&'"\x7F\x00-\x08\x0B\x0C\x0E-\x1F]/g;

/** As exceljs encodes text: the five entities, and characters XML 1.0 cannot hold left out. */
export function xmlText(text: string): string {
  return XML_SPECIAL.test(text) ? text.replace(XML_SPECIALS, (ch) => ESCAPES[ch] ?? '') : text;
}

function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

const isNumeric = (kind: CellKind) => kind === 'quantity' || kind === 'money' || kind === 'price';

/** The data cells' styles of a column, plain and emphasized: one object each, shared by all its cells. */
function columnStyles(kind: CellKind): [plain: Partial<ExcelJS.Style>, emphasized: Partial<ExcelJS.Style>] {
  const numFmt = XLSX_NUMBER_FORMATS[kind];
  const plain: Partial<ExcelJS.Style> = {
    ...(numFmt ? { numFmt } : {}),
    border: BORDER,
    alignment: kind === 'text' ? { wrapText: true, vertical: 'top' } : { vertical: 'top' },
  };
  return [plain, { ...plain, font: { bold: true }, fill: EMPHASIS_FILL }];
}

export class DataRows {
  private readonly sheet: SheetInternals;
  private readonly kinds: CellKind[];
  private readonly widths: number[];
  private readonly letters: string[];
  /** Per column, plain and emphasized. Merged cells take their first cell's, as exceljs does. */
  private readonly styles: Array<[Partial<ExcelJS.Style>, Partial<ExcelJS.Style>]>;
  /** Their ids, registered on first use, so in the order exceljs would register them. */
  private readonly ids: Array<[number | undefined, number | undefined]>;
  private pending = '';

  constructor(
    private readonly worksheet: ExcelJS.Worksheet,
    private readonly registry: StyleRegistry,
    private readonly def: ReportDefinition,
  ) {
    this.sheet = worksheet as unknown as SheetInternals;
    this.kinds = def.columns.map((column) => column.kind);
    this.widths = def.columns.map((column) => column.xlsxWidth);
    this.letters = def.columns.map((_, i) => columnLetters(i));
    this.styles = this.kinds.map(columnStyles);
    this.ids = this.kinds.map(() => [undefined, undefined]);
  }

  add(row: Row): void {
    const sheet = this.sheet;
    if (sheet._rows.length || !sheet.startedData) throw new Error('xlsx-rows: a row above the table was left uncommitted');
    const number = sheet._rowZero;
    const style = row.emphasis ? 1 : 0;
    const count = this.kinds.length;
    let lines = 1;
    let cells = '';
    let merged = false;
    for (let i = 0; i < count; i++) {
      const kind = this.kinds[i];
      const value = row.cells[i] ?? null;
      const id = (this.ids[i][style] ??= this.register(i, style));
      const address = `<c r="${this.letters[i]}${number}"${id ? ` s="${id}"` : ''}`;
      if (value === null || value === '') cells += `${address}/>`;
      else {
        const text = isNumeric(kind) ? numberText(value) : kind === 'date' ? dateSerial(value) : null;
        cells += text === null ? `${address} t="str"><v>${xmlText(value)}</v></c>` : `${address}><v>${text}</v></c>`;
      }
      if (value === null || kind !== 'text') continue;
      // In an emphasized row a text spans the empty cells after it, as in the PDF.
      let end = i;
      if (style) while (end + 1 < count && row.cells[end + 1] === null) end++;
      lines = Math.max(lines, linesOf(value, end > i ? sumWidths(this.def, i, end + 1) : this.widths[i]));
      if (end === i) continue;
      for (let j = i + 1; j <= end; j++) cells += `<c r="${this.letters[j]}${number}"${id ? ` s="${id}"` : ''}/>`;
      // exceljs keeps the sheet's merges; the Row it makes for them is dropped below, written here.
      this.worksheet.mergeCells(number, i + 1, number, end + 1);
      merged = true;
      i = end;
    }
    if (merged) sheet._rows.length = 0;
    const height = lines > 1 ? ` ht="${lines * LINE_HEIGHT}" customHeight="1"` : '';
    this.pending += `<row r="${number}"${height} spans="1:${count}" x14ac:dyDescent="0.25">${cells}</row>`;
    sheet._rowZero = number + 1;
    if (this.pending.length >= GATHER) this.flush();
  }

  /** Writes the gathered rows to the sheet. Call before anything else is added to it. */
  flush(): void {
    if (!this.pending) return;
    this.sheet.stream.write(this.pending);
    this.pending = '';
  }

  private register(column: number, style: 0 | 1): number {
    // exceljs' ValueType: String for a text column, Number for the rest (they carry a numFmt).
    const cellType = this.kinds[column] === 'text' ? 3 : 2;
    return this.registry.addStyleModel(this.styles[column][style], cellType as ExcelJS.ValueType);
  }
}
