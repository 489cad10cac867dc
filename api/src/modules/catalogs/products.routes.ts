// /api/catalog/products. Create takes a name and, optionally, what edit sets; edit sets name,
// partida and unit (null clears them). An unknown partida or unit is a 400 on that field. The
// edit may also carry minimumStock / maximumStock (null or "" clears one, absent leaves it as
// it is); the maximum may not be under the minimum, counting the stored level of the one absent.
// A «Código de barras» (barcode, optional, the same rule: absent leaves it) names one product: a
// second product with it is a 409 naming the first; `?barcode=CODE` finds the product with a code
// (a scanner's read), POST …/{id}/internal-barcode gives one without a code Almacén's own, and
// POST …/{id}/barcode the code the person confirms (a CFDI's), never over one it has.
// The product is one for the institution; its minimum and maximum stock are those of one
// warehouse: every call reads (and a create or edit writes) the levels of the warehouse it names,
// `warehouseId` in the body of a create or edit and in the query of the others, defaulting like
// every warehouse call (resolveWarehouse) — so on a deployment with one warehouse the fields are
// the product's levels, as they always were. With several warehouses and none named, a call that
// sets a level is refused (400 «Indica el almacén.»); any other still answers, with no levels
// (null), since the product itself belongs to no warehouse: a client that only keeps the
// catalogue, or picks products for a document, needs no warehouse to do it.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  duplicateBarcodeMessage,
  HAS_BARCODE_MESSAGE,
  internalBarcode,
  keptBarcodeMessage,
  normalizeBarcode,
} from '@almacen/shared/domain';
import {
  assignBarcodeSchema,
  CATALOG_MESSAGES,
  createProductSchema,
  stockLevelOf,
  stockLevelsInverted,
  updateProductSchema,
} from '@almacen/shared/schemas';
import {
  accessOf,
  CHOOSE_WAREHOUSE_MESSAGE,
  resolveWarehouse,
  STOCK_LEVELS_PERMISSION,
  warehouseInQuery,
  warehouseQueryProperty,
} from '../../access/warehouse-scope';
import { type Db, type Trx, withTransaction } from '../../db/pool';
import { AppError, translateWriteError } from '../../http/errors';
import { matchesTag, NOT_MODIFIED } from '../../http/etag';
import { PrecompressedBody, sendPrecompressed, varyOnAcceptEncoding } from '../../http/precompressed';
import { dataOf, documentBody, ERROR_RESPONSES, idParam, listOf } from '../../http/schemas';
import { idParamOf, parseBody, queryOf } from '../../http/validate';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import type { ModuleOptions } from '../module';
import { holdDescribed } from './described.repository';
import * as repo from './products.repository';
import { productSchema, PRODUCT_NOTES } from './schemas';

const PATH = '/catalog/products';
const tags = ['productos'];
const NOT_FOUND = 'El producto solicitado no existe.';

/** The chosen partida and unit exist (and stay while the transaction lasts); else a message per field. */
async function referenceErrors(trx: Trx, categoryId: number | null, unitId: number | null): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  if (categoryId !== null && !(await holdDescribed(trx, 'product_categories', categoryId))) {
    errors.categoryId = 'La partida seleccionada no existe.';
  }
  if (unitId !== null && !(await holdDescribed(trx, 'product_units', unitId))) {
    errors.unitId = 'La unidad de medida seleccionada no existe.';
  }
  return errors;
}

/** The code as stored: normalized, null when cleared, undefined when the body leaves it as it is. */
const barcodeOf = (value: string | null | undefined): string | null | undefined =>
  value === undefined ? undefined : value === null ? null : normalizeBarcode(value) || null;

/** A code already held by another product: the message that names it, on the field. */
async function barcodeErrors(trx: Trx, barcode: string | null | undefined, exceptId: number | null): Promise<Record<string, string>> {
  if (!barcode) return {};
  const holder = await repo.barcodeHolder(trx, barcode, exceptId);
  return holder ? { barcode: duplicateBarcodeMessage(holder.name, barcode) } : {};
}

/** Two requests giving one code at once: the index refuses the second, said on the field. */
const duplicateCode = (barcode: string | null | undefined) => (error: unknown) =>
  translateWriteError(error, barcode ? { duplicate: `Ya existe otro producto con el código de barras ${barcode}.`, field: 'barcode' } : {});

