// Streams a ReportDefinition as an XLSX workbook with exceljs' streaming writer: every row is
// committed (serialized into the zip) as soon as it is added, shared strings are off, so memory
// does not grow with the rows.
//
// Numbers are real spreadsheet numbers with es-MX-looking formats ($, thousands separators,
// DD/MM/YYYY) so the auditor can sum and filter; totals are values computed by the database,
// not formulas (a spreadsheet would recompute them in binary floating point).
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { formatDate } from '@almacen/shared/domain';
import { spreadsheetNumber, XLSX_NUMBER_FORMATS } from './cells';
import type { Cell, Closing, ReportDefinition } from './model';
import { HIGH_WATER, Pacer } from './pace';
import { BORDER, DataRows, fitHeight, type StyleRegistry, sumWidths } from './xlsx-rows';

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE4E4E4' } };

export interface RenderedXlsx {
  stream: PassThrough;
  done: Promise<void>;
}

export function renderXlsx(def: ReportDefinition): RenderedXlsx {
  // Fills up to HIGH_WATER before the zip writer behind it has to stop (see pace.ts).
  const stream = new PassThrough({ highWaterMark: HIGH_WATER });
  const done = write(def, stream).catch((error: unknown) => {
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  });
  done.catch(() => undefined);
  return { stream, done };
}

async function write(def: ReportDefinition, stream: PassThrough): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
  workbook.creator = def.institution;
  workbook.title = def.title;
  workbook.created = new Date(`${def.issued}T12:00:00Z`);
  const columns = def.columns.length;
  const groupsRow = def.groups?.length ? 1 : 0;
  const stampRow = def.stamp ? 1 : 0;
  const stampText = def.stamp ? `${def.stamp.title} · ${def.stamp.text}` : '';
  const noteRow = def.note ? 1 : 0;
  // Rows: institution, title, date, [note], [stamp], blank, one per field, blank, [groups], header.
  const headerRow = 4 + noteRow + stampRow + def.fields.length + 1 + groupsRow + 1;
  const sheet = workbook.addWorksheet(def.sheetName, {
    pageSetup: {
      paperSize: undefined, // the printer default (letter in Mexico)
      orientation: def.orientation,
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: `${headerRow - groupsRow}:${headerRow}`,
      margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.6, header: 0.3, footer: 0.3 },
    },
    headerFooter: {
      oddFooter: `&L${escapeHeaderFooter(`${def.title} · ${def.institution}`)}&RPágina &P de &N`,
      // The stamp of a cancelled document on every printed page too, in bold red.
      ...(def.stamp ? { oddHeader: `&C&"-,Bold"&KB00020${escapeHeaderFooter(stampText)}` } : {}),
    },
    views: [{ state: 'frozen', ySplit: headerRow, xSplit: 0 }],
  });
  sheet.columns = def.columns.map((column) => ({ width: column.xlsxWidth }));

  const full = (rowNumber: number) => sheet.mergeCells(rowNumber, 1, rowNumber, columns);
  const banner = (text: string, size: number, bold: boolean) => {
    const row = sheet.addRow([text]);
    row.getCell(1).font = { size, bold };
    row.getCell(1).alignment = { horizontal: 'center', vertical: 'middle' };
    row.height = size + 8;
    full(row.number);
    row.commit();
  };
  banner(def.institution, 12, true);
  banner(def.title.toUpperCase(), 14, true);
  banner(`Fecha de emisión: ${formatDate(def.issued)}`, 10, false);
  if (def.note) {
    const row = sheet.addRow([def.note]);
    row.getCell(1).font = { size: 9, italic: true };
    row.getCell(1).alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
    full(row.number);
    fitHeight(row, [[def.note, sumWidths(def, 0, columns)]]);
    row.commit();
  }
  if (def.stamp) {
    const row = sheet.addRow([stampText]);
    row.getCell(1).font = { size: 12, bold: true, color: { argb: 'FFB00020' } };
    row.getCell(1).alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
    row.getCell(1).border = {
      top: { style: 'medium', color: { argb: 'FFB00020' } },
      bottom: { style: 'medium', color: { argb: 'FFB00020' } },
    };
    full(row.number);
    fitHeight(row, [[stampText, sumWidths(def, 0, columns)]]);
    row.commit();
  }
  sheet.addRow([]).commit();
  // A field's label takes the first columns (enough for the longest label), its value the rest.
  const labelWidth = Math.max(...def.fields.map(({ label }) => label.length + 2), 10);
  let labelColumns = 1;
  while (labelColumns < columns - 1 && sumWidths(def, 0, labelColumns) < labelWidth) labelColumns++;
  for (const { label, value } of def.fields) {
    const values: Cell[] = def.columns.map(() => null);
    values[0] = `${label}:`;
    values[labelColumns] = value;
    const row = sheet.addRow(values);
    row.getCell(1).font = { bold: true };
    row.getCell(1).alignment = { vertical: 'top' };
    row.getCell(labelColumns + 1).alignment = { wrapText: true, vertical: 'top' };
    if (labelColumns > 1) sheet.mergeCells(row.number, 1, row.number, labelColumns);
    if (labelColumns < columns - 1) sheet.mergeCells(row.number, labelColumns + 1, row.number, columns);
    fitHeight(row, [[value, sumWidths(def, labelColumns, columns)]]);
    row.commit();
  }
  sheet.addRow([]).commit();

  if (groupsRow) {
    const values: Cell[] = def.columns.map(() => null);
    for (const group of def.groups!) values[group.first] = group.title;
    const row = sheet.addRow(values);
    for (const group of def.groups!) {
      const cell = row.getCell(group.first + 1);
      Object.assign(cell, { font: { bold: true }, alignment: { horizontal: 'center' }, fill: HEADER_FILL, border: BORDER });
      sheet.mergeCells(row.number, group.first + 1, row.number, group.first + group.span);
    }
    row.commit();
  }
  const header = sheet.addRow(def.columns.map((column) => column.header));
  header.eachCell((cell) => {
    cell.font = { bold: true };
    cell.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
    cell.fill = HEADER_FILL;
    cell.border = BORDER;
  });
  header.commit();

  const pacer = new Pacer(stream);
  const data = new DataRows(sheet, (workbook as unknown as { styles: StyleRegistry }).styles, def);
  let count = 0;
  for await (const batch of def.rows) {
    for (const row of batch) {
      data.add(row);
      const pause = pacer.step();
      if (pause) await pause;
      if (pacer.stopped) return; // the client went away: stop reading the cursor
    }
    data.flush();
    count += batch.length;
  }
  if (count === 0 && def.emptyText) data.add({ cells: [def.emptyText, ...def.columns.slice(1).map(() => null)], emphasis: 'group' });
  data.flush();

  const closing: Closing = def.closing ? await def.closing() : {};
  addClosing(sheet, def, closing);
  sheet.commit();
  await workbook.commit();
}

