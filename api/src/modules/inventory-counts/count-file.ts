// The counted quantities from a spreadsheet: an XLSX or a CSV whose header row (the
// first, or the first naming them, as in a downloaded "Hoja de conteo") names the columns "ID",
// "Cantidad contada" and, optionally, "Costo unitario" and "Observaciones".
// Every bad row is reported with its row number (as the spreadsheet numbers it: the header is
// row 1) and a Spanish reason; the caller applies nothing when there is any.
import { checkCountedQuantity, checkUnitCost, COUNT_MESSAGES, freeTextError } from '@almacen/shared/schemas';
import type { Cell } from '../../files/sheet-reader';
import { AppError } from '../../http/errors';
import type { LineInput } from './inventory-counts.input';

const COLUMNS = { id: 'id', counted: 'cantidad contada', cost: 'costo unitario', observations: 'observaciones' } as const;
type Column = keyof typeof COLUMNS;

interface SheetRow {
  row: number;
  cells: Partial<Record<Column, unknown>>;
}

const normalize = (text: unknown) =>
  String(text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');

const NO_COLUMNS = 'El archivo debe tener una fila de encabezados con las columnas "ID" y "Cantidad contada".';
/**
 * A file whose "Cantidad contada" column is empty in every row: the quantities were typed in
 * another column. Saving it would only clear what was counted, so it is refused, saying why.
 */
const NO_QUANTITIES =
  'El archivo no trae cantidades en la columna "Cantidad contada": todas sus celdas están vacías. ' +
  'Escribe cada cantidad contada en esa columna (¿quedaron en otra?); no se aplicó ningún cambio.';

function columnsOf(header: unknown[]): Partial<Record<Column, number>> | null {
  const found: Partial<Record<Column, number>> = {};
  header.forEach((title, index) => {
    const name = normalize(title);
    for (const [key, wanted] of Object.entries(COLUMNS) as Array<[Column, string]>)
      if (name === wanted && found[key] === undefined) found[key] = index;
  });
  return found.id === undefined || found.counted === undefined ? null : found;
}

/**
 * The header row: the first of the first rows naming "ID" and "Cantidad contada" (a "Hoja de
 * conteo" downloaded as XLSX has the institution, title and fields above its table).
 */
function findHeader(table: unknown[][]): { at: number; columns: Partial<Record<Column, number>> } {
  for (let at = 0; at < Math.min(table.length, 40); at++) {
    const columns = columnsOf(table[at] ?? []);
    if (columns) return { at, columns };
  }
  throw new AppError('VALIDATION', NO_COLUMNS, { file: NO_COLUMNS });
}

function sheetRows(table: Cell[][]): SheetRow[] {
  if (table.length === 0) throw new AppError('VALIDATION', 'El archivo está vacío.', { file: 'El archivo está vacío.' });
  const { at, columns } = findHeader(table);
  const rows: SheetRow[] = [];
  table.slice(at + 1).forEach((values, index) => {
    const empty = values.every((v) => v === null || v === undefined || String(v).trim() === '');
    if (empty) return;
    const cells: SheetRow['cells'] = {};
    // A column of the header is there for every row: an empty cell is null (clears the line's value).
    for (const [key, at] of Object.entries(columns) as Array<[Column, number]>) cells[key] = values[at] ?? null;
    rows.push({ row: at + index + 2, cells });
  });
  return rows;
}

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const asText = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
/** A message inside "Fila N: …; …." (lower-case start, no final period). */
const inline = (message: string) => message.charAt(0).toLowerCase() + message.slice(1).replace(/\.$/, '');
/**
 * The reason of a refused cell: the count's own messages name their column; the shared ones (the
 * entries' maximum, the free-text rule) get the column's title, as the catalogue import does.
 */
const reasonOf = (message: string, column: string, own?: string) => (message === own ? inline(message) : `${column}: ${inline(message)}`);

/**
 * The lines of a count file's rows (files/upload.ts), or AppError('VALIDATION') listing every bad
 * row ("Fila 4: …"). `productIds` are the products of the session.
 */
export function linesFromFile(table: Cell[][], productIds: Set<number>): LineInput[] {
  const rows = sheetRows(table);
  if (rows.length === 0)
    throw new AppError('VALIDATION', 'El archivo no tiene filas con datos.', { file: 'El archivo no tiene filas con datos.' });
  if (rows.every(({ cells }) => blank(cells.counted))) throw new AppError('VALIDATION', NO_QUANTITIES, { file: NO_QUANTITIES });
  const errors: Record<string, string> = {};
  const seen = new Map<number, number>();
  const lines: LineInput[] = [];
  for (const { row, cells } of rows) {
    const reasons: string[] = [];
    const idText = String(asText(cells.id) ?? '');
    const id = /^[1-9]\d{0,9}$/.test(idText) ? Number(idText) : NaN;
    if (blank(cells.id)) reasons.push('falta el ID del producto');
    else if (!Number.isSafeInteger(id)) reasons.push(`el ID "${idText}" no es un número de producto`);
    else if (!productIds.has(id)) reasons.push(`el producto ${id} no forma parte de este conteo`);
    else if (seen.has(id)) reasons.push(`el producto ${id} ya aparece en la fila ${seen.get(id)}`);
    else seen.set(id, row);
    let counted: string | null = null;
    if (!blank(cells.counted)) {
      const checked = checkCountedQuantity(asText(cells.counted));
      if ('message' in checked) reasons.push(reasonOf(checked.message, 'Cantidad contada', COUNT_MESSAGES.quantity));
      else counted = checked.text;
    }
    let unitCost: string | null | undefined;
    if (cells.cost !== undefined) {
      if (blank(cells.cost)) unitCost = null;
      else {
        const checked = checkUnitCost(asText(cells.cost));
        if ('message' in checked) reasons.push(reasonOf(checked.message, 'Costo unitario', COUNT_MESSAGES.cost));
        else unitCost = checked.text;
      }
    }
    let observations: string | null | undefined;
    if (cells.observations !== undefined) {
      const text = blank(cells.observations) ? '' : String(asText(cells.observations));
      const refused = freeTextError(text);
      if (text.length > 500) reasons.push(inline(COUNT_MESSAGES.observations));
      else if (refused) reasons.push(reasonOf(refused, 'Observaciones'));
      observations = text === '' ? null : text;
    }
    if (reasons.length > 0) {
      errors[`rows.${row}`] = `Fila ${row}: ${reasons.join('; ')}.`;
      continue;
    }
    lines.push({
      productId: id,
      countedQuantity: counted,
      ...(unitCost !== undefined ? { unitCost } : {}),
      ...(observations !== undefined ? { observations } : {}),
    });
  }
  const bad = Object.values(errors);
  if (bad.length > 0) {
    throw new AppError(
      'VALIDATION',
      `El archivo tiene ${bad.length} ${bad.length === 1 ? 'fila con errores' : 'filas con errores'}; no se aplicó ningún cambio. ${bad.slice(0, 5).join(' ')}`,
      errors,
    );
  }
  return lines;
}
