// Catalogue import: partidas, units and products from an XLSX or CSV (UTF-8 or
// Windows-1252). Every row is classified against the database as new / unchanged / updated /
// error (with a Spanish reason); the preview writes nothing, and the import writes all the rows
// in ONE transaction, or nothing when any row has an error. Products refer to their unit and
// partida by description; suppliers are matched by RFC (validated like the form), employees by
// name and last name; any row may name its ID instead.
// Products may carry "Existencia mínima" / "Existencia máxima", checked by the product
// modal's schema and messages; a blank cell (or no such column) leaves an existing product's level
// as it is and a new product without one, so a file never clears a level (the modal does).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { barcodeProblem, compareDecimal, duplicateBarcodeMessage, normalizeBarcode, trimDecimal } from '@almacen/shared/domain';
import type { ImportRowStatus } from '@almacen/shared/domain-pages';
import {
  CATALOG_MESSAGES,
  freeTextError,
  RFC_RE,
  GENERIC_RFCS,
  duplicateRfcMessage,
  stockLevelsInverted,
  stockLevelsSchema,
  validateWith,
} from '@almacen/shared/schemas';
import type { Trx } from '../../db/pool';
import { decodeText, parseCsv, type Cell } from '../../files/sheet-reader';
import { AppError } from '../../http/errors';

export const CATALOGS = {
  'product-categories': { table: 'product_categories', title: 'Partidas', columns: ['ID', 'Descripción'] },
  'product-units': { table: 'product_units', title: 'Unidades', columns: ['ID', 'Descripción'] },
  products: {
    table: 'products',
    title: 'Productos',
    columns: ['ID', 'Nombre', 'Unidad', 'Partida', 'Existencia mínima', 'Existencia máxima', 'Código de barras'],
  },
  suppliers: { table: 'suppliers', title: 'Proveedores', columns: ['ID', 'Nombre', 'RFC'] },
  employees: { table: 'employees', title: 'Empleados', columns: ['ID', 'Nombre', 'Apellidos'] },
} as const;
export type CatalogName = keyof typeof CATALOGS;

const isCatalogName = (name: unknown): name is CatalogName => typeof name === 'string' && Object.hasOwn(CATALOGS, name);

export const catalogOf = (name: unknown): CatalogName => {
  if (!isCatalogName(name))
    throw new AppError(
      'NOT_FOUND',
      'Ese catálogo no se puede importar; se importan partidas, unidades, productos, proveedores y empleados.',
    );
  return name;
};

export type RowStatus = ImportRowStatus;

export interface ImportRow {
  row: number;
  status: RowStatus;
  id: number | null;
  values: Record<string, string | null>;
  reason: string | null;
}

export interface ImportResult {
  rows: ImportRow[];
  counts: Record<RowStatus, number>;
}

/** What a preview or an import answers: the counts, and a bounded page of the rows. */
export interface ImportPage extends ImportResult {
  /** Rows of the file left out of `rows`. */
  omitted: number;
}

/** Rows an answer carries at most. */
export const PREVIEW_ROWS = 200;

/**
 * The answer's page: the rows with an error first (the ones a person must fix), then the others in
 * the file's order, at most PREVIEW_ROWS, shown in the file's order.
 */
export function pageOf(result: ImportResult, size = PREVIEW_ROWS): ImportPage {
  const errors = result.rows.filter((r) => r.status === 'error');
  const others = result.rows.filter((r) => r.status !== 'error');
  const rows = [...errors, ...others].slice(0, size).sort((a, b) => a.row - b.row);
  return { rows, counts: result.counts, omitted: result.rows.length - rows.length };
}

