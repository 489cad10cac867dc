// The four reports against the ledger, for a worksheet registered through the API like a clerk
// would (decimal quantities and prices, IVA and IEPS, several partidas, a product that never
// moved). Each report is downloaded as PDF and as XLSX, read back with independent readers
// (pdf.js for the text, exceljs for the cells), and every quantity, price and total is compared
// with what the API's ledger says (/api/stock, /api/movements).
import type { LightMyRequestResponse } from 'fastify';
import {
  compareDecimal,
  formatCurrency,
  formatDate,
  formatPrice,
  formatQuantity,
  multiplyDecimal,
  addDecimal,
  todayIn,
} from '@almacen/shared/domain';
import { client, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { readPdf, readXlsx, type CellValue, type PdfText } from '../../reports/read-report';
import { fullName, INSTITUTION, names, seedScenario, type ScenarioIds } from './scenario';

const PDF = 'application/pdf';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let t: TestApp;
let c: Client;

interface Movement {
  id: number;
  productId: number;
  price: string;
  quantity: string;
  amount: string;
  movementType: 'INVOICE' | 'DISPATCH';
  observations: string | null;
  documentId: number;
  documentDate: string;
  balanceQuantity: string;
  balanceAverage: string;
  balanceValue: string;
}

interface Stock {
  availableQuantity: string;
  averagePrice: string;
  value: string;
}

let ids: ScenarioIds;

beforeAll(async () => {
  t = await createTestApp({ env: { INSTITUTION_NAME: INSTITUTION, CORS_ORIGINS: 'http://localhost:3000' } });
  c = client(t, { sub: 'user-reportes', name: 'Lucía Hernández' });
  ids = await seedScenario(c, t.config.timeZone);
}, 60_000);
afterAll(() => t.close());

// ---------------------------------------------------------------- helpers

async function download(url: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url, headers: await t.auth() });
}

async function pdfOf(url: string): Promise<PdfText> {
  const r = await download(url);
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-type']).toBe(PDF);
  return readPdf(r.rawPayload);
}

async function xlsxOf(url: string) {
  const r = await download(url.includes('?') ? `${url}&format=xlsx` : `${url}?format=xlsx`);
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-type']).toBe(XLSX);
  return readXlsx(r.rawPayload);
}

const round2 = (value: string) => multiplyDecimal(value, '1', 2);
const sum = (values: string[]) => (values.length ? addDecimal(...values) : '0');

/** An XLSX number equal to a decimal string (the cell holds the same decimal, exactly). */
function expectNumber(cell: CellValue, expected: string, where: string) {
  expect({ where, type: typeof cell }).toEqual({ where, type: 'number' });
  expect({ where, cell: String(cell), equal: compareDecimal(String(cell), expected) === 0 }).toEqual({
    where,
    cell: String(cell),
    equal: true,
  });
}

function headerRowIndex(rows: CellValue[][], firstHeader: string): number {
  const index = rows.findIndex((row) => row[0] === firstHeader);
  expect(index).toBeGreaterThan(0);
  return index;
}

/** The common head of every XLSX: institution, title, date of issue. */
function expectXlsxHead(rows: CellValue[][], title: string) {
  expect(rows[0][0]).toBe(INSTITUTION);
  expect(rows[1][0]).toBe(title.toUpperCase());
  expect(rows[2][0]).toBe(`Fecha de emisión: ${formatDate(todayIn(t.config.timeZone))}`);
}

/** The common head and the page numbers of every PDF. */
function expectPdfFrame(pdf: PdfText, title: string) {
  const issued = `Fecha de emisión: ${formatDate(todayIn(t.config.timeZone))}`;
  pdf.pages.forEach((page, i) => {
    const text = page.map((line) => line.join(' | '));
    expect(text.slice(0, 3)).toEqual([INSTITUTION, title.toUpperCase(), issued]);
    // "Página N de M": M is painted by a shared object written after the last page.
    expect(text).toContain(`${title} · ${INSTITUTION} | Página ${i + 1} de | ${pdf.pages.length}`);
  });
}

