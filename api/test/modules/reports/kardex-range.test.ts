// "Tarjeta de almacén" for a range of the movements' dates: POST /api/reports/products/{id}?from=&to=
// starts with "Saldo inicial" (the sums of the movements dated before `from`), lists the movements
// dated in the range by date and then registration, each with the running balance, and ends with
// "Saldo final" (the range's entries and exits, and the balance at the end of `to`), so one
// range's "Saldo final" is the next one's "Saldo inicial". Every PDF page carries the balance:
// "Saldo anterior" under the header, "Pasa a la siguiente hoja" at the bottom — checked on every
// page of a 20,000-movement card read back with pdf.js (`npm run bench` times 100,000).
import { addDecimal, formatCurrency, formatPrice, formatQuantity, subtractDecimal, todayIn } from '@almacen/shared/domain';
import { client, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { readPdf, readXlsx, type CellValue } from '../../reports/read-report';
import { createCatalog, createProduct, dispatchBody, invoiceBody, type Catalog } from '../ledger/fixtures';
import { registrationClock } from '../ledger/registered-at';
import { seedKardex } from './kardex-fixture';

jest.setTimeout(600_000);

let t: TestApp;
let c: Client;
let catalog: Catalog;
beforeAll(async () => {
  t = await createTestApp({ env: { APP_TIME_ZONE: 'America/Mexico_City' } });
  c = client(t);
  catalog = await createCatalog(c);
});
afterAll(() => t.close());

async function download(url: string) {
  const r = await t.app.inject({ method: 'POST', url, headers: await t.auth() });
  if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
  return r.rawPayload;
}

/** The XLSX table below its header row ("Mov."), as [label-or-id, …, balance q, avg, value]. */
async function cardRows(url: string): Promise<CellValue[][]> {
  const { rows } = await readXlsx(await download(url));
  const header = rows.findIndex((r) => r[0] === 'Mov.');
  return rows.slice(header + 1).filter((r) => r.some((v) => v !== null));
}

const num = (v: CellValue) => String(v);

describe('a card over three months, registered on different days', () => {
  let paper: number;
  beforeAll(async () => {
    paper = await createProduct(c, 'Papel bond carta (tarjeta)');
    const clock = await registrationClock(t);
    const post = async (url: string, body: unknown) => {
      const r = await c.post(url, body);
      if (r.statusCode !== 201) throw new Error(r.body);
      return r.json().data;
    };
    await post(
      '/api/invoices',
      invoiceBody(t, catalog, [{ productId: paper, quantity: '10', purchasePrice: '5' }], { invoiceDate: '2025-01-10' }),
    );
    await clock.at('2025-01-10 10:00:00');
    await post('/api/dispatches', dispatchBody(t, catalog, [{ productId: paper, quantity: '4' }], { dispatchDate: '2025-01-31' }));
    await clock.at('2025-01-31 23:59:59.999');
    // Dated in January, registered in February: it belongs to January's card.
    await post(
      '/api/invoices',
      invoiceBody(t, catalog, [{ productId: paper, quantity: '6', purchasePrice: '10' }], { invoiceDate: '2025-01-20' }),
    );
    await clock.at('2025-02-01 00:00:00');
    await post('/api/dispatches', dispatchBody(t, catalog, [{ productId: paper, quantity: '2' }], { dispatchDate: '2025-02-14' }));
    await clock.at('2025-02-14 12:00:00');
    await post(
      '/api/invoices',
      invoiceBody(t, catalog, [{ productId: paper, quantity: '1', purchasePrice: '20' }], { invoiceDate: '2025-03-03' }),
    );
    await clock.at('2025-03-03 09:00:00');
  });

  // By date: 10 @ 5 on the 10th (50), 6 @ 10 on the 20th (60: registered in February), the exit of 4
  // on the 31st (it took 20.00, registered when the balance was 10 @ 5) → 12, 90, 7.5; the exit of
  // 2 on 14 February takes 2 × 90 / 12 = 15.00 → 10, 75; 1 @ 20 on 3 March.
  test('February: Saldo inicial = end of January by date, the February movement, Saldo final = start of March', async () => {
    const rows = await cardRows(`/api/reports/products/${paper}?from=2025-02-01&to=2025-02-28&format=xlsx`);
    expect(rows[0][0]).toBe('Saldo inicial');
    expect(rows[0].slice(11)).toEqual([12, 7.5, 90]);
    const { rows: ledger } = await t.db.query<{ id: string }>(
      `SELECT m.id::text AS id FROM movements m
        WHERE m.product_id = $1 AND m.dated BETWEEN '2025-02-01' AND '2025-02-28' ORDER BY m.dated, m.id`,
      [paper],
    );
    expect(rows.slice(1, -1).map((r) => r[0])).toEqual(ledger.map((m) => m.id));
    const last = rows.at(-1)!;
    expect(last[0]).toBe('Saldo final');
    expect([last[5], last[7], last[8], last[10]]).toEqual([0, 0, 2, 15]);
    expect(last.slice(11)).toEqual([10, 7.5, 75]);
    // Opening + in − out = closing.
    expect(num(last[11])).toBe(subtractDecimal(addDecimal(num(rows[0][11]), num(last[5])), num(last[8])));
    const march = await cardRows(`/api/reports/products/${paper}?from=2025-03-01&format=xlsx`);
    expect(march[0].slice(11)).toEqual(last.slice(11));
    expect(march.at(-1)![0]).toBe('Saldo final');
  });

  test('January: the invoice registered in February sits on its own date, and the running balance follows the dates', async () => {
    const rows = await cardRows(`/api/reports/products/${paper}?from=2025-01-01&to=2025-01-31&format=xlsx`);
    const movements = rows.slice(1, -1);
    expect(movements.map((r) => (r[1] as Date).toISOString().slice(0, 10))).toEqual(['2025-01-10', '2025-01-20', '2025-01-31']);
    expect(movements.map((r) => r.slice(11))).toEqual([
      [10, 5, 50],
      [16, 6.875, 110],
      [12, 7.5, 90],
    ]);
    expect(rows.at(-1)!.slice(11)).toEqual([12, 7.5, 90]);
  });

  test('January to today equals the whole card, and a range with nothing in it still has both balances', async () => {
    const today = todayIn(t.config.timeZone);
    const all = await cardRows(`/api/reports/products/${paper}?from=2025-01-01&to=${today}&format=xlsx`);
    expect(all[0].slice(11)).toEqual([0, 0, 0]);
    const whole = await cardRows(`/api/reports/products/${paper}?format=xlsx`);
    expect(whole.at(-1)![0]).toBe('Totales');
    expect(all.slice(1, -1)).toEqual(whole.slice(0, -1));
    expect(all.at(-1)!.slice(5)).toEqual(whole.at(-1)!.slice(5));
    const quiet = await cardRows(`/api/reports/products/${paper}?from=2025-01-21&to=2025-01-30&format=xlsx`);
    expect(quiet.map((r) => r[0])).toEqual(['Saldo inicial', 'Saldo final']);
    expect(quiet[0].slice(11)).toEqual([16, 6.875, 110]);
    expect(quiet[1].slice(11)).toEqual([16, 6.875, 110]);
  });

  test('PDF: the period in the header and the note under the title', async () => {
    const pdf = await readPdf(await download(`/api/reports/products/${paper}?from=2025-02-01&to=2025-02-28`));
    const text = pdf.lines.join('\n');
    expect(text).toContain('Periodo: | Del 01/02/2025 al 28/02/2025');
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Movimientos con fecha del 01/02/2025 al 28/02/2025, por fecha y luego por orden de registro.',
    );
    expect(pdf.lines.find((l) => l.startsWith('Saldo inicial'))).toBe(
      `Saldo inicial | ${formatQuantity('12')} | ${formatPrice('7.5')} | ${formatCurrency('90')}`,
    );
    expect(pdf.lines.find((l) => l.startsWith('Saldo final'))).toContain(
      `${formatQuantity('10')} | ${formatPrice('7.5')} | ${formatCurrency('75')}`,
    );
  });

  test.each([
    ['from=2025-02-30', 'La fecha inicial no es válida; usa el formato AAAA-MM-DD.'],
    ['to=1999-01-01', 'La fecha final no puede ser anterior al 01/01/2000.'],
    ['from=2025-03-01&to=2025-02-01', 'La fecha inicial no puede ser posterior a la fecha final.'],
  ])('400: %s', async (query, message) => {
    const r = await t.app.inject({ method: 'POST', url: `/api/reports/products/${paper}?${query}`, headers: await t.auth() });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(message);
  });
});

