// Which warehouse a call touches, and whether the caller may do there what the call does. Every
// call that reads or changes a warehouse's data names it (`warehouseId` in the query of a read, in
// the body of a write); the caller must hold the permission of the route's rule (or the one the
// call names) for THAT warehouse, else 403. A call that names none is about the only active
// warehouse where the caller holds it, and is refused with 400 «Indica el almacén.» when there
// are several — so a client written for one warehouse keeps working on a deployment with one.
// The warehouses are read at most once a second per process: they change rarely, and a warehouse
// asked for by id that this process has not seen yet is looked up at once.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbiddenMessage, type Permission } from '@almacen/shared/domain';
import type { Db } from '../db/pool';
import { AppError } from '../http/errors';
import { idParamOf, queryOf } from '../http/validate';
import { ruleOf } from './route-permissions';
import { mayEverywhere, mayIn, type Caller, type WarehouseCodes } from './users';

export const CHOOSE_WAREHOUSE_MESSAGE = 'Indica el almacén.';
export const UNKNOWN_WAREHOUSE_MESSAGE = 'El almacén indicado no existe.';

const FRESH_MS = 1_000;

interface Known {
  at: number;
  /** Every warehouse, active or not. */
  all: Set<number>;
  /** The active ones, in id order. */
  active: number[];
  /** Every warehouse's id by its code. */
  codes: WarehouseCodes;
}

const known = new WeakMap<Db, Known>();

async function read(db: Db): Promise<Known> {
  const { rows } = await db.query<{ id: number; code: string; active: boolean }>('SELECT id, code, active FROM warehouses ORDER BY id');
  const entry = {
    at: Date.now(),
    all: new Set(rows.map((r) => r.id)),
    active: rows.filter((r) => r.active).map((r) => r.id),
    codes: new Map(rows.map((r) => [r.code, r.id])),
  };
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

/** Every warehouse's id by its code (a provider's `ROLE@CODE`), as read at most a second ago. */
export async function warehouseCodes(db: Db): Promise<WarehouseCodes> {
  return (await current(db)).codes;
}

/**
 * What it takes to set a warehouse's minimum and maximum stock (a product's form, the products
 * import): the reorder planning of that warehouse, kept by whoever registers its entries there.
 */
export const STOCK_LEVELS_PERMISSION: Permission = 'invoices.create';

/** Who asks, and what they want to do in the warehouse (null: only that it exists). */
export interface WarehouseAccess {
  caller: Caller;
  permission: Permission | null;
}

/** 403 unless the caller may do `permission` in warehouse `warehouseId`. */
export function assertMayIn(caller: Caller, permission: Permission, warehouseId: number): void {
  if (!mayIn(caller, permission, warehouseId)) throw new AppError('FORBIDDEN', forbiddenMessage(permission));
}

/**
 * The warehouse of a call: `requested` when given (400 when there is no such warehouse, 403 when
 * the caller may not do `permission` there), else the only active one where they may (400
 * «Indica el almacén.» when there are several, or none). `access` null: no caller to check (the
 * command line, the seed). `field` names the body or query field in the answer.
 */
export async function resolveWarehouse(
  db: Db,
  access: WarehouseAccess | null,
  requested: number | null | undefined,
  field = 'warehouseId',
): Promise<number> {
  const caller = access?.caller;
  const permission = access?.permission ?? null;
  if (requested !== null && requested !== undefined) {
    let entry = await current(db);
    if (!entry.all.has(requested)) entry = await read(db);
    if (!entry.all.has(requested)) throw new AppError('VALIDATION', UNKNOWN_WAREHOUSE_MESSAGE, { [field]: UNKNOWN_WAREHOUSE_MESSAGE });
    if (caller && permission) assertMayIn(caller, permission, requested);
    return requested;
  }
  const { active } = await current(db);
  const usable = caller && permission ? active.filter((id) => mayIn(caller, permission, id)) : active;
  if (usable.length !== 1) throw new AppError('VALIDATION', CHOOSE_WAREHOUSE_MESSAGE, { [field]: CHOOSE_WAREHOUSE_MESSAGE });
  return usable[0];
}

/**
 * The warehouses, active or not, where the caller may do `permission` (a consolidated view
 * covers these); null when that is every warehouse.
 */
export async function warehousesWhere(db: Db, caller: Caller, permission: Permission): Promise<number[] | null> {
  if (mayEverywhere(caller, permission)) return null;
  return [...(await current(db)).all].filter((id) => mayIn(caller, permission, id));
}

/** The permission a request's route needs (its rule in route-permissions.ts); null for `signedIn`. */
export function routePermission(request: FastifyRequest): Permission | null {
  const rule = ruleOf(request.method, request.routeOptions.url ?? '');
  return rule === undefined || rule === 'signedIn' ? null : rule;
}

/** The access a request's route asks for: its caller and the route's permission. */
export const accessOf = (request: FastifyRequest, permission: Permission | null = routePermission(request)): WarehouseAccess => ({
  caller: request.caller,
  permission,
});

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
      ? 'El almacén (id), o `all` para todos los almacenes que la persona puede consultar; sin él, el único almacén que puede usar (400 «Indica el almacén.» si hay varios). 403 si su rol no vale en ese almacén'
      : 'El almacén (id); sin él, el único almacén que puede usar (400 «Indica el almacén.» si hay varios). 403 si su rol no vale en ese almacén',
  },
});