/** The PDF line that starts with `first`; its trailing cells must be `last`. */
function expectPdfRow(pdf: PdfText, first: string[], last: string[]) {
  const lines = pdf.pages.flat().filter((cells) => first.every((cell, i) => cells[i] === cell));
  expect({ first, found: lines.length }).toEqual({ first, found: 1 });
  expect({ first, last: lines[0].slice(-last.length) }).toEqual({ first, last });
}

async function stockOf(productId: number): Promise<Stock> {
  const r = await c.get(`/api/stock/${productId}`);
  expect(r.statusCode).toBe(200);
  return r.json().data;
}

async function movementsOf(kind: 'products' | 'invoices' | 'dispatches', id: number): Promise<Movement[]> {
  const r = await c.get(`/api/movements/${kind}/${id}`);
  expect(r.statusCode).toBe(200);
  return r.json().data;
}

// ---------------------------------------------------------------- Reporte de existencias

describe('Reporte de existencias', () => {
  const products = () => [
    { id: ids.products.paper, name: names.paper, unit: 'Caja', category: names.office },
    { id: ids.products.soap, name: names.soap, unit: 'Pieza', category: names.cleaning },
    { id: ids.products.tape, name: names.tape, unit: 'Pieza', category: names.office },
    { id: ids.products.idle, name: names.idle, unit: 'Sin unidad', category: 'Sin partida' },
    { id: ids.products.long, name: names.long, unit: 'Pieza', category: names.office },
  ];

  test('XLSX: every product with the ledger quantity, average and value; subtotals per partida; grand total', async () => {
    const { rows, sheetName } = await xlsxOf('/api/reports/stock');
    expect(sheetName).toBe('Existencias');
    expectXlsxHead(rows, 'Reporte de existencias');
    const header = headerRowIndex(rows, 'Clave');
    expect(rows[header]).toEqual(['Clave', 'Producto', 'Unidad', 'Partida', 'Existencia', 'Costo promedio', 'Valor']);
    const data = rows.slice(header + 1).filter((row) => row.some((cell) => cell !== null));

    const valuesByCategory = new Map<string, string[]>();
    for (const product of products()) {
      const stock = await stockOf(product.id);
      const row = data.find((r) => r[0] === String(product.id));
      expect(row?.slice(0, 4)).toEqual([String(product.id), product.name, product.unit, product.category]);
      expectNumber(row![4], stock.availableQuantity, `${product.name}: existencia`);
      expectNumber(row![5], stock.averagePrice, `${product.name}: costo promedio`);
      expectNumber(row![6], round2(stock.value), `${product.name}: valor`);
      valuesByCategory.set(product.category, [...(valuesByCategory.get(product.category) ?? []), round2(stock.value)]);
    }
    // Partidas in alphabetical order, "Sin partida" last; each closes with its subtotal.
    const labels = data.filter((r) => typeof r[0] === 'string' && !/^\d+$/.test(r[0] as string)).map((r) => r[0]);
    expect(labels).toEqual([
      `Subtotal de la partida ${names.office}`,
      `Subtotal de la partida ${names.cleaning}`,
      'Subtotal de la partida Sin partida',
      'Total general',
    ]);
    for (const [category, values] of valuesByCategory) {
      const subtotal = data.find((r) => r[0] === `Subtotal de la partida ${category}`)!;
      expectNumber(subtotal[6], sum(values), `subtotal ${category}`);
    }
    expectNumber(data.find((r) => r[0] === 'Total general')![6], sum([...valuesByCategory.values()].flat()), 'total general');
  });

  test('PDF: the same figures, es-MX formats, header and "Página N de M" on every page', async () => {
    const pdf = await pdfOf('/api/reports/stock');
    expectPdfFrame(pdf, 'Reporte de existencias');
    let total: string[] = [];
    for (const product of products().filter((p) => p.id !== ids.products.long)) {
      const stock = await stockOf(product.id);
      total = [...total, round2(stock.value)];
      expectPdfRow(
        pdf,
        [String(product.id), product.name, product.unit],
        [formatQuantity(stock.availableQuantity), formatPrice(stock.averagePrice), formatCurrency(round2(stock.value))],
      );
    }
    const long = await stockOf(ids.products.long);
    total = [...total, round2(long.value)];
    expect(pdf.lines.join('\n')).toContain(formatCurrency(round2(long.value)));
    expect(pdf.lines.find((line) => line.startsWith('Total general'))).toBe(`Total general | ${formatCurrency(sum(total))}`);
  });

  test('PDF: a long product name wraps inside its cell instead of being cut', async () => {
    const pdf = await pdfOf('/api/reports/stock');
    const start = pdf.pages.flat().findIndex((cells) => cells[0] === String(ids.products.long));
    expect(start).toBeGreaterThanOrEqual(0);
    // The name's lines follow one another in the name column; together they are the whole name.
    const nameLines = [pdf.pages.flat()[start][1]];
    for (const cells of pdf.pages.flat().slice(start + 1)) {
      if (cells.length > 2 || cells[0].startsWith('Subtotal')) break;
      nameLines.push(cells[0]);
    }
    expect(nameLines.length).toBeGreaterThan(1);
    expect(nameLines.join(' ')).toBe(names.long);
  });
});

