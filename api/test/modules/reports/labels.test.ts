// «Imprimir etiquetas» (POST /api/reports/labels) read back by a real reader: every label of the
// PDF is cut out of a 300 dpi rendering and decoded alone by zbar, so each copy is one reading,
// in print order; the words' boxes (pdftotext -bbox) and the bars' rows (found in the pixels)
// show that a name, however long, never reaches the bars. Every refusal is a Spanish message and
// no PDF.
import { gtinCheckDigit } from '@almacen/shared/domain';
import {
  LABEL_MESSAGES,
  MAX_LABELS,
  missingBarcodeMessage,
  tooManyLabelsMessage,
  unknownLabelProductsMessage,
} from '@almacen/shared/domain-pages';
import { client, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { readLabels, type LabelReading } from '../../reports/read-labels';

let t: TestApp;
let ana: Client;

interface Made {
  id: number;
  name: string;
  unit: string;
  barcode: string;
}

const LONG = 'Cuaderno profesional de raya con espiral doble, 100 hojas — tamaño carta';
const LONGER = `${LONG}, pasta dura y separadores de colores para archivo escolar`;
const gtin = (body: string) => body + gtinCheckDigit(body);

let units: Record<string, number>;
/** 15 products: 8 with an EAN-13 GTIN, 7 with Almacén's internal code, long names with accents. */
let sheet: Made[];

async function product(name: string, unit: string, barcode?: string): Promise<Made> {
  const created = await ana.post('/api/catalog/products', { name, unitId: units[unit], ...(barcode ? { barcode } : {}) });
  expect(created.statusCode).toBe(201);
  let row = created.json().data;
  if (!barcode) {
    const internal = await ana.post(`/api/catalog/products/${row.id}/internal-barcode`);
    expect(internal.statusCode).toBe(201);
    row = internal.json().data;
  }
  return { id: row.id, name, unit, barcode: row.barcode };
}

beforeAll(async () => {
  t = await createTestApp();
  ana = client(t, { sub: 'user-ana', name: 'Ana Pérez', almacen_roles: ['CONSULTA', 'ALMACENISTA'] });
  units = {};
  for (const description of ['Pieza', 'Caja con 12 piezas', 'Paquete']) {
    units[description] = (await ana.post('/api/catalog/product-units', { description })).json().data.id;
  }
  const names = [
    LONG,
    'Café molido 500 g',
    LONGER,
    'Té de limón',
    'Lápiz del número 2½ «Mirado»',
    'Señalador fosforescente',
    'Ñandú de peluche',
  ];
  sheet = [];
  for (let i = 0; i < 15; i++) {
    const name = `${names[i % names.length]} ${i + 1}`;
    const unit = Object.keys(units)[i % 3];
    sheet.push(await product(name, unit, i % 2 === 0 ? gtin(`750100${String(100000 + i)}`) : undefined));
  }
}, 60_000);
afterAll(() => t.close());

const labels = (body: unknown) => ana.post('/api/reports/labels', body);

async function print(products: Made[], copies: number, layout: 'LETTER_30' | 'THERMAL_50X25'): Promise<LabelReading[]> {
  const response = await labels({ productIds: products.map((p) => p.id), copies, layout });
  expect([response.statusCode, response.headers['content-type']]).toEqual([200, 'application/pdf']);
  expect(String(response.headers['content-disposition'])).toMatch(/^attachment; filename="Etiquetas - \d{4}-\d{2}-\d{2}\.pdf"/);
  return readLabels(response.rawPayload, layout);
}

const symbolOf = (code: string) => {
  if (/[A-Z]/.test(code) || code.length === 14) return `CODE-128:${code}`;
  return `${{ 8: 'EAN-8', 12: 'UPC-A', 13: 'EAN-13' }[code.length]}:${code}`;
};

/** Products × copies in print order: what each label must read. */
const expected = (products: Made[], copies: number) => products.flatMap((p) => Array.from({ length: copies }, () => [symbolOf(p.barcode)]));

/** The name as printed: whole words of it, «…» when cut. */
function expectNamePrinted(label: LabelReading, made: Made) {
  const text = label.words.map((word) => word.text).join(' ');
  const suffix = ` ${made.unit} ${made.barcode}`;
  expect(text.endsWith(suffix)).toBe(true);
  const name = text.slice(0, -suffix.length);
  if (name === made.name) return;
  expect(name.endsWith('…')).toBe(true);
  const kept = name.slice(0, -1);
  // Cut at a word's end: what is kept is the name up to a space (a dash or comma before it may go).
  expect(made.name.startsWith(kept)).toBe(true);
  expect(made.name.slice(kept.length)).toMatch(/^[\s,;:—–-]*\s/u);
}

/** Every word is inside the label; the name and unit end above the bars, the code begins below them. */
function expectNoOverlap(label: LabelReading, made: Made, labelWidth: number) {
  expect(label.bars).not.toBeNull();
  const bars = label.bars!;
  // Bars of a real symbol: at least 7 mm tall.
  expect(bars.bottom - bars.top).toBeGreaterThan(20);
  for (const word of label.words) {
    expect(word.xMin).toBeGreaterThanOrEqual(0);
    expect(word.xMax).toBeLessThanOrEqual(labelWidth);
    if (word.text === made.barcode) expect(word.yMin).toBeGreaterThanOrEqual(bars.bottom);
    else expect([word.text, word.yMax <= bars.top]).toEqual([word.text, true]);
  }
}

test('a letter sheet of 30: every label decodes alone to its product’s code, each exactly once per copy, in order', async () => {
  const read = await print(sheet, 2, 'LETTER_30');
  expect(read.map((label) => [label.page, label.slot])).toEqual(Array.from({ length: 30 }, (_, slot) => [1, slot]));
  expect(read.map((label) => label.symbols)).toEqual(expected(sheet, 2));
  // Both symbologies are on the sheet.
  const kinds = new Set(read.flatMap((label) => label.symbols.map((symbol) => symbol.split(':')[0])));
  expect([...kinds].sort()).toEqual(['CODE-128', 'EAN-13']);
  read.forEach((label, index) => {
    const made = sheet[Math.floor(index / 2)];
    expectNamePrinted(label, made);
    expectNoOverlap(label, made, 189);
  });
  // The longest name did not fit in two lines and was cut; the long one with accents fits whole.
  expect(read[4].words.map((word) => word.text)).toContain('tamaño');
  expect(read[4].words.some((word) => word.text.endsWith('…'))).toBe(true);
  expect(read[0].words.map((word) => word.text).join(' ')).toBe(`${sheet[0].name} ${sheet[0].unit} ${sheet[0].barcode}`);
});

test('more labels than a sheet holds go on to the next sheet', async () => {
  const read = await print(sheet.slice(0, 4), 8, 'LETTER_30');
  expect(read.map((label) => label.page)).toEqual([...Array(30).fill(1), 2, 2]);
  expect(read.map((label) => label.symbols)).toEqual(expected(sheet.slice(0, 4), 8));
});

test('thermal 50 × 25 mm, one label per page; UPC-A, EAN-8 and GTIN-14 in their symbologies, all decoded', async () => {
  const others = [
    await product('Jabón de tocador con aroma a lavanda y aceite de almendras, barra de 150 g', 'Pieza', gtin('03600029145')),
    await product('Azúcar', 'Paquete', gtin('9638507')),
    await product('Caja de archivo muerto tamaño oficio', 'Caja con 12 piezas', gtin('0750123456789')),
  ];
  const products = [...sheet.slice(0, 4), ...others];
  const read = await print(products, 1, 'THERMAL_50X25');
  expect(read.map((label) => [label.page, label.slot])).toEqual(products.map((_, i) => [i + 1, 0]));
  expect(read.map((label) => label.symbols)).toEqual(expected(products, 1));
  expect(read.slice(4).map((label) => label.symbols[0].split(':')[0])).toEqual(['UPC-A', 'EAN-8', 'CODE-128']);
  read.forEach((label, i) => {
    expectNamePrinted(label, products[i]);
    expectNoOverlap(label, products[i], (50 * 72) / 25.4);
  });
  // The thermal label is narrower: the long names are cut there.
  expect(read[0].words.some((word) => word.text.endsWith('…'))).toBe(true);
});

test('bad requests are refused with a Spanish message and no PDF', async () => {
  const ok = { productIds: [sheet[0].id], copies: 1, layout: 'LETTER_30' };
  const cases: Array<[unknown, number, string]> = [
    [{ ...ok, productIds: [] }, 400, LABEL_MESSAGES.noProducts],
    [{ copies: 1, layout: 'LETTER_30' }, 400, LABEL_MESSAGES.noProducts],
    [{ ...ok, productIds: [0] }, 400, LABEL_MESSAGES.productIds],
    [{ ...ok, productIds: ['12'] }, 400, LABEL_MESSAGES.productIds],
    [{ ...ok, productIds: 12 }, 400, LABEL_MESSAGES.productIds],
    [{ ...ok, copies: 0 }, 400, LABEL_MESSAGES.copies],
    [{ ...ok, copies: 101 }, 400, LABEL_MESSAGES.copies],
    [{ ...ok, copies: 1.5 }, 400, LABEL_MESSAGES.copies],
    [{ ...ok, copies: '2' }, 400, LABEL_MESSAGES.copies],
    [{ ...ok, layout: 'A4' }, 400, LABEL_MESSAGES.layout],
    [{ ...ok, layout: undefined }, 400, LABEL_MESSAGES.layout],
    // Checked before the products are looked up: 16 ids × 100 copies is over the cap.
    [{ ...ok, productIds: [...sheet.map((p) => p.id), 999999], copies: 100 }, 400, tooManyLabelsMessage(1600)],
    [{ ...ok, productIds: [sheet[0].id, 999998, 999999] }, 404, unknownLabelProductsMessage([999998, 999999])],
  ];
  for (const [body, status, message] of cases) {
    const response = await labels(body);
    expect([JSON.stringify(body).slice(0, 60), response.statusCode, response.headers['content-type'], response.json().message]).toEqual([
      JSON.stringify(body).slice(0, 60),
      status,
      'application/json; charset=utf-8',
      message,
    ]);
  }
});

test('a body wrong in several fields names each of them', async () => {
  const response = await labels({ copies: 0, layout: 'A4' });
  expect([response.statusCode, response.json().errors]).toEqual([
    400,
    { productIds: LABEL_MESSAGES.noProducts, copies: LABEL_MESSAGES.copies, layout: LABEL_MESSAGES.layout },
  ]);
});

test('a product without a code is refused by name (409), and printing gives no product a code', async () => {
  const plain = (await ana.post('/api/catalog/products', { name: 'Engrapadora «Pilot»', unitId: units.Pieza })).json().data;
  const other = (await ana.post('/api/catalog/products', { name: 'Clips', unitId: units.Pieza })).json().data;
  const response = await labels({ productIds: [sheet[0].id, plain.id, other.id], copies: 1, layout: 'THERMAL_50X25' });
  expect([response.statusCode, response.json()]).toEqual([
    409,
    {
      code: 'NO_BARCODE',
      message: missingBarcodeMessage([
        { id: plain.id, name: 'Engrapadora «Pilot»' },
        { id: other.id, name: 'Clips' },
      ]),
    },
  ]);
  expect(response.json().message).toContain(`no. ${plain.id} «Engrapadora «Pilot»»`);
  expect((await ana.get(`/api/catalog/products/${plain.id}`)).json().data.barcode).toBeNull();
});

test('a repeated product prints its copies once; 15 products × 100 copies, exactly the cap, is produced', async () => {
  const read = await print([sheet[1], sheet[1]], 3, 'LETTER_30');
  expect(read.map((label) => label.symbols)).toEqual(expected([sheet[1]], 3));
  expect(sheet.length * 100).toBe(MAX_LABELS);
  const all = await labels({ productIds: sheet.map((p) => p.id), copies: 100, layout: 'LETTER_30' });
  expect([all.statusCode, all.rawPayload.subarray(0, 5).toString()]).toEqual([200, '%PDF-']);
});
