// What the people of a request are told by mail (mail/outbox.ts, only with SMTP_URL): the head of
// a new request, the warehouse of an authorized one, the requester of an authorization, a
// rejection, a delivery and a closure. Queued in the change's transaction, so a mail is about
// what was saved; each says what happened, what is asked of the person and links the request.
// A person without an address (neither the employee's e-mail nor their user's) is not written to.
import { ACCESS_ROLES, compareDecimal, formatQuantity, ROLE_PERMISSIONS, type RequestDetail } from '@almacen/shared/domain';
import type { Config } from '../../config';
import type { Queryable } from '../../db/pool';
import { queueMail, type Mail } from '../../mail/outbox';

export type MailSettings = Pick<Config, 'mail' | 'publicUrl'>;

export type RequestNotice =
  | { kind: 'sent' }
  | { kind: 'authorized' }
  | { kind: 'rejected'; reason: string }
  | { kind: 'delivered'; dispatchId: number; delivered: Array<{ productName: string; quantity: string }> }
  | { kind: 'closed'; reason: string };

/** Who delivers: the warehouse's roles (an administrator has every permission, but is not the warehouse). */
export const WAREHOUSE_ROLES = ACCESS_ROLES.filter(
  (role) => role !== 'ADMINISTRADOR' && ROLE_PERMISSIONS[role].includes('requests.fulfil'),
);

/** The employee's e-mail, else the one of their most recent active user. */
const EMPLOYEE_EMAIL = `SELECT coalesce(e.email, (SELECT a.email FROM app_users a
                                   WHERE a.employee_id = e.id AND a.active AND a.email IS NOT NULL
                                   ORDER BY a.last_seen_at DESC LIMIT 1)) AS email
                         FROM employees e WHERE e.id = $1`;

async function employeeEmail(db: Queryable, employeeId: number): Promise<string[]> {
  const { rows } = await db.query<{ email: string | null }>(EMPLOYEE_EMAIL, [employeeId]);
  return rows[0]?.email ? [rows[0].email] : [];
}

/** The people with a warehouse's role there (granted for every warehouse, or for this one). */
async function warehouseEmails(db: Queryable, warehouseId: number | null): Promise<string[]> {
  const { rows } = await db.query<{ email: string }>(
    `SELECT DISTINCT lower(u.email) AS email FROM app_users u
      WHERE u.active AND u.email IS NOT NULL
        AND (EXISTS (SELECT 1 FROM app_user_roles r
                      WHERE r.user_id = u.id AND r.role = ANY($1::text[]) AND (r.warehouse_id IS NULL OR r.warehouse_id = $2))
             OR u.provider_roles && (SELECT $1::text[] || array_agg(role || '@' || w.code)
                                       FROM unnest($1::text[]) AS role, warehouses w WHERE w.id = $2))
      ORDER BY 1`,
    [WAREHOUSE_ROLES, warehouseId],
  );
  return rows.map((r) => r.email);
}

const bullet = (quantity: string, name: string) => `- ${formatQuantity(quantity)} × ${name}`;

function lines(request: RequestDetail, figure: 'requested' | 'authorized' | 'pending'): string {
  return request.lines
    .filter((line) => line[figure] !== null && compareDecimal(line[figure]!, '0') > 0)
    .map((line) => bullet(line[figure]!, line.productName) + (figure === 'requested' && line.observations ? ` (${line.observations})` : ''))
    .join('\n');
}

/** The subject and text of each notice, and to whom it goes. */
async function mailsOf(db: Queryable, settings: MailSettings, request: RequestDetail, notice: RequestNotice): Promise<Mail[]> {
  const link = `${settings.publicUrl}/dashboard/requests/${request.id}`;
  const { folio, requester, areaHead } = request;
  const to = (addresses: string[], subject: string, paragraphs: string[]) =>
    addresses.map((address) => ({ to: address, subject, text: `${paragraphs.filter(Boolean).join('\n\n')}\n` }));
  switch (notice.kind) {
    case 'sent':
      return to(await employeeEmail(db, areaHead.employeeId), `Solicitud ${folio} por autorizar`, [
        `${requester.name} pidió material al almacén y te nombró responsable del área solicitante.`,
        `Motivo: ${request.reason}`,
        `Productos:\n${lines(request, 'requested')}`,
        `Autorízala (puedes reducir las cantidades) o recházala en Almacén:\n${link}`,
      ]);
    case 'authorized':
      return [
        ...to(await warehouseEmails(db, request.warehouseId), `Solicitud ${folio} autorizada: por surtir`, [
          `${areaHead.name} autorizó la solicitud de ${requester.name}.`,
          `Por surtir:\n${lines(request, 'authorized')}`,
          `Súrtela desde «Por surtir» en Almacén:\n${link}`,
        ]),
        ...to(await employeeEmail(db, requester.employeeId), `Tu solicitud ${folio} fue autorizada`, [
          `${areaHead.name} autorizó tu solicitud. El almacén te entregará:`,
          lines(request, 'authorized'),
          `Puedes seguirla en Almacén:\n${link}`,
        ]),
      ];
    case 'rejected':
      return to(await employeeEmail(db, requester.employeeId), `Tu solicitud ${folio} fue rechazada`, [
        `${areaHead.name} rechazó tu solicitud.`,
        `Motivo: ${notice.reason}`,
        `Consúltala en Almacén:\n${link}`,
      ]);
    case 'delivered': {
      const pending = lines(request, 'pending');
      return to(await employeeEmail(db, requester.employeeId), `Material entregado de tu solicitud ${folio}`, [
        `El almacén te entregó con la salida ${notice.dispatchId}:\n${notice.delivered.map((d) => bullet(d.quantity, d.productName)).join('\n')}`,
        pending ? `Falta por entregar:\n${pending}` : 'Ya se entregó todo lo autorizado. Confirma en Almacén que lo recibiste:',
        link,
      ]);
    }
    case 'closed':
      return to(await employeeEmail(db, requester.employeeId), `Tu solicitud ${folio} se cerró`, [
        'El almacén cerró tu solicitud: no entregará lo que faltaba.',
        `Motivo: ${notice.reason}`,
        request.lines.some((line) => compareDecimal(line.delivered, '0') > 0)
          ? `Confirma en Almacén lo que recibiste:\n${link}`
          : `Consúltala en Almacén:\n${link}`,
      ]);
  }
}

/** Queues the notice's mail in the change's transaction; nothing without SMTP_URL. */
export async function queueRequestMail(
  trx: Queryable,
  settings: MailSettings | undefined,
  request: RequestDetail,
  notice: RequestNotice,
): Promise<number> {
  if (!settings?.mail.smtpUrl) return 0;
  return queueMail(trx, settings, await mailsOf(trx, settings, request, notice));
}
