// «Traspasos» (migration 0066): sending moves the lines out of the origin like an exit, each at
// the origin's average; receiving moves exactly that value into the destination; a rejection by
// the destination or a withdrawal by the origin brings it back to the origin at that same value.
// Each step is one document: one transaction with its Idempotency-Key, its warehouse's closing
// lock (shipping in the origin's month, reception in the destination's, a return in the
// origin's), the balances locked in product order, the audit row and the stored answer.
import { DEFAULT_TIME_ZONE, todayIn, toDecimalString } from '@almacen/shared/domain';
import type { CreateTransfer } from '@almacen/shared/schemas';
import type { Caller } from '../../access/users';
import { assertMayIn, resolveWarehouse } from '../../access/warehouse-scope';
import { withTransaction, type Db, type Trx } from '../../db/pool';
import { AppError } from '../../http/errors';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import { once, type IdempotencyRequest } from '../ledger/idempotency';
import * as ledger from '../ledger/ledger.repository';
import { checkLeaving, CREATED, type Registered } from '../ledger/ledger.service';
import { assertPeriodOpen, assertWarehouseOpen } from '../ledger/period-lock';
import { checkReferences } from '../ledger/references';
import { appendTransferIn, appendTransferOut } from '../ledger/transfer-movements';
import { findTransfer, type TransferView } from './transfers.repository';

export const TRANSFER_TEXTS = {
  notFound: 'El traspaso solicitado no existe.',
  sameWarehouse: 'El almacén de destino debe ser distinto del de origen.',
  sender: 'El empleado que envía no existe.',
  receiver: 'El empleado que recibe no existe.',
  product: 'El producto seleccionado no existe.',
  repeated: 'El producto ya está en otro renglón del traspaso.',
  settled: (status: string) => `El traspaso ya no está en tránsito (${status.toLowerCase()}): no admite esta acción.`,
} as const;

const decimalText = (value: string | number): string => {
  const text = toDecimalString(value);
  if (text === null) throw new AppError('VALIDATION');
  return text;
};

export interface TransferOptions {
  idempotency?: IdempotencyRequest;
  timeZone?: string;
  attempts?: number;
  /**
   * Who calls: sending and withdrawing need 'dispatches.create' at the origin, receiving and
   * rejecting 'invoices.create' at the destination (403). Absent for the command line and the seed.
   */
  caller?: Caller;
}

/** One transfer document: one transaction with its Idempotency-Key, retried on a deadlock. */
const asDocument = <T>(db: Db, actor: AuthUser, { idempotency, attempts = 5 }: TransferOptions, work: (trx: Trx) => Promise<T>) =>
  withTransaction(db, (trx) => once(trx, actor, idempotency, CREATED, () => work(trx)), { attempts });