function addClosing(sheet: ExcelJS.Worksheet, def: ReportDefinition, { totals = [], note, signatures = [] }: Closing): void {
  const columns = def.columns.length;
  if (totals.length) {
    sheet.addRow([]).commit();
    for (const { label, amount } of totals) {
      const values: Array<string | number | null> = def.columns.map(() => null);
      values[columns - 2] = label;
      values[columns - 1] = spreadsheetNumber(amount);
      const row = sheet.addRow(values);
      row.getCell(columns - 1).font = { bold: true };
      row.getCell(columns - 1).alignment = { horizontal: 'right' };
      const amountCell = row.getCell(columns);
      amountCell.numFmt = XLSX_NUMBER_FORMATS.money!;
      amountCell.font = { bold: true };
      amountCell.border = BORDER;
      row.commit();
    }
  }
  if (note) {
    sheet.addRow([]).commit();
    const row = sheet.addRow([note]);
    row.getCell(1).font = { italic: true, size: 9 };
    row.getCell(1).alignment = { wrapText: true, vertical: 'top' };
    row.height = 30;
    sheet.mergeCells(row.number, 1, row.number, columns);
    row.commit();
  }
  if (signatures.length) {
    for (let i = 0; i < 3; i++) sheet.addRow([]).commit();
    // Each block takes an equal share of the columns.
    const share = Math.max(1, Math.floor(columns / signatures.length));
    const blocks = signatures.map((signature, i) => ({
      ...signature,
      first: i * share + 1,
      last: i === signatures.length - 1 ? columns : (i + 1) * share,
    }));
    const line = sheet.addRow([]);
    const names = sheet.addRow([]);
    const roles = sheet.addRow([]);
    for (const block of blocks) {
      for (let c = block.first; c <= block.last; c++) line.getCell(c).border = { bottom: { style: 'thin', color: { argb: 'FF000000' } } };
      names.getCell(block.first).value = block.name;
      names.getCell(block.first).alignment = { horizontal: 'center', wrapText: true };
      roles.getCell(block.first).value = block.role;
      roles.getCell(block.first).font = { bold: true };
      roles.getCell(block.first).alignment = { horizontal: 'center', wrapText: true };
      for (const row of [line, names, roles]) {
        if (block.last > block.first) sheet.mergeCells(row.number, block.first, row.number, block.last);
      }
    }
    line.height = 36;
    line.commit();
    names.commit();
    roles.commit();
  }
}

/** `&` starts a code in Excel headers and footers. */
function escapeHeaderFooter(text: string): string {
  return text.replace(/&/g, '&&');
}
