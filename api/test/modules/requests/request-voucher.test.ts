// «Vale de solicitud» (POST /api/reports/requests/{id}): the request with its three signatures and
// what each exit delivered (a cancelled exit delivered nothing), as a PDF poppler reads and renders
// and as a workbook; only who may see the request may print it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { renderPdf } from '../../reports/file-readers';
import { readPdf, readXlsx } from '../../reports/read-report';
import { ask, authorize, createCast, exitBody, ok, stockedProduct, type Cast, type RequestShape } from './fixtures';

jest.setTimeout(120_000);

let t: TestApp;
let cast: Cast;
let request: RequestShape;
let first: number;
let second: number;
let cancelled: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t);
  const paper = await stockedProduct(t, cast, 'Hojas blancas tamaño carta');
  const toner = await stockedProduct(t, cast, 'Tóner negro');
  request = await ask(cast, [
    { productId: paper, quantity: '10' },
    { productId: toner, quantity: '3' },
  ]);
  request = await authorize(cast, request, ['8', '3']);
  cancelled = ok(await cast.clerk.c.post('/api/dispatches', exitBody(t, cast, request, ['1', null])), 201).id;
  ok(await cast.admin.post(`/api/dispatches/${cancelled}/cancellation`, { reason: 'Se capturó la cantidad equivocada' }), 201);
  first = ok(await cast.clerk.c.post('/api/dispatches', exitBody(t, cast, request, ['5', '1'])), 201).id;
  second = ok(await cast.clerk.c.post('/api/dispatches', exitBody(t, cast, request, ['2', null])), 201).id;
});
afterAll(() => t.close());

const voucher = (who: Cast['rosa'], format = 'pdf') => who.c.post(`/api/reports/requests/${request.id}?format=${format}`, {});

test('the PDF: folio, people, every line with what each exit delivered, and the three signatures; poppler renders it', async () => {
  const response = await voucher(cast.rosa);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/application\/pdf/);
  const pdf = await readPdf(response.rawPayload);
  const text = pdf.lines.join('\n');
  expect(text).toMatch('Vale de solicitud');
  expect(text).toMatch(request.folio);
  expect(text).toMatch('Surtida parcialmente');
  expect(text).toMatch('Rosa Méndez');
  expect(text).toMatch('Hugo Salas');
  const line1 = pdf.lines.find((l) => l.startsWith('1 | '))!;
  expect(line1).toMatch(/^1 \| Hojas blancas tamaño carta \| 10 \| 8 \| 7 \| 1 \| /);
  // Each exit that delivered the line, with its date and quantity (the cell wraps to the next line).
  expect(line1).toMatch(new RegExp(`Salida ${first} \\(\\d\\d/\\d\\d/\\d{4}\\): 5;`));
  expect(text).toMatch(new RegExp(`Salida ${second} \\(\\d\\d/\\d\\d/\\d{4}\\): 2`));
  // The cancelled exit delivered nothing: it is not among the ones named.
  expect(text).not.toContain(`Salida ${cancelled} (`);
  expect(pdf.lines.find((l) => l.startsWith('2 | '))).toMatch(
    /^2 \| Tóner negro \| 3 \| 3 \| 1 \| 2 \| Salida \d+ \(\d\d\/\d\d\/\d{4}\): 1/,
  );
  for (const role of ['Solicitante', 'Responsable del área solicitante', 'Almacenista']) expect(text).toContain(role);

  const dir = await mkdtemp(path.join(tmpdir(), 'almacen-vale-'));
  try {
    const file = path.join(dir, 'vale.pdf');
    await writeFile(file, response.rawPayload);
    expect(await renderPdf(file)).toBe(1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the workbook holds the same lines', async () => {
  const response = await voucher(cast.hugo, 'xlsx');
  expect(response.statusCode).toBe(200);
  const { rows } = await readXlsx(response.rawPayload);
  const line = rows.find((r) => r.includes('Tóner negro'))!;
  expect(
    line
      .filter((c) => c !== null)
      .map(String)
      .slice(0, 6),
  ).toEqual(['2', 'Tóner negro', '3', '3', '1', '2']);
});

test('who may print it: its people and the warehouse; another requester is told it does not exist, no role is refused', async () => {
  expect((await voucher(cast.hugo)).statusCode).toBe(200);
  expect((await voucher(cast.clerk)).statusCode).toBe(200);
  const other = await voucher(cast.otto);
  expect([other.statusCode, other.json().message]).toEqual([404, 'No existe la solicitud de material indicada.']);
  expect((await voucher(cast.nobody)).statusCode).toBe(403);
});

test("an exit that delivered a request names its folio: in the exits' history, on its own voucher and in the kardex", async () => {
  const list = ok(await cast.admin.get('/api/dispatches')) as Array<{ id: number; requestFolio: string | null }>;
  expect(list.find((d) => d.id === first)?.requestFolio).toBe(request.folio);
  expect(list.find((d) => d.id === cancelled)?.requestFolio).toBe(request.folio);
  expect(list.find((d) => d.id === second)?.requestFolio).toBe(request.folio);
  expect(list.every((d) => [first, second, cancelled].includes(d.id) || d.requestFolio === null)).toBe(true);

  const exitVoucher = await readPdf((await cast.admin.post(`/api/reports/dispatches/${first}?format=pdf`, {})).rawPayload);
  expect(exitVoucher.lines.join('\n')).toContain(`Solicitud de material: | ${request.folio}`);

  const kardex = ok(await cast.admin.get(`/api/movements/products/${request.lines[0].productId}`)) as Array<{
    dispatchId: number | null;
    observations: string | null;
    movementType: string;
  }>;
  const delivered = kardex.filter((m) => m.movementType === 'DISPATCH').map((m) => m.observations);
  expect(delivered).toEqual([`Solicitud ${request.folio}`, `Solicitud ${request.folio}`, `Solicitud ${request.folio}`]);
});
