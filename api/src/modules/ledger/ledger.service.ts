// The ledger's rules (ARCHITECTURE.md, "The stock ledger") in one place; the invoice and dispatch services only say
// which lines to post.
//   * Moving average in registration order: an entry recomputes the average, an exit takes it.
//   * One document = one transaction: its balance rows are locked in product-id order, every
//     line is appended, the balance rows move in the same transaction, and the audit row and
//     the idempotency answer commit with it. Anything refused rolls ALL of it back.
//   * A shortfall in any product refuses the whole document (409), naming the product, what is
//     available and what the document asks in total (two lines of one product count together).
//   * A document counts on its own date: one dated before today may not leave the product below
//     zero on any day from its date on, in the date view (Σ of the movements dated up to a day),
//     even when today's balance covers it (409, naming the first such day).
//   * PostgreSQL deadlocks and serialization failures re-run the whole document a few times, so
//     they never reach the client (withTransaction).
import { datedShortfallMessage, DEFAULT_TIME_ZONE, todayIn } from '@almacen/shared/domain';
import type { WarehouseAccess } from '../../access/warehouse-scope';
import { withTransaction, type Db, type Trx } from '../../db/pool';
import { AppError } from '../../http/errors';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit, withEmployeeNames } from '../audit/audit.repository';
import type { MailSettings } from '../requests/requests.mail';
import { once, type IdempotencyRequest } from './idempotency';
import { movementsOfCancellation, type MovementView } from './ledger.reads';
import * as ledger from './ledger.repository';
import { assertPeriodOpen, assertWarehouseOpen } from './period-lock';

/** "Existencia insuficiente del producto «Hojas blancas» (id 12): disponible 3.5, solicitado 5." */
export function shortfallMessage({ productName, productId, available, requested }: ledger.Shortfall): string {
  return `Existencia insuficiente del producto «${productName}» (id ${productId}): disponible ${available}, solicitado ${requested}.`;
}

/** Posts an invoice's lines as entries into its warehouse, in line order. */
export async function postEntries(trx: Trx, warehouseId: number, lines: ledger.EntryLine[]): Promise<ledger.PostedMovement[]> {
  await ledger.lockBalances(
    trx,
    warehouseId,
    lines.map((l) => l.productId),
  );
  const posted: ledger.PostedMovement[] = [];
  for (const line of lines) posted.push(await ledger.appendEntry(trx, warehouseId, line));
  return posted;
}

/** When a document's quantities leave: its date, and today's (both YYYY-MM-DD, APP_TIME_ZONE). */
export interface LeavingOn {
  dated: string;
  today: string;
  /** How the 409 names the document ("la salida", "el ajuste del conteo"). */
  what?: string;
}

/**
 * Refuses (409, nothing written) what would leave a product short: today's balance (every
 * document), and for a document dated before today every day from its date on in the date view.
 * `field` names each line's field in the answer (`products.N.quantity`), or none. The balances
 * must be locked.
 */
export async function checkLeaving(
  trx: Trx,
  warehouseId: number,
  lines: Array<{ productId: number; quantity: string }>,
  on: LeavingOn,
  field: ((index: number) => string) | null = (index) => `products.${index}.quantity`,
): Promise<void> {
  const found: Array<{ productId: number; message: string }> = (await ledger.findShortfalls(trx, warehouseId, lines)).map((s) => ({
    productId: s.productId,
    message: shortfallMessage(s),
  }));
  if (found.length === 0 && on.dated < on.today) {
    for (const s of await ledger.findDatedShortfalls(trx, warehouseId, on.dated, lines)) {
      found.push({ productId: s.productId, message: datedShortfallMessage(s.date, s.available, s.productName, s.requested, on.what) });
    }
  }
  if (found.length === 0) return;
  const errors: Record<string, string> = {};
  if (field) {
    for (const { productId, message } of found) {
      lines.forEach((line, index) => {
        if (line.productId === productId) errors[field(index)] = message;
      });
    }
  }
  throw new AppError('INSUFFICIENT_STOCK', found.map((f) => f.message).join(' '), field ? errors : undefined);
}

/** Locks the products of an exit in its warehouse and refuses it if any product falls short (checkLeaving). */
export async function reserveExits(
  trx: Trx,
  warehouseId: number,
  lines: Array<{ productId: number; quantity: string }>,
  on: LeavingOn,
): Promise<void> {
  await ledger.lockBalances(
    trx,
    warehouseId,
    lines.map((l) => l.productId),
  );
  await checkLeaving(trx, warehouseId, lines, on);
}

/** Posts a dispatch's lines as exits, in line order; reserveExits must have run first. */
export async function postExits(trx: Trx, warehouseId: number, lines: ledger.ExitLine[]): Promise<ledger.PostedMovement[]> {
  const posted: ledger.PostedMovement[] = [];
  for (const line of lines) posted.push(await ledger.appendExit(trx, warehouseId, line));
  return posted;
}

