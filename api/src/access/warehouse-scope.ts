// Which warehouse a call touches. Every call that reads or changes a warehouse's data names it
// (`warehouseId` in the query of a read, in the body of a write); a call that does not is about
// the only warehouse the caller may use, and is refused with 400 «Indica el almacén.» when there
// are several — so a client written for one warehouse keeps working on a deployment with one.
// The warehouses are read at most once a second per process: they change rarely, and a warehouse
// asked for by id that this process has not seen yet is looked up at once.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/pool';
import { AppError } from '../http/errors';
import { queryOf } from '../http/validate';

export const CHOOSE_WAREHOUSE_MESSAGE = 'Indica el almacén.';
export const UNKNOWN_WAREHOUSE_MESSAGE = 'El almacén indicado no existe.';

const FRESH_MS = 1_000;

interface Known {
  at: number;
  /** Every warehouse, active or not. */
  all: Set<number>;
  /** The active ones, in id order. */
  active: number[];
}

const known = new WeakMap<Db, Known>();

async function read(db: Db): Promise<Known> {
  const { rows } = await db.query<{ id: number; active: boolean }>('SELECT id, active FROM warehouses ORDER BY id');
  const entry = { at: Date.now(), all: new Set(rows.map((r) => r.id)), active: rows.filter((r) => r.active).map((r) => r.id) };
  known.set(db, entry);
  return entry;
}

async function current(db: Db): Promise<Known> {
  const entry = known.get(db);
  return entry && Date.now() - entry.at < FRESH_MS ? entry : read(db);
}

/** Forget what this process knows (after it changed a warehouse). */
export function warehousesChanged(db: Db): void {
  known.delete(db);
}

/**
 * The warehouse of a call: `requested` when given (400 when there is no such warehouse), else the
 * only active one (400 «Indica el almacén.» when there are several). `field` names the body or
 * query field in the answer.
 */
export async function resolveWarehouse(db: Db, requested: number | null | undefined, field = 'warehouseId'): Promise<number> {
  if (requested !== null && requested !== undefined) {
    let entry = await current(db);
    if (!entry.all.has(requested)) entry = await read(db);
    if (!entry.all.has(requested)) throw new AppError('VALIDATION', UNKNOWN_WAREHOUSE_MESSAGE, { [field]: UNKNOWN_WAREHOUSE_MESSAGE });
    return requested;
  }
  const { active } = await current(db);
  if (active.length !== 1) throw new AppError('VALIDATION', CHOOSE_WAREHOUSE_MESSAGE, { [field]: CHOOSE_WAREHOUSE_MESSAGE });
  return active[0];
}

const CANONICAL_ID_RE = /^[1-9][0-9]{0,9}$/;

/** `warehouseId` of a read's query, as sent: absent, an id, or 'all' where the consolidated view is allowed. */
export function warehouseInQuery(value: unknown, allowAll = false): number | 'all' | undefined {
  if (value === undefined || value === '') return undefined;
  if (allowAll && value === 'all') return 'all';
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  if (CANONICAL_ID_RE.test(text) && Number(text) <= 2_147_483_647) return Number(text);
  throw new AppError('VALIDATION', UNKNOWN_WAREHOUSE_MESSAGE, { warehouseId: UNKNOWN_WAREHOUSE_MESSAGE });
}

/** The OpenAPI description of the `warehouseId` query field of a warehouse's read. */
export const warehouseQueryProperty = (allowAll = false) => ({
  warehouseId: {
    type: 'string',
    pattern: allowAll ? '^([1-9][0-9]*|all)$' : '^[1-9][0-9]*$',
    description: allowAll
      ? 'El almacén (id), o `all` para todos los almacenes que la persona puede consultar; sin él, el único almacén que puede usar (400 «Indica el almacén.» si hay varios)'
      : 'El almacén (id); sin él, el único almacén que puede usar (400 «Indica el almacén.» si hay varios)',
  },
});

/**
 * The warehouses whose stock a caller sees together in «Todos los almacenes» (the consolidated
 * stock and its report), in id order: today every warehouse, active or not (an inactive one may
 * still hold goods). The one place a per-warehouse grant narrows that view.
 */
export async function consultableWarehouses(db: Db, _request: FastifyRequest): Promise<number[]> {
  return [...(await current(db)).all];
}

/** The warehouse of a read: its query's `warehouseId`, or the only one (resolveWarehouse). */
export async function warehouseOfQuery(db: Db, request: FastifyRequest): Promise<number> {
  return resolveWarehouse(db, warehouseInQuery(queryOf(request, 'warehouseId')) as number | undefined);
}
