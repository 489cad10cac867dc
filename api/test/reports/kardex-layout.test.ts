// The kardex's columns («Tarjeta de almacén», reports.service.ts): a typical row — a movement
// number of 7 digits, "Factura K-1000001" or "Salida 123456", a person's name — is ONE line in the
// PDF, so the card takes half the pages it took when «Documento» wrapped every document in two.
// Read back with pdf.js: between the first and the last movement of a page there is no other line.
import { productCard } from '../../src/modules/reports/reports.service';
import type { Snapshot } from '../../src/modules/reports/snapshot';
import { renderPdf } from '../../src/reports/pdf';
import { readPdf } from './read-report';

const ROWS = 60;

function movements() {
  return Array.from({ length: ROWS }, (_, i) => {
    const id = 1_000_001 + i;
    const entry = i % 2 === 0;
    const balance = entry ? 12 : 3;
    return {
      id: String(id),
      movement_type: entry ? 'INVOICE' : 'DISPATCH',
      date: '2026-03-14',
      invoice_number: entry ? `K-${id}` : null,
      dispatch_id: entry ? null : 123_456,
      inventory_count_id: null,
      transfer_id: null,
      counterpart: entry ? 'Office Depot' : 'María López',
      quantity: entry ? '12.000' : '9.000',
      unit_cost: '10.125000',
      amount: entry ? '121.50' : '91.13',
      balance_quantity: `${balance}.000`,
      balance_average: '10.125000',
      balance_value: entry ? '121.50' : '30.37',
    };
  });
}

const snapshot = {
  async query(sql: string) {
    if (sql.includes('FROM products p'))
      return [
        {
          id: 7,
          name: 'Papel bond tamaño carta',
          unit: 'Paquete',
          category: 'Partida 2111',
          quantity: '3.000',
          average: '10.125000',
          value: '30.37',
        },
      ];
    return [{ in_quantity: '360.000', in_amount: '3645.00', out_quantity: '270.000', out_amount: '2733.90', movements: String(ROWS) }];
  },
  async *cursor() {
    yield movements();
  },
} as unknown as Snapshot;

test('a kardex row with "Factura K-1000001" or "Salida 123456" and a 7-digit movement number is one line', async () => {
  const definition = await productCard(
    snapshot,
    { institution: 'Centro de Capacitación para el Trabajo Industrial', issued: '2026-03-14', warehouseId: 1 },
    7,
  );
  const rendered = renderPdf(definition!);
  const chunks: Buffer[] = [];
  for await (const chunk of rendered.stream as AsyncIterable<Buffer>) chunks.push(chunk);
  await rendered.done;
  const pdf = await readPdf(Buffer.concat(chunks));
  const isMovement = (line: string) => /^1\d{6} \| 14\/03\/2026 \| (Entrada \| Factura K-1\d{6}|Salida \| Salida 123456) \| /.test(line);
  const pages = pdf.pages.map((page) => page.map((cells) => cells.join(' | ')));
  expect(pages.flat().filter(isMovement)).toHaveLength(ROWS);
  for (const page of pages) {
    const first = page.findIndex(isMovement);
    const last = page.findLastIndex(isMovement);
    expect(page.slice(first, last + 1).every(isMovement)).toBe(true);
  }
  // Letter landscape: more than 20 one-line rows on a page (at two lines each it held 18).
  expect(pages[0].filter(isMovement).length).toBeGreaterThan(20);
}, 60_000);
