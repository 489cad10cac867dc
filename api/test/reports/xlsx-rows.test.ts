// The XLSX table rows written as sheet XML by xlsx-rows.ts (not through exceljs' Row objects):
// exceljs' own reader reads back every value, style, merge and height as the report means them,
// and numbers reach the file as their decimal text.
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { inflate, zipEntries } from '../../src/files/zip';
import type { Column, Row } from '../../src/reports/model';
import { renderXlsx } from '../../src/reports/xlsx';
import { dateSerial, numberText, xmlText } from '../../src/reports/xlsx-rows';
import { readXlsx } from './read-report';
import { tableDefinition } from './table-definition';

const COLUMNS: Column[] = [
  { header: 'Clave', kind: 'text', weight: 1, xlsxWidth: 8 },
  { header: 'Fecha', kind: 'date', weight: 1, xlsxWidth: 12 },
  { header: 'Producto', kind: 'text', weight: 3, xlsxWidth: 20 },
  { header: 'Existencia', kind: 'quantity', weight: 1, xlsxWidth: 12 },
  { header: 'Costo promedio', kind: 'price', weight: 1, xlsxWidth: 14 },
  { header: 'Valor', kind: 'money', weight: 1, xlsxWidth: 14 },
];

const ROWS: Row[] = [
  { cells: ['1', '2026-03-14', 'Tóner <negro> & "rojo" \'x\'', '12.500', '0010.250000', '-3.50'] },
  { cells: ['2', null, 'Un nombre largo que necesita más de una línea en la columna', '0', '0.000', '-0.00'] },
  { cells: ['3', 'sin fecha', '', 'no es número', '1234567890.123456', '99999999999999.9'] },
  { cells: ['Subtotal de la partida 2111', null, null, null, null, '1234.56'], emphasis: 'subtotal' },
  { cells: ['4', '2024-02-29', 'Clip\u0007', '7', '1', '7.00'] },
  { cells: ['Total general', null, null, null, null, '1241.56'], emphasis: 'total' },
];

async function render(rows: Row[]): Promise<Buffer> {
  const { stream, done } = renderXlsx(
    tableDefinition(
      COLUMNS,
      (async function* () {
        yield rows.slice(0, 2);
        yield rows.slice(2);
      })(),
    ),
  );
  const chunks: Buffer[] = [];
  await pipeline(stream, new Writable({ write: (chunk: Buffer, _e, next) => (chunks.push(chunk), next()) }));
  await done;
  return Buffer.concat(chunks);
}

test('numbers as decimal text: trailing and leading zeros dropped, more than 15 significant digits kept as text', () => {
  expect(['12.500', '0010.250000', '-3.50', '0', '0.000', '-0.00', '7.00', '1234.56', '0.000001'].map(numberText)).toEqual([
    '12.5',
    '10.25',
    '-3.5',
    '0',
    '0',
    '0',
    '7',
    '1234.56',
    '0.000001',
  ]);
  expect(['1234567890.123456', 'no es número', '1.', '.5', '1e3', ''].map(numberText)).toEqual([null, null, null, null, null, null]);
  expect(numberText('99999999999999.9')).toBe('99999999999999.9');
  expect([dateSerial('1970-01-01'), dateSerial('2026-03-14'), dateSerial('14/03/2026')]).toEqual([25569, 46095, null]);
  expect(xmlText('a<b>&"c"\'d\'\u0000\u0007\u007f\te\nf')).toBe('a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;\te\nf');
});

test('every value, style, merge and height reads back as exceljs would have written it', async () => {
  const file = await render(ROWS);
  const { rows, workbook } = await readXlsx(file);
  const header = rows.findIndex((row) => row[0] === 'Clave');
  const table = rows.slice(header + 1);
  expect(table).toEqual([
    ['1', new Date('2026-03-14T00:00:00Z'), 'Tóner <negro> & "rojo" \'x\'', 12.5, 10.25, -3.5],
    ['2', null, 'Un nombre largo que necesita más de una línea en la columna', 0, 0, 0],
    ['3', 'sin fecha', null, 'no es número', '1234567890.123456', 99999999999999.9],
    ['Subtotal de la partida 2111', null, null, null, null, 1234.56],
    ['4', new Date('2024-02-29T00:00:00Z'), 'Clip', 7, 1, 7],
    ['Total general', null, null, null, null, 1241.56],
  ]);
  const sheet = workbook.worksheets[0];
  const first = header + 2;
  const cell = (row: number, column: number) => sheet.getRow(row).getCell(column);
  expect(cell(first, 2).numFmt).toBe('dd/mm/yyyy');
  expect(cell(first, 4).numFmt).toBe('#,##0.###');
  expect(cell(first, 5).numFmt).toBe('"$"#,##0.00####');
  expect(cell(first, 6).numFmt).toBe('"$"#,##0.00');
  expect(cell(first, 3).alignment).toEqual({ wrapText: true, vertical: 'top' });
  expect(cell(first, 4).border?.left?.style).toBe('thin');
  expect(cell(first, 1).font?.bold).toBeFalsy();
  // Heights from the text length against the column's width (18 characters a line in «Producto»).
  expect(sheet.getRow(first).height).toBe(30);
  expect(sheet.getRow(first + 1).height).toBe(60);
  expect(sheet.getRow(first + 2).height).toBeUndefined();
  // An emphasized label spans the empty cells after it; the row is bold on the grey fill.
  const subtotal = first + 3;
  expect(cell(subtotal, 1).font?.bold).toBe(true);
  expect((cell(subtotal, 1).fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFF1F1F1');
  expect(cell(subtotal, 5).isMerged && cell(subtotal, 5).master.address).toBe(`A${subtotal}`);
  expect(cell(subtotal, 6).isMerged).toBe(false);
  expect(cell(subtotal, 6).numFmt).toBe('"$"#,##0.00');
  expect(cell(first + 5, 5).master.address).toBe(`A${first + 5}`);
  // A spanning label is measured against the width it spans: one line, though «Clave» alone holds 6 characters.
  expect(sheet.getRow(subtotal).height).toBeUndefined();
});

test('the numbers in the sheet XML are the decimal texts, not re-printed doubles', async () => {
  const file = await render(ROWS);
  const entry = zipEntries(file).get('xl/worksheets/sheet1.xml')!;
  const parts: Buffer[] = [];
  const limits = { maxUnpackedBytes: 1 << 24, maxRatio: 1000 };
  for await (const part of inflate(file, entry, { left: 1 << 24, limits })) parts.push(part);
  const xml = Buffer.concat(parts).toString('utf8');
  expect(xml).toContain('><v>99999999999999.9</v></c>');
  expect(xml).toContain('><v>10.25</v></c>');
  expect(xml).toContain('t="str"><v>1234567890.123456</v></c>');
  expect(xml).toContain('t="str"><v>Tóner &lt;negro&gt; &amp; &quot;rojo&quot; &apos;x&apos;</v></c>');
});
