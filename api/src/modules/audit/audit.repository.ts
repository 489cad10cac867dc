// The append-only audit log: one row per write, inside the write's own transaction, so the
// log and the data can never disagree (a rolled-back write leaves no audit row either).
// The table itself refuses UPDATE/DELETE/TRUNCATE (0001_core.sql).
import type { Trx } from '../../db/pool';
import type { AuthUser } from '../../plugins/auth';

export type AuditAction = 'create' | 'update' | 'delete' | 'cancel';

export interface AuditEntry {
  action: AuditAction;
  /** Table-like name of what changed: 'products', 'employee_roles', 'invoices', … */
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(trx: Trx, actor: AuthUser, { action, entity, entityId, before = null, after = null }: AuditEntry): Promise<void> {
  await trx.query(
    `INSERT INTO audit_log (actor_sub, actor_name, action, entity, entity_id, before, after)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
    [actor.sub, actor.name, action, entity, String(entityId), JSON.stringify(before), JSON.stringify(after)],
  );
}

export interface AuditRow {
  id: string;
  at: Date;
  actorSub: string;
  actorName: string;
  action: AuditAction;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

/** The history of one record, oldest first. */
export async function auditTrail(db: Pick<Trx, 'query'>, entity: string, entityId: string | number): Promise<AuditRow[]> {
  const { rows } = await db.query(
    `SELECT id, at, actor_sub AS "actorSub", actor_name AS "actorName", action, entity, entity_id AS "entityId", before, after
       FROM audit_log WHERE entity = $1 AND entity_id = $2 ORDER BY id`,
    [entity, String(entityId)],
  );
  return rows as AuditRow[];
}