export async function sendTransfer(
  db: Db,
  actor: AuthUser,
  input: CreateTransfer,
  options: TransferOptions = {},
): Promise<Registered<TransferView>> {
  const { caller } = options;
  const origin = await resolveWarehouse(
    db,
    caller ? { caller, permission: 'dispatches.create' } : null,
    input.originWarehouseId,
    'originWarehouseId',
  );
  // Any warehouse may be the destination: the sender needs no permission there.
  const destination = await resolveWarehouse(db, null, input.destinationWarehouseId, 'destinationWarehouseId');
  if (origin === destination) {
    throw new AppError('VALIDATION', TRANSFER_TEXTS.sameWarehouse, { destinationWarehouseId: TRANSFER_TEXTS.sameWarehouse });
  }
  const lines = input.lines.map((l) => ({
    productId: l.productId,
    quantity: decimalText(l.quantity),
    observations: l.observations?.trim() || null,
  }));
  const repeated: Record<string, string> = {};
  lines.forEach((line, i) => {
    if (lines.findIndex((other) => other.productId === line.productId) < i) repeated[`lines.${i}.productId`] = TRANSFER_TEXTS.repeated;
  });
  if (Object.keys(repeated).length > 0) throw new AppError('VALIDATION', TRANSFER_TEXTS.repeated, repeated);
  const carrier = input.carrier?.trim() || null;

  return asDocument(db, actor, options, async (trx) => {
    await assertWarehouseOpen(trx, origin);
    await assertWarehouseOpen(trx, destination);
    await assertPeriodOpen(trx, origin, input.date, 'date');
    await checkReferences(trx, {
      employees: [{ field: 'senderEmployeeId', id: input.senderEmployeeId, message: TRANSFER_TEXTS.sender }],
      products: lines.map((l, i) => ({ field: `lines.${i}.productId`, id: l.productId, message: TRANSFER_TEXTS.product })),
    });
    await ledger.lockBalances(
      trx,
      origin,
      lines.map((l) => l.productId),
    );
    await checkLeaving(
      trx,
      origin,
      lines,
      { dated: input.date, today: todayIn(options.timeZone ?? DEFAULT_TIME_ZONE), what: 'el traspaso' },
      (i) => `lines.${i}.quantity`,
    );
    const { rows } = await trx.query<{ id: number }>(
      `INSERT INTO transfers (origin_warehouse_id, destination_warehouse_id, transfer_date, sender_employee_id, carrier, created_by, created_by_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [origin, destination, input.date, input.senderEmployeeId, carrier, actor.sub, actor.name],
    );
    const transferId = rows[0].id;
    const { rows: lineIds } = await trx.query<{ id: number }>(
      `INSERT INTO transfer_lines (transfer_id, line_no, product_id, quantity, observations)
       SELECT $1, n, product_id, quantity, observations
         FROM unnest($2::integer[], $3::numeric[], $4::text[]) WITH ORDINALITY AS t(product_id, quantity, observations, n)
        ORDER BY n
       RETURNING id`,
      [transferId, lines.map((l) => l.productId), lines.map((l) => l.quantity), lines.map((l) => l.observations)],
    );
    for (const [i, line] of lines.entries()) {
      await appendTransferOut(trx, origin, { ...line, transferId, transferLineId: lineIds[i].id, dated: input.date });
    }
    const saved = (await findTransfer(trx, transferId))!;
    await recordAudit(trx, actor, { action: 'create', entity: 'transfers', entityId: transferId, after: saved });
    return saved;
  });
}

type Settlement = { status: 'RECIBIDO'; receiverEmployeeId: number } | { status: 'RECHAZADO' | 'RETIRADO'; reason: string };

/** Receives, rejects or withdraws a transfer still in transit: its lines enter the destination or return to the origin. */
export async function settleTransfer(
  db: Db,
  actor: AuthUser,
  id: number,
  settlement: Settlement,
  options: TransferOptions = {},
): Promise<Registered<TransferView>> {
  return asDocument(db, actor, options, async (trx) => {
    const { rows } = await trx.query<{ status: string; origin: number; destination: number }>(
      `SELECT status, origin_warehouse_id AS origin, destination_warehouse_id AS destination FROM transfers WHERE id = $1 FOR UPDATE`,
      [id],
    );
    if (rows.length !== 1) throw new AppError('NOT_FOUND', TRANSFER_TEXTS.notFound);
    const transfer = rows[0];
    if (options.caller) {
      if (settlement.status === 'RETIRADO') assertMayIn(options.caller, 'dispatches.create', transfer.origin);
      else assertMayIn(options.caller, 'invoices.create', transfer.destination);
    }
    if (transfer.status !== 'ENVIADO') throw new AppError('TRANSFER_STATE', TRANSFER_TEXTS.settled(transfer.status));
    const received = settlement.status === 'RECIBIDO';
    const into = received ? transfer.destination : transfer.origin;
    const dated = todayIn(options.timeZone ?? DEFAULT_TIME_ZONE);
    if (received) await assertWarehouseOpen(trx, into);
    await assertPeriodOpen(trx, into, dated, received ? 'receiverEmployeeId' : 'reason');
    if (settlement.status === 'RECIBIDO') {
      await checkReferences(trx, {
        employees: [{ field: 'receiverEmployeeId', id: settlement.receiverEmployeeId, message: TRANSFER_TEXTS.receiver }],
      });
    }
    const { rows: lines } = await trx.query<{
      lineId: number;
      productId: number;
      quantity: string;
      unitCost: string;
      value: string;
      observations: string | null;
    }>(
      `SELECT l.id AS "lineId", l.product_id AS "productId", l.quantity::text AS quantity, m.unit_cost::text AS "unitCost",
              m.amount::text AS value, l.observations
         FROM transfer_lines l JOIN movements m ON m.transfer_line_id = l.id AND m.movement_type = 'TRANSFER_OUT'
        WHERE l.transfer_id = $1 ORDER BY l.line_no`,
      [id],
    );
    await ledger.lockBalances(
      trx,
      into,
      lines.map((l) => l.productId),
    );
    for (const line of lines) {
      await appendTransferIn(trx, into, received ? 'TRANSFER_IN' : 'TRANSFER_RETURN', {
        ...line,
        transferId: id,
        transferLineId: line.lineId,
        dated,
        observations: received ? line.observations : settlement.reason,
      });
    }
    const before = await findTransfer(trx, id);
    await trx.query(
      `UPDATE transfers SET status = $2, receiver_employee_id = $3, reason = $4, settled_at = clock_timestamp(), settled_by = $5, settled_by_name = $6
        WHERE id = $1`,
      [
        id,
        settlement.status,
        settlement.status === 'RECIBIDO' ? settlement.receiverEmployeeId : null,
        settlement.status === 'RECIBIDO' ? null : settlement.reason,
        actor.sub,
        actor.name,
      ],
    );
    const saved = (await findTransfer(trx, id))!;
    await recordAudit(trx, actor, { action: 'update', entity: 'transfers', entityId: id, before, after: saved });
    return saved;
  });
}
