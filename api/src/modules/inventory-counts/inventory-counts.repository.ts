// Reads of count sessions. Every figure is PostgreSQL numeric sent as decimal text:
// difference = counted − book quantity at the snapshot; its value = difference × the snapshot
// average, exact (scale 9).
import type { CountLine, CountSigner as Signer, CountStatus, CountTotals, CountSummary as WireCountSummary } from '@almacen/shared/domain';
import type { Queryable } from '../../db/pool';

export type { CountLine, CountStatus, CountTotals };

/** A session as read from PostgreSQL: its times are still dates (the answer writes them ISO). */
export interface CountSummary extends Omit<WireCountSummary, 'createdAt' | 'closedAt'> {
  createdAt: Date;
  closedAt: Date | null;
}

export interface CountDetail extends CountSummary {
  lines: CountLine[];
}

/**
 * What one unit of a line's difference is worth: a surplus enters at the unit cost typed for it
 * (an opening balance's cost) or else at the average when the count opened; a shortage leaves at
 * that average. The same figures the adjustment posts.
 */
export const DIFFERENCE_COST_SQL = `CASE WHEN l.counted_quantity > l.book_quantity THEN coalesce(l.unit_cost, l.book_average) ELSE l.book_average END`;

const TOTALS = `
  count(l.product_id)::int AS "lineCount",
  count(l.counted_quantity)::int AS "countedLines",
  (count(l.product_id) - count(l.counted_quantity))::int AS "uncountedLines",
  count(*) FILTER (WHERE l.counted_quantity <> l.book_quantity)::int AS differences,
  trim_scale(coalesce(sum(l.counted_quantity - l.book_quantity) FILTER (WHERE l.counted_quantity > l.book_quantity), 0))::text AS "surplusQuantity",
  trim_scale(coalesce(sum((l.counted_quantity - l.book_quantity) * coalesce(l.unit_cost, l.book_average)) FILTER (WHERE l.counted_quantity > l.book_quantity), 0))::text AS "surplusValue",
  count(*) FILTER (WHERE l.counted_quantity > l.book_quantity)::int AS "surplusLines",
  count(*) FILTER (WHERE l.counted_quantity < l.book_quantity)::int AS "shortageLines",
  trim_scale(coalesce(sum(l.book_quantity - l.counted_quantity) FILTER (WHERE l.counted_quantity < l.book_quantity), 0))::text AS "shortageQuantity",
  trim_scale(coalesce(sum((l.book_quantity - l.counted_quantity) * l.book_average) FILTER (WHERE l.counted_quantity < l.book_quantity), 0))::text AS "shortageValue"`;

const HEADER = `
  c.id, to_char(c.cutoff_date, 'YYYY-MM-DD') AS "cutoffDate", c.description, c.category_ids AS "categoryIds", c.status,
  c.created_at AS "createdAt", c.created_by AS "createdBySub", c.created_by_name AS "createdByName",
  c.closed_at AS "closedAt", c.closed_by AS "closedBySub", c.closed_by_name AS "closedByName",
  c.director_employee_id AS "directorId", nullif(concat_ws(' ', ed.name, ed.last_name), '') AS "directorName",
  c.warehouse_keeper_employee_id AS "keeperId", nullif(concat_ws(' ', ek.name, ek.last_name), '') AS "keeperName",
  c.witness_employee_id AS "witnessId", nullif(concat_ws(' ', ew.name, ew.last_name), '') AS "witnessName"`;

const FROM = `
  FROM inventory_counts c
  LEFT JOIN inventory_count_lines l ON l.count_id = c.id
  LEFT JOIN employees ed ON ed.id = c.director_employee_id
  LEFT JOIN employees ek ON ek.id = c.warehouse_keeper_employee_id
  LEFT JOIN employees ew ON ew.id = c.witness_employee_id`;

const GROUP = `GROUP BY c.id, ed.id, ek.id, ew.id`;

