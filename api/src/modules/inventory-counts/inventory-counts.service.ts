// Count sessions: snapshot, counting, application and discard, with the ledger's
// transaction, locking, idempotency and audit (ARCHITECTURE.md, "The stock ledger", ledger/README.md).
//   * Creating snapshots, in ONE statement, every product in scope with its balance at that
//     moment (0 / 0 for a product that never moved) and the end of the ledger.
//   * Saving lines locks the session row, then takes the month-closing lock with the cut-off date
//     as applying does: a session of a closed month changes no more than it can be applied.
//   * Applying locks the session row first (FOR UPDATE: a concurrent application waits and then
//     sees APLICADO → 409), takes the month-closing lock with the cut-off date, then the balance
//     rows of the products to adjust in product-id order, checks every shortage and every cost,
//     and appends one movement per counted line that differs from the snapshot. Anything refused
//     rolls all of it back.
import { DEFAULT_TIME_ZONE, todayIn } from '@almacen/shared/domain';
import { resolveWarehouse, type WarehouseAccess } from '../../access/warehouse-scope';
import { withTransaction, type Db, type Trx } from '../../db/pool';
import { AppError } from '../../http/errors';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import { appendAdjustment } from '../ledger/adjustments.repository';
import { once, type IdempotencyRequest } from '../ledger/idempotency';
import { movementsOfInventoryCount, type MovementView } from '../ledger/ledger.reads';
import * as ledger from '../ledger/ledger.repository';
import { checkLeaving } from '../ledger/ledger.service';
import { assertPeriodOpen, assertWarehouseOpen } from '../ledger/period-lock';
import { checkReferences } from '../ledger/references';
import { balanceJoin, dateViewDay } from '../stock/stock-at-date';
import type { ApplicationInput, CreateCountInput, LineInput } from './inventory-counts.input';
import { countDetail, type CountDetail, type CountStatus } from './inventory-counts.repository';

export const COUNT_TEXTS = {
  notFound: 'El conteo de inventario no existe.',
  notOpen: (status: CountStatus) =>
    status === 'APLICADO'
      ? 'El conteo ya fue aplicado; sus líneas ya no pueden cambiar.'
      : 'El conteo fue descartado; sus líneas ya no pueden cambiar.',
  noCost: (name: string, id: number) => `Indica el costo unitario de «${name}» (id ${id}): su costo promedio es 0.`,
  unknownCategories: 'Alguna de las partidas seleccionadas no existe.',
  noProducts: 'No hay productos en las partidas seleccionadas.',
} as const;

const ENTITY = 'inventory_counts';