test('a 20,000-movement card: every page starts with "Saldo anterior" and ends with "Pasa a la siguiente hoja", each equal to the balance around the break', async () => {
  const { productId } = await seedKardex(t.db, 20_000, 'Hojas blancas (tarjeta larga)');
  // The fixture dates 1,000 movements a day from 2 January 2026: the first 999 are before the range.
  const {
    rows: [opening],
  } = await t.db.query<{ q: string; avg: string; v: string }>(
    `SELECT balance_quantity::text AS q, balance_average::text AS avg, round(balance_value, 2)::text AS v
       FROM movements WHERE product_id = $1 ORDER BY id OFFSET 998 LIMIT 1`,
    [productId],
  );
  const pdf = await readPdf(await download(`/api/reports/products/${productId}?from=2026-01-03`));
  expect(pdf.pages.length).toBeGreaterThan(200);
  const balanceOf = (line: string) => line.split(' | ').slice(-3).join(' | ');
  const isMovement = (line: string) => /^\d+ \| \d\d\/\d\d\/\d{4} \| /.test(line);
  let previous: string | null = null;
  let movements = 0;
  pdf.pages.forEach((page, i) => {
    const lines = page.map((cells) => cells.join(' | '));
    const first = lines.findIndex((l) => l.startsWith('Saldo anterior') || l.startsWith('Saldo inicial') || isMovement(l));
    if (i === 0) {
      expect(lines[first]).toBe(
        `Saldo inicial | ${formatQuantity(opening.q)} | ${formatPrice(opening.avg)} | ${formatCurrency(opening.v)}`,
      );
    } else {
      expect(lines[first]).toBe(`Saldo anterior | ${previous}`);
    }
    const rows = lines.filter(isMovement);
    movements += rows.length;
    const carriedOut = lines.find((l) => l.startsWith('Pasa a la siguiente hoja'));
    if (i < pdf.pages.length - 1) {
      expect(carriedOut).toBeDefined();
      // The last movement on the page is the balance handed on.
      expect(balanceOf(carriedOut!)).toBe(balanceOf(rows.at(-1)!));
      previous = balanceOf(carriedOut!);
    } else {
      expect(carriedOut).toBeUndefined();
      expect(lines.some((l) => l.startsWith('Saldo final'))).toBe(true);
    }
  });
  expect(movements).toBe(19_001);
});
