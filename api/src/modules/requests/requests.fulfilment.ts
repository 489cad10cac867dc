// Exits that deliver a request (POST /api/dispatches with requestId) and their cancellations.
// Both run inside the exit's own transaction and lock the request row before the ledger locks
// the products' balances, so two exits of one request queue on the request: the second sees
// what the first delivered, and one that would deliver more than is pending is refused whole
// (409, nothing saved). The state follows the quantities: something pending → SURTIDA_PARCIAL,
// nothing → SURTIDA; an exit cancelled puts its quantities back as pending (AUTORIZADA again
// when nothing stays delivered), or, on a closed request, adds them to what was closed.
import { addDecimal, compareDecimal, FULFILLABLE_REQUEST_STATUSES, type RequestStatus } from '@almacen/shared/domain';
import type { Trx } from '../../db/pool';
import { AppError } from '../../http/errors';
import type { AuthUser } from '../../plugins/auth';
import { queueRequestMail, type MailSettings } from './requests.mail';
import * as repo from './requests.repository';
import { auditRequest } from './requests.service';
import { REQUEST_TEXTS as T, stateMessage } from './requests.texts';

export interface ExitOfRequest {
  requestId?: number | null;
  /** The exit's warehouse: a request is delivered by the warehouse it asks. */
  warehouseId: number;
  personInChargeOfTheRequestingAreaEmployeeId: number;
  petitionerEmployeeId: number;
  lines: Array<{ productId: number; quantity: string; requestLineId?: number | null }>;
}

/** What an exit delivers of a request: checked and locked by claimRequestLines. */
export interface RequestClaim {
  request: repo.LockedRequest;
}

const refuse = (errors: Record<string, string>): never => {
  const fields = Object.keys(errors);
  throw new AppError('VALIDATION', errors[fields[0]], errors);
};

const employeeName = async (trx: Trx, id: number): Promise<string> =>
  (await trx.query<{ name: string }>("SELECT btrim(name || ' ' || last_name) AS name FROM employees WHERE id = $1", [id])).rows[0]?.name ??
  String(id);

/**
 * Locks the request an exit delivers and checks the exit against it: every line names a line of
 * that request with the same product, the petitioner and the head are the request's, the request
 * is being delivered, and no line delivers more than is pending. Null for an exit of no request.
 */
export async function claimRequestLines(trx: Trx, exit: ExitOfRequest): Promise<RequestClaim | null> {
  const requestId = exit.requestId ?? null;
  if (requestId === null) {
    const errors: Record<string, string> = {};
    exit.lines.forEach((l, i) => {
      if (l.requestLineId != null) errors[`products.${i}.requestLineId`] = T.lineWithoutRequest;
    });
    if (Object.keys(errors).length > 0) refuse(errors);
    return null;
  }
  const request = await repo.lockRequest(trx, requestId);
  if (!request) return refuse({ requestId: T.requestMissing });
  if (!FULFILLABLE_REQUEST_STATUSES.includes(request.status))
    throw new AppError('REQUEST_STATE', stateMessage(request.folio, request.status, 'surtir'));

  if (request.warehouseId !== exit.warehouseId) return refuse({ requestId: T.otherWarehouse(request.folio) });
  const errors: Record<string, string> = {};
  if (exit.petitionerEmployeeId !== request.requesterEmployeeId)
    errors.petitionerEmployeeId = T.otherPetitioner(request.folio, await employeeName(trx, request.requesterEmployeeId));
  if (exit.personInChargeOfTheRequestingAreaEmployeeId !== request.areaHeadEmployeeId)
    errors.personInChargeOfTheRequestingAreaEmployeeId = T.otherAreaHead(
      request.folio,
      await employeeName(trx, request.areaHeadEmployeeId),
    );
  const figures = await repo.lineFigures(trx, requestId);
  exit.lines.forEach((l, i) => {
    const field = `products.${i}.requestLineId`;
    if (l.requestLineId == null) errors[field] = T.lineOfRequestMissing(request.folio);
    else {
      const line = figures.find((f) => f.id === l.requestLineId);
      if (!line) errors[field] = T.unknownLine(request.folio);
      else if (line.productId !== l.productId) errors[field] = T.otherProduct(line.lineNo, line.productName);
      else if (exit.lines.findIndex((other) => other.requestLineId === l.requestLineId) < i) errors[field] = T.repeatedRequestLine;
    }
  });
  if (Object.keys(errors).length > 0) refuse(errors);

  const over: Record<string, string> = {};
  exit.lines.forEach((l, i) => {
    const line = figures.find((f) => f.id === l.requestLineId)!;
    if (compareDecimal(l.quantity, line.pending) > 0)
      over[`products.${i}.quantity`] = T.overPending(line.lineNo, line.productName, request.folio, line.pending, l.quantity);
  });
  const messages = Object.values(over);
  if (messages.length > 0) throw new AppError('REQUEST_PENDING', messages.join(' '), over);
  return { request };
}