// ---------------------------------------------------------------- Tarjeta de almacén

describe('Tarjeta de almacén', () => {
  const expectedRows = async (productId: number) => {
    const movements = await movementsOf('products', productId);
    expect(movements.length).toBeGreaterThan(0);
    return movements;
  };

  test.each(['paper', 'soap'] as const)('XLSX of the %s: one row per movement in ledger order, equal to /api/movements', async (key) => {
    const productId = ids.products[key];
    const movements = await expectedRows(productId);
    const stock = await stockOf(productId);
    const { rows } = await xlsxOf(`/api/reports/products/${productId}`);
    expectXlsxHead(rows, 'Tarjeta de almacén');
    const fields = Object.fromEntries(
      rows
        .slice(3, 12)
        .filter((r) => typeof r[0] === 'string' && r[0].endsWith(':'))
        .map((r) => [r[0], r.slice(1).find((v) => v !== null)]),
    );
    expect(fields).toMatchObject({
      'Clave del producto:': String(productId),
      'Producto:': names[key],
      'Unidad de medida:': key === 'paper' ? 'Caja' : 'Pieza',
      'Partida:': key === 'paper' ? names.office : names.cleaning,
      'Método de valuación:': 'Costo promedio',
    });
    const header = headerRowIndex(rows, 'Mov.');
    expect(rows[header - 1].filter((v) => v !== null)).toEqual(['Entradas', 'Salidas', 'Existencia']);
    const data = rows.slice(header + 1, header + 1 + movements.length);
    expect(data.map((r) => r[0])).toEqual(movements.map((m) => String(m.id)));
    for (const [i, m] of movements.entries()) {
      const row = data[i];
      const where = `movimiento ${m.id}`;
      const entry = m.movementType === 'INVOICE';
      expect((row[1] as Date).toISOString().slice(0, 10)).toBe(m.documentDate);
      expect(row[2]).toBe(entry ? 'Entrada' : 'Salida');
      expect(row[4]).toBe(entry ? names.supplier : fullName(0));
      const [q, p, a] = entry ? [5, 6, 7] : [8, 9, 10];
      expectNumber(row[q], m.quantity, `${where}: cantidad`);
      expectNumber(row[p], m.price, `${where}: costo unitario`);
      expectNumber(row[a], round2(m.amount), `${where}: importe`);
      expect((entry ? [row[8], row[9], row[10]] : [row[5], row[6], row[7]]).every((v) => v === null)).toBe(true);
      expectNumber(row[11], m.balanceQuantity, `${where}: existencia`);
      expectNumber(row[12], m.balanceAverage, `${where}: costo promedio`);
      expectNumber(row[13], round2(m.balanceValue), `${where}: valor`);
    }
    const documents = data.map((r) => r[3]);
    expect(documents.filter((d) => String(d).startsWith('Factura ')).length).toBe(
      movements.filter((m) => m.movementType === 'INVOICE').length,
    );
    // The totals row: entries and exits summed, and the balance the API reports today.
    const totals = rows[header + 1 + movements.length];
    expect(totals[0]).toBe('Totales');
    const entries = movements.filter((m) => m.movementType === 'INVOICE');
    const exits = movements.filter((m) => m.movementType === 'DISPATCH');
    expectNumber(totals[5], sum(entries.map((m) => m.quantity)), 'total entradas');
    expectNumber(totals[7], sum(entries.map((m) => round2(m.amount))), 'importe entradas');
    expectNumber(totals[8], sum(exits.map((m) => m.quantity)), 'total salidas');
    expectNumber(totals[10], sum(exits.map((m) => round2(m.amount))), 'importe salidas');
    expectNumber(totals[11], stock.availableQuantity, 'existencia final');
    expectNumber(totals[12], stock.averagePrice, 'costo promedio final');
    expectNumber(totals[13], round2(stock.value), 'valor final');
  });

  test('PDF of the soap: landscape, the same rows and figures in es-MX formats', async () => {
    const productId = ids.products.soap;
    const movements = await expectedRows(productId);
    const response = await download(`/api/reports/products/${productId}`);
    const pdf = await readPdf(response.rawPayload);
    expectPdfFrame(pdf, 'Tarjeta de almacén');
    expect(pdf.lines.some((line) => line.startsWith('Método de valuación: | Costo promedio'))).toBe(true);
    for (const m of movements) {
      const entry = m.movementType === 'INVOICE';
      const invoiceNumber = entry ? ['A-101', 'A-102', 'A-103'][ids.invoices.indexOf(m.documentId)] : '';
      const document = entry ? `Factura ${invoiceNumber}` : `Salida ${m.documentId}`;
      expectPdfRow(
        pdf,
        [String(m.id), formatDate(m.documentDate), entry ? 'Entrada' : 'Salida', document],
        [
          formatQuantity(m.quantity),
          formatPrice(m.price),
          formatCurrency(round2(m.amount)),
          formatQuantity(m.balanceQuantity),
          formatPrice(m.balanceAverage),
          formatCurrency(round2(m.balanceValue)),
        ],
      );
    }
    // Landscape letter.
    expect(response.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 792 612\]/);
  });

  test('a product without movements gets a card that says so', async () => {
    const pdf = await pdfOf(`/api/reports/products/${ids.products.idle}`);
    expect(pdf.lines).toContain('El producto no tiene movimientos registrados.');
  });
});

