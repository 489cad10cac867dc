// Material requests: creating one and every state change a person makes (ARCHITECTURE.md,
// "Material requests"). Each change is one transaction that first locks the request row
// (SELECT … FOR UPDATE), so of two concurrent clicks the second sees the first's result and is
// refused with 409; then who may see it (404 otherwise), who may act (403), whether its state
// allows it (409), the change, its event (who, when, why) and its audit row.
import {
  compareDecimal,
  forbiddenMessage,
  toDecimalString,
  type Permission,
  type RequestDetail,
  type RequestStatus,
} from '@almacen/shared/domain';
import type { CreateRequest, RequestAuthorization } from '@almacen/shared/schemas';
import { resolveWarehouse } from '../../access/warehouse-scope';
import { withTransaction, type Db, type Trx } from '../../db/pool';
import { AppError } from '../../http/errors';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit, withEmployeeNames, type AuditAction } from '../audit/audit.repository';
import { once, type IdempotencyRequest } from '../ledger/idempotency';
import { CREATED, type Registered } from '../ledger/ledger.service';
import { checkReferences } from '../ledger/references';
import { queueRequestMail, type MailSettings, type RequestNotice } from './requests.mail';
import * as repo from './requests.repository';
import { REQUEST_TEXTS as T, stateMessage } from './requests.texts';

/** Who is calling: the token's person, the employee they are (or null) and what their roles grant. */
export interface Person {
  user: AuthUser;
  employeeId: number | null;
  permissions: readonly Permission[];
  /** Whether they hold `permission` in warehouse `warehouseId` (access/users.ts mayIn). */
  mayIn: (permission: Permission, warehouseId: number) => boolean;
}

export const OK = 200;

/** Whether the person may see the request: a reader of every request of its warehouse, its requester or its named head. */
export const maySee = (
  person: Person,
  row: Pick<repo.LockedRequest, 'requesterEmployeeId' | 'areaHeadEmployeeId'> & { warehouseId: number | null },
): boolean =>
  (row.warehouseId === null ? person.permissions.includes('requests.all') : person.mayIn('requests.all', row.warehouseId)) ||
  (person.employeeId !== null && (person.employeeId === row.requesterEmployeeId || person.employeeId === row.areaHeadEmployeeId));

export async function visibleRequest(db: Db, person: Person, id: number): Promise<RequestDetail> {
  const found = await repo.findRequest(db, id);
  if (
    !found ||
    !maySee(person, {
      requesterEmployeeId: found.requester.employeeId,
      areaHeadEmployeeId: found.areaHead.employeeId,
      warehouseId: found.warehouseId,
    })
  )
    throw new AppError('NOT_FOUND', T.notFound);
  return found;
}

/** Runs `work` with the Idempotency-Key of the call: the same key answers the first result. */
export async function auditRequest(
  trx: Trx,
  user: AuthUser,
  action: AuditAction,
  requestId: number,
  before: object | null,
  after: object,
): Promise<void> {
  await recordAudit(trx, user, { action, entity: 'material_requests', entityId: requestId, before, after });
}

const requireEmployee = (person: Person): number => {
  if (person.employeeId === null) throw new AppError('NO_EMPLOYEE');
  return person.employeeId;
};

const quantityText = (value: string | number): string => {
  const text = toDecimalString(value);
  if (text === null) throw new AppError('VALIDATION');
  return text;
};

