// A catalogue as the file its import reads back: an XLSX with the template's columns in the
// template's order and one row per record in ID order, so a person edits it in a spreadsheet and
// imports it again (every row it holds unchanged comes back «sin cambios»).
//
// XLSX rather than CSV: a spreadsheet opening a CSV turns a GTIN-12 such as 036000291452 into the
// number 36000291452 (its check digit then names another code) and runs a cell beginning with «=»
// as a formula. Here every cell but the ID is a text cell in a column formatted as text, so codes
// keep their leading zeros, a name is never a formula, and the stock levels leave as the decimal
// text the database holds (no binary floating point on the way). The levels are those of one
// warehouse (they are per product and warehouse): the export's, which its import writes back.
import ExcelJS from 'exceljs';
import type { Queryable } from '../../db/pool';
import { CATALOGS, type CatalogName } from './catalog-import';

type ExportRow = [id: number, ...cells: Array<string | null>];

/** Per catalogue, the SELECT of its template's columns (in the same order), ordered by ID; $1 the products' warehouse. */
const ROWS: Record<CatalogName, string> = {
  'product-categories': 'SELECT id, description FROM product_categories ORDER BY id',
  'product-units': 'SELECT id, description FROM product_units ORDER BY id',
  products: `SELECT p.id, p.name, u.description, c.description, trim_scale(l.minimum_stock)::text, trim_scale(l.maximum_stock)::text, p.barcode
               FROM products p
               LEFT JOIN product_units u ON u.id = p.unit_id
               LEFT JOIN product_categories c ON c.id = p.category_id
               LEFT JOIN stock_levels l ON l.warehouse_id = $1 AND l.product_id = p.id
              ORDER BY p.id`,
  suppliers: 'SELECT id, name, rfc FROM suppliers ORDER BY id',
  employees: 'SELECT id, name, last_name FROM employees ORDER BY id',
};

/**
 * Every record of `catalog` as the import's columns: ID, then the other columns as text; the
 * products with the levels of `warehouseId` (null for the other catalogues).
 */
export async function exportRows(db: Queryable, catalog: CatalogName, warehouseId: number | null): Promise<ExportRow[]> {
  const values = catalog === 'products' ? [warehouseId] : [];
  const { rows } = await db.query<unknown[]>({ text: ROWS[catalog], values, rowMode: 'array' });
  return rows.map(([id, ...cells]) => [Number(id), ...cells.map((cell) => (cell === null ? null : String(cell)))]);
}

/** The XLSX of `catalog`: its title as the sheet's name, the header row, the records. */
export async function catalogWorkbook(db: Queryable, catalog: CatalogName, warehouseId: number | null): Promise<Buffer> {
  const { title, columns } = CATALOGS[catalog];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Almacén';
  const sheet = workbook.addWorksheet(title, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((header, index) => ({
    header,
    width: index === 0 ? 8 : Math.max(14, header.length + 2),
    style: index === 0 ? {} : { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of await exportRows(db, catalog, warehouseId)) sheet.addRow(row);
  const widest = (index: number) =>
    sheet.getColumn(index + 1).values.reduce<number>((most, value) => Math.max(most, String(value ?? '').length), 0);
  columns.forEach((_, index) => {
    if (index > 0) sheet.getColumn(index + 1).width = Math.min(60, Math.max(14, widest(index) + 2));
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