/** The querystring of a call that answers with a product: the warehouse whose levels it shows. */
const levelsQuery = { type: 'object', properties: warehouseQueryProperty() } as const;
/** How many warehouses' product lists the server keeps built. */
const CACHED_LISTS = 8;

const LEVELS_WAREHOUSE =
  'Las existencias mínima y máxima son las del almacén `warehouseId` (query); sin él, las del único almacén que puede usar, o null si hay varios.';

/**
 * The warehouse whose levels a call shows: the one it names (400 when there is no such one, 403
 * when the caller may not consult it — or, to set a level, register its entries), else the only
 * one the caller may use so; null when there are several and the call names none, unless it sets
 * a level (then 400 «Indica el almacén.»).
 */
async function levelsWarehouseOf(
  db: Db,
  request: FastifyRequest,
  requested: number | null | undefined,
  setsLevels = false,
): Promise<number | null> {
  const access = accessOf(request, setsLevels ? STOCK_LEVELS_PERMISSION : 'consult');
  if (requested != null || setsLevels) return resolveWarehouse(db, access, requested);
  try {
    return await resolveWarehouse(db, access, undefined);
  } catch (error) {
    if (error instanceof AppError && error.message === CHOOSE_WAREHOUSE_MESSAGE) return null;
    throw error;
  }
}

const levelsWarehouseOfQuery = (db: Db, request: FastifyRequest) =>
  levelsWarehouseOf(db, request, warehouseInQuery(queryOf(request, 'warehouseId')) as number | undefined);

/** A product as the audit log keeps it: with the warehouse whose levels it holds, when it names one. */
async function audited(trx: Trx, row: repo.ProductRow, warehouseId: number | null) {
  return warehouseId === null ? row : { ...row, warehouse: await repo.levelsWarehouse(trx, warehouseId) };
}

const productRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { db }) => {
  // The list is sent as PostgreSQL wrote it and kept per version (products.repository.ts), with
  // an ETag: a browser revalidating an unchanged catalogue gets a 304 and no 1 MB download. The
  // version is kept compressed too (br and gzip, each made once: http/precompressed.ts), so a
  // browser downloading an unchanged catalogue costs no compression work.
  // One entry per warehouse (each list carries that warehouse's levels), the most recently asked
  // for kept: with hundreds of warehouses, keeping every one's megabyte would hold hundreds.
  const cached = new Map<number | null, Promise<{ tag: string; body: PrecompressedBody }>>();
  app.get(
    PATH,
    {
      schema: {
        tags,
        summary: 'Lista de productos con su unidad y partida',
        description: `Con \`?barcode=CÓDIGO\`, solo el producto que tiene ese código de barras (una lista de uno, o vacía). ${LEVELS_WAREHOUSE}`,
        querystring: {
          type: 'object',
          properties: {
            barcode: { type: 'string', maxLength: 64, description: 'Código de barras leído o tecleado' },
            ...warehouseQueryProperty(),
          },
        },
        response: { 200: dataOf(listOf(productSchema)), 304: NOT_MODIFIED, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const warehouseId = await levelsWarehouseOfQuery(db, request);
      const barcode = queryOf(request, 'barcode');
      if (typeof barcode === 'string') {
        // A scanner's read: the one product with that code, or none; never cached by the browser.
        reply.header('cache-control', 'private, no-store');
        return { data: await repo.findProductsByBarcode(db, normalizeBarcode(barcode), warehouseId) };
      }
      const tag = await repo.productsListTag(db);
      reply.header('cache-control', 'private, no-cache').header('etag', tag);
      varyOnAcceptEncoding(reply);
      if (matchesTag(request.headers['if-none-match'], tag)) return reply.code(304).send();
      const kept = cached.get(warehouseId);
      let entry = kept && (await kept.catch(() => null));
      if (entry?.tag !== tag) {
        const building = repo.listProductsBody(db, warehouseId).then(({ tag, body }) => ({ tag, body: new PrecompressedBody(body) }));
        cached.set(warehouseId, building);
        entry = await building;
      }
      // Last asked for, last to go.
      cached.delete(warehouseId);
      cached.set(warehouseId, Promise.resolve(entry));
      if (cached.size > CACHED_LISTS) cached.delete(cached.keys().next().value!);
      // The body may be newer than `tag` (a change committed in between): it carries its own.
      reply.header('etag', entry.tag);
      return sendPrecompressed(reply, entry.body, request.headers['accept-encoding']);
    },
  );

  app.get(
    `${PATH}/:id`,
    {
      schema: {
        tags,
        summary: 'Un producto',
        description: LEVELS_WAREHOUSE,
        params: idParam(),
        querystring: levelsQuery,
        response: { 200: dataOf(productSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const product = await repo.findProduct(db, idParamOf(request), await levelsWarehouseOfQuery(db, request));
      if (!product) throw new AppError('NOT_FOUND', NOT_FOUND);
      return { data: product };
    },
  );

  app.post(
    PATH,
    {
      schema: documentBody(
        { tags, summary: 'Crea un producto', response: { 201: dataOf(productSchema), ...ERROR_RESPONSES } },
        createProductSchema,
        PRODUCT_NOTES,
      ),
    },
    async (request, reply) => {
      const input = parseBody(createProductSchema, request.body);
      const setsLevels = stockLevelOf(input.minimumStock) != null || stockLevelOf(input.maximumStock) != null;
      const warehouseId = await levelsWarehouseOf(db, request, input.warehouseId, setsLevels);
      const categoryId = input.categoryId ?? null;
      const unitId = input.unitId ?? null;
      const barcode = barcodeOf(input.barcode);
      const saved = await withTransaction(db, async (trx) => {
        const errors = { ...(await referenceErrors(trx, categoryId, unitId)), ...(await barcodeErrors(trx, barcode, null)) };
        if (errors.barcode) throw new AppError('DUPLICATE', errors.barcode, errors);
        if (Object.keys(errors).length) throw new AppError('VALIDATION', Object.values(errors)[0], errors);
        const id = await repo.insertProduct(trx, request.user, { name: input.name.trim(), categoryId, unitId, barcode: barcode ?? null });
        if (setsLevels)
          await repo.setStockLevels(
            trx,
            warehouseId!,
            id,
            stockLevelOf(input.minimumStock) ?? null,
            stockLevelOf(input.maximumStock) ?? null,
          );
        const row = (await repo.findProduct(trx, id, warehouseId))!;
        await recordAudit(trx, request.user, {
          action: 'create',
          entity: 'products',
          entityId: id,
          after: await audited(trx, row, warehouseId),
        });
        return row;
      }).catch(duplicateCode(barcode));
      return reply.status(201).send({ data: saved });
    },
  );

  app.put(
    PATH,
    {
      schema: documentBody(
        { tags, summary: 'Actualiza un producto', response: { 200: dataOf(productSchema), ...ERROR_RESPONSES } },
        updateProductSchema,
        PRODUCT_NOTES,
      ),
    },
    async (request) => {
      const input = parseBody(updateProductSchema, request.body);
      const setsLevels = input.minimumStock !== undefined || input.maximumStock !== undefined;
      const warehouseId = await levelsWarehouseOf(db, request, input.warehouseId, setsLevels);
      const categoryId = input.categoryId ?? null;
      const unitId = input.unitId ?? null;
      const barcode = barcodeOf(input.barcode);
      const saved = await withTransaction(db, async (trx) => {
        const before = await repo.lockProduct(trx, input.id, warehouseId);
        if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
        const errors = await referenceErrors(trx, categoryId, unitId);
        const minimumStock = stockLevelOf(input.minimumStock);
        const maximumStock = stockLevelOf(input.maximumStock);
        const minimum = minimumStock === undefined ? (before.minimumStock ?? null) : minimumStock;
        const maximum = maximumStock === undefined ? (before.maximumStock ?? null) : maximumStock;
        if (stockLevelsInverted(minimum, maximum)) errors.maximumStock = CATALOG_MESSAGES.stockLevels;
        const taken = await barcodeErrors(trx, barcode, input.id);
        if (taken.barcode) throw new AppError('DUPLICATE', taken.barcode, { ...errors, ...taken });
        if (Object.keys(errors).length) throw new AppError('VALIDATION', Object.values(errors)[0], errors);
        await repo.updateProduct(trx, request.user, input.id, { name: input.name.trim(), categoryId, unitId, barcode });
        if (setsLevels) await repo.setStockLevels(trx, warehouseId!, input.id, minimum, maximum);
        const row = (await repo.findProduct(trx, input.id, warehouseId))!;
        await recordAudit(trx, request.user, {
          action: 'update',
          entity: 'products',
          entityId: input.id,
          before: await audited(trx, before, warehouseId),
          after: await audited(trx, row, warehouseId),
        });
        return row;
      }).catch(duplicateCode(barcode));
      return { data: saved };
    },
  );

  /** Gives product `id`, which has no code, `code`; `kept` says why one it has stays. */
  const assignBarcode = (user: AuthUser, id: number, warehouseId: number | null, code: string, kept: (current: string) => string) =>
    withTransaction(db, async (trx) => {
      const before = await repo.lockProduct(trx, id, warehouseId);
      if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
      if (before.barcode) throw new AppError('BARCODE_ALREADY_SET', kept(before.barcode), { barcode: kept(before.barcode) });
      const taken = await barcodeErrors(trx, code, id);
      if (taken.barcode) throw new AppError('DUPLICATE', taken.barcode, taken);
      await repo.setBarcodeIfNone(trx, user, id, code);
      const row = (await repo.findProduct(trx, id, warehouseId))!;
      await recordAudit(trx, user, {
        action: 'update',
        entity: 'products',
        entityId: id,
        before: await audited(trx, before, warehouseId),
        after: await audited(trx, row, warehouseId),
      });
      return row;
    }).catch(duplicateCode(code));

  app.post(
    `${PATH}/:id/internal-barcode`,
    {
      schema: {
        tags,
        summary: 'Da al producto sin código de barras un código interno (ALM y su id en seis dígitos o más; se imprime en Code 128)',
        description: LEVELS_WAREHOUSE,
        params: idParam(),
        querystring: levelsQuery,
        response: { 201: dataOf(productSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const id = idParamOf(request);
      const saved = await assignBarcode(
        request.user,
        id,
        await levelsWarehouseOfQuery(db, request),
        internalBarcode(id),
        () => HAS_BARCODE_MESSAGE,
      );
      return reply.status(201).send({ data: saved });
    },
  );

  // A code the person confirms for a product without one — the CFDI's NoIdentificacion of the
  // concept mapped to it. A code already there is never replaced (that is «Editar producto»).
  app.post(
    `${PATH}/:id/barcode`,
    {
      schema: documentBody(
        {
          tags,
          summary: 'Guarda el código de barras de un producto que no tiene (409 si ya tiene uno o si otro producto lo tiene)',
          description: LEVELS_WAREHOUSE,
          params: idParam(),
          querystring: levelsQuery,
          response: { 201: dataOf(productSchema), ...ERROR_RESPONSES },
        },
        assignBarcodeSchema,
      ),
    },
    async (request, reply) => {
      const id = idParamOf(request);
      const input = parseBody(assignBarcodeSchema, request.body);
      const warehouseId = await levelsWarehouseOfQuery(db, request);
      const saved = await assignBarcode(request.user, id, warehouseId, normalizeBarcode(input.barcode!), keptBarcodeMessage);
      return reply.status(201).send({ data: saved });
    },
  );

  app.delete(
    `${PATH}/:id`,
    {
      schema: {
        tags,
        summary: 'Elimina un producto sin movimientos (y sus existencias mínima y máxima en cada almacén)',
        description: LEVELS_WAREHOUSE,
        params: idParam(),
        querystring: levelsQuery,
        response: { 200: dataOf(productSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const id = idParamOf(request);
      const warehouseId = await levelsWarehouseOfQuery(db, request);
      const removed = await withTransaction(db, async (trx) => {
        const before = await repo.lockProduct(trx, id, warehouseId);
        if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
        await repo.deleteProduct(trx, id);
        await recordAudit(trx, request.user, {
          action: 'delete',
          entity: 'products',
          entityId: id,
          before: await audited(trx, before, warehouseId),
        });
        return before;
      }).catch((error) => translateWriteError(error, { what: 'el producto' }));
      return { data: removed };
    },
  );
};

export default productRoutes;