export async function createRequest(
  db: Db,
  person: Person,
  input: CreateRequest,
  idempotency?: IdempotencyRequest,
  mail?: MailSettings,
): Promise<Registered<RequestDetail>> {
  const requesterEmployeeId = requireEmployee(person);
  const lines = input.lines.map((l) => ({
    productId: l.productId,
    quantity: quantityText(l.quantity),
    observations: l.observations?.trim() || null,
  }));
  const errors: Record<string, string> = {};
  lines.forEach((line, i) => {
    if (lines.findIndex((other) => other.productId === line.productId) < i) errors[`lines.${i}.productId`] = T.repeatedProduct;
  });
  if (input.areaHeadEmployeeId === requesterEmployeeId) errors.areaHeadEmployeeId = T.headIsRequester;
  const fields = Object.keys(errors);
  if (fields.length > 0) throw new AppError('VALIDATION', errors[fields[0]], errors);

  // Asking is institution-wide (requests.ask): any warehouse, the only active one by default.
  const warehouseId = await resolveWarehouse(db, null, input.warehouseId);
  return withTransaction(db, (trx) =>
    once(trx, person.user, idempotency, CREATED, async () => {
      await checkReferences(trx, {
        employees: [{ field: 'areaHeadEmployeeId', id: input.areaHeadEmployeeId, message: T.areaHeadMissing }],
        products: lines.map((l, i) => ({ field: `lines.${i}.productId`, id: l.productId, message: T.productMissing })),
      });
      if (!(await repo.employeeHasUser(trx, input.areaHeadEmployeeId))) {
        const { rows } = await trx.query<{ name: string }>("SELECT btrim(name || ' ' || last_name) AS name FROM employees WHERE id = $1", [
          input.areaHeadEmployeeId,
        ]);
        const message = T.headWithoutUser(rows[0].name);
        throw new AppError('VALIDATION', message, { areaHeadEmployeeId: message });
      }
      const id = await repo.insertRequest(trx, person.user, {
        warehouseId,
        requesterEmployeeId,
        areaHeadEmployeeId: input.areaHeadEmployeeId,
        reason: input.reason.trim(),
        lines,
      });
      await repo.recordEvent(trx, person.user, id, 'ENVIADA');
      const saved = (await repo.findRequest(trx, id))!;
      await auditRequest(
        trx,
        person.user,
        'create',
        id,
        null,
        await withEmployeeNames(trx, {
          folio: saved.folio,
          status: saved.status,
          requesterEmployeeId,
          areaHeadEmployeeId: input.areaHeadEmployeeId,
          reason: saved.reason,
          lines: saved.lines.map(({ lineNo, productId, productName, requested, observations }) => ({
            lineNo,
            productId,
            productName,
            requested,
            observations,
          })),
        }),
      );
      await queueRequestMail(trx, mail, saved, { kind: 'sent' });
      return saved;
    }),
  );
}

interface Change {
  /** Who of the request may make it (the route's permission decides the warehouse's). */
  by: 'head' | 'requester' | 'warehouse';
  /** What the 409 names the action ("autorizar"). */
  action: string;
  from: readonly RequestStatus[];
  /** Refuses with a message of its own when the state alone does not decide (a receipt). */
  refuse?: (row: repo.LockedRequest, lines: repo.LineFigures[]) => string | null;
  /** Writes the change; answers the new state and what the audit row says beside it. */
  apply: (trx: Trx, row: repo.LockedRequest, lines: repo.LineFigures[]) => Promise<{ status: RequestStatus; audit?: object }>;
  reason?: string;
  auditAction?: AuditAction;
  /** What the people of the request are told by mail, if anything. */
  notice?: RequestNotice;
}

async function change(
  db: Db,
  person: Person,
  id: number,
  spec: Change,
  idempotency?: IdempotencyRequest,
  mail?: MailSettings,
): Promise<Registered<RequestDetail>> {
  return withTransaction(db, (trx) =>
    once(trx, person.user, idempotency, OK, async () => {
      const row = await repo.lockRequest(trx, id);
      if (!row || !maySee(person, row)) throw new AppError('NOT_FOUND', T.notFound);
      if (spec.by === 'head' && person.employeeId !== row.areaHeadEmployeeId) throw new AppError('FORBIDDEN', T.onlyHead);
      if (spec.by === 'requester' && person.employeeId !== row.requesterEmployeeId) throw new AppError('FORBIDDEN', T.onlyRequester);
      if (spec.by === 'warehouse' && !person.mayIn('requests.fulfil', row.warehouseId))
        throw new AppError('FORBIDDEN', forbiddenMessage('requests.fulfil'));
      const lines = await repo.lineFigures(trx, id);
      const refused =
        spec.refuse?.(row, lines) ?? (spec.from.includes(row.status) ? null : stateMessage(row.folio, row.status, spec.action));
      if (refused) throw new AppError('REQUEST_STATE', refused);
      const { status, audit } = await spec.apply(trx, row, lines);
      await repo.changeStatus(trx, person.user, id, status, { reason: spec.reason ?? null });
      await auditRequest(
        trx,
        person.user,
        spec.auditAction ?? 'update',
        id,
        { status: row.status },
        { status, ...(spec.reason ? { reason: spec.reason } : {}), ...audit },
      );
      const saved = (await repo.findRequest(trx, id))!;
      if (spec.notice) await queueRequestMail(trx, mail, saved, spec.notice);
      return saved;
    }),
  );
}