// ---------------------------------------------------------------- Reporte de entrada

describe('Reporte de entrada', () => {
  // The accountant's worksheet for invoice A-101 (the unit price already includes the taxes):
  //   paper 3 × 33.333        =   99.999 →  100.00, no taxes
  //   soap 12.5 × 45.678      =  570.975 →  570.98; IVA: 570.98 / 1.16 = 492.224… → 492.22, IVA 78.76
  //   tape 7 × 19.99          =  139.93;  IVA: 139.93 / 1.16 = 120.629… → 120.63, IVA 19.30;
  //                                       IEPS 8 %: 120.63 / 1.08 = 111.694… → 111.69, IEPS 8.94
  //   toner 2 × 1,234.567     = 2469.134 → 2,469.13, no taxes
  //   net 100.00 + 492.22 + 111.69 + 2,469.13 = 3,173.04; IEPS 8.94; IVA 98.06; total 3,280.04
  const lines = [
    { no: '1', product: names.paper, unit: 'Caja', quantity: '3', price: '33.333', rate: '—', ieps: null, vat: null, amount: '100' },
    {
      no: '2',
      product: names.soap,
      unit: 'Pieza',
      quantity: '12.5',
      price: '45.678',
      rate: '—',
      ieps: null,
      vat: '78.76',
      amount: '570.98',
    },
    {
      no: '3',
      product: names.tape,
      unit: 'Pieza',
      quantity: '7',
      price: '19.99',
      rate: '8 %',
      ieps: '8.94',
      vat: '19.3',
      amount: '139.93',
    },
    { no: '4', product: names.long, unit: 'Pieza', quantity: '2', price: '1234.567', rate: '—', ieps: null, vat: null, amount: '2469.13' },
  ];
  const totals = { net: '3173.04', ieps: '8.94', vat: '98.06', total: '3280.04' };

  test('XLSX: supplier, RFC, number, type; lines equal to the ledger with the IVA/IEPS breakdown; totals; signatures', async () => {
    const invoiceId = ids.invoices[0];
    const movements = await movementsOf('invoices', invoiceId);
    const { rows } = await xlsxOf(`/api/reports/invoices/${invoiceId}`);
    expectXlsxHead(rows, 'Reporte de entrada');
    const fields = Object.fromEntries(
      rows.filter((r) => typeof r[0] === 'string' && r[0].endsWith(':')).map((r) => [r[0], r.slice(1).find((v) => v !== null)]),
    );
    expect(fields).toMatchObject({
      'Entrada número:': String(invoiceId),
      'Fecha de la factura:': formatDate(todayIn(t.config.timeZone)),
      'Proveedor:': names.supplier,
      'RFC:': names.rfc,
      'Número de factura:': 'A-101',
      'Tipo de entrada:': 'Compra directa',
    });
    const header = headerRowIndex(rows, 'No.');
    expect(rows[header]).toEqual([
      'No.',
      'Producto',
      'Unidad',
      'Partida',
      'Cantidad',
      'Precio unitario',
      'Tasa IEPS',
      'IEPS',
      'IVA',
      'Importe',
    ]);
    for (const [i, line] of lines.entries()) {
      const row = rows[header + 1 + i];
      const movement = movements[i];
      expect(row.slice(0, 3)).toEqual([line.no, line.product, line.unit]);
      // Quantity, price and amount are the ledger's.
      expectNumber(row[4], movement.quantity, `línea ${line.no}: cantidad`);
      expectNumber(row[5], movement.price, `línea ${line.no}: precio`);
      expectNumber(row[9], round2(movement.amount), `línea ${line.no}: importe`);
      // …and the worksheet's.
      expectNumber(row[4], line.quantity, `línea ${line.no}: cantidad (hoja)`);
      expectNumber(row[9], line.amount, `línea ${line.no}: importe (hoja)`);
      expect(row[6]).toBe(line.rate);
      if (line.ieps) expectNumber(row[7], line.ieps, `línea ${line.no}: IEPS`);
      else expect(row[7]).toBeNull();
      if (line.vat) expectNumber(row[8], line.vat, `línea ${line.no}: IVA`);
      else expect(row[8]).toBeNull();
    }
    const totalRows = Object.fromEntries(
      rows
        .slice(header + 1 + lines.length)
        .filter((r) => typeof r[8] === 'string')
        .map((r) => [r[8], r[9]]),
    );
    expectNumber(totalRows['Subtotal sin impuestos'], totals.net, 'subtotal');
    expectNumber(totalRows.IEPS, totals.ieps, 'IEPS');
    expectNumber(totalRows.IVA, totals.vat, 'IVA');
    expectNumber(totalRows.Total, totals.total, 'total');
    expectNumber(totalRows.Total, sum(movements.map((m) => round2(m.amount))), 'total = Σ importes del libro');
    // Signature blocks: the name over the caption.
    const flat = rows.map((r) => r.filter((v) => v !== null));
    expect(flat).toContainEqual([fullName(0), fullName(1), fullName(2)]);
    expect(flat).toContainEqual(['Director del plantel', 'Elaboró', 'Almacenista']);
  });

  test('PDF: the same lines, totals and signature blocks', async () => {
    const invoiceId = ids.invoices[0];
    const pdf = await pdfOf(`/api/reports/invoices/${invoiceId}`);
    expectPdfFrame(pdf, 'Reporte de entrada');
    expect(pdf.lines).toContain(`Proveedor: | ${names.supplier} | RFC: | ${names.rfc}`);
    expect(pdf.lines).toContain('Número de factura: | A-101 | Tipo de entrada: | Compra directa');
    for (const line of lines.filter((l) => l.product !== names.long)) {
      const money = (v: string | null) => (v ? [formatCurrency(v)] : []);
      expectPdfRow(
        pdf,
        [line.no, line.product, line.unit],
        [
          formatQuantity(line.quantity),
          formatPrice(line.price),
          line.rate,
          ...money(line.ieps),
          ...money(line.vat),
          formatCurrency(line.amount),
        ],
      );
    }
    expect(pdf.lines).toContain(`Subtotal sin impuestos | ${formatCurrency(totals.net)}`);
    expect(pdf.lines).toContain(`IEPS | ${formatCurrency(totals.ieps)}`);
    expect(pdf.lines).toContain(`IVA | ${formatCurrency(totals.vat)}`);
    expect(pdf.lines).toContain(`Total | ${formatCurrency(totals.total)}`);
    expect(pdf.lines).toContain(`${fullName(0)} | ${fullName(1)} | ${fullName(2)}`);
    expect(pdf.lines).toContain('Director del plantel | Elaboró | Almacenista');
  });
});