export interface DocumentOptions {
  idempotency?: IdempotencyRequest;
  /**
   * The document's own date and its field ("invoiceDate"): refused with 409 when it falls in a
   * closed period (period-lock.ts).
   */
  documentDate?: { value: string; field: string };
  /** Attempts after a deadlock or serialization failure (default 5). */
  attempts?: number;
  /** APP_TIME_ZONE: "today", the date a cancellation counts on. */
  timeZone?: string;
  /** Where mail about the document goes (an exit that delivers a request tells its requester). */
  mail?: MailSettings;
  /**
   * A new document's caller and the permission of the route: 403 unless they hold it in the
   * document's warehouse. Absent for the command line and the seed.
   */
  access?: WarehouseAccess;
}

/** A new document's options: which warehouse it belongs to (resolved by the route). */
export interface NewDocumentOptions extends DocumentOptions {
  warehouseId: number;
}

export interface Registered<T> {
  data: T;
  /** True when this answer is the replay of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

export const CREATED = 201;

/**
 * Runs `work` (which registers one document and returns it) in one transaction with the
 * idempotency key, the audit row and the stored answer.
 */
export async function registerDocument<T extends { id: number }>(
  db: Db,
  actor: AuthUser,
  entity: 'invoices' | 'dispatches',
  work: (trx: Trx) => Promise<T>,
  { idempotency, attempts = 5, documentDate, warehouseId }: NewDocumentOptions,
): Promise<Registered<T>> {
  return withTransaction(
    db,
    (trx) =>
      once(trx, actor, idempotency, CREATED, async () => {
        await assertWarehouseOpen(trx, warehouseId);
        if (documentDate) await assertPeriodOpen(trx, warehouseId, documentDate.value, documentDate.field);
        const saved = await work(trx);
        await recordAudit(trx, actor, { action: 'create', entity, entityId: saved.id, after: await withEmployeeNames(trx, saved) });
        return saved;
      }),
    { attempts },
  );
}

// ---- cancellations ---------------------------------------------------------------
// A cancellation is a new document: a document_cancellations row (at most one per document, by
// its unique key) and one opposite movement per line, in one transaction with the same locking,
// idempotency and audit as entries and exits. The original rows are never changed.

export interface CancellationTexts {
  notFound: string;
  alreadyCancelled: string;
}

export interface Cancellation {
  id: number;
  documentId: number;
  reason: string;
  cancelledAt: Date;
  cancelledBy: { sub: string; name: string };
  movements: MovementView[];
}

export async function cancelDocument(
  db: Db,
  actor: AuthUser,
  kind: ledger.DocumentKind,
  documentId: number,
  reason: string,
  texts: CancellationTexts,
  { idempotency, attempts = 5, timeZone = DEFAULT_TIME_ZONE }: DocumentOptions = {},
  /** What else the cancellation changes (an exit's material request), before the balances are locked. */
  alsoChange?: (trx: Trx) => Promise<void>,
): Promise<Registered<Cancellation>> {
  const table = kind === 'INVOICE' ? 'invoices' : 'dispatches';
  return withTransaction(
    db,
    (trx) =>
      once(trx, actor, idempotency, CREATED, async () => {
        const { rows: found } = await trx.query<{ warehouseId: number }>(
          `SELECT warehouse_id AS "warehouseId" FROM ${table} WHERE id = $1`,
          [documentId],
        );
        if (found.length !== 1) throw new AppError('NOT_FOUND', texts.notFound);
        const warehouseId = found[0].warehouseId;
        // A cancellation is a document of the day it is registered: it counts in today's period,
        // whatever the cancelled document's date (its own month's figures never change).
        const dated = todayIn(timeZone);
        await assertPeriodOpen(trx, warehouseId, dated, 'reason');
        const cancellation = await ledger.insertCancellation(trx, actor, kind, documentId, reason);
        if (!cancellation) throw new AppError('ALREADY_CANCELLED', texts.alreadyCancelled);
        if (alsoChange) await alsoChange(trx);

        const originals = await ledger.originalMovements(trx, kind, documentId);
        await ledger.lockBalances(
          trx,
          warehouseId,
          originals.map((m) => m.productId),
        );
        if (kind === 'INVOICE') {
          // The entry's quantities leave again: refused as a whole when any product holds less.
          const shortfalls = await ledger.findShortfalls(trx, warehouseId, originals);
          if (shortfalls.length > 0) throw new AppError('INSUFFICIENT_STOCK', shortfalls.map(shortfallMessage).join(' '));
          // Last line first: a later line of the same product is reversed before an earlier one, so
          // an untouched invoice unwinds to exactly the balance it found.
          for (const m of [...originals].reverse()) {
            await ledger.appendEntryCancellation(trx, { movementId: m.id, cancellationId: cancellation.id, observations: reason, dated });
          }
        } else {
          for (const m of originals) {
            await ledger.appendExitCancellation(trx, { movementId: m.id, cancellationId: cancellation.id, observations: reason, dated });
          }
        }

        const saved: Cancellation = {
          id: cancellation.id,
          documentId,
          reason,
          cancelledAt: cancellation.cancelledAt,
          cancelledBy: { sub: actor.sub, name: actor.name },
          movements: await movementsOfCancellation(trx, cancellation.id),
        };
        await recordAudit(trx, actor, { action: 'cancel', entity: table, entityId: documentId, after: saved });
        return saved;
      }),
    { attempts },
  );
}