/** The head gives each line a quantity from 0 to what was asked; at least one above 0 (else: reject). */
export function authorizeRequest(
  db: Db,
  person: Person,
  id: number,
  input: RequestAuthorization,
  idempotency?: IdempotencyRequest,
  mail?: MailSettings,
) {
  return change(
    db,
    person,
    id,
    {
      by: 'head',
      action: 'autorizar',
      from: ['ENVIADA'],
      async apply(trx, row, lines) {
        const errors: Record<string, string> = {};
        const given = input.lines.map((l) => ({ lineId: l.lineId, quantity: quantityText(l.quantity) }));
        given.forEach((l, i) => {
          const line = lines.find((candidate) => candidate.id === l.lineId);
          if (!line) errors[`lines.${i}.lineId`] = T.unknownLine(row.folio);
          else if (given.findIndex((other) => other.lineId === l.lineId) < i) errors[`lines.${i}.lineId`] = T.repeatedLine;
          else if (compareDecimal(l.quantity, line.requested) > 0) errors[`lines.${i}.quantity`] = T.overRequested(line.requested);
        });
        const missing = lines.find((line) => !given.some((l) => l.lineId === line.id));
        if (missing) errors.lines = T.missingLine(missing.lineNo, missing.productName);
        if (Object.keys(errors).length === 0 && given.every((l) => compareDecimal(l.quantity, '0') === 0))
          errors.lines = T.nothingAuthorized;
        const fields = Object.keys(errors);
        if (fields.length > 0) throw new AppError('VALIDATION', errors[fields[0]], errors);
        await repo.setAuthorized(trx, id, given);
        const authorized = lines.map((line) => ({
          lineNo: line.lineNo,
          productId: line.productId,
          productName: line.productName,
          requested: line.requested,
          authorized: given.find((l) => l.lineId === line.id)!.quantity,
        }));
        return { status: 'AUTORIZADA', audit: { lines: authorized } };
      },
      notice: { kind: 'authorized' },
    },
    idempotency,
    mail,
  );
}

export function rejectRequest(db: Db, person: Person, id: number, reason: string, idempotency?: IdempotencyRequest, mail?: MailSettings) {
  return change(
    db,
    person,
    id,
    {
      by: 'head',
      action: 'rechazar',
      from: ['ENVIADA'],
      reason: reason.trim(),
      apply: async () => ({ status: 'RECHAZADA' }),
      notice: { kind: 'rejected', reason: reason.trim() },
    },
    idempotency,
    mail,
  );
}

export function cancelRequest(db: Db, person: Person, id: number, reason: string, idempotency?: IdempotencyRequest, mail?: MailSettings) {
  return change(
    db,
    person,
    id,
    {
      by: 'requester',
      action: 'cancelar',
      from: ['ENVIADA'],
      reason: reason.trim(),
      auditAction: 'cancel',
      apply: async () => ({ status: 'CANCELADA' }),
    },
    idempotency,
    mail,
  );
}

/** The warehouse will not deliver the rest: what is pending becomes closed. */
export function closeRequest(db: Db, person: Person, id: number, reason: string, idempotency?: IdempotencyRequest, mail?: MailSettings) {
  return change(
    db,
    person,
    id,
    {
      by: 'warehouse',
      action: 'cerrar',
      from: ['AUTORIZADA', 'SURTIDA_PARCIAL'],
      reason: reason.trim(),
      async apply(trx) {
        await repo.closePending(trx, id);
        const lines = await repo.lineFigures(trx, id);
        return {
          status: 'CERRADA',
          audit: {
            lines: lines.map(({ lineNo, productId, productName, delivered, closed }) => ({
              lineNo,
              productId,
              productName,
              delivered,
              closed,
            })),
          },
        };
      },
      notice: { kind: 'closed', reason: reason.trim() },
    },
    idempotency,
    mail,
  );
}

/** The requester confirms the receipt of a request delivered whole, or closed with something delivered. */
export function receiveRequest(db: Db, person: Person, id: number, idempotency?: IdempotencyRequest, mail?: MailSettings) {
  return change(
    db,
    person,
    id,
    {
      by: 'requester',
      action: 'confirmar su recepción',
      from: ['SURTIDA', 'CERRADA'],
      refuse(row, lines) {
        if (row.status === 'CERRADA' && lines.every((line) => compareDecimal(line.delivered, '0') === 0)) return T.closedEmpty(row.folio);
        if (row.status === 'AUTORIZADA' || row.status === 'SURTIDA_PARCIAL') return T.notYetDelivered(row.folio);
        return null;
      },
      apply: async () => ({ status: 'RECIBIDA' }),
    },
    idempotency,
    mail,
  );
}
