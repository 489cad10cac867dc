// A spreadsheet a person uploads (XLSX or CSV) as rows of cell values, read within limits that
// are settings (config.ts: IMPORT_MAX_ROWS, IMPORT_MAX_UNPACKED_MB, IMPORT_MAX_RATIO):
//   - an XLSX's declared sizes are checked before anything is inflated (zip.ts), its parts are
//     inflated as streams that stop at the budget, and the first worksheet is parsed as a stream
//     (saxes) that stops at the row cap: memory is the rows kept, never the whole sheet;
//   - a CSV's records stop at the same cap.
// A row or cell without the optional `r` attribute follows the one before it, as Excel reads it.
// Runs in the spreadsheet worker pool (sheet-pool.ts), never on the thread that answers requests.
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { AppError } from '../http/errors';
import { checkDeclared, inflate, INVALID_XLSX, zipEntries, type UnpackLimits, type ZipEntry } from './zip';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv';

export interface SheetLimits extends UnpackLimits {
  /** Rows of the sheet (the header and any row above it included). */
  maxRows: number;
}

export type Cell = string | number | boolean | null;

/** Columns past this one are not read (no import has more than a handful). */
const MAX_COLUMNS = 256;

const format = (n: number) => n.toLocaleString('en-US');
export const SHEET_TEXTS = {
  rows: (max: number) =>
    `El archivo tiene más de ${format(max)} renglones (límite IMPORT_MAX_ROWS); divídelo en archivos de ${format(max)} renglones o menos.`,
  strings: (max: number) =>
    `El archivo tiene más de ${format(max)} textos distintos (límite IMPORT_MAX_ROWS × 10); divídelo en archivos más pequeños.`,
  noSheet: `${INVALID_XLSX.slice(0, -1)}: no tiene hojas.`,
} as const;

const tooLarge = (message: string) => new AppError('PAYLOAD_TOO_LARGE', message, { file: message });
const invalid = () => new AppError('VALIDATION', INVALID_XLSX, { file: INVALID_XLSX });

/** The sheet's rows, or AppError (400 for a file that is not a spreadsheet, 413 past a limit). */
export async function readSheet(bytes: Buffer, contentType: string, limits: SheetLimits): Promise<Cell[][]> {
  return contentType === XLSX_TYPE ? readXlsx(bytes, limits) : parseCsv(decodeText(bytes), limits.maxRows);
}

/** UTF-8 when the bytes are valid UTF-8 (with or without BOM), else Windows-1252 (Excel's "CSV"). */
export function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * RFC 4180 records; the delimiter is the header's "," or ";" (Excel in a comma-decimal locale).
 * More than `maxRows` records is refused (413) as soon as the next one starts.
 */
export function parseCsv(text: string, maxRows = Infinity): string[][] {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const push = () => {
    if (records.length >= maxRows) throw tooLarge(SHEET_TEXTS.rows(maxRows));
    records.push(record);
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      push();
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    push();
  }
  return records;
}

/** A tag's name without its namespace prefix (<x:row> is <row>). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** Feeds a part's inflated bytes to a fresh parser; `on` receives its events. */
async function parsePart(
  bytes: Buffer,
  entry: ZipEntry,
  budget: { left: number; limits: UnpackLimits },
  on: (parser: SaxesParser) => void,
): Promise<void> {
  const parser = new SaxesParser();
  let failed: unknown = null;
  parser.on('error', (error) => {
    failed ??= error;
  });
  parser.on('doctype', () => {
    failed ??= invalid();
  });
  on(parser);
  const decoder = new StringDecoder('utf8');
  for await (const chunk of inflate(bytes, entry, budget)) {
    parser.write(decoder.write(chunk));
    if (failed) break;
  }
  if (!failed) {
    parser.write(decoder.end());
    parser.close();
  }
  if (failed) throw failed instanceof AppError ? failed : invalid();
}

/** Column index (0-based) of a cell reference's letters: "C7" → 2. */
function columnOf(reference: string): number {
  let n = 0;
  for (let i = 0; i < reference.length; i++) {
    const code = reference.charCodeAt(i);
    if (code < 65 || code > 90) break;
    n = n * 26 + code - 64;
  }
  return n - 1;
}

/** A relationship's target as a part name ("worksheets/sheet1.xml" from xl/ → "xl/worksheets/sheet1.xml"). */
function resolveTarget(target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = ['xl'];
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.' && piece !== '') parts.push(piece);
  }
  return parts.join('/');
}

