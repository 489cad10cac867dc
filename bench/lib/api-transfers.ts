// The API bench's part 6: a 20-line transfer sent and received through the API vs the same two
// documents run directly (sendTransfer + settleTransfer, each one transaction) through pg. Runs
// last: it adds a second warehouse, after which a call that names no warehouse is a 400.
import { randomUUID } from 'node:crypto';
import { todayIn } from '@almacen/shared/domain';
import { makeTransferSchemas } from '@almacen/shared/schemas';
import type { Db } from '../../api/src/db/pool';
import { parseBody } from '../../api/src/http/validate';
import { idempotencyFrom } from '../../api/src/modules/ledger/idempotency';
import { sendTransfer, settleTransfer } from '../../api/src/modules/transfers/transfers.service';
import type { ApiBench } from './api-catalog';
import { DISPATCH_PRODUCTS } from './api-fixture';
import { median, ms, percentile, ratio, type BenchRow } from './stats';

const ZONE = 'America/Mexico_City';
const actor = { sub: 'bench', name: 'Banco de pruebas' };

export async function transferRows({ pool, api, say, runs }: Pick<ApiBench, 'pool' | 'api' | 'say' | 'runs'>): Promise<BenchRow[]> {
  if (!runs('traspaso')) return [];
  say('Traspaso de 20 renglones enviado y recibido: API vs las mismas sentencias…');
  const destination = await plantel(pool);
  const { transfer } = makeTransferSchemas({ today: () => todayIn(ZONE) });
  const body = () => ({
    originWarehouseId: 1,
    destinationWarehouseId: destination,
    date: todayIn(ZONE),
    senderEmployeeId: 1,
    carrier: 'Banco de pruebas',
    lines: DISPATCH_PRODUCTS.map((productId) => ({ productId, quantity: '1.5', observations: '' })),
  });
  const reception = { receiverEmployeeId: 2 };

  const viaApi = async () => {
    const sent = await api.post('/api/transfers', body(), { headers: { 'idempotency-key': randomUUID() } });
    if (sent.status !== 201) throw new Error(`traspaso: ${sent.status} ${sent.body.slice(0, 300)}`);
    const { id, lines } = (JSON.parse(sent.body) as { data: { id: number; lines: unknown[] } }).data;
    if (lines.length !== 20) throw new Error(`el traspaso guardó ${lines.length} renglones`);
    const received = await api.post(`/api/transfers/${id}/reception`, reception, { headers: { 'idempotency-key': randomUUID() } });
    if (received.status !== 201) throw new Error(`recepción: ${received.status} ${received.body.slice(0, 300)}`);
    return sent.ms + received.ms;
  };
  const viaDirect = async () => {
    const b = body();
    const input = parseBody(transfer, b);
    const start = performance.now();
    const sent = await sendTransfer(pool, actor, input, {
      idempotency: idempotencyFrom({ 'idempotency-key': randomUUID() }, 'POST /api/transfers', b),
      timeZone: ZONE,
    });
    const id = sent.data.id;
    await settleTransfer(
      pool,
      actor,
      id,
      { status: 'RECIBIDO', ...reception },
      {
        idempotency: idempotencyFrom({ 'idempotency-key': randomUUID() }, `POST /api/transfers/${id}/reception`, reception),
        timeZone: ZONE,
      },
    );
    const elapsed = performance.now() - start;
    if (sent.data.lines.length !== 20) throw new Error('el traspaso directo no guardó 20 renglones');
    return elapsed;
  };
  const viaApiTimes: number[] = [];
  const directTimes: number[] = [];
  for (let i = 0; i < 3; i++) {
    await viaApi();
    await viaDirect();
  }
  for (let i = 0; i < 30; i++) {
    if (i % 2 === 0) {
      viaApiTimes.push(await viaApi());
      directTimes.push(await viaDirect());
    } else {
      directTimes.push(await viaDirect());
      viaApiTimes.push(await viaApi());
    }
  }
  return [
    {
      figure: 'POST /api/transfers con 20 renglones y su recepción (validación, token, idempotencia, auditoría, dos almacenes)',
      baseline: `${ms(median(directTimes))} — los mismos dos documentos por pg (sendTransfer + settleTransfer)`,
      measured: ms(median(viaApiTimes)),
      ratio: ratio(median(viaApiTimes) / median(directTimes)),
      note: `medianas de ${viaApiTimes.length} traspasos alternados, envío + recepción; p99 ${ms(percentile(viaApiTimes, 99))} vs ${ms(percentile(directTimes, 99))}`,
    },
  ];
}

/** The bench's second warehouse. */
export async function plantel(pool: Db): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO warehouses (code, name) VALUES ('P-BENCH', 'Plantel del banco de pruebas')
     ON CONFLICT (code) DO UPDATE SET name = excluded.name RETURNING id`,
  );
  return rows[0].id;
}