interface HeaderRow extends CountTotals {
  id: number;
  cutoffDate: string;
  description: string;
  categoryIds: number[];
  status: CountStatus;
  createdAt: Date;
  createdBySub: string;
  createdByName: string;
  closedAt: Date | null;
  closedBySub: string | null;
  closedByName: string | null;
  directorId: number | null;
  directorName: string | null;
  keeperId: number | null;
  keeperName: string | null;
  witnessId: number | null;
  witnessName: string | null;
}

const signer = (id: number | null, name: string | null): Signer | null => (id === null ? null : { id, name: name ?? '' });

function toSummary(r: HeaderRow): CountSummary {
  return {
    id: r.id,
    cutoffDate: r.cutoffDate,
    description: r.description,
    categoryIds: r.categoryIds,
    status: r.status,
    createdAt: r.createdAt,
    createdBy: { sub: r.createdBySub, name: r.createdByName },
    closedAt: r.closedAt,
    closedBy: r.closedAt === null ? null : { sub: r.closedBySub ?? '', name: r.closedByName ?? '' },
    director: signer(r.directorId, r.directorName),
    warehouseKeeper: signer(r.keeperId, r.keeperName),
    witness: signer(r.witnessId, r.witnessName),
    lineCount: r.lineCount,
    countedLines: r.countedLines,
    uncountedLines: r.uncountedLines,
    differences: r.differences,
    surplusQuantity: r.surplusQuantity,
    surplusValue: r.surplusValue,
    surplusLines: r.surplusLines,
    shortageLines: r.shortageLines,
    shortageQuantity: r.shortageQuantity,
    shortageValue: r.shortageValue,
  };
}

/** Newest first. */
/** A warehouse's count sessions, the most recent first. */
export async function listCounts(db: Queryable, warehouseId: number): Promise<CountSummary[]> {
  const { rows } = await db.query<HeaderRow>(`SELECT ${HEADER}, ${TOTALS} ${FROM} WHERE c.warehouse_id = $1 ${GROUP} ORDER BY c.id DESC`, [
    warehouseId,
  ]);
  return rows.map(toSummary);
}

export async function countSummary(db: Queryable, id: number): Promise<CountSummary | null> {
  const { rows } = await db.query<HeaderRow>(`SELECT ${HEADER}, ${TOTALS} ${FROM} WHERE c.id = $1 ${GROUP}`, [id]);
  return rows[0] ? toSummary(rows[0]) : null;
}

/** The lines in product-id order. */
export async function countLines(db: Queryable, id: number): Promise<CountLine[]> {
  const { rows } = await db.query<CountLine & { movementId: string | null }>(
    `SELECT l.product_id AS "productId", p.name AS "productName", u.description AS unit, k.description AS category,
            trim_scale(l.book_quantity)::text AS "bookQuantity", trim_scale(l.book_average)::text AS "bookAverage",
            trim_scale(l.book_quantity * l.book_average)::text AS "bookValue",
            trim_scale(l.counted_quantity)::text AS "countedQuantity",
            trim_scale(l.counted_quantity - l.book_quantity)::text AS difference,
            trim_scale((l.counted_quantity - l.book_quantity) * ${DIFFERENCE_COST_SQL})::text AS "differenceValue",
            trim_scale(l.unit_cost)::text AS "unitCost", l.observations, l.movement_id::text AS "movementId"
       FROM inventory_count_lines l
       JOIN products p ON p.id = l.product_id
       LEFT JOIN product_units u ON u.id = p.unit_id
       LEFT JOIN product_categories k ON k.id = p.category_id
      WHERE l.count_id = $1
      ORDER BY l.product_id`,
    [id],
  );
  return rows.map((r) => ({ ...r, movementId: r.movementId === null ? null : Number(r.movementId) }));
}

export async function countDetail(db: Queryable, id: number): Promise<CountDetail | null> {
  const summary = await countSummary(db, id);
  if (!summary) return null;
  return { ...summary, lines: await countLines(db, id) };
}
