// The API bench's part 7: «Todos los almacenes» — GET /api/stock?warehouseId=all (JSON) and its
// report as XLSX (POST /api/reports/stock?warehouseId=all&format=xlsx), each vs the plain SELECT of
// the same sums sent through pg (per product, Σ of the warehouses' balances plus what is in
// transit). The fixture is the API bench's 10,000 products in the first warehouse, the bench's
// plantel (lib/api-transfers.ts) and a 20-line transfer left on the road, sent here through pg.
import { randomUUID } from 'node:crypto';
import { todayIn } from '@almacen/shared/domain';
import { makeTransferSchemas } from '@almacen/shared/schemas';
import { parseBody } from '../../api/src/http/validate';
import { idempotencyFrom } from '../../api/src/modules/ledger/idempotency';
import { sendTransfer } from '../../api/src/modules/transfers/transfers.service';
import type { ApiBench } from './api-catalog';
import { DISPATCH_PRODUCTS, PRODUCTS } from './api-fixture';
import { plantel } from './api-transfers';
import { bytes, median, ms, percentile, ratio, type BenchRow } from './stats';

const ZONE = 'America/Mexico_City';

const SUMS = `
  SELECT p.id, coalesce(h.quantity, 0) + coalesce(t.quantity, 0) AS quantity, coalesce(h.value, 0) + coalesce(t.value, 0) AS value
    FROM products p
    LEFT JOIN (SELECT product_id, sum(quantity) AS quantity, sum(value) AS value FROM product_balances GROUP BY product_id) h ON h.product_id = p.id
    LEFT JOIN (SELECT m.product_id, sum(m.quantity) AS quantity, sum(m.amount) AS value
                 FROM transfers x JOIN movements m ON m.transfer_id = x.id AND m.movement_type = 'TRANSFER_OUT'
                WHERE x.status = 'ENVIADO' GROUP BY m.product_id) t ON t.product_id = p.id
   ORDER BY p.id`;

export async function consolidatedRows({ pool, api, expect200, say, runs }: ApiBench): Promise<BenchRow[]> {
  if (!runs('consolidado')) return [];
  say('«Todos los almacenes»: JSON y XLSX vs el SELECT de las mismas sumas…');
  const destination = await plantel(pool);
  const { transfer } = makeTransferSchemas({ today: () => todayIn(ZONE) });
  const body = {
    originWarehouseId: 1,
    destinationWarehouseId: destination,
    date: todayIn(ZONE),
    senderEmployeeId: 1,
    carrier: 'Banco de pruebas',
    lines: DISPATCH_PRODUCTS.map((productId) => ({ productId, quantity: '2.5', observations: '' })),
  };
  await sendTransfer(pool, { sub: 'bench', name: 'Banco de pruebas' }, parseBody(transfer, body), {
    idempotency: idempotencyFrom({ 'idempotency-key': randomUUID() }, 'POST /api/transfers', body),
    timeZone: ZONE,
  });

  const viaPg = async () => {
    const start = performance.now();
    const { rows } = await pool.query(SUMS);
    const elapsed = performance.now() - start;
    if (rows.length !== PRODUCTS) throw new Error(`el SELECT trajo ${rows.length} productos`);
    return elapsed;
  };
  const json = async () => {
    const r = await expect200(api.get('/api/stock?warehouseId=all'));
    const { data } = JSON.parse(r.body) as { data: unknown[] };
    if (data.length !== PRODUCTS) throw new Error(`la vista consolidada trajo ${data.length} productos`);
    return r;
  };
  const xlsx = async () => {
    const r = await api.post('/api/reports/stock?warehouseId=all&format=xlsx', {}, { timeoutMs: 120_000 });
    if (r.status !== 200) throw new Error(`reporte consolidado: ${r.status} ${r.body.slice(0, 300)}`);
    return r;
  };

  const rows: BenchRow[] = [];
  for (const [label, run, count] of [
    ['GET /api/stock?warehouseId=all (JSON, cada producto con la parte de cada almacén y lo que está en tránsito)', json, 30],
    ['POST /api/reports/stock?warehouseId=all&format=xlsx (reporte consolidado: productos, subtotales por almacén, en tránsito)', xlsx, 10],
  ] as const) {
    for (let i = 0; i < 2; i++) {
      await run();
      await viaPg();
    }
    const apiTimes: number[] = [];
    const pgTimes: number[] = [];
    let size = 0;
    for (let i = 0; i < count; i++) {
      if (i % 2 === 0) {
        const r = await run();
        apiTimes.push(r.ms);
        size = r.bytes;
        pgTimes.push(await viaPg());
      } else {
        pgTimes.push(await viaPg());
        const r = await run();
        apiTimes.push(r.ms);
      }
    }
    rows.push({
      figure: label,
      baseline: `${ms(median(pgTimes))} — el SELECT de las mismas sumas por pg (${PRODUCTS.toLocaleString('en-US')} productos, 2 almacenes y un traspaso en tránsito)`,
      measured: ms(median(apiTimes)),
      ratio: ratio(median(apiTimes) / median(pgTimes)),
      note: `medianas de ${count} alternadas; p99 ${ms(percentile(apiTimes, 99))} vs ${ms(percentile(pgTimes, 99))}; respuesta de ${bytes(size)}`,
    });
  }
  return rows;
}