const deliveryAudit = (lines: repo.LineFigures[]) =>
  lines.map(({ lineNo, productId, productName, authorized, delivered, pending, closed }) => ({
    lineNo,
    productId,
    productName,
    authorized,
    delivered,
    pending,
    closed,
  }));

/** After the exit's lines are saved: the request's new state, its event, its audit row and the requester's mail. */
export async function recordDelivery(
  trx: Trx,
  actor: AuthUser,
  claim: RequestClaim,
  dispatchId: number,
  exitLines: ExitOfRequest['lines'],
  mail?: MailSettings,
): Promise<void> {
  const { request } = claim;
  const lines = await repo.lineFigures(trx, request.id);
  const pending = addDecimal(...lines.map((l) => l.pending));
  const status: RequestStatus = compareDecimal(pending, '0') > 0 ? 'SURTIDA_PARCIAL' : 'SURTIDA';
  await repo.changeStatus(trx, actor, request.id, status, { dispatchId });
  await auditRequest(trx, actor, 'update', request.id, { status: request.status }, { status, dispatchId, lines: deliveryAudit(lines) });
  const delivered = exitLines.map((l) => ({ productName: lines.find((f) => f.id === l.requestLineId)!.productName, quantity: l.quantity }));
  await queueRequestMail(trx, mail, (await repo.findRequest(trx, request.id))!, { kind: 'delivered', dispatchId, delivered });
}

/**
 * Inside an exit's cancellation, once its cancellation row exists (so the exit no longer counts
 * as delivered) and before its products' balances are locked. A request already received
 * refuses it: the requester signed for that material.
 */
export async function releaseDelivery(trx: Trx, actor: AuthUser, dispatchId: number, reason: string): Promise<void> {
  const requestId = await repo.requestOfDispatch(trx, dispatchId);
  if (requestId === null) return;
  const request = (await repo.lockRequest(trx, requestId))!;
  if (request.status === 'RECIBIDA') throw new AppError('REQUEST_STATE', T.receivedExit(request.folio));
  let status: RequestStatus = request.status;
  if (request.status === 'CERRADA') await repo.closePending(trx, requestId);
  const lines = await repo.lineFigures(trx, requestId);
  if (request.status !== 'CERRADA') {
    const delivered = addDecimal(...lines.map((l) => l.delivered));
    const pending = addDecimal(...lines.map((l) => l.pending));
    status = compareDecimal(delivered, '0') === 0 ? 'AUTORIZADA' : compareDecimal(pending, '0') > 0 ? 'SURTIDA_PARCIAL' : 'SURTIDA';
  }
  await repo.changeStatus(trx, actor, requestId, status, { dispatchId, reason });
  await auditRequest(
    trx,
    actor,
    'update',
    requestId,
    { status: request.status },
    { status, dispatchId, reason, lines: deliveryAudit(lines) },
  );
}