const normalize = (text: unknown) =>
  String(text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
/**
 * A numeric XLSX cell as the decimal Excel shows. ExcelJS hands the cell's stored text over as a
 * double: a typed value (at most 15 significant digits, Excel's precision) comes back exactly
 * from its 15-digit rounding, and so does a formula result carrying binary noise
 * (0.1 + 0.2 = 0.30000000000000004 shows, and is read, as "0.3"). Only the text goes further.
 */
export function numberText(n: number): string {
  const shown = Number.isFinite(n) ? n.toPrecision(15) : 'e';
  return shown.includes('e') ? String(n) : trimDecimal(shown);
}
const clean = (v: unknown): string =>
  (v === null || v === undefined
    ? ''
    : v instanceof Date
      ? v.toISOString().slice(0, 10)
      : typeof v === 'number'
        ? numberText(v)
        : String(v)
  )
    .trim()
    .replace(/\s+/g, ' ');
export const key = (text: string) => text.toLocaleLowerCase('es-MX');

export const MINIMUM = 'Existencia mínima';
export const MAXIMUM = 'Existencia máxima';
export const BARCODE = 'Código de barras';
const LEVEL_COLUMNS = { minimumStock: MINIMUM, maximumStock: MAXIMUM } as const;
/** A message inside "Fila N: …; …." (lower-case start, no final period). */
export const inline = (message: string) => message.charAt(0).toLowerCase() + message.slice(1).replace(/\.$/, '');

/**
 * The stock levels' reasons: each cell by the product modal's schema (its messages), then
 * máxima ≥ mínima with a blank cell standing for the stored level, as the modal's PUT does.
 */
function levelReasons(values: Record<string, string | null>, stored: { minimum: string | null; maximum: string | null } | null): string[] {
  const given = { minimumStock: values[MINIMUM] ?? undefined, maximumStock: values[MAXIMUM] ?? undefined };
  const checked = validateWith(stockLevelsSchema, given);
  if (!checked.ok) {
    return Object.entries(checked.errors).map(([field, message]) => {
      const column = LEVEL_COLUMNS[field as keyof typeof LEVEL_COLUMNS];
      // The schema's own messages name the level; the generic ones (decimals, too large) get its column.
      return column && !/existencia/i.test(message)
        ? `${column} «${given[field as keyof typeof given]}»: ${inline(message)}`
        : inline(message);
    });
  }
  const minimum = given.minimumStock ?? stored?.minimum ?? null;
  const maximum = given.maximumStock ?? stored?.maximum ?? null;
  return stockLevelsInverted(minimum, maximum) ? [inline(CATALOG_MESSAGES.stockLevels)] : [];
}
/** A level cell equal to the stored one: blank changes nothing. */
const sameLevel = (given: string | null, stored: string | null) =>
  given === null || (stored !== null && compareDecimal(given, stored) === 0);

/** Classifies the file's rows (files/upload.ts); writes nothing. */
/** `warehouseId`: the warehouse whose stock levels a products file carries (null for the other catalogues). */
export async function classify(
  trx: Pick<Trx, 'query'>,
  catalog: CatalogName,
  rows: Cell[][],
  warehouseId: number | null,
): Promise<ImportResult> {
  const spec = CATALOGS[catalog];
  const required = spec.columns[1];
  const headerAt = rows.findIndex((r, i) => i < 40 && (r ?? []).some((c) => normalize(c) === normalize(required)));
  if (headerAt < 0) {
    const message = `El archivo debe tener una fila de encabezados con la columna "${required}" (columnas: ${spec.columns.map((c) => `"${c}"`).join(', ')}).`;
    throw new AppError('VALIDATION', message, { file: message });
  }
  const header = rows[headerAt].map(normalize);
  const at = Object.fromEntries(spec.columns.map((c) => [c, header.indexOf(normalize(c))]));
  const cell = (r: unknown[], column: string) => (at[column] >= 0 ? clean(r[at[column]]) : '');

  // `name` is the row's matching key as text; `unit`/`category` the other compared fields.
  const { rows: existing } = await trx.query<{
    id: number;
    name: string;
    unit: string | null;
    category: string | null;
    minimum: string | null;
    maximum: string | null;
    barcode?: string | null;
  }>(
    catalog === 'products'
      ? `SELECT p.id, p.name, u.description AS unit, c.description AS category,
                trim_scale(l.minimum_stock)::text AS minimum, trim_scale(l.maximum_stock)::text AS maximum, p.barcode FROM products p
           LEFT JOIN product_units u ON u.id = p.unit_id LEFT JOIN product_categories c ON c.id = p.category_id
           LEFT JOIN stock_levels l ON l.warehouse_id = $1 AND l.product_id = p.id`
      : catalog === 'suppliers'
        ? `SELECT id, rfc AS name, name AS unit, NULL AS category, NULL AS minimum, NULL AS maximum FROM suppliers`
        : catalog === 'employees'
          ? `SELECT id, name || ' ' || last_name AS name, name AS unit, last_name AS category, NULL AS minimum, NULL AS maximum FROM employees`
          : `SELECT id, description AS name, NULL AS unit, NULL AS category, NULL AS minimum, NULL AS maximum FROM ${spec.table}`,
    catalog === 'products' ? [warehouseId] : [],
  );
  const byId = new Map(existing.map((e) => [e.id, e]));
  const byName = new Map<string, typeof existing>();
  for (const e of existing) byName.set(key(e.name), [...(byName.get(key(e.name)) ?? []), e]);
  const lookups = catalog === 'products' ? await describedKeys(trx) : null;
  const byBarcode = new Map(existing.filter((e) => e.barcode).map((e) => [e.barcode!, e]));
  const seenBarcodes = new Map<string, number>();

  const result: ImportRow[] = [];
  const seenNames = new Map<string, number>();
  rows.slice(headerAt + 1).forEach((r, index) => {
    const row = headerAt + index + 2;
    if ((r ?? []).every((v) => clean(v) === '')) return;
    const values = Object.fromEntries(spec.columns.map((c) => [c, cell(r ?? [], c) || null]));
    if (values.RFC) values.RFC = values.RFC.toUpperCase();
    if (values[BARCODE]) values[BARCODE] = normalizeBarcode(values[BARCODE]);
    const reasons: string[] = [];
    // A file is one more way to type a name: every cell obeys the forms' free-text rule.
    for (const column of spec.columns) {
      const refused = values[column] === null ? null : freeTextError(values[column]);
      if (refused) reasons.push(`${column}: ${inline(refused)}`);
    }
    // The matching key: the RFC of a supplier, the full name of an employee, else the name.
    const name =
      catalog === 'suppliers'
        ? (values.RFC ?? '')
        : catalog === 'employees'
          ? [values.Nombre, values.Apellidos].filter(Boolean).join(' ')
          : (values[required] ?? '');
    if (catalog === 'suppliers') {
      if (!values.Nombre) reasons.push('falta el nombre');
      if (values.RFC && !RFC_RE.test(values.RFC))
        reasons.push(`el RFC «${values.RFC}» no es válido (12 o 13 caracteres, por ejemplo ABC010203XY9)`);
    }
    if (catalog === 'employees') {
      if (!values.Nombre) reasons.push('falta el nombre');
      if (!values.Apellidos) reasons.push('faltan los apellidos');
    }
    // SAT's generic RFCs are shared by many suppliers: a row with one matches by its ID only.
    const generic = catalog === 'suppliers' && GENERIC_RFCS.includes(name);
    const idText = values.ID ?? '';
    let id: number | null = null;
    if (name === '' && catalog !== 'employees')
      reasons.push(`falta ${catalog === 'products' ? 'el nombre' : catalog === 'suppliers' ? 'el RFC' : 'la descripción'}`);
    else if (name.length > 200) reasons.push('el texto admite a lo más 200 caracteres');
    if (idText !== '') {
      if (!/^[1-9]\d{0,9}$/.test(idText) || !byId.has(Number(idText))) reasons.push(`el ID ${idText} no existe en el catálogo`);
      else id = Number(idText);
    } else if (name !== '' && !generic) {
      const matches = byName.get(key(name)) ?? [];
      if (matches.length === 1) id = matches[0].id;
      if (matches.length > 1)
        reasons.push(
          catalog === 'suppliers'
            ? `hay ${matches.length} proveedores con el RFC ${name}; indica su ID`
            : `hay ${matches.length} registros llamados «${name}»; indica su ID`,
        );
    }
    if (name !== '' && !generic) {
      const first = seenNames.get(key(name));
      if (first !== undefined) reasons.push(`«${name}» ya aparece en la fila ${first}`);
      else seenNames.set(key(name), row);
    }
    if (
      (catalog === 'product-categories' || catalog === 'product-units' || catalog === 'suppliers') &&
      id !== null &&
      name !== '' &&
      !generic
    ) {
      // A supplier registered twice before the one-RFC rule may keep its RFC.
      const clash = (byName.get(key(name)) ?? []).find((e) => e.id !== id);
      const kept = catalog === 'suppliers' && byId.get(id)?.name === name;
      if (clash && !kept)
        reasons.push(
          catalog === 'suppliers'
            ? `${inline(duplicateRfcMessage(clash.unit ?? '', clash.name))} (ID ${clash.id})`
            : `ya existe «${clash.name}» con el ID ${clash.id}`,
        );
    }
    if (lookups) {
      if (values.Unidad && !lookups.units.has(key(values.Unidad))) reasons.push(`la unidad «${values.Unidad}» no existe`);
      if (values.Partida && !lookups.categories.has(key(values.Partida))) reasons.push(`la partida «${values.Partida}» no existe`);
      reasons.push(...levelReasons(values, id === null ? null : byId.get(id)!));
      const code = values[BARCODE];
      if (code) {
        const problem = barcodeProblem(code);
        const holder = byBarcode.get(code);
        const first = seenBarcodes.get(code);
        if (problem) reasons.push(`${BARCODE} «${code}»: ${inline(problem)}`);
        else if (holder && holder.id !== id) reasons.push(`${inline(duplicateBarcodeMessage(holder.name, code))} (ID ${holder.id})`);
        else if (first !== undefined) reasons.push(`el código de barras ${code} ya aparece en la fila ${first}`);
        if (first === undefined) seenBarcodes.set(code, row);
      }
    }
    if (reasons.length > 0) {
      result.push({ row, status: 'error', id, values, reason: `Fila ${row}: ${reasons.join('; ')}.` });
      return;
    }
    const before = id === null ? null : byId.get(id)!;
    const same =
      before !== null &&
      before.name === name &&
      (catalog !== 'products' ||
        ((values.Unidad === null || key(values.Unidad) === key(before.unit ?? '')) &&
          (values.Partida === null || key(values.Partida) === key(before.category ?? '')) &&
          sameLevel(values[MINIMUM], before.minimum) &&
          sameLevel(values[MAXIMUM], before.maximum) &&
          (values[BARCODE] === null || values[BARCODE] === before.barcode))) &&
      (catalog !== 'suppliers' || before.unit === values.Nombre) &&
      (catalog !== 'employees' || (before.unit === values.Nombre && before.category === values.Apellidos));
    result.push({ row, status: before === null ? 'new' : same ? 'unchanged' : 'updated', id, values, reason: null });
  });
  const counts = { new: 0, unchanged: 0, updated: 0, error: 0 };
  for (const r of result) counts[r.status]++;
  return { rows: result, counts };
}

export async function describedKeys(trx: Pick<Trx, 'query'>) {
  const units = await trx.query<{ id: number; description: string }>('SELECT id, description FROM product_units');
  const categories = await trx.query<{ id: number; description: string }>('SELECT id, description FROM product_categories');
  return {
    units: new Map(units.rows.map((r) => [key(r.description), r.id])),
    categories: new Map(categories.rows.map((r) => [key(r.description), r.id])),
  };
}

/**
 * "Cargar partidas del clasificador": the partidas genéricas of chapter 2000
 * "Materiales y suministros" of CONAC's Clasificador por Objeto del Gasto, shipped as a file in
 * the partidas template's format (files/partidas-capitulo-2000.csv, copied next to the compiled
 * code by build.mjs) and loaded through the same classify / write as an uploaded file.
 */
export const CLASSIFIER_FILE = path.join(__dirname, 'files', 'partidas-capitulo-2000.csv');
let classifier: Cell[][] | null = null;
/** The shipped file's rows, read once (a small file of ours: here, not in the pool; classify only reads them). */
export const classifierRows = (): Cell[][] => (classifier ??= parseCsv(decodeText(readFileSync(CLASSIFIER_FILE))));

/** The template: the header row (UTF-8 with BOM, so Excel reads accents right). */
export function templateCsv(catalog: CatalogName): string {
  return `\ufeff${CATALOGS[catalog].columns.join(',')}\r\n`;
}