// ---------------------------------------------------------------- Reporte de salida

describe('Reporte de salida', () => {
  test('XLSX and PDF: date and number; lines at the ledger exit price; total; signature blocks', async () => {
    const dispatchId = ids.dispatches[0];
    const movements = await movementsOf('dispatches', dispatchId);
    expect(movements).toHaveLength(2);
    const observations = ['Para la oficina de Dirección', 'Sanitarios del edificio B, planta baja'];
    const products = [
      { name: names.paper, unit: 'Caja' },
      { name: names.soap, unit: 'Pieza' },
    ];
    const total = sum(movements.map((m) => round2(m.amount)));

    const { rows } = await xlsxOf(`/api/reports/dispatches/${dispatchId}`);
    expectXlsxHead(rows, 'Reporte de salida');
    const fields = Object.fromEntries(
      rows.filter((r) => typeof r[0] === 'string' && r[0].endsWith(':')).map((r) => [r[0], r.slice(1).find((v) => v !== null)]),
    );
    expect(fields).toMatchObject({
      'Salida número:': String(dispatchId),
      'Fecha de salida:': formatDate(todayIn(t.config.timeZone)),
      'Responsable del área solicitante:': fullName(0),
      'Solicitante:': fullName(1),
      'Almacenista:': fullName(2),
    });
    const header = headerRowIndex(rows, 'No.');
    expect(rows[header]).toEqual(['No.', 'Producto', 'Unidad', 'Partida', 'Cantidad', 'Precio de salida', 'Importe', 'Observaciones']);
    movements.forEach((m, i) => {
      const row = rows[header + 1 + i];
      expect([row[0], row[1], row[2], row[7]]).toEqual([String(i + 1), products[i].name, products[i].unit, observations[i]]);
      expectNumber(row[4], m.quantity, `línea ${i + 1}: cantidad`);
      expectNumber(row[5], m.price, `línea ${i + 1}: precio de salida`);
      expectNumber(row[6], round2(m.amount), `línea ${i + 1}: importe`);
    });
    const totalRow = rows.find((r) => r[6] === 'Total')!;
    expectNumber(totalRow[7], total, 'total');
    const flat = rows.map((r) => r.filter((v) => v !== null));
    expect(flat).toContainEqual([fullName(0), fullName(1), fullName(2)]);
    expect(flat).toContainEqual(['Responsable del área solicitante', 'Solicitante', 'Almacenista']);

    const pdf = await pdfOf(`/api/reports/dispatches/${dispatchId}`);
    expectPdfFrame(pdf, 'Reporte de salida');
    movements.forEach((m, i) => {
      const first = [String(i + 1), products[i].name, products[i].unit];
      const found = pdf.pages.flat().filter((cells) => first.every((cell, k) => cells[k] === cell));
      expect({ first, found: found.length }).toEqual({ first, found: 1 });
      // …, quantity, exit price, amount, observations (its first line when it wraps).
      const cells = found[0];
      expect(cells.slice(-4, -1)).toEqual([formatQuantity(m.quantity), formatPrice(m.price), formatCurrency(round2(m.amount))]);
      expect(observations[i].startsWith(cells.at(-1)!)).toBe(true);
    });
    expect(pdf.lines).toContain(`Total | ${formatCurrency(total)}`);
    expect(pdf.lines).toContain(`${fullName(0)} | ${fullName(1)} | ${fullName(2)}`);
    expect(pdf.lines).toContain('Responsable del área solicitante | Solicitante | Almacenista');
  });
});