/**
 * The warehouses whose stock a caller sees together in «Todos los almacenes» (the consolidated
 * stock and its report), in id order: those, active or not (an inactive one may still hold
 * goods), where they may consult.
 */
export async function consultableWarehouses(db: Db, request: FastifyRequest): Promise<number[]> {
  return (await warehousesWhere(db, request.caller, 'consult')) ?? [...(await current(db)).all];
}

/**
 * The warehouse of a read: its query's `warehouseId`, or the only one (resolveWarehouse), checked
 * for the route's permission (or `permission`).
 */
export async function warehouseOfQuery(db: Db, request: FastifyRequest, permission?: Permission): Promise<number> {
  return resolveWarehouse(db, accessOf(request, permission), warehouseInQuery(queryOf(request, 'warehouseId')) as number | undefined);
}

/** The documents that belong to one warehouse, by their table. */
const DOCUMENT_TABLES = {
  invoices: 'invoices',
  dispatches: 'dispatches',
  counts: 'inventory_counts',
  requests: 'material_requests',
} as const;
export type WarehouseDocument = keyof typeof DOCUMENT_TABLES | 'transfers';

/**
 * 403 unless the caller may do the route's permission (or `permission`) in the warehouse of
 * document `id`; for a transfer, in its origin or its destination. A document that does not
 * exist passes: the route answers its own 404.
 */
export async function assertDocumentAccess(
  db: Db,
  request: FastifyRequest,
  kind: WarehouseDocument,
  id: number,
  permission: Permission | null = routePermission(request),
): Promise<void> {
  if (!permission || mayEverywhere(request.caller, permission)) return;
  const sql =
    kind === 'transfers'
      ? 'SELECT origin_warehouse_id AS a, destination_warehouse_id AS b FROM transfers WHERE id = $1'
      : `SELECT warehouse_id AS a, warehouse_id AS b FROM ${DOCUMENT_TABLES[kind]} WHERE id = $1`;
  const { rows } = await db.query<{ a: number; b: number }>(sql, [id]);
  if (rows.length === 0) return;
  if (!mayIn(request.caller, permission, rows[0].a) && !mayIn(request.caller, permission, rows[0].b)) {
    throw new AppError('FORBIDDEN', forbiddenMessage(permission));
  }
}

/**
 * Before the handler of every route of `app`'s scope whose path has `/:id` (the id of a `kind`
 * document): assertDocumentAccess with the route's permission.
 */
export function guardDocuments(app: FastifyInstance, db: Db, kind: WarehouseDocument): void {
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.url?.includes('/:id')) await assertDocumentAccess(db, request, kind, idParamOf(request));
  });
}