/** Locks the session row and answers its status, or 404. */
async function lockCount(trx: Trx, id: number): Promise<{ status: CountStatus; cutoffDate: string; warehouseId: number }> {
  const { rows } = await trx.query<{ status: CountStatus; cutoffDate: string; warehouseId: number }>(
    `SELECT status, to_char(cutoff_date, 'YYYY-MM-DD') AS "cutoffDate", warehouse_id AS "warehouseId" FROM inventory_counts WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (rows.length !== 1) throw new AppError('NOT_FOUND', COUNT_TEXTS.notFound);
  return rows[0];
}

async function lockOpenCount(trx: Trx, id: number): Promise<{ cutoffDate: string; warehouseId: number }> {
  const count = await lockCount(trx, id);
  if (count.status !== 'ABIERTO') throw new AppError('COUNT_NOT_OPEN', COUNT_TEXTS.notOpen(count.status));
  return count;
}

export async function createCount(
  db: Db,
  actor: AuthUser,
  input: CreateCountInput,
  timeZone = DEFAULT_TIME_ZONE,
  /** The caller and the route's permission, checked in the count's warehouse; null for the command line. */
  access: WarehouseAccess | null = null,
): Promise<CountDetail> {
  const day = dateViewDay(input.cutoffDate, timeZone);
  const warehouseId = await resolveWarehouse(db, access, input.warehouseId);
  return withTransaction(db, async (trx) => {
    await assertWarehouseOpen(trx, warehouseId);
    await assertPeriodOpen(trx, warehouseId, input.cutoffDate, 'cutoffDate');
    if (input.categoryIds.length > 0) {
      const { rows } = await trx.query<{ n: number }>('SELECT count(*)::int AS n FROM product_categories WHERE id = ANY($1::integer[])', [
        input.categoryIds,
      ]);
      if (rows[0].n !== input.categoryIds.length)
        throw new AppError('VALIDATION', COUNT_TEXTS.unknownCategories, { categoryIds: COUNT_TEXTS.unknownCategories });
    }
    const { rows } = await trx.query<{ id: number }>(
      `INSERT INTO inventory_counts (cutoff_date, description, category_ids, snapshot_movement_id, created_by, created_by_name, warehouse_id)
       VALUES ($1, $2, $3, (SELECT max(id) FROM movements), $4, $5, $6) RETURNING id`,
      [input.cutoffDate, input.description, input.categoryIds, actor.sub, actor.name, warehouseId],
    );
    const id = rows[0].id;
    // One statement, one snapshot: the book is the stock at the cut-off date as the committed
    // movements say it — today's balance rows, or for an earlier cut-off the date view of that
    // day (documents dated after it are not in it).
    const inserted = await trx.query(
      `INSERT INTO inventory_count_lines (count_id, product_id, book_quantity, book_average)
       SELECT $1, p.id, coalesce(b.quantity, 0), coalesce(b.average_cost, 0)
         FROM products p ${balanceJoin('p', day ? '$3::date' : null, warehouseId)}
        WHERE cardinality($2::integer[]) = 0 OR p.category_id = ANY($2::integer[])
        ORDER BY p.id`,
      day ? [id, input.categoryIds, day] : [id, input.categoryIds],
    );
    if (inserted.rowCount === 0) throw new AppError('VALIDATION', COUNT_TEXTS.noProducts, { categoryIds: COUNT_TEXTS.noProducts });
    const saved = (await countDetail(trx, id))!;
    const { lines: _lines, ...header } = saved;
    await recordAudit(trx, actor, { action: 'create', entity: ENTITY, entityId: id, after: header });
    return saved;
  });
}

/**
 * Sets the given lines of an open session (PUT …/lines and the file import). A session whose
 * cut-off date is in a closed month is refused like its application (409 PERIOD_CLOSED, under the
 * same closing lock): what it counted can no longer be applied, so it no longer changes either.
 */
export async function updateLines(db: Db, actor: AuthUser, id: number, lines: LineInput[], fieldPrefix = 'lines'): Promise<CountDetail> {
  return withTransaction(db, async (trx) => {
    const { cutoffDate, warehouseId } = await lockOpenCount(trx, id);
    await assertPeriodOpen(trx, warehouseId, cutoffDate, 'cutoffDate');
    const { rows: before } = await trx.query<{
      productId: number;
      countedQuantity: string | null;
      unitCost: string | null;
      observations: string | null;
    }>(
      `SELECT product_id AS "productId", counted_quantity::text AS "countedQuantity", unit_cost::text AS "unitCost", observations
         FROM inventory_count_lines WHERE count_id = $1 AND product_id = ANY($2::integer[]) ORDER BY product_id`,
      [id, lines.map((l) => l.productId)],
    );
    const known = new Set(before.map((r) => r.productId));
    const errors: Record<string, string> = {};
    lines.forEach((l, i) => {
      if (!known.has(l.productId)) errors[`${fieldPrefix}.${i}.productId`] = `El producto ${l.productId} no forma parte de este conteo.`;
    });
    if (Object.keys(errors).length > 0) throw new AppError('VALIDATION', Object.values(errors)[0], errors);
    await trx.query(
      `UPDATE inventory_count_lines l
          SET counted_quantity = t.counted,
              unit_cost = CASE WHEN t.set_cost THEN t.cost ELSE l.unit_cost END,
              observations = CASE WHEN t.set_obs THEN t.obs ELSE l.observations END
         FROM unnest($2::integer[], $3::numeric[], $4::boolean[], $5::numeric[], $6::boolean[], $7::text[]) AS t(product_id, counted, set_cost, cost, set_obs, obs)
        WHERE l.count_id = $1 AND l.product_id = t.product_id`,
      [
        id,
        lines.map((l) => l.productId),
        lines.map((l) => l.countedQuantity),
        lines.map((l) => l.unitCost !== undefined),
        lines.map((l) => l.unitCost ?? null),
        lines.map((l) => l.observations !== undefined),
        lines.map((l) => l.observations ?? null),
      ],
    );
    await recordAudit(trx, actor, { action: 'update', entity: ENTITY, entityId: id, before: { lines: before }, after: { lines } });
    return (await countDetail(trx, id))!;
  });
}

export interface Application {
  count: CountDetail;
  movements: MovementView[];
}

export async function applyCount(
  db: Db,
  actor: AuthUser,
  id: number,
  input: ApplicationInput,
  {
    idempotency,
    attempts = 5,
    timeZone = DEFAULT_TIME_ZONE,
  }: { idempotency?: IdempotencyRequest; attempts?: number; timeZone?: string } = {},
): Promise<{ data: Application; replayed: boolean }> {
  return withTransaction(
    db,
    (trx) =>
      once(trx, actor, idempotency, 200, async () => {
        const { cutoffDate, warehouseId } = await lockOpenCount(trx, id);
        await assertPeriodOpen(trx, warehouseId, cutoffDate, 'cutoffDate');
        await checkReferences(trx, {
          employees: [
            { field: 'directorEmployeeId', id: input.directorEmployeeId, message: 'El director seleccionado no existe.' },
            { field: 'warehouseKeeperEmployeeId', id: input.warehouseKeeperEmployeeId, message: 'El almacenista seleccionado no existe.' },
            { field: 'witnessEmployeeId', id: input.witnessEmployeeId, message: 'El testigo seleccionado no existe.' },
          ],
        });
        const { rows: adjustments } = await trx.query<{
          productId: number;
          productName: string;
          difference: string;
          unitCost: string | null;
          observations: string | null;
        }>(
          `SELECT l.product_id AS "productId", p.name AS "productName", (l.counted_quantity - l.book_quantity)::text AS difference,
                l.unit_cost::text AS "unitCost", l.observations
           FROM inventory_count_lines l JOIN products p ON p.id = l.product_id
          WHERE l.count_id = $1 AND l.counted_quantity IS NOT NULL AND l.counted_quantity <> l.book_quantity
          ORDER BY l.product_id`,
          [id],
        );
        const shortages = adjustments
          .filter((a) => a.difference.startsWith('-'))
          .map((a) => ({ productId: a.productId, quantity: a.difference.slice(1) }));
        const surpluses = adjustments.filter((a) => !a.difference.startsWith('-'));
        await ledger.lockBalances(
          trx,
          warehouseId,
          adjustments.map((a) => a.productId),
        );
        // Shortages leave on the cut-off date: today's balance must hold them, and so must every day
        // from the cut-off on in the date view.
        await checkLeaving(
          trx,
          warehouseId,
          shortages,
          { dated: cutoffDate, today: todayIn(timeZone), what: 'el ajuste del conteo' },
          null,
        );
        const { rows: zeroAverage } = await trx.query<{ productId: number }>(
          `SELECT product_id AS "productId" FROM product_balances
          WHERE warehouse_id = $2 AND product_id = ANY($1::integer[]) AND average_cost = 0 ORDER BY product_id`,
          [surpluses.filter((s) => s.unitCost === null).map((s) => s.productId), warehouseId],
        );
        if (zeroAverage.length > 0) {
          const names = new Map(surpluses.map((s) => [s.productId, s.productName]));
          const errors = Object.fromEntries(
            zeroAverage.map((z) => [`lines.${z.productId}.unitCost`, COUNT_TEXTS.noCost(names.get(z.productId)!, z.productId)]),
          );
          throw new AppError('VALIDATION', Object.values(errors).join(' '), errors);
        }
        for (const a of adjustments) {
          const out = a.difference.startsWith('-');
          const posted = await appendAdjustment(trx, warehouseId, {
            productId: a.productId,
            inventoryCountId: id,
            direction: out ? 'OUT' : 'IN',
            quantity: out ? a.difference.slice(1) : a.difference,
            unitCost: out ? null : a.unitCost,
            dated: cutoffDate,
            observations: a.observations,
          });
          await trx.query('UPDATE inventory_count_lines SET movement_id = $3 WHERE count_id = $1 AND product_id = $2', [
            id,
            a.productId,
            posted.id,
          ]);
        }
        await trx.query(
          `UPDATE inventory_counts SET status = 'APLICADO', director_employee_id = $2, warehouse_keeper_employee_id = $3, witness_employee_id = $4,
                closed_by = $5, closed_by_name = $6, closed_at = clock_timestamp()
          WHERE id = $1`,
          [id, input.directorEmployeeId, input.warehouseKeeperEmployeeId, input.witnessEmployeeId, actor.sub, actor.name],
        );
        const count = (await countDetail(trx, id))!;
        const data: Application = { count, movements: await movementsOfInventoryCount(trx, id) };
        const { lines: _lines, ...header } = count;
        await recordAudit(trx, actor, {
          action: 'update',
          entity: ENTITY,
          entityId: id,
          before: { status: 'ABIERTO' },
          after: { ...header, movements: data.movements },
        });
        return data;
      }),
    { attempts },
  );
}

export async function discardCount(db: Db, actor: AuthUser, id: number): Promise<CountDetail> {
  return withTransaction(db, async (trx) => {
    await lockOpenCount(trx, id);
    await trx.query(
      `UPDATE inventory_counts SET status = 'DESCARTADO', closed_by = $2, closed_by_name = $3, closed_at = clock_timestamp() WHERE id = $1`,
      [id, actor.sub, actor.name],
    );
    await recordAudit(trx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: id,
      before: { status: 'ABIERTO' },
      after: { status: 'DESCARTADO' },
    });
    return (await countDetail(trx, id))!;
  });
}
