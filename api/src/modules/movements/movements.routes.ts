// /api/movements/{invoices|dispatches|products}/{id}: the ledger rows of one
// document or one product, in ledger (registration) order. An unknown document or product is a
// 404; a known one without movements is an empty list.
//
// A product's movements may also be asked for one page at a time, the house's one way of paging
// (http/paging.ts): `?limit=&cursor=`, newest first. Without either parameter the answer is the
// whole history in ledger order, as one last page.
import type { FastifyPluginAsync } from 'fastify';
import { assertDocumentAccess, warehouseOfQuery, warehouseQueryProperty } from '../../access/warehouse-scope';
import { AppError } from '../../http/errors';
import { asksForPage, pageOf, pageOfSchema, pageQueryProperties, parsePageQuery, wholeList, type PageRules } from '../../http/paging';
import { dataOf, ERROR_RESPONSES, idParam, listOf } from '../../http/schemas';
import { idParamOf, queryFields } from '../../http/validate';
import { dispatchExists } from '../dispatches/dispatches.repository';
import { invoiceExists } from '../invoices/invoices.repository';
import { movementPageOfProduct, movementsOfDispatch, movementsOfInvoice, movementsOfProduct } from '../ledger/ledger.reads';
import { movementSchema } from '../ledger/schemas';
import type { ModuleOptions } from '../module';

const tags = ['movimientos'];
const response = { 200: dataOf(listOf(movementSchema)), ...ERROR_RESPONSES };
type Db = ModuleOptions['db'];

export const MOVEMENT_PAGES: PageRules = { rows: 'movimientos', defaultLimit: 100, maxLimit: 1000 };

const productExists = async (db: Db, id: number) => (await db.query('SELECT 1 FROM products WHERE id = $1', [id])).rowCount === 1;

const movementRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { db }) => {
  const route = (
    path: string,
    summary: string,
    exists: (db: Db, id: number) => Promise<boolean>,
    notFound: string,
    list: typeof movementsOfInvoice,
    kind: 'invoices' | 'dispatches',
  ) =>
    app.get(path, { schema: { tags, summary, params: idParam(), response } }, async (request) => {
      const id = idParamOf(request);
      await assertDocumentAccess(db, request, kind, id);
      if (!(await exists(db, id))) throw new AppError('NOT_FOUND', notFound);
      return { data: await list(db, id) };
    });

  route(
    '/movements/invoices/:id',
    'Movimientos de una entrada',
    invoiceExists,
    'La entrada solicitada no existe.',
    movementsOfInvoice,
    'invoices',
  );
  route(
    '/movements/dispatches/:id',
    'Movimientos de una salida',
    dispatchExists,
    'La salida solicitada no existe.',
    movementsOfDispatch,
    'dispatches',
  );

  app.get(
    '/movements/products/:id',
    {
      schema: {
        tags,
        summary: 'Movimientos de un producto (tarjeta de almacén)',
        description:
          'Sin parámetros: todos los movimientos en orden de registro, en una sola página. Con limit y/o cursor: una página, del más reciente al más antiguo; continúe con cursor = nextCursor.',
        params: idParam(),
        querystring: { type: 'object', properties: { ...pageQueryProperties(MOVEMENT_PAGES), ...warehouseQueryProperty() } },
        response: { 200: pageOfSchema(movementSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const id = idParamOf(request);
      const query = queryFields(request);
      const page = asksForPage(query) ? parsePageQuery(query, MOVEMENT_PAGES) : null;
      const warehouseId = await warehouseOfQuery(db, request);
      if (!(await productExists(db, id))) throw new AppError('NOT_FOUND', 'El producto solicitado no existe.');
      if (!page) return wholeList(await movementsOfProduct(db, warehouseId, id));
      return pageOf(await movementPageOfProduct(db, warehouseId, id, page), page, (movement) => movement.id);
    },
  );
};

export default movementRoutes;