async function readXlsx(bytes: Buffer, limits: SheetLimits): Promise<Cell[][]> {
  const entries = zipEntries(bytes);
  const workbook = entries.get('xl/workbook.xml');
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) throw invalid();
  checkDeclared([workbook, rels], limits);
  const budget = { left: limits.maxUnpackedBytes, limits };

  // The first sheet in the workbook's order, and the shared strings, through the relationships.
  let firstSheet: string | null = null;
  await parsePart(bytes, workbook, budget, (parser) =>
    parser.on('opentag', (tag) => {
      if (firstSheet === null && local(tag.name) === 'sheet') {
        const attributes = (tag as SaxesTagPlain).attributes;
        firstSheet = Object.entries(attributes).find(([name]) => local(name) === 'id')?.[1] ?? null;
      }
    }),
  );
  const targets = new Map<string, string>();
  let stringsTarget: string | null = null;
  await parsePart(bytes, rels, budget, (parser) =>
    parser.on('opentag', (tag) => {
      if (local(tag.name) !== 'Relationship') return;
      const { Id, Target, Type } = (tag as SaxesTagPlain).attributes;
      if (Id && Target) targets.set(Id, resolveTarget(Target));
      if (Type?.endsWith('/sharedStrings') && Target) stringsTarget = resolveTarget(Target);
    }),
  );
  if (firstSheet === null) throw new AppError('VALIDATION', SHEET_TEXTS.noSheet, { file: SHEET_TEXTS.noSheet });
  const sheet = entries.get(targets.get(firstSheet) ?? '');
  if (!sheet) throw invalid();
  const stringsEntry = stringsTarget ? entries.get(stringsTarget) : undefined;
  checkDeclared([workbook, rels, sheet, ...(stringsEntry ? [stringsEntry] : [])], limits);

  const strings = stringsEntry ? await sharedStrings(bytes, stringsEntry, budget, limits.maxRows * 10) : [];
  return sheetRows(bytes, sheet, budget, strings, limits.maxRows);
}

/** The shared strings' texts (a rich text's runs joined; phonetic runs left out). */
async function sharedStrings(bytes: Buffer, entry: ZipEntry, budget: { left: number; limits: UnpackLimits }, max: number) {
  const strings: string[] = [];
  let inItem = false;
  let inText = false;
  let phonetic = 0;
  let text = '';
  await parsePart(bytes, entry, budget, (parser) => {
    parser.on('opentag', (tag) => {
      const name = local(tag.name);
      if (name === 'si') {
        inItem = true;
        text = '';
      } else if (name === 'rPh') phonetic++;
      else if (name === 't' && inItem && phonetic === 0) inText = true;
    });
    const add = (t: string) => {
      if (inText) text += t;
    };
    parser.on('text', add);
    parser.on('cdata', add);
    parser.on('closetag', (tag) => {
      const name = local(tag.name);
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si') {
        if (strings.length >= max) throw tooLarge(SHEET_TEXTS.strings(max));
        strings.push(text);
        inItem = false;
      }
    });
  });
  return strings;
}

/** The worksheet's rows: at most `maxRows`, by count and by number. */
async function sheetRows(
  bytes: Buffer,
  entry: ZipEntry,
  budget: { left: number; limits: UnpackLimits },
  strings: string[],
  maxRows: number,
): Promise<Cell[][]> {
  const rows: Cell[][] = [];
  let rowNumber = 0;
  let row: Cell[] = [];
  let column = -1;
  let type = 'n';
  let value: string | null = null;
  let collecting: 'v' | 't' | null = null;
  let inInline = false;
  let phonetic = 0;
  await parsePart(bytes, entry, budget, (parser) => {
    parser.on('opentag', (tag) => {
      const name = local(tag.name);
      const attributes = (tag as SaxesTagPlain).attributes;
      if (name === 'row') {
        const stated = attributes.r ? Number(attributes.r) : NaN;
        rowNumber = Number.isSafeInteger(stated) && stated > rowNumber ? stated : rowNumber + 1;
        if (rowNumber > maxRows) throw tooLarge(SHEET_TEXTS.rows(maxRows));
        row = [];
        column = -1;
      } else if (name === 'c') {
        const stated = attributes.r ? columnOf(attributes.r) : -1;
        column = stated >= 0 ? stated : column + 1;
        type = attributes.t ?? 'n';
        value = null;
      } else if (name === 'v') {
        collecting = 'v';
        value = '';
      } else if (name === 'is') {
        inInline = true;
        value = '';
      } else if (name === 'rPh') phonetic++;
      else if (name === 't' && inInline && phonetic === 0) collecting = 't';
    });
    const add = (text: string) => {
      if (collecting !== null) value += text;
    };
    parser.on('text', add);
    parser.on('cdata', add);
    parser.on('closetag', (tag) => {
      const name = local(tag.name);
      if (name === 'v' || name === 't') collecting = null;
      else if (name === 'rPh') phonetic--;
      else if (name === 'is') inInline = false;
      else if (name === 'c') {
        if (column < MAX_COLUMNS && value !== null) row[column] = cellValue(type, value, strings);
      } else if (name === 'row') {
        for (let i = 0; i < row.length; i++) row[i] ??= null;
        rows[rowNumber - 1] = row;
      }
    });
  });
  for (let i = 0; i < rows.length; i++) rows[i] ??= [];
  return rows;
}

/** A cell's value by its type: a shared or inline string, a formula's text, a boolean, or a number. */
function cellValue(type: string, text: string, strings: string[]): Cell {
  switch (type) {
    case 's': {
      const index = Number(text);
      return Number.isInteger(index) ? (strings[index] ?? null) : null;
    }
    case 'inlineStr':
    case 'str':
    case 'e':
    case 'd':
      return text;
    case 'b':
      return text.trim() === '1';
    default: {
      if (text.trim() === '') return null;
      const n = Number(text);
      return Number.isFinite(n) ? n : text;
    }
  }
}