// ---------------------------------------------------------------- HTTP contract

describe('downloads', () => {
  const today = () => todayIn(t.config.timeZone);
  const cases = () => [
    { url: '/api/reports/stock', name: `Reporte de almacén - ${today()}` },
    { url: `/api/reports/products/${ids.products.paper}`, name: `Tarjetas de almacén - ${ids.products.paper}` },
    { url: `/api/reports/invoices/${ids.invoices[0]}`, name: `Reportes de entrada - ${ids.invoices[0]}` },
    { url: `/api/reports/dispatches/${ids.dispatches[0]}`, name: `Reportes de salida - ${ids.dispatches[0]}` },
  ];

  test('PDF by default, XLSX with ?format=xlsx: content type, magic bytes and the spec file names (RFC 6266)', async () => {
    for (const { url, name } of cases()) {
      for (const [query, extension, type] of [
        ['', 'pdf', PDF],
        ['?format=pdf', 'pdf', PDF],
        ['?format=xlsx', 'xlsx', XLSX],
      ] as const) {
        const r = await download(`${url}${query}`);
        expect({ url: url + query, status: r.statusCode, type: r.headers['content-type'] }).toEqual({
          url: url + query,
          status: 200,
          type,
        });
        const fileName = `${name}.${extension}`;
        const ascii = fileName.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
        expect(r.headers['content-disposition']).toBe(`attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
        expect(r.rawPayload.subarray(0, 4).toString('latin1')).toBe(extension === 'pdf' ? '%PDF' : 'PK\u0003\u0004');
      }
    }
  });

  test('a browser on an allowed origin can read the file name (Content-Disposition is exposed)', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/reports/stock',
      headers: { ...(await t.auth()), origin: 'http://localhost:3000' },
    });
    expect(r.statusCode).toBe(200);
    expect(String(r.headers['access-control-expose-headers']).toLowerCase()).toContain('content-disposition');
  });

  test('unknown ids are 404 with a Spanish message; bad ids and formats are 400; nothing else is created', async () => {
    const notFound = [
      ['/api/reports/products/999999', 'El producto solicitado no existe.'],
      ['/api/reports/invoices/999999', 'La entrada solicitada no existe.'],
      ['/api/reports/dispatches/999999', 'La salida solicitada no existe.'],
    ];
    for (const [url, message] of notFound) {
      const r = await download(url);
      expect({ url, status: r.statusCode, message: r.json().message }).toEqual({ url, status: 404, message });
    }
    for (const url of [
      '/api/reports/stock?format=csv',
      `/api/reports/products/${ids.products.paper}?format=docx`,
      `/api/reports/invoices/${ids.invoices[0]}?format=`,
    ]) {
      const r = await download(url);
      if (url.endsWith('format=')) {
        expect(r.statusCode).toBe(200); // an empty format means the default (PDF)
        continue;
      }
      expect({ url, status: r.statusCode, body: r.json() }).toEqual({
        url,
        status: 400,
        body: {
          code: 'VALIDATION',
          message: 'El formato del reporte debe ser "pdf" o "xlsx".',
          errors: { format: 'El formato del reporte debe ser "pdf" o "xlsx".' },
        },
      });
    }
    for (const url of ['/api/reports/products/abc', '/api/reports/dispatches/0', '/api/reports/invoices/-4']) {
      const r = await download(url);
      expect({ url, status: r.statusCode }).toEqual({ url, status: 400 });
      expect(typeof r.json().message).toBe('string');
    }
  });

  test('same auth as the rest of the API: no token or a bad token is 401', async () => {
    for (const { url } of cases()) {
      const none = await t.app.inject({ method: 'POST', url });
      expect({ url, status: none.statusCode }).toEqual({ url, status: 401 });
      const forged = await t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${await t.token({}, { audience: 'otra-api' })}` },
      });
      expect({ url, status: forged.statusCode }).toEqual({ url, status: 401 });
    }
  });
});
