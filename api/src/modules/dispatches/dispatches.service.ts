// Registering a dispatch (salida): lock and check the stock of every product first, then the
// header, the lines and one ledger exit per line at the server's average — all in one
// transaction (see ledger.service.ts). A shortfall anywhere refuses the whole document.
import { DEFAULT_TIME_ZONE, todayIn, toDecimalString } from '@almacen/shared/domain';
import { type CreateCancellation, type CreateDispatch } from '@almacen/shared/schemas';
import { resolveWarehouse } from '../../access/warehouse-scope';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/errors';
import type { AuthUser } from '../../plugins/auth';
import {
  cancelDocument,
  postExits,
  registerDocument,
  reserveExits,
  type Cancellation,
  type DocumentOptions,
  type Registered,
} from '../ledger/ledger.service';
import { checkReferences, REFERENCE_MESSAGES as R } from '../ledger/references';
import { claimRequestLines, recordDelivery, releaseDelivery } from '../requests/requests.fulfilment';
import * as repo from './dispatches.repository';

const decimalText = (value: string | number): string => {
  const text = toDecimalString(value);
  if (text === null) throw new AppError('VALIDATION');
  return text;
};

export async function registerDispatch(
  db: Db,
  actor: AuthUser,
  input: CreateDispatch,
  options: DocumentOptions = {},
): Promise<Registered<repo.DispatchDetail>> {
  const lines = input.products.map((p) => ({
    productId: p.productId,
    quantity: decimalText(p.quantity),
    shownExitPrice: decimalText(p.exitPrice),
    observations: p.observations?.trim() || null,
    requestLineId: p.requestLineId ?? null,
  }));

  const warehouseId = await resolveWarehouse(db, options.access ?? null, input.warehouseId);
  return registerDocument(
    db,
    actor,
    'dispatches',
    async (trx) => {
      await checkReferences(trx, {
        employees: [
          {
            field: 'personInChargeOfTheRequestingAreaEmployeeId',
            id: input.personInChargeOfTheRequestingAreaEmployeeId,
            message: R.areaHead,
          },
          { field: 'petitionerEmployeeId', id: input.petitionerEmployeeId, message: R.petitioner },
          { field: 'warehouseKeeperEmployeeId', id: input.warehouseKeeperEmployeeId, message: R.warehouseKeeper },
        ],
        products: lines.map((l, i) => ({ field: `products.${i}.productId`, id: l.productId, message: R.product })),
      });
      // The request is locked before the balances, as its cancellation does (requests.fulfilment.ts).
      const claim = await claimRequestLines(trx, { ...input, warehouseId, lines });
      await reserveExits(trx, warehouseId, lines, { dated: input.dispatchDate, today: todayIn(options.timeZone ?? DEFAULT_TIME_ZONE) });

      const dispatchId = await repo.insertDispatch(trx, actor, {
        warehouseId,
        dispatchDate: input.dispatchDate,
        personInChargeOfTheRequestingAreaEmployeeId: input.personInChargeOfTheRequestingAreaEmployeeId,
        petitionerEmployeeId: input.petitionerEmployeeId,
        warehouseKeeperEmployeeId: input.warehouseKeeperEmployeeId,
        requestId: claim ? claim.request.id : null,
      });
      const lineIds = await repo.insertDispatchLines(trx, dispatchId, lines);
      await postExits(
        trx,
        warehouseId,
        lines.map((l, i) => ({
          productId: l.productId,
          dispatchId,
          dispatchLineId: lineIds[i],
          quantity: l.quantity,
          dated: input.dispatchDate,
          // The kardex says which request an exit delivered, whatever the clerk wrote.
          observations: claim ? requestObservation(claim.request.folio, l.observations) : l.observations,
        })),
      );
      if (claim) await recordDelivery(trx, actor, claim, dispatchId, lines, options.mail);
      const saved = await repo.findDispatch(trx, dispatchId);
      if (!saved) throw new Error(`La salida ${dispatchId} no se encontró después de guardarla.`);
      return saved;
    },
    { ...options, warehouseId, documentDate: { value: input.dispatchDate, field: 'dispatchDate' } },
  );
}

/** "Solicitud SOL-000042" before what the clerk wrote on the line, if anything. */
export const requestObservation = (folio: string, observations: string | null | undefined) =>
  observations?.trim() ? `Solicitud ${folio} · ${observations.trim()}` : `Solicitud ${folio}`;

export const DISPATCH_CANCELLATION_TEXTS = {
  notFound: 'No existe la salida solicitada.',
  alreadyCancelled: 'La salida ya está cancelada.',
} as const;

/** Cancels a whole dispatch with a reversing document (ledger.service.ts, cancelDocument); a request it delivered gets its quantities back as pending. */
export async function cancelDispatch(
  db: Db,
  actor: AuthUser,
  dispatchId: number,
  input: CreateCancellation,
  options: DocumentOptions = {},
): Promise<Registered<Cancellation>> {
  const reason = input.reason.trim();
  return cancelDocument(db, actor, 'DISPATCH', dispatchId, reason, DISPATCH_CANCELLATION_TEXTS, options, (trx) =>
    releaseDelivery(trx, actor, dispatchId, reason),
  );
}
