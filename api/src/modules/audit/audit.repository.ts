// The append-only audit log: one row per write, inside the write's own transaction, so the
// log and the data can never disagree (a rolled-back write leaves no audit row either).
// The table itself refuses UPDATE/DELETE/TRUNCATE (0001_core.sql).
import type { Trx } from '../../db/pool';
import type { PageRequest } from '../../http/paging';
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

export async function recordAudit(
  trx: Trx,
  actor: AuthUser,
  { action, entity, entityId, before = null, after = null }: AuditEntry,
): Promise<void> {
  await trx.query(
    `INSERT INTO audit_log (actor_sub, actor_name, action, entity, entity_id, before, after)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
    [actor.sub, actor.name, action, entity, String(entityId), JSON.stringify(before), JSON.stringify(after)],
  );
}

/**
 * The record with each employee it names written beside the id ("warehouseKeeperEmployeeId" →
 * "warehouseKeeperEmployeeName"), as the person was called when the document was made: the
 * Bitácora shows who signed, not only a number.
 */
export async function withEmployeeNames(trx: Trx, record: object): Promise<Record<string, unknown>> {
  const fields = Object.entries(record).filter(
    (entry): entry is [string, number] => entry[0].endsWith('EmployeeId') && Number.isSafeInteger(entry[1]),
  );
  const named: Record<string, unknown> = { ...record };
  if (fields.length === 0) return named;
  const { rows } = await trx.query<{ id: number; name: string }>(
    `SELECT id, btrim(name || ' ' || last_name) AS name FROM employees WHERE id = ANY($1::int[])`,
    [fields.map(([, id]) => id)],
  );
  const names = new Map(rows.map((row) => [row.id, row.name]));
  for (const [field, id] of fields) {
    const name = names.get(id);
    if (name) named[`${field.slice(0, -2)}Name`] = name;
  }
  return named;
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

// ---------------------------------------------------------------- "Bitácora"

/** GET /api/audit's filters, validated (audit.filters.ts). Dates are calendar days in APP_TIME_ZONE. */
export interface AuditFilters {
  actor?: string;
  entity?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
}

/**
 * The WHERE clause of `filters` (and of `before`, the keyset cursor: rows older than that id),
 * pushing its parameters onto `params`. `from`/`to` are whole days on the institution's clock.
 */
export function auditWhere(filters: AuditFilters, timeZone: string, params: unknown[], before?: string): string {
  const where: string[] = [];
  const add = (value: unknown) => `$${params.push(value)}`;
  if (filters.actor !== undefined) where.push(`actor_sub = ${add(filters.actor)}`);
  if (filters.entity !== undefined) where.push(`entity = ${add(filters.entity)}`);
  if (filters.action !== undefined) where.push(`action = ${add(filters.action)}`);
  if (filters.from !== undefined) where.push(`at >= (${add(filters.from)}::date::timestamp AT TIME ZONE ${add(timeZone)})`);
  if (filters.to !== undefined) where.push(`at < ((${add(filters.to)}::date + 1)::timestamp AT TIME ZONE ${add(timeZone)})`);
  if (before !== undefined) where.push(`id < ${add(before)}::bigint`);
  return where.length ? `WHERE ${where.join(' AND ')}` : '';
}

export const AUDIT_COLUMNS = `id::text AS id, at, actor_sub AS "actorSub", actor_name AS "actorName", action, entity, entity_id AS "entityId", before, after`;

/** `limit + 1` rows of the log older than the cursor, newest first: one page and whether more follow (http/paging.ts). */
export async function auditPage(
  db: Pick<Trx, 'query'>,
  filters: AuditFilters,
  { timeZone, cursor, limit }: { timeZone: string } & PageRequest,
): Promise<AuditRow[]> {
  const params: unknown[] = [];
  const where = auditWhere(filters, timeZone, params, cursor ?? undefined);
  // audit_log.id, the number: a bare "id" names AUDIT_COLUMNS' text column ("99" > "279").
  const { rows } = await db.query<AuditRow>(
    `SELECT ${AUDIT_COLUMNS} FROM audit_log ${where} ORDER BY audit_log.id DESC LIMIT ${limit + 1}`,
    params,
  );
  return rows;
}

/**
 * Who appears in the log (with the name of their latest row) and which entities: the choices of
 * the viewer's filters. Each list walks its index one distinct value at a time (a "skip scan"),
 * so it costs the number of people and entities, not the number of rows.
 */
export async function auditFilterOptions(
  db: Pick<Trx, 'query'>,
): Promise<{ actors: Array<{ sub: string; name: string }>; entities: string[] }> {
  const [actors, entities] = await Promise.all([
    db.query<{ sub: string; name: string }>(
      `WITH RECURSIVE subs AS (
         (SELECT actor_sub FROM audit_log ORDER BY actor_sub LIMIT 1)
         UNION ALL
         SELECT (SELECT a.actor_sub FROM audit_log a WHERE a.actor_sub > subs.actor_sub ORDER BY a.actor_sub LIMIT 1) FROM subs WHERE subs.actor_sub IS NOT NULL
       )
       SELECT s.actor_sub AS sub,
              (SELECT a.actor_name FROM audit_log a WHERE a.actor_sub = s.actor_sub ORDER BY a.at DESC LIMIT 1) AS name
         FROM subs s WHERE s.actor_sub IS NOT NULL`,
    ),
    db.query<{ entity: string }>(
      `WITH RECURSIVE e AS (
         (SELECT entity FROM audit_log ORDER BY entity LIMIT 1)
         UNION ALL
         SELECT (SELECT a.entity FROM audit_log a WHERE a.entity > e.entity ORDER BY a.entity LIMIT 1) FROM e WHERE e.entity IS NOT NULL
       )
       SELECT entity FROM e WHERE entity IS NOT NULL ORDER BY entity`,
    ),
  ]);
  return {
    actors: actors.rows.sort((a, b) => a.name.localeCompare(b.name, 'es-MX') || a.sub.localeCompare(b.sub)),
    entities: entities.rows.map((r) => r.entity),
  };
}
